// Interpreters' availability on Supabase (issue 25; supabase/migrations/20261203000000_push_availability.sql), through
// the adapter against the double: each read and the replacement of a week's hours is one call of a function, with the
// service-role key; removing a span of time off or a credential is one DELETE naming its id and its owner; an id that
// cannot be a users row's is answered without a request. And the double's tables refuse, as Postgres does, an
// interval that does not end after it starts, and follow a person's removal.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewAppointment } from "~/domain/appointments";
import type { WorkingInterval } from "~/domain/availability";
import { backendFor, double, languageIdOf, step, who } from "./helpers";

const HOUR = 3_600_000;
/** 2034-03-06 16:00:00.250 UTC, a Monday (09:00 in Denver): a millisecond that must survive the round trip. */
const MONDAY_9 = Date.UTC(2034, 2, 6, 16) + 250;
const NOBODY = "00000000-0000-4000-8000-00000000dead";
const WEEK: WorkingInterval[] = [
  { weekday: 1, startMinute: 540, endMinute: 720 },
  { weekday: 5, startMinute: 0, endMinute: 1440 },
];
const availability = () => backendFor().availability;
type Hours = { user_id: string; weekday: number; start_minute: number; end_minute: number };

let spanish = 0;
let ana = "";
let bo = "";

beforeAll(async () => {
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await double.reset();
  [ana, bo] = (
    await double.people([
      { full_name: "Ana Availability", email: "ana.availability@example.com", languages: ["Spanish"] },
      { full_name: "Bo Availability", email: "bo.availability@example.com" },
    ])
  ).map((person) => person.id) as [string, string];
});

describe("one interpreter's hours, time off and credentials", () => {
  it("read in one call; a week replaced in one call; nobody is null (an id that is no uuid without a request)", async () => {
    const empty = await step(() => availability().of(ana));
    expect([empty.result, who(empty.requests)]).toEqual([
      { name: "Ana Availability", hours: [], timeOff: [], credentials: [] },
      ["rpc.push_availability_of service"],
    ]);
    const set = await step(() => availability().setHours(ana, [...WEEK].reverse()));
    expect([set.result, set.shapes]).toEqual([true, ["rpc.push_set_working_hours"]]);
    expect((await double.table<Hours>("working_hours")).map(({ weekday, start_minute, end_minute }) => [weekday, start_minute, end_minute])).toEqual([
      [5, 0, 1440],
      [1, 540, 720],
    ]);
    expect((await availability().of(ana))!.hours).toEqual(WEEK);
    expect(await availability().setHours(NOBODY, WEEK)).toBe(false);
    expect(await availability().of(NOBODY)).toBeNull();
    const notAnId = await step(async () => [await availability().of("not-a-uuid"), await availability().setHours("not-a-uuid", WEEK)]);
    expect([notAnId.result, notAnId.requests]).toEqual([[null, false], []]);
  });

  it("an interval that does not end after it starts is refused by the table (23514), and the week before stays", async () => {
    await availability().setHours(ana, WEEK);
    const refused = await step(() =>
      availability()
        .setHours(ana, [...WEEK, { weekday: 2, startMinute: 600, endMinute: 600 }])
        .catch((error: Error) => error.message),
    );
    expect(refused.result).toContain("working_hours_interval_check");
    expect(refused.requests.at(-1)).toMatchObject({ shape: "rpc.push_set_working_hours", status: 400 });
    expect((await availability().of(ana))!.hours).toEqual(WEEK);
  });

  it("time off: added for an existing person only, removed only by its id and owner", async () => {
    const added = await step(() => availability().addTimeOff(ana, { firstDay: "2034-08-01", lastDay: "2034-08-14", note: "Summer" }));
    expect(added.shapes).toEqual(["rpc.push_add_time_off"]);
    if (!added.result.ok) throw new Error("refused");
    const id = added.result.id;
    expect(await availability().addTimeOff(NOBODY, { firstDay: "2034-08-01", lastDay: "2034-08-14", note: "" })).toEqual({ ok: false, reason: "not-found" });
    const notTheirs = await step(() => availability().removeTimeOff(bo, id));
    expect([notTheirs.result, who(notTheirs.requests)]).toEqual([false, ["rest.time_off.remove-own service"]]);
    expect(await availability().removeTimeOff(ana, id)).toBe(true);
    expect(await availability().removeTimeOff(ana, id)).toBe(false);
    expect(await double.table("time_off")).toEqual([]);
  });

  it("credentials: added with or without an expiry, removed only by id and owner; the expiring ones with their holder", async () => {
    const court = await step(() => availability().addCredential(ana, { name: "Court certified", expiresOn: "2034-04-01" }));
    expect(court.shapes).toEqual(["rpc.push_add_credential"]);
    const medical = await availability().addCredential(bo, { name: "Medical (CCHI)", expiresOn: null });
    if (!court.result.ok || !medical.ok) throw new Error("refused");
    const courtId = court.result.id;
    expect(await availability().addCredential(NOBODY, { name: "Court certified", expiresOn: null })).toEqual({ ok: false, reason: "not-found" });
    const expiring = await step(() => availability().expiring("2034-04-01", "2034-04-01"));
    expect([expiring.result, expiring.shapes]).toEqual([
      [{ id: courtId, name: "Court certified", expiresOn: "2034-04-01", interpreter: { id: ana, name: "Ana Availability" } }],
      ["rpc.push_expiring_credentials"],
    ]);
    const removed = await step(() => availability().removeCredential(bo, courtId));
    expect([removed.result, removed.shapes]).toEqual([false, ["rest.credentials.remove-own"]]);
    expect(await availability().removeCredential(ana, courtId)).toBe(true);
    expect(await availability().expiring("2034-01-01", "2034-12-31")).toEqual([]);
    expect((await availability().of(bo))!.credentials).toEqual([{ id: medical.id, name: "Medical (CCHI)", expiresOn: null }]);
  });
});

describe("the candidates for an offer: one call", () => {
  it("everyone linked, with their time off near the span and the blocked spans of their other confirmed appointments", async () => {
    await availability().setHours(ana, WEEK);
    const near = await availability().addTimeOff(ana, { firstDay: "2034-03-05", lastDay: "2034-03-05", note: "" });
    await availability().addTimeOff(ana, { firstDay: "2034-03-01", lastDay: "2034-03-04", note: "too early" });
    if (!near.ok) throw new Error("refused");
    const booking: NewAppointment = {
      contact: { name: "Ruth Reyes", email: "ruth@example.com", phone: "", organisation: "" },
      languageId: spanish,
      mode: "video",
      setting: "medical",
      startsAt: MONDAY_9 - HOUR / 2,
      minutes: 60,
      blockedFrom: MONDAY_9 - HOUR / 2,
      blockedTo: MONDAY_9 + HOUR / 2,
      address: "",
      callNumber: "",
      notes: "",
      genderPreference: null,
      locale: "en",
      tokenHash: "a".repeat(64),
      tokenSealed: "sealed",
    };
    const booked = await backendFor().appointments.request(booking, Date.now());
    if (!booked.ok) throw new Error(booked.reason);
    await double.patch("appointments", { id: booked.id }, { status: "confirmed", interpreter_id: ana });
    const span = { from: MONDAY_9, to: MONDAY_9 + HOUR };
    const answer = await step(() => availability().candidates(spanish, span, 0));
    expect(answer.shapes).toEqual(["rpc.push_availability_candidates"]);
    const ours = answer.result.linked.find((candidate) => candidate.id === ana);
    expect(ours).toEqual({
      id: ana,
      name: "Ana Availability",
      linked: true,
      preferred: false,
      availability: { hours: WEEK, timeOff: [{ id: near.id, firstDay: "2034-03-05", lastDay: "2034-03-05", note: "" }], credentials: [] },
      busy: [{ from: MONDAY_9 - HOUR / 2, to: MONDAY_9 + HOUR / 2 }],
    });
    // The appointment being offered is not its own candidate's work; Bo is an interpreter not linked to Spanish.
    expect((await availability().candidates(spanish, span, booked.id)).linked.find((candidate) => candidate.id === ana)!.busy).toEqual([]);
    const unlinked = (await availability().candidates(spanish, span, 0)).unlinked;
    await backendFor().links.link(bo, spanish);
    expect((await availability().candidates(spanish, span, 0)).unlinked).toBe(unlinked - 1);
  });

  it("removing a person removes their hours, time off and credentials (the foreign keys' cascade)", async () => {
    await availability().setHours(ana, WEEK);
    await availability().addTimeOff(ana, { firstDay: "2034-03-05", lastDay: "2034-03-05", note: "" });
    await availability().addCredential(ana, { name: "Court certified", expiresOn: null });
    await availability().setHours(bo, WEEK);
    expect((await backendFor().interpreters.remove(ana)).ok).toBe(true);
    for (const table of ["working_hours", "time_off", "credentials"]) {
      expect(
        (await double.table<{ user_id: string }>(table)).filter((row) => row.user_id === ana),
        table,
      ).toEqual([]);
    }
    expect(await double.table<Hours>("working_hours")).toHaveLength(2);
    expect(await availability().of(ana)).toBeNull();
  });
});
