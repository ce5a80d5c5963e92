// supabase/migrations/20261124000000_push_content_studio.sql: the content studio's columns, the worker-only table of
// kept versions (content_versions), the content tables written only by the service role, and the SQL functions a
// save, a new service, a removal and a move are — who may call them, and what they do on real Postgres.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { anon, applyMigrations, asSuperuser, createStandIn, fileDatabase, run, serviceRole, within, type Row } from "./support/db";
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
import { admin, createWithFixtures, FIXTURE_ROWS, interpreter, PUBLIC_ACTORS } from "./support/fixtures";

const db = fileDatabase(createWithFixtures, async () => {
  // Positions as the migration gives existing services (the fixtures are inserted after it ran).
  await asSuperuser(db, "update public.services set position = id");
});

const STUDIO_TABLES = ["company", "services", "about"] as const;

const SERVICE_COLUMNS = {
  title: "Sign Language",
  description: "ASL and BSL",
  photourl: "sign.webp",
  photo_alt: "Hands signing",
  photo_width: 640,
  photo_height: 400,
  translations: { ar: { title: "لغة الإشارة" } },
  offers_calls: true,
};
const serviceSnapshot = (title: string, file: string | null) => ({
  title,
  description: `${title}, described`,
  photo: file ? { file, alt: `${title} photo`, width: 640, height: 400 } : null,
});
const serviceColumns = (title: string, file: string | null) => ({
  title,
  description: `${title}, described`,
  photourl: file,
  photo_alt: file ? `${title} photo` : null,
  photo_width: file ? 640 : null,
  photo_height: file ? 400 : null,
  translations: {},
  offers_calls: false,
});

/** Calls one function in a transaction as `tx`'s role; answers its single value. */
async function call<T>(tx: Transaction, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await tx.query<{ value: T }>(`select ${sql} as value`, params);
  return rows[0]!.value;
}

const save = (tx: Transaction, record: string, id: number, columns: object, basedOn: number, snapshot: object, before: object, by = "admin@push.test") =>
  call<Record<string, unknown>>(tx, "public.push_save_content($1, $2, $3, $4, $5, $6, $7)", [record, id, columns, basedOn, snapshot, before, by]);

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

describe("push_save_content (as the service role)", () => {
  const before = serviceSnapshot("Document Translation", "document-translation.webp");

  it("writes the row on the version it was based on, version + 1, and keeps the replaced and the new state", async () => {
    await within(db, serviceRole, async (tx) => {
      const answer = await save(
        tx,
        "service",
        1,
        serviceColumns("Certified Translation", "certified.webp"),
        1,
        serviceSnapshot("Certified Translation", "certified.webp"),
        before,
      );
      expect(answer).toEqual({ ok: true, version: 2, pruned: [], unreferenced: [] });
      expect((await tx.query("select title, photourl, photo_alt, photo_width, version, position from public.services where id = 1")).rows).toEqual([
        { title: "Certified Translation", photourl: "certified.webp", photo_alt: "Certified Translation photo", photo_width: 640, version: 2, position: 1 },
      ]);
      const versions = (await tx.query<Row>("select version, snapshot, saved_by, saved_at from public.content_versions order by version")).rows;
      expect(versions.map(({ version, snapshot, saved_by }) => ({ version, snapshot, saved_by }))).toEqual([
        { version: 1, snapshot: before, saved_by: null },
        { version: 2, snapshot: serviceSnapshot("Certified Translation", "certified.webp"), saved_by: "admin@push.test" },
      ]);
      expect(versions[1]!.saved_at).toBeInstanceOf(Date);
    });
  });

  it("changes nothing on an outdated version and answers the current row; answers current null for no such record", async () => {
    await within(db, serviceRole, async (tx) => {
      await save(tx, "service", 1, serviceColumns("First", null), 1, serviceSnapshot("First", null), before);
      const late = await save(tx, "service", 1, serviceColumns("Late", null), 1, serviceSnapshot("Late", null), before, "late@push.test");
      expect(late).toEqual({ ok: false, current: expect.objectContaining({ id: 1, title: "First", version: 2, photourl: null }) });
      expect((await tx.query("select count(*)::int as n from public.content_versions where saved_by = 'late@push.test'")).rows).toEqual([{ n: 0 }]);
      expect(await save(tx, "service", 99, serviceColumns("Nobody", null), 1, {}, {})).toEqual({ ok: false, current: null });
    });
  });

  it("saves the company and the about row through their own columns", async () => {
    const company = {
      title: "PUSH LLC",
      description: "d",
      address: "a",
      email: "contact@push.test",
      phone: null,
      facebook: null,
      instegram: "https://instagram.com/push",
      linkedin: null,
      homecover: "home.webp",
      homecover_alt: "Home",
      homecover_width: 1600,
      homecover_height: 900,
      contactcover: null,
      contactcover_alt: null,
      contactcover_width: null,
      contactcover_height: null,
      translations: { ar: { title: "بوش", description: "وصف" } },
    };
    const about = {
      description: "About",
      photoaurl: "a2.webp",
      photoa_alt: "A",
      photoa_width: 1,
      photoa_height: 2,
      photoburl: null,
      photob_alt: null,
      photob_width: null,
      photob_height: null,
      translations: {},
    };
    await within(db, serviceRole, async (tx) => {
      expect(await save(tx, "company", 1, company, 1, { title: "PUSH LLC" }, { title: "PUSH" })).toMatchObject({ ok: true, version: 2 });
      expect((await tx.query("select title, instegram, homecover_width, phone, version, translations from public.company")).rows).toEqual([
        { title: "PUSH LLC", instegram: "https://instagram.com/push", homecover_width: 1600, phone: null, version: 2, translations: company.translations },
      ]);
      expect(await save(tx, "about", 1, about, 1, {}, {})).toMatchObject({ ok: true, version: 2 });
      expect((await tx.query("select photoaurl, photoa_height, photoburl, version from public.about")).rows).toEqual([
        { photoaurl: "a2.webp", photoa_height: 2, photoburl: null, version: 2 },
      ]);
    });
  });

  it("refuses translations that are not one object by language (the column's check), changing nothing", async () => {
    const outcome = await run(db, serviceRole, "select public.push_save_content('service', 1, $1, 1, '{}', '{}', 'x') as value", [
      { ...SERVICE_COLUMNS, translations: ["ar"] },
    ]);
    expect(outcome).toMatchObject({ ok: false, code: "23514" });
    expect(await asSuperuser(db, "select version, translations from public.services where id = 1")).toEqual([{ version: 1, translations: {} }]);
  });

  it("refuses an unknown record, and columns other than exactly the record's (22023), changing nothing", async () => {
    const attempts: [string, object][] = [
      ["users", { full_name: "x" }],
      ["service", { ...SERVICE_COLUMNS, version: 99 }],
      ["service", { title: "Only a title" }],
      ["company", SERVICE_COLUMNS],
    ];
    for (const [record, columns] of attempts) {
      const outcome = await run(db, serviceRole, "select public.push_save_content($1, 1, $2, 1, '{}', '{}', 'x') as value", [record, columns]);
      expect(outcome, record).toMatchObject({ ok: false, code: "22023" });
    }
    expect(await asSuperuser(db, "select version from public.services where id = 1")).toEqual([{ version: 1 }]);
  });

  it("keeps the newest 20 versions; the files only the dropped ones referred to are answered as unreferenced", async () => {
    await within(db, serviceRole, async (tx) => {
      // Service 2's file stays in use by service 2 itself; service 1 uses it in its version 3.
      const files = (version: number) => (version === 3 ? "medical-interpreting.webp" : `photo-${version}.webp`);
      const answers = [];
      for (let version = 1; version <= 22; version++) {
        const next = version + 1;
        answers.push(
          await save(
            tx,
            "service",
            1,
            serviceColumns(`Version ${next}`, files(next)),
            version,
            serviceSnapshot(`Version ${next}`, files(next)),
            version === 1 ? before : serviceSnapshot(`Version ${version}`, files(version)),
          ),
        );
      }
      expect(answers.slice(0, 19).every((answer) => (answer.pruned as unknown[]).length === 0)).toBe(true);
      // Version 21 drops version 1 (the seeded photo), 22 drops 2, 23 drops 3 (a photo service 2 still shows).
      expect(answers[19]).toEqual({ ok: true, version: 21, pruned: [before], unreferenced: ["document-translation.webp"] });
      expect(answers[20]).toEqual({ ok: true, version: 22, pruned: [serviceSnapshot("Version 2", "photo-2.webp")], unreferenced: ["photo-2.webp"] });
      expect(answers[21]).toEqual({ ok: true, version: 23, pruned: [serviceSnapshot("Version 3", "medical-interpreting.webp")], unreferenced: [] });
      expect((await tx.query("select min(version) as oldest, max(version) as newest, count(*)::int as n from public.content_versions")).rows).toEqual([
        { oldest: 4, newest: 23, n: 20 },
      ]);
    });
  });
});

describe("push_create_service, push_move_service, push_remove_service (as the service role)", () => {
  const order = async (tx: Transaction) => (await tx.query<{ id: number }>("select id from public.services order by position, id")).rows.map((row) => row.id);

  it("creates a service last in the order at version 1, with its first state kept", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await call<number>(tx, "public.push_create_service($1, $2, 'admin@push.test')", [
        SERVICE_COLUMNS,
        serviceSnapshot("Sign Language", "sign.webp"),
      ]);
      expect((await tx.query("select id, title, photo_alt, position, version from public.services where id = $1", [id])).rows).toEqual([
        { id, title: "Sign Language", photo_alt: "Hands signing", position: 3, version: 1 },
      ]);
      expect((await tx.query("select record, record_id, version, saved_by from public.content_versions")).rows).toEqual([
        { record: "service", record_id: id, version: 1, saved_by: "admin@push.test" },
      ]);
      expect(await order(tx)).toEqual([1, 2, id]);
    });
  });

  it("puts a new service after one added by hand without a position (renumbering the order first)", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("insert into public.services (title) values ('Added by hand')");
      const id = await call<number>(tx, "public.push_create_service($1, '{}', 'admin@push.test')", [SERVICE_COLUMNS]);
      expect((await tx.query("select title, position from public.services order by position, id")).rows).toEqual([
        { title: "Document Translation", position: 1 },
        { title: "Medical Interpreting", position: 2 },
        { title: "Added by hand", position: 3 },
        { title: "Sign Language", position: 4 },
      ]);
      expect((await order(tx)).at(-1)).toBe(id);
    });
  });

  it("moves a service by swapping it with its neighbour, positions 1..n; false at the ends or when gone; refuses a bad direction", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("update public.services set position = 7 where id = 1");
      // A tie with service 1 (position 7): the id decides.
      const third = (await tx.query<{ id: number }>("insert into public.services (title, position) values ('Third', 7) returning id")).rows[0]!.id;
      expect(await order(tx)).toEqual([2, 1, third]);
      expect(await call<boolean>(tx, "public.push_move_service($1, 'up')", [third])).toBe(true);
      expect((await tx.query("select id, position from public.services order by position")).rows).toEqual([
        { id: 2, position: 1 },
        { id: third, position: 2 },
        { id: 1, position: 3 },
      ]);
      expect(await call<boolean>(tx, "public.push_move_service(2, 'up')")).toBe(false);
      expect(await call<boolean>(tx, "public.push_move_service(1, 'down')")).toBe(false);
      expect(await call<boolean>(tx, "public.push_move_service(99, 'up')")).toBe(false);
      await expect(tx.query("select public.push_move_service(1, 'left')")).rejects.toMatchObject({ code: "22023" });
    });
  });

  it("removes a service with its versions, answering the row, the snapshots and the files nothing refers to", async () => {
    await within(db, serviceRole, async (tx) => {
      const before = serviceSnapshot("Document Translation", "document-translation.webp");
      await save(tx, "service", 1, serviceColumns("Second", "second.webp"), 1, serviceSnapshot("Second", "second.webp"), before);
      // The about row shows the second photo: it stays referenced.
      await tx.query("update public.about set photoburl = 'second.webp'");
      const answer = await call<Record<string, unknown>>(tx, "public.push_remove_service(1)");
      expect(answer).toMatchObject({
        ok: true,
        row: { id: 1, title: "Second", photourl: "second.webp", version: 2 },
        unreferenced: ["document-translation.webp"],
      });
      expect(answer.versions).toHaveLength(2);
      expect((await tx.query("select count(*)::int as n from public.content_versions")).rows).toEqual([{ n: 0 }]);
      expect(await order(tx)).toEqual([2]);
      expect(await call(tx, "public.push_remove_service(1)")).toEqual({ ok: false });
    });
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
