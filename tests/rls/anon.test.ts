// The public anon key with no session: what a visitor's browser (or anyone holding the public key) can do.
import { describe, expect, it } from "vitest";
import { anon, fileDatabase, run } from "./support/db";
import { expectVisibleRows, itCannotWrite, permissionDenied, ROLE_GUARD_REFUSAL } from "./support/expect";
import { CONTENT_TABLES, createWithFixtures, FIXTURE_ROWS, NEW_ACCOUNT_ID, PRIVATE_TABLES, TABLES } from "./support/fixtures";

const db = fileDatabase(createWithFixtures);

describe("anon reads", () => {
  it.each(CONTENT_TABLES)("reads every row of %s (public content)", async (table) => {
    await expectVisibleRows(db, anon, table, FIXTURE_ROWS[table]);
  });

  it.each(PRIVATE_TABLES)("reads 0 rows of %s although it has rows", async (table) => {
    await expectVisibleRows(db, anon, table, 0);
  });

  it("gets nothing when it asks for one person by id", async () => {
    expect(await run(db, anon, "select id, email from public.users where email = 'admin@push.test'")).toEqual({ ok: true, rows: [], affected: 0 });
  });
});

describe("anon writes are refused or affect nothing", () => {
  itCannotWrite(() => db, anon, TABLES);

  it.each(TABLES)("truncate %s is refused (no TRUNCATE privilege: it would skip row-level security)", async (table) => {
    expect(await run(db, anon, `truncate public.${table} cascade`)).toEqual(permissionDenied(`table ${table}`));
  });

  it("cannot create an admin: the role guard refuses the row before row-level security does", async () => {
    const outcome = await run(
      db,
      anon,
      `insert into public.users (id, full_name, email, role) values ('${NEW_ACCOUNT_ID}', 'Mallory', 'mallory@x.test', 'admin')`,
    );
    expect(outcome).toEqual(ROLE_GUARD_REFUSAL);
  });

  it("cannot call private.is_admin (no usage on schema private)", async () => {
    expect(await run(db, anon, "select private.is_admin()")).toEqual(permissionDenied("schema private"));
  });
});
