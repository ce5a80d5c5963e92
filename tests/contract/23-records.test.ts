// After-the-appointment records on Supabase (issue 25; supabase/migrations/20261203000400_push_appointment_records.sql),
// through the adapter against the double: every change and every read is one call of a function with the service-role
// key — an approval completes the appointment and writes its record approved in that one call, or neither; an id
// that cannot be a users row's, or no appointment asked for, is answered without a request. And the double's table
// refuses, as Postgres does, what its CHECKs refuse, and follows its appointment's removal.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AttendanceEntry } from "~/domain/appointment-records";
import type { NewAppointment } from "~/domain/appointments";
import { backendFor, double, languageIdOf, step, who } from "./helpers";

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 2025-11-25T10:00:00.123Z: when the appointments are booked, offered and accepted. */
const NOW = 1_764_064_800_123;
/** 2034-05-02 16:00:00.250 UTC: a millisecond that must survive the round trip through timestamptz. */
const STARTS = Date.UTC(2034, 4, 2, 16) + 250;
const STAFF = "admin@example.com";
const records = () => backendFor().records;
const appointments = () => backendFor().appointments;
const offers = () => backendFor().offers;
const times = (start: number, minutes: number, travelMinutes = 0): AttendanceEntry => ({
  actualStart: start,
  actualEnd: start + minutes * MINUTE,
  travelMinutes,
  noShow: null,
});
type StoredRecord = { appointment_id: number; actual_start: string | null; approved_at: string | null; recorded_by: string };
const stored = async () => await double.table<StoredRecord>("appointment_records");

let spanish = 0;
let hashes = 0;
let ana = "";
let bo = "";

/** An hour's video appointment from `startsAt`, offered to `person` and confirmed to them (version 3). */
async function confirmed(startsAt = STARTS, person = ana) {
  const booking: NewAppointment = {
    contact: { name: "Ruth Reyes", email: "ruth@example.com", phone: "", organisation: "" },
    ...{ languageId: spanish, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: startsAt, blockedTo: startsAt + HOUR },
    ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
    ...{ tokenHash: (hashes++).toString(16).padStart(64, "0"), tokenSealed: "sealed" },
  };
  const made = await appointments().request(booking, NOW);
  if (!made.ok) throw new Error(made.reason);
  const offered = await offers().offer(made.id, { basedOn: 1, interpreterIds: [person], expiresAt: NOW + HOUR }, NOW);
  if (!offered.ok) throw new Error(offered.reason);
  const [offer] = await offers().forAppointment(made.id);
  const accepted = await offers().accept(offer!.id, person, NOW);
  if (!accepted.ok) throw new Error(accepted.reason);
  return made.id;
}

beforeAll(async () => {
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await double.reset();
  [ana, bo] = (
    await double.people([
      { full_name: "Ana Records", email: "ana.records@example.com", languages: ["Spanish"] },
      { full_name: "Bo Records", email: "bo.records@example.com", languages: ["Spanish"] },
    ])
  ).map((person) => person.id) as [string, string];
});

describe("the interpreter's record: one call", () => {
  it("stored to the millisecond, replaced until approved, a no-show without times; read back in one call", async () => {
    const id = await confirmed();
    const recorded = await step(() => records().record(id, ana, times(STARTS + 5 * MINUTE, 70, 25), STARTS + 2 * HOUR));
    expect([recorded.result, who(recorded.requests)]).toEqual([{ ok: true }, ["rpc.push_record_attendance service"]]);
    expect(await stored()).toEqual([
      {
        appointment_id: id,
        ...{ actual_start: "2034-05-02T16:05:00.25+00:00", actual_end: "2034-05-02T17:15:00.25+00:00", travel_minutes: 25, no_show: null },
        ...{ recorded_by: ana, recorded_at: "2034-05-02T18:00:00.25+00:00", approved_by: null, approved_at: null },
      },
    ]);
    const read = await step(() => records().of(id));
    expect([read.result, who(read.requests)]).toEqual([
      {
        appointmentId: id,
        ...times(STARTS + 5 * MINUTE, 70, 25),
        ...{ recordedBy: ana, recordedAt: STARTS + 2 * HOUR, approvedBy: null, approvedAt: null },
      },
      ["rpc.push_appointment_record service"],
    ]);

    const noShow = { actualStart: null, actualEnd: null, travelMinutes: 40, noShow: "customer" } as const;
    expect(await records().record(id, ana, noShow, STARTS + 3 * HOUR + 1)).toEqual({ ok: true });
    expect(await records().of(id)).toEqual({
      appointmentId: id,
      ...noShow,
      recordedBy: ana,
      recordedAt: STARTS + 3 * HOUR + 1,
      approvedBy: null,
      approvedAt: null,
    });
    expect(await appointments().get(id)).toMatchObject({ status: "confirmed", version: 3 });
    expect(await records().of(id + 100)).toBeNull();
  });

  it("refused in the function's order, one call each, storing nothing; an id that is no uuid without a request", async () => {
    const id = await confirmed();
    const entry = times(STARTS, 60);
    for (const [interpreter, appointment, now, reason] of [
      [bo, id, STARTS + HOUR, "not-found"],
      [ana, id + 100, STARTS + HOUR, "not-found"],
      [ana, id, STARTS - 1, "not-started"],
    ] as const) {
      const refused = await step(() => records().record(appointment, interpreter, entry, now));
      expect([refused.result, who(refused.requests)], reason).toEqual([{ ok: false, reason }, ["rpc.push_record_attendance service"]]);
    }
    const notAnId = await step(() => records().record(id, "not-a-uuid", entry, STARTS + HOUR));
    expect([notAnId.result, notAnId.requests]).toEqual([{ ok: false, reason: "not-found" }, []]);
    // Cancelled: not confirmed any more. Approved: 'approved' to the interpreter, though the appointment is completed.
    const cancelled = await confirmed(STARTS + 24 * HOUR);
    await appointments().cancel(cancelled, { basedOn: 3, by: "staff", reason: "x" }, NOW);
    expect(await records().record(cancelled, ana, times(STARTS + 24 * HOUR, 60), STARTS + 26 * HOUR)).toEqual({ ok: false, reason: "not-found" });
    // Not confirmed comes before not started.
    expect(await records().record(cancelled, ana, times(STARTS + 24 * HOUR, 60), STARTS)).toEqual({ ok: false, reason: "not-found" });
    expect(await stored()).toEqual([]);
    await records().approve(id, { basedOn: 3, entry, by: STAFF }, STARTS + 2 * HOUR);
    expect(await records().record(id, ana, times(STARTS, 90), STARTS + 3 * HOUR)).toEqual({ ok: false, reason: "approved" });
    expect(await records().record(id, bo, times(STARTS, 90), STARTS + 3 * HOUR)).toEqual({ ok: false, reason: "not-found" });
    expect((await records().of(id))!.actualEnd).toBe(STARTS + HOUR);
  });
});

describe("staff's approval: one call", () => {
  it("corrected: the appointment completed (version 4) and the record approved, who recorded it and when kept", async () => {
    const id = await confirmed();
    await records().record(id, ana, times(STARTS, 70, 25), STARTS + 2 * HOUR);
    const approved = await step(() => records().approve(id, { basedOn: 3, entry: times(STARTS + 5 * MINUTE, 60, 20), by: STAFF }, STARTS + 3 * HOUR));
    expect([approved.result, who(approved.requests)]).toEqual([{ ok: true, version: 4 }, ["rpc.push_approve_attendance service"]]);
    expect(await appointments().get(id)).toMatchObject({ status: "completed", version: 4, updatedAt: STARTS + 3 * HOUR });
    expect(await records().of(id)).toEqual({
      appointmentId: id,
      ...times(STARTS + 5 * MINUTE, 60, 20),
      ...{ recordedBy: ana, recordedAt: STARTS + 2 * HOUR, approvedBy: STAFF, approvedAt: STARTS + 3 * HOUR },
    });
    expect(await records().approve(id, { basedOn: 4, entry: times(STARTS, 60), by: STAFF }, STARTS + 4 * HOUR)).toEqual({ ok: false, reason: "not-confirmed" });
  });

  it("without a record: written and approved by staff, a no-show too", async () => {
    const id = await confirmed();
    const noShow = { actualStart: null, actualEnd: null, travelMinutes: 0, noShow: "interpreter" } as const;
    expect(await records().approve(id, { basedOn: 3, entry: noShow, by: STAFF }, STARTS)).toEqual({ ok: true, version: 4 });
    expect(await records().of(id)).toEqual({ appointmentId: id, ...noShow, recordedBy: STAFF, recordedAt: STARTS, approvedBy: STAFF, approvedAt: STARTS });
  });

  it("refused — not-found, stale, not-started, not-confirmed — one call each, storing nothing", async () => {
    const id = await confirmed();
    const cancelled = await confirmed(STARTS + 24 * HOUR);
    await appointments().cancel(cancelled, { basedOn: 3, by: "staff", reason: "x" }, NOW);
    const entry = times(STARTS, 60);
    for (const [appointment, basedOn, now, reason] of [
      [id + 100, 3, STARTS + HOUR, "not-found"],
      [id, 2, STARTS + HOUR, "stale"],
      [id, 3, STARTS - 1, "not-started"],
      [cancelled, 4, STARTS + 26 * HOUR, "not-confirmed"],
      // A stale version comes before anything else.
      [cancelled, 3, STARTS - 1, "stale"],
    ] as const) {
      const refused = await step(() => records().approve(appointment, { basedOn, entry, by: STAFF }, now));
      expect([refused.result, who(refused.requests)], reason).toEqual([{ ok: false, reason }, ["rpc.push_approve_attendance service"]]);
    }
    expect(await appointments().get(id)).toMatchObject({ status: "confirmed", version: 3 });
    expect(await stored()).toEqual([]);
  });

  it("an entry the table refuses fails the call, and the appointment stays confirmed at version 3, its record as written", async () => {
    const id = await confirmed();
    await records().record(id, ana, times(STARTS, 70), STARTS + 2 * HOUR);
    const before = await stored();
    const tooLong = times(STARTS, 24 * 60 + 1);
    await expect(records().approve(id, { basedOn: 3, entry: tooLong, by: STAFF }, STARTS + 3 * HOUR)).rejects.toThrow(/appointment_records_length_check/);
    expect(await appointments().get(id)).toMatchObject({ status: "confirmed", version: 3 });
    expect(await stored()).toEqual(before);
  });
});

describe("a page's records: ofMany", () => {
  it("one call for them all (each id once), those without a record left out, to the millisecond; none asked, no request", async () => {
    const [first, second, third] = [await confirmed(), await confirmed(STARTS + 24 * HOUR), await confirmed(STARTS + 48 * HOUR)];
    await records().record(first, ana, times(STARTS, 45, 15), STARTS + HOUR);
    await records().approve(third, { basedOn: 3, entry: times(STARTS + 48 * HOUR, 30), by: STAFF }, STARTS + 49 * HOUR);
    const many = await step(() => records().ofMany([third, second, first, third, first + 100]));
    expect(who(many.requests)).toEqual(["rpc.push_appointment_records service"]);
    expect([...many.result].sort((a, b) => a.appointmentId - b.appointmentId)).toEqual([await records().of(first), await records().of(third)]);
    expect(many.result.find((record) => record.appointmentId === third)).toMatchObject({ approvedAt: STARTS + 49 * HOUR, actualStart: STARTS + 48 * HOUR });
    const none = await step(() => records().ofMany([]));
    expect([none.result, none.requests]).toEqual([[], []]);
  });
});

describe("the table", () => {
  it("refuses, as its CHECKs do: an end before the start, times with a no-show, more than 24 hours, travel over 600 minutes, another no-show", async () => {
    const id = await confirmed();
    await records().record(id, ana, times(STARTS, 60), STARTS + 2 * HOUR);
    const where = { appointment_id: id };
    await expect(double.patch("appointment_records", where, { actual_end: "2034-05-02T15:00:00Z" })).rejects.toThrow(/appointment_records_times_check/);
    await expect(double.patch("appointment_records", where, { no_show: "customer" })).rejects.toThrow(/appointment_records_times_check/);
    await expect(double.patch("appointment_records", where, { actual_end: "2034-05-03T16:00:01Z" })).rejects.toThrow(/appointment_records_length_check/);
    await expect(double.patch("appointment_records", where, { travel_minutes: 601 })).rejects.toThrow(/appointment_records_travel_minutes_check/);
    await expect(double.patch("appointment_records", where, { actual_start: null, actual_end: null, no_show: "staff" })).rejects.toThrow(
      /appointment_records_no_show_check/,
    );
    expect(await records().of(id)).toMatchObject(times(STARTS, 60));
  });

  it("goes with its appointment (the foreign key's cascade)", async () => {
    const id = await confirmed();
    await records().record(id, ana, times(STARTS, 60), STARTS + 2 * HOUR);
    await double.empty("appointments");
    expect(await stored()).toEqual([]);
  });
});
