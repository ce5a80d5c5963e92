// Offers of appointments on Supabase (issue 25; supabase/migrations/20261203000100_push_appointment_offers.sql), through
// the adapter against the double: every change and every read is one call of a function with the service-role key, a
// change's e-mails in the same call; an id that cannot be a users row's is answered without a request. And the
// double's tables refuse, as Postgres does, a second accepted offer of one appointment, and follow a person's removal.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewAppointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { backendFor, double, languageIdOf, step, who } from "./helpers";

const HOUR = 3_600_000;
/** 2025-11-25T10:00:00.123Z: a millisecond that must survive the round trip through timestamptz. */
const NOW = 1_764_064_800_123;
/** 2034-05-02 16:00:00.250 UTC. */
const STARTS = Date.UTC(2034, 4, 2, 16) + 250;
const NOBODY = "00000000-0000-4000-8000-00000000dead";
const offers = () => backendFor().offers;
const appointments = () => backendFor().appointments;
const mail = (subject: string, kind: NewMail["kind"] = "appointment-offer"): NewMail => ({
  kind,
  to: "someone@example.com",
  subject,
  body: "Body",
  orderId: null,
});
type OfferRow = {
  id: number;
  appointment_id: number;
  interpreter_id: string;
  status: string;
  offered_at: string;
  expires_at: string;
  responded_at: string | null;
};
const stored = async () =>
  (await double.table<OfferRow>("appointment_offers")).map(({ appointment_id, interpreter_id, status, offered_at, expires_at, responded_at }) => ({
    appointment_id,
    interpreter_id,
    status,
    offered_at,
    expires_at,
    responded_at,
  }));
const outbox = async () =>
  (await double.table<{ appointment_id: number | null; subject: string; created_at: number }>("mail_outbox")).map(
    ({ appointment_id, subject, created_at }) => ({
      appointment_id,
      subject,
      created_at,
    }),
  );

let spanish = 0;
let hashes = 0;
let ana = "";
let bo = "";

/** A video appointment of `minutes` from `startsAt` (its blocked span the same), requested. */
async function book(startsAt = STARTS, minutes = 60) {
  const booking: NewAppointment = {
    contact: { name: "Ruth Reyes", email: "ruth@example.com", phone: "", organisation: "" },
    languageId: spanish,
    mode: "video",
    setting: "medical",
    startsAt,
    minutes,
    blockedFrom: startsAt,
    blockedTo: startsAt + minutes * 60_000,
    address: "",
    callNumber: "",
    notes: "",
    genderPreference: null,
    locale: "en",
    tokenHash: (hashes++).toString(16).padStart(64, "0"),
    tokenSealed: "sealed",
  };
  const answer = await appointments().request(booking, NOW);
  if (!answer.ok) throw new Error(answer.reason);
  return answer.id;
}
/** Offered to these people, deadline an hour after NOW; the offers' ids by person. */
async function offered(id: number, people: string[], basedOn = 1) {
  const answer = await offers().offer(id, { basedOn, interpreterIds: people, expiresAt: NOW + HOUR }, NOW);
  if (!answer.ok) throw new Error(answer.reason);
  const listed = await offers().forAppointment(id);
  return Object.fromEntries(listed.map((offer) => [offer.interpreter.id, offer.id]));
}

beforeAll(async () => {
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await double.reset();
  // In code points a capital comes before every lower-case letter: "Bo" sorts before "ana".
  [ana, bo] = (
    await double.people([
      { full_name: "ana offers", email: "ana.offers@example.com", languages: ["Spanish"] },
      { full_name: "Bo Offers", email: "bo.offers@example.com", languages: ["Spanish"] },
    ])
  ).map((person) => person.id) as [string, string];
});

describe("offering an appointment: one call with its e-mails", () => {
  it("one open offer each (an id named twice once), to the millisecond; the appointment offered; listed by name", async () => {
    const id = await book();
    const answer = await step(() => offers().offer(id, { basedOn: 1, interpreterIds: [ana, bo, ana], expiresAt: NOW + HOUR }, NOW, [mail("Offer")]));
    expect([answer.result, who(answer.requests)]).toEqual([{ ok: true, version: 2 }, ["rpc.push_offer_appointment service"]]);
    const open = {
      appointment_id: id,
      status: "open",
      offered_at: "2025-11-25T10:00:00.123+00:00",
      expires_at: "2025-11-25T11:00:00.123+00:00",
      responded_at: null,
    };
    expect(await stored()).toEqual([
      { ...open, interpreter_id: ana },
      { ...open, interpreter_id: bo },
    ]);
    expect(await outbox()).toEqual([{ appointment_id: id, subject: "Offer", created_at: NOW }]);
    expect(await appointments().get(id)).toMatchObject({ status: "offered", version: 2, updatedAt: NOW });

    const listed = await step(() => offers().forAppointment(id));
    expect(who(listed.requests)).toEqual(["rpc.push_appointment_offers service"]);
    expect(listed.result).toEqual(
      [
        [bo, "Bo Offers"],
        [ana, "ana offers"],
      ].map(([personId, name]) => ({
        id: expect.any(Number),
        appointmentId: id,
        interpreter: { id: personId, name },
        status: "open",
        offeredAt: NOW,
        expiresAt: NOW + HOUR,
        respondedAt: null,
      })),
    );
  });

  it("refused, storing nothing: an unknown interpreter (first; an id that is no uuid without a request), a stale version, none such, not offerable", async () => {
    const id = await book();
    const change = { basedOn: 1, interpreterIds: [ana], expiresAt: NOW + HOUR };
    const unknown = await step(() => offers().offer(id, { ...change, interpreterIds: [ana, NOBODY] }, NOW, [mail("lost")]));
    expect([unknown.result, who(unknown.requests)]).toEqual([{ ok: false, reason: "unknown-interpreter" }, ["rpc.push_offer_appointment service"]]);
    const notAnId = await step(() => offers().offer(id + 100, { ...change, interpreterIds: ["not-a-uuid"] }, NOW));
    expect([notAnId.result, notAnId.requests]).toEqual([{ ok: false, reason: "unknown-interpreter" }, []]);
    expect(await offers().offer(id, { ...change, basedOn: 2 }, NOW, [mail("lost")])).toEqual({ ok: false, reason: "stale" });
    expect(await offers().offer(id + 100, change, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(await stored()).toEqual([]);
    expect(await outbox()).toEqual([]);
    await appointments().cancel(id, { basedOn: 1, by: "staff", reason: "x" }, NOW);
    expect(await offers().offer(id, { ...change, basedOn: 2 }, NOW)).toEqual({ ok: false, reason: "not-offerable" });
  });
});

describe("answering: one call each", () => {
  it("the first accept wins: confirmed to them, the other's offer taken, only the winner's e-mails; the second is told it was taken", async () => {
    const id = await book();
    const ids = await offered(id, [ana, bo]);
    const won = await step(() => offers().accept(ids[ana]!, ana, NOW + 1, [mail("Confirmed", "appointment-confirmed")]));
    expect([won.result, who(won.requests)]).toEqual([{ ok: true, appointmentId: id, version: 3 }, ["rpc.push_accept_offer service"]]);
    expect(await offers().accept(ids[bo]!, bo, NOW + 1, [mail("never", "appointment-confirmed")])).toEqual({ ok: false, reason: "taken" });
    expect((await stored()).map(({ interpreter_id, status, responded_at }) => [interpreter_id, status, responded_at])).toEqual([
      [ana, "accepted", "2025-11-25T10:00:00.124+00:00"],
      [bo, "taken", "2025-11-25T10:00:00.124+00:00"],
    ]);
    expect(await appointments().get(id)).toMatchObject({ status: "confirmed", version: 3, interpreter: { id: ana, name: "ana offers" } });
    expect((await outbox()).map((item) => item.subject)).toEqual(["Confirmed"]);
    expect(await offers().accept(ids[ana]!, ana, NOW + 2)).toEqual({ ok: false, reason: "answered" });
    const notAnId = await step(() => offers().accept(ids[ana]!, "not-a-uuid", NOW));
    expect([notAnId.result, notAnId.requests]).toEqual([{ ok: false, reason: "not-found" }, []]);
  });

  it("refused: another's offer, at its deadline, a double booking — the appointment stays offered, no e-mail", async () => {
    const busy = await book(STARTS, 120);
    const overlapping = await book(STARTS + HOUR);
    const busyIds = await offered(busy, [ana]);
    const ids = await offered(overlapping, [ana, bo]);
    await offers().accept(busyIds[ana]!, ana, NOW);
    expect(await offers().accept(ids[ana]!, bo, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(await offers().accept(ids[ana]!, ana, NOW + HOUR)).toEqual({ ok: false, reason: "expired" });
    expect(await offers().accept(ids[ana]!, ana, NOW, [mail("never", "appointment-confirmed")])).toEqual({ ok: false, reason: "conflict" });
    expect(await appointments().get(overlapping)).toMatchObject({ status: "offered", version: 2, interpreter: null });
    expect(await outbox()).toEqual([]);
    // Bo is free then.
    expect(await offers().accept(ids[bo]!, bo, NOW)).toMatchObject({ ok: true });
  });

  it("a decline: declined at that time, then answered; another's is not found (an id that is no uuid without a request)", async () => {
    const id = await book();
    const ids = await offered(id, [ana, bo]);
    const declined = await step(() => offers().decline(ids[ana]!, ana, NOW + 5));
    expect([declined.result, who(declined.requests)]).toEqual([{ ok: true }, ["rpc.push_decline_offer service"]]);
    expect(await offers().decline(ids[ana]!, ana, NOW + 6)).toEqual({ ok: false, reason: "answered" });
    expect(await offers().decline(ids[bo]!, ana, NOW + 6)).toEqual({ ok: false, reason: "not-found" });
    const notAnId = await step(() => offers().decline(ids[bo]!, "not-a-uuid", NOW));
    expect([notAnId.result, notAnId.requests]).toEqual([{ ok: false, reason: "not-found" }, []]);
    expect((await offers().forAppointment(id)).map((offer) => [offer.interpreter.id, offer.status, offer.respondedAt])).toEqual([
      [bo, "open", null],
      [ana, "declined", NOW + 5],
    ]);
  });

  it("a second accepted offer of one appointment is refused by the table (its partial unique index)", async () => {
    const id = await book();
    const ids = await offered(id, [ana, bo]);
    await offers().accept(ids[ana]!, ana, NOW);
    await expect(double.patch("appointment_offers", { id: ids[bo] }, { status: "accepted" })).rejects.toThrow(/appointment_offers_one_accepted_key/);
  });
});

describe("an interpreter's offers: one call each, with their appointments", () => {
  it("one offer of theirs (null when it is not theirs), and those open or answered since a time, soonest first", async () => {
    const later = await book(STARTS + 24 * HOUR);
    const sooner = await book(STARTS);
    const laterIds = await offered(later, [ana]);
    const soonerIds = await offered(sooner, [ana, bo]);
    await offers().decline(soonerIds[ana]!, ana, NOW + 1);

    const one = await step(() => offers().get(laterIds[ana]!, ana));
    expect(who(one.requests)).toEqual(["rpc.push_get_offer service"]);
    expect(one.result).toEqual({ ...(await offers().forAppointment(later))[0], appointment: await appointments().get(later) });
    expect(await offers().get(laterIds[ana]!, bo)).toBeNull();
    const notAnId = await step(() => offers().get(laterIds[ana]!, "not-a-uuid"));
    expect([notAnId.result, notAnId.requests]).toEqual([null, []]);

    const mine = await step(() => offers().forInterpreter(ana, NOW + 2, NOW));
    expect(who(mine.requests)).toEqual(["rpc.push_interpreter_offers service"]);
    expect(mine.result.map((job) => [job.appointment.id, job.status, job.appointment.startsAt])).toEqual([
      [sooner, "declined", STARTS],
      [later, "open", STARTS + 24 * HOUR],
    ]);
    // Answered before `since`: gone; past the deadline, the open one too.
    expect((await offers().forInterpreter(ana, NOW + 2, NOW + 2)).map((job) => job.appointment.id)).toEqual([later]);
    expect(await offers().forInterpreter(ana, NOW + HOUR, NOW + 2)).toEqual([]);
    expect(await step(() => offers().forInterpreter("not-a-uuid", NOW, 0))).toMatchObject({ result: [], requests: [] });
  });

  it("removing a person removes their offers (the foreign key's cascade)", async () => {
    const id = await book();
    await offered(id, [ana, bo]);
    expect((await backendFor().interpreters.remove(bo)).ok).toBe(true);
    expect((await stored()).map((row) => row.interpreter_id)).toEqual([ana]);
  });
});

describe("unfilled appointments: one call each", () => {
  it("due once every offer's deadline has passed; flagged once with its e-mails; since when; offering again starts over", async () => {
    const id = await book();
    await offered(id, [ana]);
    expect((await offers().unfilledDue(NOW + HOUR - 1)).map((item) => item.id)).toEqual([]);
    const due = await step(() => offers().unfilledDue(NOW + HOUR));
    expect([due.result.map((item) => [item.id, item.status]), who(due.requests)]).toEqual([[[id, "offered"]], ["rpc.push_unfilled_due service"]]);

    const flagged = await step(() => offers().flagUnfilled(id, NOW + HOUR, [mail("Unfilled", "appointment-unfilled")]));
    expect([flagged.result, who(flagged.requests)]).toEqual([true, ["rpc.push_flag_unfilled service"]]);
    expect(await offers().flagUnfilled(id, NOW + 2 * HOUR, [mail("again", "appointment-unfilled")])).toBe(false);
    expect((await outbox()).map((item) => item.subject)).toEqual(["Unfilled"]);
    expect(await double.table("unfilled_notices")).toEqual([
      { appointment_id: id, noticed_at: "2025-11-25T11:00:00.123+00:00", change_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    const since = await step(() => offers().unfilledSince(id));
    expect([since.result, who(since.requests)]).toEqual([NOW + HOUR, ["rpc.push_unfilled_since service"]]);
    expect(await offers().unfilledDue(NOW + 2 * HOUR)).toEqual([]);

    await offers().offer(id, { basedOn: 2, interpreterIds: [ana], expiresAt: NOW + 3 * HOUR }, NOW + 2 * HOUR);
    expect(await offers().unfilledSince(id)).toBeNull();
    expect(await double.table("unfilled_notices")).toEqual([]);
  });
});
