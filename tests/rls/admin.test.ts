// A signed-in admin (users.role = 'admin'): manages languages, links, people and the contact inbox. The content
// (company, services, about) only through the worker: the content studio saves with the service role
// (supabase/migrations/20261124000000_push_content_studio.sql), so its versions and history cannot be bypassed.
import { describe, expect, it } from "vitest";
import { asSuperuser, becomeActor, fileDatabase, rowsAs, run, within } from "./support/db";
import {
  expectInsert,
  expectVisibleRows,
  expectWrite,
  itCannotWrite,
  itWrites,
  NO_ROWS_AFFECTED,
  ONE_ROW_AFFECTED,
  permissionDenied,
  rlsRefusal,
} from "./support/expect";
import {
  admin,
  ADMIN_ID,
  CONTENT_TABLES,
  createWithFixtures,
  FIXTURE_ROWS,
  INTERPRETER_ID,
  LINK,
  NEW_ACCOUNT_ID,
  OTHER_INTERPRETER_ID,
  TABLES,
} from "./support/fixtures";

const db = fileDatabase(createWithFixtures);

describe("admin reads everything", () => {
  it.each(TABLES)("reads every row of %s", async (table) => {
    await expectVisibleRows(db, admin, table, FIXTURE_ROWS[table]);
  });

  it("lists people with their nested languages, as the Interpreters screen asks", async () => {
    const rows = await rowsAs(
      db,
      admin,
      `select u.full_name, array_agg(l.name order by l.name) as languages
       from public.users u join public.user_languages ul on ul.user_id = u.id join public.languages l on l.id = ul.language_id
       group by u.full_name order by u.full_name`,
    );
    expect(rows).toEqual([
      { full_name: "Amira Admin", languages: ["Arabic"] },
      { full_name: "Daniel Interpreter", languages: ["English", "Spanish"] },
      { full_name: "Linh Interpreter", languages: ["English"] },
    ]);
  });

  it("is an admin to private.is_admin()", async () => {
    expect(await rowsAs(db, admin, "select private.is_admin() as admin")).toEqual([{ admin: true }]);
  });
});

describe("admin manages languages", () => {
  itWrites(() => db, admin, ["languages"]);
});

describe("admin does not write the content through the API: the content studio saves it with the service role", () => {
  itCannotWrite(
    () => db,
    admin,
    CONTENT_TABLES.filter((table) => table !== "languages"),
  );
});

describe("admin manages people", () => {
  it("adds the users row of a new account (default role interpreter)", async () => {
    const outcome = await run(
      db,
      admin,
      "insert into public.users (id, full_name, email, phone, \"Gender\") values ($1, 'New Person', 'new@push.test', '1', 'Female') returning role",
      [NEW_ACCOUNT_ID],
    );
    expect(outcome).toEqual({ ok: true, rows: [{ role: "interpreter" }], affected: 1 });
  });

  it("edits another person's row", async () => {
    await expectWrite(db, admin, "users", "update", ONE_ROW_AFFECTED);
  });

  it("deletes another person's row", async () => {
    await expectWrite(db, admin, "users", "delete", ONE_ROW_AFFECTED);
  });

  it("makes an interpreter admin, who then sees every row", async () => {
    await within(db, admin, async (tx) => {
      const promoted = await tx.query("update public.users set role = 'admin' where id = $1", [INTERPRETER_ID]);
      expect(promoted.affectedRows).toBe(1);
      await becomeActor(tx, { role: "authenticated", id: INTERPRETER_ID, label: "promoted interpreter" });
      expect((await tx.query("select id from public.users")).rows).toHaveLength(FIXTURE_ROWS.users);
    });
  });

  it("adds a new admin row", async () => {
    const outcome = await run(db, admin, "insert into public.users (id, full_name, email, role) values ($1, 'Second Admin', 'second@push.test', 'admin')", [
      NEW_ACCOUNT_ID,
    ]);
    expect(outcome).toEqual(ONE_ROW_AFFECTED);
  });

  it("cannot set a role outside admin/interpreter (check constraint)", async () => {
    const outcome = await run(db, admin, "update public.users set role = 'owner' where id = $1", [OTHER_INTERPRETER_ID]);
    expect(outcome).toMatchObject({ ok: false, code: "23514" });
    expect(outcome.ok || outcome.message).toMatch(/violates check constraint "users_role_check"/);
  });
});

describe("admin manages language links", () => {
  it("links a person to a language", async () => {
    await expectInsert(db, admin, "user_languages", ONE_ROW_AFFECTED);
  });

  it("removes a link", async () => {
    await expectWrite(db, admin, "user_languages", "delete", ONE_ROW_AFFECTED);
  });

  it("cannot edit a link in place (no update policy: links are added and removed) — 0 rows", async () => {
    await expectWrite(db, admin, "user_languages", "update", NO_ROWS_AFFECTED);
  });
});

describe("admin works the contact inbox", () => {
  it("reads the messages", async () => {
    expect(await rowsAs(db, admin, "select id, status from public.contact_messages order by id")).toEqual([
      { id: 1, status: "pending" },
      { id: 2, status: "sent" },
    ]);
  });

  it("marks a message read / retries it (update)", async () => {
    await expectWrite(db, admin, "contact_messages", "update", ONE_ROW_AFFECTED);
  });

  it("deletes a message", async () => {
    await expectWrite(db, admin, "contact_messages", "delete", ONE_ROW_AFFECTED);
  });

  it("cannot insert a message (only the worker stores them, with the service role)", async () => {
    await expectInsert(db, admin, "contact_messages", rlsRefusal("contact_messages"));
  });
});

describe("admin limits", () => {
  it.each(TABLES)("truncate %s is refused (no TRUNCATE privilege for authenticated)", async (table) => {
    expect(await run(db, admin, `truncate public.${table} cascade`)).toEqual(permissionDenied(`table ${table}`));
  });

  it("an admin's rights come from the users row, not the token: demoted, the same session reads only its own row", async () => {
    await within(db, null, async (tx) => {
      // Another admin first: the only admin cannot be demoted (private.keep_an_admin).
      await tx.query("update public.users set role = 'admin' where id = $1", [OTHER_INTERPRETER_ID]);
      await tx.query("update public.users set role = 'interpreter' where id = $1", [ADMIN_ID]);
      await becomeActor(tx, admin);
      expect((await tx.query("select id from public.users")).rows).toEqual([{ id: ADMIN_ID }]);
      expect((await tx.query("select id from public.user_languages")).rows).toEqual([{ id: LINK.adminArabic }]);
    });
    expect(await asSuperuser(db, "select role from public.users where id = $1", [ADMIN_ID])).toEqual([{ role: "admin" }]);
  });
});
