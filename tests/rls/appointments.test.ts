// supabase/migrations/20261202000000_push_appointments.sql on real Postgres (issue 25; docs/decisions/0030): the table
// refuses, on its own, two confirmed appointments of one interpreter whose blocked spans overlap — whoever writes them,
// bypassing every function (the service role, the superuser of the SQL editor) — and who reaches appointments through
// the public API: anon nothing, an interpreter the appointments assigned to them (never the private link), admins all.
// The functions are in appointment-functions.test.ts.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, run, serviceRole, within, type Actor } from "./support/db";
import { at, attempt, CUSTOMER_SQL, DOUBLE_BOOKING, insertSql } from "./support/appointments";
import { permissionDenied } from "./support/expect";
import { admin, createWithFixtures, INTERPRETER_ID, interpreter, OTHER_INTERPRETER_ID, otherInterpreter } from "./support/fixtures";

// 2027-04-06, in UTC: #1 the interpreter's, confirmed 16:00–18:00; #2 nobody's yet, requested 17:00–18:00; #3 the
// other interpreter's, confirmed 19:00–20:00; #4 the interpreter's, cancelled 16:00–17:00 on the 7th.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  const rows = [
    { id: 1, status: "confirmed", interpreter: INTERPRETER_ID, from: "2027-04-06T16:00:00Z", to: "2027-04-06T18:00:00Z" },
    { id: 2, from: "2027-04-06T17:00:00Z", to: "2027-04-06T18:00:00Z" },
    { id: 3, status: "confirmed", interpreter: OTHER_INTERPRETER_ID, from: "2027-04-06T19:00:00Z", to: "2027-04-06T20:00:00Z" },
    { id: 4, status: "cancelled", interpreter: INTERPRETER_ID, from: "2027-04-07T16:00:00Z", to: "2027-04-07T17:00:00Z" },
  ];
  for (const row of rows) await asSuperuser(db, ...insertSql(row));
  for (const table of ["customers", "appointments"]) {
    await asSuperuser(db, `select setval(pg_get_serial_sequence('public.${table}', 'id'), (select max(id) from public.${table}))`);
  }
});

const CONFIRM = "update public.appointments set status = 'confirmed', interpreter_id = $2 where id = $1";

describe("no double booking, whatever writes (the exclusion constraint appointments_no_double_booking)", () => {
  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: an UPDATE confirming a second appointment of the interpreter at an overlapping time is refused (23P01)", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, CONFIRM, [2, INTERPRETER_ID])).toMatchObject(DOUBLE_BOOKING);
      // Moving the other interpreter's confirmed one onto the interpreter, or moving #1 onto #3's time, likewise.
      expect(await attempt(tx, "update public.appointments set interpreter_id = $1 where id = 3", [INTERPRETER_ID])).toEqual({
        ok: true,
        rows: [],
        affected: 1,
      });
      expect(
        await attempt(tx, "update public.appointments set starts_at = $1, blocked = tstzrange($1, $2, '[)') where id = 1", [
          "2027-04-06T19:30:00Z",
          "2027-04-06T21:30:00Z",
        ]),
      ).toMatchObject(DOUBLE_BOOKING);
      expect((await tx.query("select id, status, interpreter_id from public.appointments where id in (1, 2) order by id")).rows).toEqual([
        { id: 1, status: "confirmed", interpreter_id: INTERPRETER_ID },
        { id: 2, status: "requested", interpreter_id: null },
      ]);
    });
  });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: an INSERT of a confirmed appointment of the interpreter overlapping one of theirs is refused (23P01)", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      const overlapping = insertSql({ status: "confirmed", interpreter: INTERPRETER_ID, from: "2027-04-06T17:59:00Z", to: "2027-04-06T18:59:00Z" });
      expect(await attempt(tx, ...overlapping)).toMatchObject(DOUBLE_BOOKING);
      expect((await tx.query("select count(*)::int as n from public.appointments")).rows).toEqual([{ n: 4 }]);
    });
  });

  it("another interpreter at the same time is fine, and so is the same interpreter's requested or offered one", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, CONFIRM, [2, OTHER_INTERPRETER_ID])).toMatchObject({ ok: true, affected: 1 });
      const offered = insertSql({ status: "offered", interpreter: INTERPRETER_ID, from: "2027-04-06T16:30:00Z", to: "2027-04-06T17:30:00Z" });
      expect(await attempt(tx, ...offered)).toMatchObject({ ok: true, affected: 1 });
    });
  });

  it("back-to-back spans fit: [16:00, 18:00) and [18:00, 19:00) do not overlap", async () => {
    await within(db, serviceRole, async (tx) => {
      const next = insertSql({ status: "confirmed", interpreter: INTERPRETER_ID, from: "2027-04-06T18:00:00Z", to: "2027-04-06T19:00:00Z" });
      expect(await attempt(tx, ...next)).toMatchObject({ ok: true, affected: 1 });
      const before = insertSql({ status: "confirmed", interpreter: INTERPRETER_ID, from: "2027-04-06T15:00:00Z", to: "2027-04-06T16:00:00Z" });
      expect(await attempt(tx, ...before)).toMatchObject({ ok: true, affected: 1 });
    });
  });

  it("a cancelled appointment frees its time: its own span, and #1's once it is cancelled", async () => {
    await within(db, serviceRole, async (tx) => {
      const onFour = insertSql({ status: "confirmed", interpreter: INTERPRETER_ID, from: "2027-04-07T16:00:00Z", to: "2027-04-07T17:00:00Z" });
      expect(await attempt(tx, ...onFour)).toMatchObject({ ok: true, affected: 1 });
      expect(await attempt(tx, CONFIRM, [2, INTERPRETER_ID])).toMatchObject(DOUBLE_BOOKING);
      expect(await attempt(tx, "update public.appointments set status = 'cancelled' where id = 1")).toMatchObject({ ok: true, affected: 1 });
      expect(await attempt(tx, CONFIRM, [2, INTERPRETER_ID])).toMatchObject({ ok: true, affected: 1 });
      // …and #1 cannot come back while #2 holds the time.
      expect(await attempt(tx, "update public.appointments set status = 'confirmed' where id = 1")).toMatchObject(DOUBLE_BOOKING);
    });
  });

  it("the blocked span is half-open and covers the appointment's own time (appointments_blocked_check)", async () => {
    await within(db, serviceRole, async (tx) => {
      const short = insertSql({ from: "2027-05-01T16:00:00Z", to: "2027-05-01T17:00:00Z", minutes: 90 });
      expect(await attempt(tx, ...short)).toMatchObject({ ok: false, code: "23514", message: expect.stringContaining("appointments_blocked_check") });
      const closed = "update public.appointments set blocked = tstzrange(lower(blocked), upper(blocked), '[]') where id = 2";
      expect(await attempt(tx, closed)).toMatchObject({ ok: false, code: "23514" });
      const wider = "update public.appointments set blocked = tstzrange(lower(blocked) - interval '30 minutes', upper(blocked), '[)') where id = 2";
      expect(await attempt(tx, wider)).toMatchObject({ ok: true, affected: 1 });
    });
  });

  it("is a GiST exclusion on (interpreter_id =, blocked &&) over the confirmed rows only", async () => {
    expect(await asSuperuser(db, "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'appointments_no_double_booking'")).toEqual([
      { def: "EXCLUDE USING gist (interpreter_id WITH =, blocked WITH &&) WHERE ((status = 'confirmed'::text))" },
    ]);
  });
});

describe("who reads appointments through the public API", () => {
  const idsOf = async (actor: Actor) => (await rowsAs(db, actor, "select id from public.appointments order by id")).map((row) => Number(row.id));

  it("anon is refused by the table privileges", async () => {
    expect(await run(db, anon, "select id from public.appointments")).toEqual(permissionDenied("table appointments"));
  });

  it("an interpreter reads only the appointments assigned to them; an admin reads all", async () => {
    expect(await idsOf(interpreter)).toEqual([1, 4]);
    expect(await idsOf(otherInterpreter)).toEqual([3]);
    expect(await idsOf(admin)).toEqual([1, 2, 3, 4]);
    expect(await rowsAs(db, interpreter, "select starts_at, blocked, address, status from public.appointments where id = 1")).toEqual([
      { starts_at: new Date(at("2027-04-06T16:00:00Z")), blocked: '["2027-04-06 16:00:00+00","2027-04-06 18:00:00+00")', address: "", status: "confirmed" },
    ]);
  });

  it("no signed-in user reads the private link (its hash or sealed copy)", async () => {
    for (const actor of [interpreter, admin]) {
      for (const column of ["token_hash", "token_sealed", "*"]) {
        expect(await run(db, actor, `select ${column} from public.appointments`)).toEqual(permissionDenied("table appointments"));
      }
    }
  });

  it.each([
    ["insert", insertSql({ from: "2027-06-01T16:00:00Z", to: "2027-06-01T17:00:00Z" })[0]],
    ["update", "update public.appointments set status = 'cancelled'"],
    ["delete", "delete from public.appointments"],
  ])("nobody but the worker writes: %s is refused for anon, an interpreter and an admin", async (_name, sql) => {
    const params = sql.startsWith("insert") ? insertSql({ from: "2027-06-01T16:00:00Z", to: "2027-06-01T17:00:00Z" })[1] : [];
    for (const actor of [anon, interpreter, admin]) {
      expect(await run(db, actor, sql, params)).toEqual(permissionDenied("table appointments"));
    }
  });

  it("the id sequence is the worker's alone", async () => {
    expect(
      await asSuperuser(
        db,
        `select has_sequence_privilege('anon', pg_get_serial_sequence('public.appointments', 'id'), 'usage') as anon,
                has_sequence_privilege('authenticated', pg_get_serial_sequence('public.appointments', 'id'), 'usage') as authenticated,
                has_sequence_privilege('service_role', pg_get_serial_sequence('public.appointments', 'id'), 'usage') as service_role`,
      ),
    ).toEqual([{ anon: false, authenticated: false, service_role: true }]);
  });
});
