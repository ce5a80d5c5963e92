// Cascades and uniqueness: what the database itself guarantees, whoever writes.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { fileDatabase, run, serviceRole, within } from "./support/db";
import { admin, createWithFixtures, FIXTURE_ROWS, INTERPRETER_ID, LANGUAGE, LINK, NEW_ACCOUNT_ID, OTHER_INTERPRETER_ID } from "./support/fixtures";

const db = fileDatabase(createWithFixtures);

const countIn = async (tx: Transaction, sql: string, params: unknown[] = []) =>
  Number((await tx.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0]!.n);

describe("cascades", () => {
  it("deleting an auth.users account (as Supabase Auth does) removes its users row and its links", async () => {
    await within(db, null, async (tx) => {
      expect(await countIn(tx, "from public.users where id = $1", [INTERPRETER_ID])).toBe(1);
      expect(await countIn(tx, "from public.user_languages where user_id = $1", [INTERPRETER_ID])).toBe(2);
      await tx.query("delete from auth.users where id = $1", [INTERPRETER_ID]);
      expect(await countIn(tx, "from public.users where id = $1", [INTERPRETER_ID])).toBe(0);
      expect(await countIn(tx, "from public.user_languages where user_id = $1", [INTERPRETER_ID])).toBe(0);
      expect(await countIn(tx, "from public.user_languages")).toBe(FIXTURE_ROWS.user_languages - 2);
    });
  });

  it("an admin deleting a users row removes that person's links", async () => {
    await within(db, admin, async (tx) => {
      expect((await tx.query("delete from public.users where id = $1", [OTHER_INTERPRETER_ID])).affectedRows).toBe(1);
      expect(await countIn(tx, "from public.user_languages where id = $1", [LINK.otherEnglish])).toBe(0);
    });
  });

  it("deleting a language removes its links (and only its links)", async () => {
    await within(db, admin, async (tx) => {
      expect(await countIn(tx, "from public.user_languages where language_id = $1", [LANGUAGE.english])).toBe(2);
      expect((await tx.query("delete from public.languages where id = $1", [LANGUAGE.english])).affectedRows).toBe(1);
      expect(await countIn(tx, "from public.user_languages where language_id = $1", [LANGUAGE.english])).toBe(0);
      expect(await countIn(tx, "from public.user_languages")).toBe(FIXTURE_ROWS.user_languages - 2);
    });
  });
});

describe("uniqueness and references", () => {
  it("refuses a duplicate (user, language) link", async () => {
    const outcome = await run(db, admin, "insert into public.user_languages (user_id, language_id) values ($1, $2)", [INTERPRETER_ID, LANGUAGE.english]);
    expect(outcome).toEqual({
      ok: false,
      code: "23505",
      message: 'duplicate key value violates unique constraint "user_languages_user_id_language_id_key"',
    });
  });

  it("refuses a duplicate link from the service role too (a constraint, not a policy)", async () => {
    const outcome = await run(db, serviceRole, "insert into public.user_languages (user_id, language_id) values ($1, $2)", [INTERPRETER_ID, LANGUAGE.english]);
    expect(outcome).toMatchObject({ ok: false, code: "23505" });
  });

  it.each(["arabic", "ARABIC", "Arabic"])("refuses a language named %s when Arabic exists (names unique ignoring case)", async (name) => {
    const outcome = await run(db, admin, "insert into public.languages (name) values ($1)", [name]);
    expect(outcome).toEqual({ ok: false, code: "23505", message: 'duplicate key value violates unique constraint "languages_name_lower_key"' });
  });

  it("refuses renaming a language to another's name in a different case", async () => {
    const outcome = await run(db, admin, "update public.languages set name = 'SPANISH' where id = $1", [LANGUAGE.french]);
    expect(outcome).toMatchObject({ ok: false, code: "23505" });
  });

  it("refuses a second person with the same e-mail ignoring case", async () => {
    const outcome = await run(db, admin, "insert into public.users (id, full_name, email) values ($1, 'Copy', 'DANIEL@push.test')", [NEW_ACCOUNT_ID]);
    expect(outcome).toEqual({ ok: false, code: "23505", message: 'duplicate key value violates unique constraint "users_email_lower_key"' });
  });

  it("refuses a link to a language or person that does not exist", async () => {
    const noLanguage = await run(db, admin, "insert into public.user_languages (user_id, language_id) values ($1, 999)", [INTERPRETER_ID]);
    expect(noLanguage).toMatchObject({ ok: false, code: "23503" });
    const noPerson = await run(db, admin, "insert into public.user_languages (user_id, language_id) values ($1, 1)", ["00000000-0000-4000-8000-0000000000ff"]);
    expect(noPerson).toMatchObject({ ok: false, code: "23503" });
  });

  it("refuses a users row without a sign-in account (users.id references auth.users)", async () => {
    const outcome = await run(db, serviceRole, "insert into public.users (id, full_name, email) values ($1, 'Ghost', 'ghost@push.test')", [
      "00000000-0000-4000-8000-0000000000fe",
    ]);
    expect(outcome).toEqual({
      ok: false,
      code: "23503",
      message: 'insert or update on table "users" violates foreign key constraint "users_id_fkey"',
    });
  });

  it("refuses a contact message status outside pending/sent/failed", async () => {
    const outcome = await run(db, serviceRole, "update public.contact_messages set status = 'lost' where id = 1");
    expect(outcome).toMatchObject({ ok: false, code: "23514" });
  });
});
