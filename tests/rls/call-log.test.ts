// supabase/migrations/20261127000000_push_call_log.sql on real Postgres: who reaches the call log through the public
// API. Anon reaches nothing; an interpreter reads only the calls they took; an admin reads every call; no API role
// writes (the worker records calls with the service role); the model's checks and what a deletion leaves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, run, serviceRole, within, type Actor, type Row } from "./support/db";
import { itRefusesByPrivileges, NO_ROWS_AFFECTED, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import {
  accountWithoutProfile,
  admin,
  createWithFixtures,
  INTERPRETER_ID,
  interpreter,
  LANGUAGE,
  OTHER_INTERPRETER_ID,
  otherInterpreter,
} from "./support/fixtures";

const MIGRATION = new URL("../../supabase/migrations/20261127000000_push_call_log.sql", import.meta.url);
/** 2026-11-25 09:00 in Wyoming. */
const T0 = "2026-11-25T16:00:00Z";

const db = fileDatabase(createWithFixtures, async () => {
  // Three calls: c1 taken by the interpreter, c2 by the other interpreter, c3 answered by nobody.
  await db.exec(`
    insert into public.call_log (id, language_id, language, type, caller_name, interpreter_id, interpreter_name, outcome,
                                 requested_at, answered_at, ended_at) values
      ('c1', ${LANGUAGE.english}, 'English', 'video', 'Caller One', '${INTERPRETER_ID}', 'Daniel Interpreter', 'answered',
       '${T0}', '${T0}'::timestamptz + interval '12 seconds', '${T0}'::timestamptz + interval '5 minutes'),
      ('c2', ${LANGUAGE.arabic}, 'Arabic', 'audio', 'Caller Two', '${OTHER_INTERPRETER_ID}', 'Linh Interpreter', 'answered',
       '${T0}'::timestamptz + interval '1 hour', '${T0}'::timestamptz + interval '1 hour 5 seconds', '${T0}'::timestamptz + interval '2 hours'),
      ('c3', ${LANGUAGE.spanish}, 'Spanish', 'video', 'Caller Three', null, null, 'missed',
       '${T0}'::timestamptz + interval '3 hours', null, '${T0}'::timestamptz + interval '3 hours 45 seconds');
  `);
});

const idsAs = async (actor: Actor, where = "true") =>
  (await rowsAs(db, actor, `select id from public.call_log where ${where} order by requested_at`)).map((row) => row.id);

describe("reads", () => {
  it("anon is refused the table by its privileges", async () => {
    expect(await run(db, anon, "select * from public.call_log")).toEqual(permissionDenied("table call_log"));
  });

  it("an interpreter reads only the calls they took, even when asking for another's", async () => {
    expect(await idsAs(interpreter)).toEqual(["c1"]);
    expect(await idsAs(otherInterpreter)).toEqual(["c2"]);
    expect(await idsAs(interpreter, `interpreter_id = '${OTHER_INTERPRETER_ID}' or interpreter_id is null`)).toEqual([]);
  });

  it("a signed-in account without a users row reads no call", async () => {
    expect(await idsAs(accountWithoutProfile)).toEqual([]);
  });

  it("an admin reads every call, unanswered ones too, with every column", async () => {
    expect(await idsAs(admin)).toEqual(["c1", "c2", "c3"]);
    const [c3] = await rowsAs(db, admin, "select * from public.call_log where id = 'c3'");
    expect(c3).toMatchObject({ interpreter_id: null, interpreter_name: null, answered_at: null, outcome: "missed", language_id: LANGUAGE.spanish });
  });
});

describe("push_call_log_totals (issue 23)", () => {
  const totals = (actor: Actor, args: string) => run(db, actor, `select public.push_call_log_totals(${args}) as totals`);
  const ms = (iso: string) => Date.parse(iso);

  it("counts every call the filter matches: calls, answered, talk time and the median wait (percentile_cont)", async () => {
    // c1: waited 12 s, talked 4 min 48 s; c2: waited 5 s, talked 59 min 55 s; c3 missed.
    expect(await totals(serviceRole, "null, null, null, null")).toMatchObject({
      ok: true,
      rows: [{ totals: { calls: 3, answered: 2, talk_ms: 288_000 + 3_595_000, median_wait_ms: 8_500 } }],
    });
    const day = `${ms(T0) - 9 * 3_600_000}, ${ms(T0) + 15 * 3_600_000}`;
    expect(await totals(serviceRole, `${day}, ${LANGUAGE.english}, null`)).toMatchObject({
      rows: [{ totals: { calls: 1, answered: 1, median_wait_ms: 12_000 } }],
    });
    expect(await totals(serviceRole, `${day}, null, '${OTHER_INTERPRETER_ID}'`)).toMatchObject({ rows: [{ totals: { calls: 1, median_wait_ms: 5_000 } }] });
    expect(await totals(serviceRole, `${ms(T0) + 2 * 3_600_000}, null, null, null`)).toMatchObject({
      rows: [{ totals: { calls: 1, answered: 0, talk_ms: 0, median_wait_ms: null } }],
    });
  });

  it.each([
    ["anon", anon],
    ["an admin", admin],
  ] as const)("%s may not call it", async (_, actor) => {
    expect(await totals(actor, "null, null, null, null")).toMatchObject({ ok: false, code: "42501" });
  });
});

describe("writes", () => {
  const STATEMENTS: [string, string][] = [
    [
      "insert",
      "insert into public.call_log (id, language, type, caller_name, outcome, requested_at, ended_at) values ('c9', 'English', 'audio', 'Forger', 'missed', now(), now())",
    ],
    ["update", "update public.call_log set outcome = 'missed', answered_at = null where id = 'c1'"],
    ["delete", "delete from public.call_log where id = 'c1'"],
  ];
  const ACTORS: [string, Actor][] = [
    ["anon", anon],
    ["the interpreter who took the call", interpreter],
    ["an admin", admin],
  ];

  itRefusesByPrivileges(() => db, "call_log", Object.fromEntries(STATEMENTS), ACTORS);

  it("the worker (service role) records, updates and deletes calls; a call recorded again is left as it was", async () => {
    expect(await run(db, serviceRole, STATEMENTS[0]![1])).toEqual(ONE_ROW_AFFECTED);
    expect(await run(db, serviceRole, STATEMENTS[1]![1])).toEqual(ONE_ROW_AFFECTED);
    expect(await run(db, serviceRole, STATEMENTS[2]![1])).toEqual(ONE_ROW_AFFECTED);
    // The adapter's insert (PostgREST's resolution=ignore-duplicates with on_conflict=id).
    const again =
      "insert into public.call_log (id, language, type, caller_name, outcome, requested_at, ended_at) " +
      "values ('c1', 'Changed', 'audio', 'Someone else', 'missed', now(), now()) on conflict (id) do nothing";
    expect(await run(db, serviceRole, again)).toEqual(NO_ROWS_AFFECTED);
    expect(await rowsAs(db, serviceRole, "select id, language, outcome from public.call_log order by id")).toEqual([
      { id: "c1", language: "English", outcome: "answered" },
      { id: "c2", language: "Arabic", outcome: "answered" },
      { id: "c3", language: "Spanish", outcome: "missed" },
    ]);
  });

  it("refuses calls the model does not allow", async () => {
    const insert = (columns: string, values: string) =>
      run(db, serviceRole, `insert into public.call_log (id, language, caller_name, ${columns}) values ('bad', 'English', 'X', ${values})`);
    const refused = (constraint: string) => ({ ok: false, code: "23514", message: expect.stringContaining(`"${constraint}"`) });
    expect(await insert("type, outcome, requested_at, ended_at", `'fax', 'missed', '${T0}', '${T0}'`)).toEqual(refused("call_log_type_check"));
    expect(await insert("type, outcome, requested_at, ended_at", `'audio', 'lost', '${T0}', '${T0}'`)).toEqual(refused("call_log_outcome_check"));
    expect(await insert("type, outcome, requested_at, answered_at, ended_at", `'audio', 'answered', '${T0}', '2026-11-25T15:59:59Z', '${T0}'`)).toEqual(
      refused("call_log_answered_check"),
    );
    expect(await insert("type, outcome, requested_at, answered_at, ended_at", `'audio', 'answered', '${T0}', '${T0}', '2026-11-25T15:59:59Z'`)).toEqual(
      refused("call_log_answered_check"),
    );
    expect(await insert("type, outcome, requested_at, ended_at", `'audio', 'missed', '${T0}', '2026-11-25T15:59:59Z'`)).toEqual(
      refused("call_log_ended_check"),
    );
    expect(await insert("type, outcome, requested_at", `'audio', 'missed', '${T0}'`)).toMatchObject({ ok: false, code: "23502" });
    // A language or interpreter that is gone does not refuse a call (call-log-orphans.test.ts).
  });

  it("keeps a call whose language or interpreter is deleted, with their names and without their ids", async () => {
    await within(db, null, async (tx) => {
      await tx.query("delete from public.languages where id = $1", [LANGUAGE.english]);
      await tx.query("delete from auth.users where id = $1", [INTERPRETER_ID]);
      const rows = (await tx.query<Row>("select language_id, language, interpreter_id, interpreter_name from public.call_log where id = 'c1'")).rows;
      expect(rows).toEqual([{ language_id: null, language: "English", interpreter_id: null, interpreter_name: "Daniel Interpreter" }]);
    });
  });
});

describe("the migration", () => {
  it("can run again: the calls stay, and so do exactly one policy and the privileges", async () => {
    await db.exec(readFileSync(MIGRATION, "utf8"));
    expect(await asSuperuser(db, "select count(*)::int as n from public.call_log")).toEqual([{ n: 3 }]);
    expect(await asSuperuser(db, "select cmd, roles::text[] as roles from pg_policies where tablename = 'call_log'")).toEqual([
      { cmd: "SELECT", roles: ["authenticated"] },
    ]);
    expect(await run(db, anon, "select * from public.call_log")).toEqual(permissionDenied("table call_log"));
    expect(await idsAs(interpreter)).toEqual(["c1"]);
  });
});
