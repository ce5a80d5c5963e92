// supabase/migrations/20261128000100_push_call_log_without_foreign_keys.sql on real Postgres (issue 21): a call is
// logged after it ends, when its language or interpreter may be gone. Before it, call_log's foreign keys refused the
// worker's line (23503) and the switchboard stopped. Row-level security is unchanged (call-log.test.ts).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { admin, createWithFixtures, INTERPRETER_ID, interpreter, LANGUAGE } from "./support/fixtures";
import { asSuperuser, becomeActor, fileDatabase, rowsAs, serviceRole, within, type Row } from "./support/db";

const MIGRATION = new URL("../../supabase/migrations/20261128000100_push_call_log_without_foreign_keys.sql", import.meta.url);
const T0 = "2026-11-26T16:00:00Z";
const COLUMNS = "id, language_id, language, type, caller_name, interpreter_id, interpreter_name, outcome, requested_at, answered_at, ended_at";
/** The worker's insert (the adapter's upsert with ignore-duplicates) of an answered call. */
const line = (id: string, languageId: number, interpreterId: string) =>
  `insert into public.call_log (${COLUMNS}) values ('${id}', ${languageId}, 'English', 'video', 'Caller', '${interpreterId}', ` +
  `'Daniel Interpreter', 'answered', '${T0}', '${T0}'::timestamptz + interval '5 seconds', '${T0}'::timestamptz + interval '1 minute') ` +
  "on conflict (id) do nothing";
const stored = (tx: { query: <T>(sql: string) => Promise<{ rows: T[] }> }, id: string) =>
  tx.query<Row>(`select language_id, language, interpreter_id, interpreter_name from public.call_log where id = '${id}'`).then((result) => result.rows);

const db = fileDatabase(createWithFixtures);

describe("the service role logs a call whose language and interpreter are gone", () => {
  it("stores the line with its names; the ids that name nothing are emptied", async () => {
    await within(db, null, async (tx) => {
      await tx.query("delete from public.languages where id = $1", [LANGUAGE.english]);
      await tx.query("delete from auth.users where id = $1", [INTERPRETER_ID]);
      await becomeActor(tx, serviceRole);
      expect((await tx.query(line("late", LANGUAGE.english, INTERPRETER_ID))).affectedRows).toBe(1);
      expect(await stored(tx, "late")).toEqual([{ language_id: null, language: "English", interpreter_id: null, interpreter_name: "Daniel Interpreter" }]);
    });
  });

  it("ids that never existed do not refuse it either", async () => {
    await within(db, serviceRole, async (tx) => {
      expect((await tx.query(line("unknown", 999, "00000000-0000-4000-8000-00000000dead"))).affectedRows).toBe(1);
      expect(await stored(tx, "unknown")).toEqual([{ language_id: null, language: "English", interpreter_id: null, interpreter_name: "Daniel Interpreter" }]);
    });
  });
});

describe("ids kept while their rows exist", () => {
  it("a line of existing rows keeps its ids, and its interpreter reads it", async () => {
    await within(
      db,
      serviceRole,
      async (tx) => {
        await tx.query(line("kept", LANGUAGE.english, INTERPRETER_ID));
        expect(await stored(tx, "kept")).toEqual([
          { language_id: LANGUAGE.english, language: "English", interpreter_id: INTERPRETER_ID, interpreter_name: "Daniel Interpreter" },
        ]);
      },
      { commit: true },
    );
    expect(await rowsAs(db, interpreter, "select id from public.call_log where id = 'kept'")).toEqual([{ id: "kept" }]);
  });

  it("an admin deleting the language through the API empties the line's language_id (no call_log privilege needed)", async () => {
    await within(db, admin, async (tx) => {
      expect((await tx.query("delete from public.languages where id = $1", [LANGUAGE.english])).affectedRows).toBe(1);
      await tx.query("reset role");
      expect(await stored(tx, "kept")).toEqual([
        { language_id: null, language: "English", interpreter_id: INTERPRETER_ID, interpreter_name: "Daniel Interpreter" },
      ]);
    });
  });
});

describe("the migration", () => {
  it("leaves call_log without a foreign key, and can run again (one trigger of each)", async () => {
    await db.exec(readFileSync(MIGRATION, "utf8"));
    expect(await asSuperuser(db, "select count(*)::int as n from pg_constraint where conrelid = 'public.call_log'::regclass and contype = 'f'")).toEqual([
      { n: 0 },
    ]);
    expect(await asSuperuser(db, "select tgname from pg_trigger where tgname like 'call_log_%' and not tgisinternal order by tgname")).toEqual([
      { tgname: "call_log_interpreter_deleted" },
      { tgname: "call_log_language_deleted" },
      { tgname: "call_log_unknown_ids" },
    ]);
  });
});
