// supabase/migrations/20261124000000_push_content_studio.sql, who may do what: the worker-only table of kept versions
// (content_versions), the content tables everyone reads and only the service role writes, the SQL functions only the
// service role executes — and, on an existing project, the migration keeping the original app's content rows.
// What the functions do: content-studio-saves.test.ts and content-studio-services.test.ts.
import { describe, expect, it } from "vitest";
import { anon, applyMigrations, asSuperuser, createStandIn, fileDatabase, run, serviceRole, within } from "./support/db";
import { SERVICE_COLUMNS, studioDatabase } from "./support/content-studio";
import {
  expectInsert,
  expectVisibleRows,
  expectWrite,
  itBelongsToTheWorker,
  itRefusesToExecute,
  NO_ROWS_AFFECTED,
  ONE_ROW_AFFECTED,
  permissionDenied,
  rlsRefusal,
  workerStatements,
} from "./support/expect";
import { admin, FIXTURE_ROWS, interpreter, PUBLIC_ACTORS } from "./support/fixtures";
import { call } from "./support/orders";

const db = studioDatabase();

const STUDIO_TABLES = ["company", "services", "about"] as const;

describe("content_versions belongs to the worker (service role) alone", () => {
  const insert = "insert into public.content_versions (record, record_id, version, snapshot) values ('service', 1, 1, '{}')";
  const STATEMENTS = workerStatements("content_versions", insert, "saved_by = 'mallory@x.test'");

  itBelongsToTheWorker(() => db, "content_versions", STATEMENTS);

  it("holds one state per version of a record, of a known record kind", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query(STATEMENTS.insert);
      await expect(tx.query(STATEMENTS.insert)).rejects.toMatchObject({ code: "23505" });
    });
    expect(await run(db, serviceRole, "insert into public.content_versions (record, record_id, version, snapshot) values ('users', 1, 1, '{}')")).toMatchObject(
      {
        ok: false,
        code: "23514",
      },
    );
  });
});

describe("company, services and about: everyone reads, only the service role writes", () => {
  it.each(PUBLIC_ACTORS.flatMap(([name, actor]) => STUDIO_TABLES.map((table) => [name, table, actor] as const)))(
    "%s reads every row of %s",
    async (_name, table, actor) => {
      await expectVisibleRows(db, actor, table, FIXTURE_ROWS[table]);
    },
  );

  it.each(PUBLIC_ACTORS.flatMap(([name, actor]) => STUDIO_TABLES.map((table) => [name, table, actor] as const)))(
    "%s cannot insert, update or delete %s rows",
    async (_name, table, actor) => {
      await expectInsert(db, actor, table, rlsRefusal(table));
      await expectWrite(db, actor, table, "update", NO_ROWS_AFFECTED);
      await expectWrite(db, actor, table, "delete", NO_ROWS_AFFECTED);
    },
  );

  it.each(STUDIO_TABLES)("service_role writes %s", async (table) => {
    await expectInsert(db, serviceRole, table, ONE_ROW_AFFECTED);
    await expectWrite(db, serviceRole, table, "update", ONE_ROW_AFFECTED);
  });

  it("everyone reads the studio's columns: version, alt texts, sizes, positions", async () => {
    const outcome = await run(db, anon, "select id, version, position, photo_alt, photo_width, photo_height from public.services order by position, id");
    expect(outcome).toEqual({
      ok: true,
      affected: 0,
      rows: [
        { id: 1, version: 1, position: 1, photo_alt: null, photo_width: null, photo_height: null },
        { id: 2, version: 1, position: 2, photo_alt: null, photo_width: null, photo_height: null },
      ],
    });
    expect(await run(db, anon, "select version, homecover_alt, contactcover_width from public.company")).toMatchObject({
      rows: [{ version: 1, homecover_alt: null, contactcover_width: null }],
    });
    expect(await run(db, anon, "select version, photoa_alt, photob_height from public.about")).toMatchObject({
      rows: [{ version: 1, photoa_alt: null, photob_height: null }],
    });
  });
});

describe("the functions: only the service role executes them", () => {
  const CALLS = {
    push_save_content: `public.push_save_content('service', 1, '${JSON.stringify(SERVICE_COLUMNS)}', 1, '{}', '{}', 'mallory@x.test')`,
    push_create_service: `public.push_create_service('${JSON.stringify(SERVICE_COLUMNS)}', '{}', 'mallory@x.test')`,
    push_remove_service: "public.push_remove_service(1)",
    push_move_service: "public.push_move_service(2, 'up')",
  };

  itRefusesToExecute(() => db, CALLS);

  it("the helpers in schema private: anon cannot reach the schema, a signed-in user has no EXECUTE", async () => {
    expect(await run(db, anon, "select private.push_unreferenced(array['a.webp'])")).toEqual(permissionDenied("schema private"));
    for (const actor of [interpreter, admin]) {
      expect(await run(db, actor, "select private.push_unreferenced(array['a.webp'])")).toEqual(permissionDenied("function push_unreferenced"));
      expect(await run(db, actor, "select private.push_content_columns('service')")).toEqual(permissionDenied("function push_content_columns"));
    }
  });

  it("service_role calls each of them", async () => {
    for (const sql of Object.values(CALLS)) {
      const outcome = await run(db, serviceRole, `select ${sql} as value`);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    }
  });

  it("are SECURITY INVOKER with an empty search_path: they can do nothing their caller could not", async () => {
    // Every push_* function, the orders' too, is checked the same way in order-functions.test.ts.
    const studio = [
      "push_check_columns",
      "push_content_columns",
      "push_snapshot_files",
      "push_unreferenced",
      "push_create_service",
      "push_move_service",
      "push_remove_service",
      "push_save_content",
    ];
    const rows = await asSuperuser(
      db,
      `select n.nspname || '.' || p.proname as name, p.prosecdef as security_definer, p.proconfig as config
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.proname = any($1) order by 1`,
      [studio],
    );
    expect(rows.map((row) => row.name)).toEqual([
      "private.push_check_columns",
      "private.push_content_columns",
      "private.push_snapshot_files",
      "private.push_unreferenced",
      "public.push_create_service",
      "public.push_move_service",
      "public.push_remove_service",
      "public.push_save_content",
    ]);
    for (const row of rows) expect(row, String(row.name)).toMatchObject({ security_definer: false, config: ['search_path=""'] });
  });
});

describe("on an existing project (the original app's content tables, with rows)", () => {
  const old = fileDatabase(createStandIn, async () => {
    await old.exec(`
      create table public.company (id bigint generated by default as identity primary key, title text not null, homecover text, contactcover text);
      create table public.services (id bigint generated by default as identity primary key, title text not null, description text not null default '', photourl text);
      create table public.about (id bigint generated by default as identity primary key, description text not null default '', photoaurl text, photoburl text);
      insert into public.company (title, homecover) values ('PUSH', 'homecover.webp');
      insert into public.services (id, title) values (4, 'Four'), (2, 'Two'), (9, 'Nine');
      insert into public.about (description) values ('About');
    `);
    await applyMigrations(old);
  });

  it("keeps the rows: version 1, no alt text or size, and the services keep their id order as positions", async () => {
    expect(await asSuperuser(old, "select id, position, version, photo_alt from public.services order by id")).toEqual([
      { id: 2, position: 2, version: 1, photo_alt: null },
      { id: 4, position: 4, version: 1, photo_alt: null },
      { id: 9, position: 9, version: 1, photo_alt: null },
    ]);
    expect(await asSuperuser(old, "select title, homecover, homecover_alt, version from public.company")).toEqual([
      { title: "PUSH", homecover: "homecover.webp", homecover_alt: null, version: 1 },
    ]);
  });

  it("running the migrations again keeps positions the studio set, and the content still refuses writes but the service role's", async () => {
    await within(old, serviceRole, (tx) => call(tx, "public.push_move_service(9, 'up')"), { commit: true });
    await applyMigrations(old);
    expect(await asSuperuser(old, "select id, position from public.services order by position")).toEqual([
      { id: 2, position: 1 },
      { id: 9, position: 2 },
      { id: 4, position: 3 },
    ]);
    expect(await asSuperuser(old, "select policyname from pg_policies where tablename in ('company', 'services', 'about') order by 1")).toEqual([
      { policyname: "about: anyone reads" },
      { policyname: "company: anyone reads" },
      { policyname: "services: anyone reads" },
    ]);
  });
});
