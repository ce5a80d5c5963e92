// supabase/migrations/20261203000400_push_appointment_records.sql on real Postgres (issue 25): who reaches the records
// of what happened at an appointment through the public API — anon nothing; an interpreter reads the records of the
// appointments assigned to them (whoever wrote them) and nobody else's, and writes nothing, not even their own; an
// admin reads every one and writes nothing either (the worker records and approves, with the service role) — and what
// the table refuses on its own, whoever writes: an end at or before the start, a start without an end, times with a
// no-show, a no-show of anyone but the customer or the interpreter, more than 24 hours, travel outside 0–600 minutes,
// a record of no appointment or a second one of the same; the cascade when an appointment goes. The functions are in
// appointment-record-functions.test.ts.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, count, fileDatabase, rowsAs, run, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL, insertSql } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, INTERPRETER_ID, interpreter, OTHER_INTERPRETER_ID, otherInterpreter } from "./support/fixtures";

// Appointments, 2024-05-02 to 04 in UTC (started): #1 completed by the interpreter, its record approved; #2 confirmed to
// the other interpreter, its record written by the interpreter before it was given to the other one (not approved);
// #3 confirmed to the interpreter, no record yet.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  const rows = [
    { id: 1, status: "completed", interpreter: INTERPRETER_ID, from: "2024-05-02T16:00:00Z", to: "2024-05-02T18:00:00Z" },
    { id: 2, status: "confirmed", interpreter: OTHER_INTERPRETER_ID, from: "2024-05-03T16:00:00Z", to: "2024-05-03T17:00:00Z" },
    { id: 3, status: "confirmed", interpreter: INTERPRETER_ID, from: "2024-05-04T16:00:00Z", to: "2024-05-04T17:00:00Z" },
  ];
  for (const row of rows) await asSuperuser(db, ...insertSql(row));
  await db.exec(`
    insert into public.appointment_records (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by, recorded_at,
                                            approved_by, approved_at) values
      (1, '2024-05-02T16:05:00Z', '2024-05-02T18:10:00Z', 30, null, '${INTERPRETER_ID}', '2024-05-02T19:00:00Z', 'admin@push.test',
       '2024-05-03T09:00:00Z'),
      (2, null, null, 0, 'customer', '${INTERPRETER_ID}', '2024-05-03T17:00:00Z', null, null);
  `);
});

const VALUES = "(3, now() - interval '1 hour', now(), 0, null, 'x', now())";
const WRITES = {
  insert: `insert into public.appointment_records (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by, recorded_at)
           values ${VALUES}`,
  update: "update public.appointment_records set approved_by = 'me', approved_at = now()",
  delete: "delete from public.appointment_records",
};

/** The appointment ids of the records the actor reads. */
const recordIds = async (actor: Actor) =>
  (await rowsAs(db, actor, "select appointment_id from public.appointment_records order by appointment_id")).map((row) => row.appointment_id);

describe("anon reaches nothing", () => {
  itRefusesByPrivileges(() => db, "appointment_records", { select: "select * from public.appointment_records", ...WRITES }, [["anon", anon]]);
});

describe("who reads what", () => {
  it("an interpreter the records of the appointments assigned to them, whoever wrote them; nobody else's", async () => {
    expect(await recordIds(interpreter)).toEqual([1]);
    expect(await recordIds(otherInterpreter)).toEqual([2]);
  });

  it("admins (and the worker) every record; an account without a users row none", async () => {
    expect(await recordIds(admin)).toEqual([1, 2]);
    expect(await recordIds(serviceRole)).toEqual([1, 2]);
    expect(await recordIds(accountWithoutProfile)).toEqual([]);
  });
});

describe("nobody but the worker writes them: not an interpreter, not even their own, nor an admin", () => {
  itRefusesByPrivileges(() => db, "appointment_records", WRITES, [
    ["an interpreter", interpreter],
    ["an admin", admin],
  ]);

  it("the interpreter approving their own record, or correcting an approved one, straight in the table is refused; both stay", async () => {
    for (const sql of [
      "update public.appointment_records set approved_by = 'me', approved_at = now() where appointment_id = 2",
      "update public.appointment_records set actual_end = actual_end + interval '1 hour' where appointment_id = 1",
    ]) {
      expect(await run(db, otherInterpreter, sql)).toEqual(permissionDenied("table appointment_records"));
      expect(await run(db, interpreter, sql)).toEqual(permissionDenied("table appointment_records"));
    }
    expect(await asSuperuser(db, "select appointment_id, approved_at is null as open, actual_end from public.appointment_records order by 1")).toEqual([
      { appointment_id: 1, open: false, actual_end: new Date("2024-05-02T18:10:00Z") },
      { appointment_id: 2, open: true, actual_end: null },
    ]);
  });

  it("the service role writes them", async () => {
    await within(db, serviceRole, async (tx) => {
      for (const sql of Object.values(WRITES)) expect(await attempt(tx, sql), sql).toMatchObject({ ok: true });
    });
  });
});

describe("what the table refuses, whoever writes", () => {
  const insert = (values: string) =>
    `insert into public.appointment_records (appointment_id, actual_start, actual_end, travel_minutes, no_show, recorded_by, recorded_at)
     values (${values})`;
  const START = "'2024-05-04T16:00:00Z'";
  const refusedBy = (constraint: string) => ({ ok: false, code: "23514", message: expect.stringContaining(`"${constraint}"`) });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: bad times, a bad no-show, too long, too much travel, no appointment, a second record", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      const cases: [string, object][] = [
        // An end before the start, or at it; a start without an end; times with a no-show; neither times nor a no-show.
        [`3, ${START}, timestamptz ${START} - interval '1 minute', 0, null, 'x', now()`, refusedBy("appointment_records_times_check")],
        [`3, ${START}, ${START}, 0, null, 'x', now()`, refusedBy("appointment_records_times_check")],
        [`3, ${START}, null, 0, null, 'x', now()`, refusedBy("appointment_records_times_check")],
        [`3, null, timestamptz ${START}, 0, null, 'x', now()`, refusedBy("appointment_records_times_check")],
        [`3, ${START}, timestamptz ${START} + interval '1 hour', 0, 'customer', 'x', now()`, refusedBy("appointment_records_times_check")],
        ["3, null, null, 0, null, 'x', now()", refusedBy("appointment_records_times_check")],
        ["3, null, null, 0, 'staff', 'x', now()", refusedBy("appointment_records_no_show_check")],
        // Over 24 hours; travel outside 0–600 minutes.
        [`3, ${START}, timestamptz ${START} + interval '24 hours 1 millisecond', 0, null, 'x', now()`, refusedBy("appointment_records_length_check")],
        ["3, null, null, 601, 'customer', 'x', now()", refusedBy("appointment_records_travel_minutes_check")],
        ["3, null, null, -1, 'customer', 'x', now()", refusedBy("appointment_records_travel_minutes_check")],
        // No appointment; a second record of one; nobody recorded it.
        ["99, null, null, 0, 'customer', 'x', now()", { ok: false, code: "23503" }],
        [
          "1, null, null, 0, 'customer', 'x', now()",
          { ok: false, code: "23505", message: 'duplicate key value violates unique constraint "appointment_records_pkey"' },
        ],
        ["3, null, null, 0, 'customer', null, now()", { ok: false, code: "23502" }],
      ];
      for (const [values, refusal] of cases) expect(await attempt(tx, insert(values)), values).toMatchObject(refusal);
      // The controls: exactly 24 hours, 600 minutes of travel; an interpreter's own no-show with travel.
      expect(await attempt(tx, insert(`3, ${START}, timestamptz ${START} + interval '24 hours', 600, null, 'x', now()`))).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, "delete from public.appointment_records where appointment_id = 3")).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, insert("3, null, null, 45, 'interpreter', 'x', now()"))).toEqual(ONE_ROW_AFFECTED);
    });
  });
});

it("deleting an appointment deletes its record", async () => {
  await within(db, null, async (tx) => {
    await tx.query("delete from public.appointments where id = 1");
    expect((await tx.query("select appointment_id from public.appointment_records")).rows).toEqual([{ appointment_id: 2 }]);
  });
  expect(await count(db, "public.appointment_records")).toBe(2);
});
