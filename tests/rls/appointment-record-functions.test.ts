// supabase/migrations/20261203000400_push_appointment_records.sql, its functions on real Postgres (issue 25): only the
// service role executes them; the assigned interpreter records once the appointment has started, replacing their
// record until staff approve it, refused in D1's order (not-found, approved, not-found when not confirmed,
// not-started); staff's approval is a compare-and-set on the appointment's version that completes it and writes the
// record approved in the same transaction (neither without the other: an entry the table refuses leaves the appointment
// as it was), refused stale / not-found / not-confirmed / not-started; the reads. Who reaches the table, and what it
// refuses: appointment-records.test.ts.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { attempt, CUSTOMER_SQL, HOUR, insertSql } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { ms } from "./support/offers";
import { rowsOf } from "./support/orders";
import {
  APPROVE_SQL,
  approveAttendance,
  approveParams,
  noShow,
  RECORD_SQL,
  recordAttendance,
  recordOf,
  recordParams,
  recordsOf,
  times,
  type RecordJson,
} from "./support/records";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

const NOBODY = "00000000-0000-4000-8000-00000000dead";
const STAFF = "admin@push.test";
/** 2024-05-02 16:00:00.250 UTC, and the days after it: a millisecond that must survive the round trip. */
const DAY_1 = Date.UTC(2024, 4, 2, 16) + 250;
const DAY = 24 * HOUR;
const iso = (at: number) => new Date(at).toISOString();

/** An appointment of an hour from `from`, confirmed to the interpreter unless said otherwise (version 3, as after an accept). */
async function book(tx: Transaction, id: number, from: number, status = "confirmed", interpreter: string | null = INTERPRETER_ID) {
  await tx.query(...insertSql({ id, status, interpreter, from: iso(from), to: iso(from + HOUR) }));
  await tx.query("update public.appointments set version = 3, updated_at = '2024-01-01T00:00:00Z' where id = $1", [id]);
  return id;
}
const appointmentRow = async (tx: Transaction, id: number) =>
  (
    await rowsOf(
      tx,
      "select status, version, interpreter_id, (extract(epoch from updated_at) * 1000)::bigint as updated from public.appointments where id = $1",
      [id],
    )
  )[0];
/** A record as push_appointment_record answers it, its instants in ms. */
const asRecord = (json: RecordJson | null) =>
  json && {
    ...json,
    actual_start: ms(json.actual_start),
    actual_end: ms(json.actual_end),
    recorded_at: ms(json.recorded_at),
    approved_at: ms(json.approved_at),
  };
const storedRecord = async (tx: Transaction, id: number) => asRecord(await recordOf(tx, id));
const UNTOUCHED = { status: "confirmed", version: 3, interpreter_id: INTERPRETER_ID, updated: Date.parse("2024-01-01T00:00:00Z") };

describe("the functions: only the service role executes them", () => {
  const CALLS: Record<string, string> = {
    push_record_attendance: `public.push_record_attendance(1, '${INTERPRETER_ID}', 1, 2, 0, null, 1)`,
    push_approve_attendance: "public.push_approve_attendance(1, 1, 1, 2, 0, null, 'x', 1)",
    push_appointment_record: "public.push_appointment_record(1)",
    push_appointment_records: "public.push_appointment_records('{1}')",
  };
  const HELPERS = { push_record: "private.push_record(1)" };

  itIsTheServiceRolesAlone(() => db, CALLS, HELPERS);
});

describe("push_record_attendance (as the service role)", () => {
  it("the assigned interpreter records once it has started (at its start, to the millisecond), and again until approved; the appointment unchanged", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      expect(await recordOf(tx, id)).toBeNull();
      expect(await recordAttendance(tx, id, INTERPRETER_ID, times(DAY_1, 70, 25), DAY_1)).toEqual({ ok: true });
      expect(await storedRecord(tx, id)).toEqual({
        appointment_id: id,
        ...{ actual_start: DAY_1, actual_end: DAY_1 + 70 * 60_000, travel_minutes: 25, no_show: null },
        ...{ recorded_by: INTERPRETER_ID, recorded_at: DAY_1, approved_by: null, approved_at: null },
      });
      // Again: theirs replaced, with when they wrote it; then a no-show instead, with no times.
      expect(await recordAttendance(tx, id, INTERPRETER_ID, times(DAY_1 + 1, 65, 20), DAY_1 + 2 * HOUR)).toEqual({ ok: true });
      expect(await storedRecord(tx, id)).toMatchObject({ actual_start: DAY_1 + 1, actual_end: DAY_1 + 1 + 65 * 60_000, recorded_at: DAY_1 + 2 * HOUR });
      expect(await recordAttendance(tx, id, INTERPRETER_ID, noShow("customer", 40), DAY_1 + 3 * HOUR)).toEqual({ ok: true });
      expect(await storedRecord(tx, id)).toMatchObject({ actual_start: null, actual_end: null, travel_minutes: 40, no_show: "customer" });
      expect(await appointmentRow(tx, id)).toEqual(UNTOUCHED);
    });
  });

  it("refused in D1's order, storing nothing: not theirs or none, approved, not confirmed, not started", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      const refusal = (reason: string) => ({ ok: false, reason });
      const entry = times(DAY_1, 60);
      // Someone else, nobody, no such appointment; then a millisecond before its start.
      expect(await recordAttendance(tx, id, OTHER_INTERPRETER_ID, entry, DAY_1 + HOUR)).toEqual(refusal("not-found"));
      expect(await recordAttendance(tx, id, NOBODY, entry, DAY_1 + HOUR)).toEqual(refusal("not-found"));
      expect(await recordAttendance(tx, 99, INTERPRETER_ID, entry, DAY_1 + HOUR)).toEqual(refusal("not-found"));
      expect(await recordAttendance(tx, id, INTERPRETER_ID, entry, DAY_1 - 1)).toEqual(refusal("not-started"));
      expect(await recordOf(tx, id)).toBeNull();
      // Not confirmed (not started either: that is not said) — requested or offered (nobody's yet), cancelled, completed.
      for (const [index, status] of ["requested", "offered", "cancelled", "completed"].entries()) {
        const other = await book(tx, 10 + index, DAY_1 + DAY, status, status === "requested" || status === "offered" ? null : INTERPRETER_ID);
        expect(await recordAttendance(tx, other, INTERPRETER_ID, entry, DAY_1), status).toEqual(refusal("not-found"));
      }
      expect(await recordsOf(tx, [id, 10, 11, 12, 13])).toEqual([]);
      expect(await appointmentRow(tx, id)).toEqual(UNTOUCHED);

      // Approved: 'approved' to the interpreter (though completed), 'not-found' still to anyone else.
      expect(await approveAttendance(tx, id, 3, entry, STAFF, DAY_1 + HOUR)).toEqual({ ok: true, version: 4 });
      expect(await recordAttendance(tx, id, INTERPRETER_ID, times(DAY_1, 90), DAY_1 + 2 * HOUR)).toEqual(refusal("approved"));
      expect(await recordAttendance(tx, id, OTHER_INTERPRETER_ID, times(DAY_1, 90), DAY_1 + 2 * HOUR)).toEqual(refusal("not-found"));
      expect(await storedRecord(tx, id)).toMatchObject({ actual_end: DAY_1 + HOUR, recorded_by: STAFF, approved_at: DAY_1 + HOUR });
    });
  });

  it("an entry the table refuses (an end before the start, times with a no-show) is an error, storing nothing", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      const bad = [
        { start: DAY_1, end: DAY_1 - 60_000 },
        { start: DAY_1, end: DAY_1 + HOUR, noShow: "customer" },
        { start: DAY_1, end: DAY_1 + DAY + 1 },
        { start: null, end: null, noShow: "staff" },
      ];
      for (const entry of bad) {
        expect(await attempt(tx, `select ${RECORD_SQL}`, recordParams(id, INTERPRETER_ID, entry, DAY_1 + HOUR)), JSON.stringify(entry)).toMatchObject({
          ok: false,
          code: "23514",
        });
      }
      expect(await recordOf(tx, id)).toBeNull();
    });
  });
});

describe("push_approve_attendance (as the service role)", () => {
  it("corrected: the appointment completed (version + 1) and the record approved in one call; who recorded it and when kept", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await recordAttendance(tx, id, INTERPRETER_ID, times(DAY_1, 70, 25), DAY_1 + 2 * HOUR);
      expect(await approveAttendance(tx, id, 3, times(DAY_1 + 5 * 60_000, 60, 20), STAFF, DAY_1 + 3 * HOUR)).toEqual({ ok: true, version: 4 });
      expect(await appointmentRow(tx, id)).toEqual({ ...UNTOUCHED, status: "completed", version: 4, updated: DAY_1 + 3 * HOUR });
      expect(await storedRecord(tx, id)).toEqual({
        appointment_id: id,
        ...{ actual_start: DAY_1 + 5 * 60_000, actual_end: DAY_1 + 65 * 60_000, travel_minutes: 20, no_show: null },
        ...{ recorded_by: INTERPRETER_ID, recorded_at: DAY_1 + 2 * HOUR, approved_by: STAFF, approved_at: DAY_1 + 3 * HOUR },
      });
      // Approved once: a second approval finds it completed.
      expect(await approveAttendance(tx, id, 4, times(DAY_1, 90), STAFF, DAY_1 + 4 * HOUR)).toEqual({ ok: false, reason: "not-confirmed" });
    });
  });

  it("without a record (staff's own entry, at its start exactly), or a no-show: recorded and approved by staff", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      expect(await approveAttendance(tx, id, 3, times(DAY_1, 60), STAFF, DAY_1)).toEqual({ ok: true, version: 4 });
      expect(await storedRecord(tx, id)).toMatchObject({ recorded_by: STAFF, recorded_at: DAY_1, approved_by: STAFF, approved_at: DAY_1 });
      const other = await book(tx, 2, DAY_1 + DAY);
      expect(await approveAttendance(tx, other, 3, noShow("interpreter"), STAFF, DAY_1 + 2 * DAY)).toEqual({ ok: true, version: 4 });
      expect(await storedRecord(tx, other)).toMatchObject({ actual_start: null, actual_end: null, no_show: "interpreter", approved_by: STAFF });
    });
  });

  it("refused, storing nothing: no such appointment, a stale version (before anything else), not confirmed, not started", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      const entry = times(DAY_1, 60);
      const refusal = (reason: string) => ({ ok: false, reason });
      expect(await approveAttendance(tx, 99, 3, entry, STAFF, DAY_1 + HOUR)).toEqual(refusal("not-found"));
      expect(await approveAttendance(tx, id, 2, entry, STAFF, DAY_1 - 1)).toEqual(refusal("stale"));
      expect(await approveAttendance(tx, id, 3, entry, STAFF, DAY_1 - 1)).toEqual(refusal("not-started"));
      for (const [index, status] of ["requested", "offered", "cancelled", "completed"].entries()) {
        const other = await book(tx, 10 + index, DAY_1, status);
        expect(await approveAttendance(tx, other, 2, entry, STAFF, DAY_1 + HOUR), status).toEqual(refusal("stale"));
        expect(await approveAttendance(tx, other, 3, entry, STAFF, DAY_1 + HOUR), status).toEqual(refusal("not-confirmed"));
        expect(await appointmentRow(tx, other)).toMatchObject({ status, version: 3 });
      }
      expect(await appointmentRow(tx, id)).toEqual(UNTOUCHED);
      expect(await recordsOf(tx, [id, 10, 11, 12, 13])).toEqual([]);
    });
  });

  it("an entry the table refuses is an error, and the appointment stays confirmed at its version, its record as written", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await book(tx, 1, DAY_1);
      await recordAttendance(tx, id, INTERPRETER_ID, times(DAY_1, 70), DAY_1 + 2 * HOUR);
      const before = await storedRecord(tx, id);
      for (const entry of [
        { start: DAY_1, end: DAY_1 },
        { start: null, end: DAY_1 + HOUR, noShow: "customer" },
        { ...times(DAY_1, 60), travel: 601 },
      ]) {
        expect(await attempt(tx, `select ${APPROVE_SQL}`, approveParams(id, 3, entry, STAFF, DAY_1 + 3 * HOUR)), JSON.stringify(entry)).toMatchObject({
          ok: false,
          code: "23514",
        });
      }
      expect(await appointmentRow(tx, id)).toEqual(UNTOUCHED);
      expect(await storedRecord(tx, id)).toEqual(before);
    });
  });
});

describe("push_appointment_record and push_appointment_records (as the service role)", () => {
  it("one record or null; many: those of the ids given that have one (each once), by appointment id, as the one-record read answers", async () => {
    await within(db, serviceRole, async (tx) => {
      for (const id of [3, 1, 2]) await book(tx, id, DAY_1 + id * DAY);
      await recordAttendance(tx, 3, INTERPRETER_ID, times(DAY_1 + 3 * DAY, 60), DAY_1 + 4 * DAY);
      await approveAttendance(tx, 1, 3, noShow("customer", 30), STAFF, DAY_1 + 4 * DAY);
      expect(await recordOf(tx, 2)).toBeNull();
      const many = await recordsOf(tx, [3, 2, 1, 99, 3]);
      expect(many.map((record) => record.appointment_id)).toEqual([1, 3]);
      expect(many).toEqual([await recordOf(tx, 1), await recordOf(tx, 3)]);
      expect(asRecord(many[1]!)).toMatchObject({ actual_start: DAY_1 + 3 * DAY, recorded_at: DAY_1 + 4 * DAY });
      expect(await recordsOf(tx, [2])).toEqual([]);
      expect(await recordsOf(tx, [])).toEqual([]);
    });
  });
});
