// Booked appointments on Supabase (issue 25; supabase/migrations/20261202000000_push_appointments.sql), through the
// adapter against the double: a booking is its id first, then one call with the e-mails written for that id; an
// appointment reads by id or by its link; a cancellation is one compare-and-set call whose e-mails are stored only when
// it wins; an appointment's e-mails are listed from the outbox. And the double's table refuses, as Postgres does, a
// span that does not cover the appointment's time and, written directly, a second confirmed appointment of one
// interpreter at an overlapping time.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewAppointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { backendFor, double, idOf, INTERPRETER, languageIdOf, NO_PASSWORD, step, who } from "./helpers";

const NOW = 1_764_064_800_123;
const HOUR = 3_600_000;
/** 2027-03-16T17:00:00.250Z */
const STARTS = 1_805_216_400_250;
const appointments = () => backendFor().appointments;
const mail = (subject: string): NewMail => ({ kind: "appointment-cancelled", to: "ana@example.com", subject, body: "Body", orderId: null });
type Stored = { id: number; status: string; version: number; interpreter_id: string | null; blocked: string; starts_at: string };
type Mail = { appointment_id: number | null; order_id: number | null; subject: string; status: string; created_at: number };
const outbox = async () =>
  (await double.table<Mail>("mail_outbox")).map(({ appointment_id, order_id, subject, status, created_at }) => ({
    appointment_id,
    order_id,
    subject,
    status,
    created_at,
  }));

let spanish = 0;
let hashes = 0;
const booking = (overrides: Partial<NewAppointment> = {}): NewAppointment => ({
  contact: { name: "Ana Ruiz", email: "Ana.Ruiz@Example.com", phone: "", organisation: "" },
  languageId: spanish,
  mode: "video",
  setting: "legal",
  startsAt: STARTS,
  minutes: 60,
  blockedFrom: STARTS,
  blockedTo: STARTS + HOUR,
  address: "",
  callNumber: "",
  notes: "",
  genderPreference: null,
  locale: "ar",
  tokenHash: (hashes++).toString(16).padStart(64, "0"),
  tokenSealed: "sealed",
  ...overrides,
});
const book = async (overrides: Partial<NewAppointment> = {}) => {
  const answer = await appointments().request(booking(overrides), NOW);
  if (!answer.ok) throw new Error(answer.reason);
  return answer.id;
};

beforeAll(async () => {
  spanish = await languageIdOf("Spanish");
});
beforeEach(() => double.reset());

describe("a booking and its e-mails: one call", () => {
  it("its id first, then the appointment with the e-mails written for that id; the span stored as a '[)' range", async () => {
    const { result, requests } = await step(() =>
      appointments().request(booking(), NOW, (id) => [{ ...mail(`Booked A-${id}`), kind: "appointment-received", appointmentId: id }]),
    );
    expect(result).toEqual({ ok: true, id: 1 });
    expect(who(requests)).toEqual(["rpc.push_next_appointment_id service", "rpc.push_request_appointment service"]);
    expect(await double.table<Stored>("appointments")).toMatchObject([
      {
        id: 1,
        status: "requested",
        version: 1,
        starts_at: "2027-03-16T17:00:00.25+00:00",
        blocked: '["2027-03-16 17:00:00.25+00","2027-03-16 18:00:00.25+00")',
      },
    ]);
    expect(await outbox()).toEqual([{ appointment_id: 1, order_id: null, subject: "Booked A-1", status: "pending", created_at: NOW }]);
    // A refused booking stores nothing (the id it was given is simply not used).
    expect(await appointments().request(booking({ languageId: 9999 }), NOW, (id) => [mail(`refused ${id}`)])).toEqual({
      ok: false,
      reason: "unknown-language",
    });
    expect(await book()).toBe(3);
    expect((await double.table<Stored>("appointments")).map((row) => row.id)).toEqual([1, 3]);
    expect((await double.table("customers")).length).toBe(1);
    expect((await outbox()).map((row) => row.subject)).toEqual(["Booked A-1"]);
  });

  it("a span that does not cover the appointment's time is refused by the table's check (23514)", async () => {
    const { requests } = await step(() =>
      appointments()
        .request(booking({ blockedFrom: STARTS + 1 }), NOW)
        .catch((error: Error) => error.message),
    );
    expect(requests.at(-1)).toMatchObject({ shape: "rpc.push_request_appointment", status: 400 });
    expect(await double.table("appointments")).toEqual([]);
  });
});

describe("reading an appointment", () => {
  it("by id and by its link, with its interpreter's name once one is assigned", async () => {
    const id = await book();
    const byId = await step(() => appointments().get(id));
    expect(byId.shapes).toEqual(["rpc.push_get_appointment"]);
    expect(byId.result).toMatchObject({ id, status: "requested", startsAt: STARTS, blockedFrom: STARTS, blockedTo: STARTS + HOUR, locale: "ar" });
    const byLink = await step(() => appointments().byTokenHash(booking({ tokenHash: (hashes - 1).toString(16).padStart(64, "0") }).tokenHash));
    expect([byLink.shapes, byLink.result]).toEqual([["rpc.push_appointment_by_token"], byId.result]);
    await double.patch("appointments", { id }, { interpreter_id: await idOf(INTERPRETER) });
    expect((await appointments().get(id))!.interpreter).toEqual({ id: await idOf(INTERPRETER), name: expect.any(String) });
    expect(await appointments().get(id + 1)).toBeNull();
  });
});

describe("a cancellation and its e-mails: one call", () => {
  it("stores its e-mails only when its compare-and-set wins, and they are listed for the appointment", async () => {
    const id = await book();
    const cancel = (basedOn: number, subject: string) =>
      step(() => appointments().cancel(id, { basedOn, by: "customer", reason: "" }, NOW + 1, [{ ...mail(subject), appointmentId: id }]));
    const stale = await cancel(5, "stale");
    expect([stale.result, stale.shapes]).toEqual([{ ok: false, reason: "stale" }, ["rpc.push_cancel_appointment"]]);
    expect((await cancel(1, "Cancelled")).result).toEqual({ ok: true, version: 2 });
    expect((await cancel(2, "again")).result).toEqual({ ok: false, reason: "not-cancellable" });
    expect((await step(() => appointments().cancel(id + 1, { basedOn: 1, by: "staff", reason: "x" }, NOW, []))).result).toEqual({
      ok: false,
      reason: "not-found",
    });
    const listed = await step(() => backendFor().mail.forAppointment(id));
    expect(listed.shapes).toEqual(["rest.mail_outbox.for-appointment"]);
    expect(listed.result.map((item) => [item.subject, item.appointmentId, item.orderId, item.createdAt])).toEqual([["Cancelled", id, null, NOW + 1]]);
    expect(await double.table<Stored>("appointments")).toMatchObject([{ id, status: "cancelled", version: 2 }]);
  });

  it("a completed appointment is not cancellable", async () => {
    const id = await book();
    await double.patch("appointments", { id }, { status: "completed" });
    expect(await appointments().cancel(id, { basedOn: 1, by: "staff", reason: "x" }, NOW, [mail("no")])).toEqual({ ok: false, reason: "not-cancellable" });
    expect(await outbox()).toEqual([]);
  });
});

describe("the double's table refuses a double booking written directly (appointments_no_double_booking)", () => {
  it("a second confirmed appointment of one interpreter at an overlapping time; another interpreter, back to back or after a cancellation is fine", async () => {
    const [interpreter, other] = [await idOf(INTERPRETER), await idOf(NO_PASSWORD)];
    const first = await book({ startsAt: STARTS, minutes: 120, blockedTo: STARTS + 2 * HOUR });
    const second = await book({ startsAt: STARTS + HOUR, blockedFrom: STARTS + HOUR, blockedTo: STARTS + 2 * HOUR });
    const third = await book({ startsAt: STARTS + 2 * HOUR, blockedFrom: STARTS + 2 * HOUR, blockedTo: STARTS + 3 * HOUR });
    await double.patch("appointments", { id: first }, { status: "confirmed", interpreter_id: interpreter });
    await expect(double.patch("appointments", { id: second }, { status: "confirmed", interpreter_id: interpreter })).rejects.toThrow(
      'conflicting key value violates exclusion constraint \\"appointments_no_double_booking\\"',
    );
    await double.patch("appointments", { id: second }, { status: "confirmed", interpreter_id: other });
    await double.patch("appointments", { id: third }, { status: "confirmed", interpreter_id: interpreter });
    await double.patch("appointments", { id: second }, { status: "cancelled" });
    await double.patch("appointments", { id: second }, { interpreter_id: interpreter });
    await expect(double.patch("appointments", { id: second }, { status: "confirmed" })).rejects.toThrow("appointments_no_double_booking");
    expect((await double.table<Stored>("appointments")).map((row) => [row.id, row.status, row.interpreter_id])).toEqual([
      [first, "confirmed", interpreter],
      [second, "cancelled", interpreter],
      [third, "confirmed", interpreter],
    ]);
  });
});
