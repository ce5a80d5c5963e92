// A signed-in interpreter (authenticated, users.role = 'interpreter'): their own profile and languages, the
// public content, and nothing else.
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, rowsAs, run } from "./support/db";
import { expectInsert, expectVisibleRows, itCannotWrite, NO_ROWS_AFFECTED, rlsRefusal, ROLE_GUARD_REFUSAL } from "./support/expect";
import {
  accountWithoutProfile,
  CONTENT_TABLES,
  createWithFixtures,
  FIXTURE_ROWS,
  INTERPRETER_ID,
  interpreter,
  LANGUAGE,
  LINK,
  NEW_ACCOUNT_ID,
  OTHER_INTERPRETER_ID,
  TABLES,
} from "./support/fixtures";

const db = fileDatabase(createWithFixtures);

const roleOf = async (id: string) => (await asSuperuser(db, "select role from public.users where id = $1", [id]))[0]?.role;

describe("interpreter reads", () => {
  it.each(CONTENT_TABLES)("reads every row of %s (public content)", async (table) => {
    await expectVisibleRows(db, interpreter, table, FIXTURE_ROWS[table]);
  });

  it("reads only their own users row", async () => {
    await expectVisibleRows(db, interpreter, "users", 1);
    const rows = await rowsAs(db, interpreter, 'select id, full_name, email, phone, "Gender", account_type, role from public.users');
    expect(rows).toEqual([
      {
        id: INTERPRETER_ID,
        full_name: "Daniel Interpreter",
        email: "daniel@push.test",
        phone: "+1 307 555 0101",
        Gender: "Male",
        account_type: "Medical Interpreting",
        role: "interpreter",
      },
    ]);
  });

  it("gets 0 rows when asking for another interpreter's row by id (which exists)", async () => {
    expect(await asSuperuser(db, "select id from public.users where id = $1", [OTHER_INTERPRETER_ID])).toHaveLength(1);
    expect(await rowsAs(db, interpreter, "select id from public.users where id = $1", [OTHER_INTERPRETER_ID])).toEqual([]);
  });

  it("reads only their own user_languages", async () => {
    await expectVisibleRows(db, interpreter, "user_languages", 2);
    const rows = await rowsAs(db, interpreter, "select id, user_id from public.user_languages order by id");
    expect(rows).toEqual([
      { id: LINK.interpreterEnglish, user_id: INTERPRETER_ID },
      { id: LINK.interpreterSpanish, user_id: INTERPRETER_ID },
    ]);
  });

  it("gets 0 of another interpreter's links (which exist), even filtering on their id", async () => {
    expect(await asSuperuser(db, "select id from public.user_languages where user_id = $1", [OTHER_INTERPRETER_ID])).toHaveLength(1);
    expect(await rowsAs(db, interpreter, "select id from public.user_languages where user_id = $1", [OTHER_INTERPRETER_ID])).toEqual([]);
  });

  it("reads their languages' names the way the profile page asks (user_languages joined to languages)", async () => {
    const rows = await rowsAs(
      db,
      interpreter,
      `select l.name from public.user_languages ul join public.languages l on l.id = ul.language_id
       where ul.user_id = $1 order by l.name`,
      [INTERPRETER_ID],
    );
    expect(rows).toEqual([{ name: "English" }, { name: "Spanish" }]);
  });

  it("reads 0 rows of contact_messages although it has rows", async () => {
    await expectVisibleRows(db, interpreter, "contact_messages", 0);
  });
});

describe("interpreter writes are refused or affect nothing", () => {
  itCannotWrite(() => db, interpreter, TABLES);

  it("cannot edit or delete their own users row (only admins write users)", async () => {
    const own = [INTERPRETER_ID];
    expect(await run(db, interpreter, "update public.users set full_name = 'Me' where id = $1", own)).toEqual(NO_ROWS_AFFECTED);
    expect(await run(db, interpreter, "delete from public.users where id = $1", own)).toEqual(NO_ROWS_AFFECTED);
  });

  it("cannot add or remove their own language links", async () => {
    expect(await run(db, interpreter, "insert into public.user_languages (user_id, language_id) values ($1, $2)", [INTERPRETER_ID, LANGUAGE.french])).toEqual(
      rlsRefusal("user_languages"),
    );
    expect(await run(db, interpreter, "delete from public.user_languages where id = $1", [LINK.interpreterEnglish])).toEqual(NO_ROWS_AFFECTED);
  });
});

describe("interpreter cannot become admin", () => {
  it("updating their own role to admin affects 0 rows, and the role stays interpreter", async () => {
    expect(await run(db, interpreter, "update public.users set role = 'admin' where id = $1", [INTERPRETER_ID], { commit: true })).toEqual(NO_ROWS_AFFECTED);
    expect(await roleOf(INTERPRETER_ID)).toBe("interpreter");
  });

  it("inserting a new users row with role admin is refused by the role guard", async () => {
    const outcome = await run(db, interpreter, "insert into public.users (id, full_name, email, role) values ($1, 'Sock Puppet', 'sock@push.test', 'admin')", [
      NEW_ACCOUNT_ID,
    ]);
    expect(outcome).toEqual(ROLE_GUARD_REFUSAL);
  });

  it("an upsert of their own row with role admin is refused by the role guard", async () => {
    const outcome = await run(
      db,
      interpreter,
      `insert into public.users (id, full_name, email, role) values ($1, 'Daniel', 'daniel@push.test', 'admin')
       on conflict (id) do update set role = excluded.role`,
      [INTERPRETER_ID],
    );
    expect(outcome).toEqual(ROLE_GUARD_REFUSAL);
    expect(await roleOf(INTERPRETER_ID)).toBe("interpreter");
  });

  it("is not an admin to private.is_admin()", async () => {
    expect(await rowsAs(db, interpreter, "select private.is_admin() as admin")).toEqual([{ admin: false }]);
  });
});

describe("a signed-in account that has no users row yet", () => {
  it.each(CONTENT_TABLES)("reads every row of %s", async (table) => {
    await expectVisibleRows(db, accountWithoutProfile, table, FIXTURE_ROWS[table]);
  });

  it.each(["users", "user_languages", "contact_messages"] as const)("reads 0 rows of %s", async (table) => {
    await expectVisibleRows(db, accountWithoutProfile, table, 0);
  });

  it("cannot create its own users row (admins add people)", async () => {
    await expectInsert(db, accountWithoutProfile, "users", rlsRefusal("users"));
  });
});
