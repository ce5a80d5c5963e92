// Appointment reminders and interpreters' calendar feeds on Supabase (issue 25; supabase/migrations/
// 20261203000200_push_appointment_reminders.sql and 20261203000300_push_calendar_feeds.sql), through the adapter
// against the double: every change and every read is one call of a function with the service-role key, a reminder's
// e-mails in the same call (stored only by the call that wrote it); an id that cannot be a users row's, or a hash that
// cannot be a token's, is answered without a request. And the double's tables refuse, as Postgres does, a kind
// outside day and hour, a hash not of 64 lower-case hex characters or one in use, and follow a person's removal.
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
const reminders = () => backendFor().reminders;
const feeds = () => backendFor().calendarFeeds;
const appointments = () => backendFor().appointments;
const offers = () => backendFor().offers;
const mail = (subject: string, to = "someone@example.com"): NewMail => ({ kind: "appointment-reminder", to, subject, body: "Body", orderId: null });
const outbox = async () =>
  (await double.table<{ appointment_id: number | null; to_email: string; subject: string; created_at: number }>("mail_outbox")).map(
    ({ appointment_id, to_email, subject, created_at }) => ({ appointment_id, to_email, subject, created_at }),
  );
/** A token's SHA-256 as the worker stores it: 64 lower-case hex characters made of `digit`. */
const hashOf = (digit: string) => digit.repeat(64);

let spanish = 0;
let hashes = 0;
let ana = "";
let bo = "";

/** A video appointment of an hour from `startsAt`, requested. */
async function book(startsAt: number) {
  const booking: NewAppointment = {
    contact: { name: "Ruth Reyes", email: "ruth@example.com", phone: "", organisation: "" },
    languageId: spanish,
    mode: "video",
    setting: "medical",
    startsAt,
    minutes: 60,
    blockedFrom: startsAt,
    blockedTo: startsAt + HOUR,
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
/** Booked at `startsAt`, offered to `person` and, unless `accept` is false, confirmed to them (version 3). */
async function confirmed(startsAt: number, person = ana, accept = true) {
  const id = await book(startsAt);
  const offered = await offers().offer(id, { basedOn: 1, interpreterIds: [person], expiresAt: NOW + HOUR }, NOW);
  if (!offered.ok) throw new Error(offered.reason);
  if (!accept) return id;
  const [offer] = await offers().forAppointment(id);
  const accepted = await offers().accept(offer!.id, person, NOW);
  if (!accepted.ok) throw new Error(accepted.reason);
  return id;
}

beforeAll(async () => {
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await double.reset();
  [ana, bo] = (
    await double.people([
      { full_name: "Ana Feeds", email: "ana.feeds@example.com", languages: ["Spanish"] },
      { full_name: "Bo Feeds", email: "bo.feeds@example.com", languages: ["Spanish"] },
    ])
  ).map((person) => person.id) as [string, string];
});

describe("reminders: one call each", () => {
  it("due: the confirmed appointments starting in (after, by] without that kind's reminder, by start, to the millisecond", async () => {
    const later = await confirmed(STARTS + HOUR);
    const sooner = await confirmed(STARTS, bo);
    await confirmed(STARTS + HOUR / 2, ana, false);
    const due = await step(() => reminders().due("day", STARTS - 1, STARTS + HOUR));
    expect(who(due.requests)).toEqual(["rpc.push_reminders_due service"]);
    expect(due.result.map((item) => [item.id, item.status, item.startsAt, item.interpreter?.id])).toEqual([
      [sooner, "confirmed", STARTS, bo],
      [later, "confirmed", STARTS + HOUR, ana],
    ]);
    expect(due.result[0]).toEqual(await appointments().get(sooner));
    // (after, by]: a start at `after` is not due, nor one a millisecond after `by`.
    expect((await reminders().due("day", STARTS, STARTS + HOUR)).map((item) => item.id)).toEqual([later]);
    expect((await reminders().due("hour", STARTS - 1, STARTS + HOUR - 1)).map((item) => item.id)).toEqual([sooner]);
    await reminders().remind(sooner, "day", NOW);
    expect((await reminders().due("day", STARTS - 1, STARTS + HOUR)).map((item) => item.id)).toEqual([later]);
    expect((await reminders().due("hour", STARTS - 1, STARTS + HOUR)).map((item) => item.id)).toEqual([sooner, later]);
  });

  it("remind: the row and its e-mails in one call, once; the other kind separately; sent by sent_at, then kind", async () => {
    const id = await confirmed(STARTS);
    const written = await step(() => reminders().remind(id, "hour", NOW, [mail("Soon", "ruth@example.com"), mail("Soon", "ana.feeds@example.com")]));
    expect([written.result, who(written.requests)]).toEqual([true, ["rpc.push_remind_appointment service"]]);
    expect(await double.table("appointment_reminders")).toEqual([
      { appointment_id: id, kind: "hour", sent_at: "2025-11-25T10:00:00.123+00:00", change_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(await reminders().remind(id, "hour", NOW + 1, [mail("again")])).toBe(false);
    expect(await outbox()).toEqual([
      { appointment_id: id, to_email: "ruth@example.com", subject: "Soon", created_at: NOW },
      { appointment_id: id, to_email: "ana.feeds@example.com", subject: "Soon", created_at: NOW },
    ]);
    expect(await reminders().remind(id, "day", NOW)).toBe(true);

    const sent = await step(() => reminders().sent(id));
    expect([sent.result, who(sent.requests)]).toEqual([
      [
        { kind: "day", sentAt: NOW },
        { kind: "hour", sentAt: NOW },
      ],
      ["rpc.push_appointment_reminders service"],
    ]);
    expect(await reminders().sent(id + 100)).toEqual([]);
  });

  it("never for an appointment not confirmed (requested, offered, cancelled) or none: false, storing nothing", async () => {
    const requested = await book(STARTS);
    const offered = await confirmed(STARTS + HOUR, ana, false);
    const cancelled = await confirmed(STARTS + 2 * HOUR);
    await appointments().cancel(cancelled, { basedOn: 3, by: "staff", reason: "x" }, NOW);
    for (const id of [requested, offered, cancelled, cancelled + 100]) {
      const refused = await step(() => reminders().remind(id, "day", NOW, [mail("never")]));
      expect([refused.result, who(refused.requests)], String(id)).toEqual([false, ["rpc.push_remind_appointment service"]]);
    }
    expect(await double.table("appointment_reminders")).toEqual([]);
    expect((await outbox()).filter((item) => item.subject === "never")).toEqual([]);
  });

  it("the table refuses a kind outside day and hour (its CHECK)", async () => {
    const id = await confirmed(STARTS);
    await reminders().remind(id, "day", NOW);
    await expect(double.patch("appointment_reminders", { appointment_id: id, kind: "day" }, { kind: "week" })).rejects.toThrow(
      /appointment_reminders_kind_check/,
    );
    expect(await reminders().sent(id)).toEqual([{ kind: "day", sentAt: NOW }]);
  });
});

describe("calendar feeds: one call each", () => {
  it("issued (to the millisecond), found by its hash, replaced by a new one (the old opens nothing), revoked", async () => {
    const issued = await step(() => feeds().issue(ana, hashOf("a"), NOW));
    expect([issued.result, who(issued.requests)]).toEqual([true, ["rpc.push_issue_calendar_feed service"]]);
    expect(await double.table("calendar_feeds")).toEqual([{ user_id: ana, token_hash: hashOf("a"), issued_at: "2025-11-25T10:00:00.123+00:00" }]);
    const at = await step(() => feeds().issuedAt(ana));
    expect([at.result, who(at.requests)]).toEqual([NOW, ["rpc.push_calendar_feed_issued_at service"]]);
    const owner = await step(() => feeds().ownerOf(hashOf("a")));
    expect([owner.result, who(owner.requests)]).toEqual([ana, ["rpc.push_calendar_feed_owner service"]]);

    expect(await feeds().issue(ana, hashOf("b"), NOW + 1)).toBe(true);
    expect(await double.table("calendar_feeds")).toEqual([{ user_id: ana, token_hash: hashOf("b"), issued_at: "2025-11-25T10:00:00.124+00:00" }]);
    expect([await feeds().ownerOf(hashOf("a")), await feeds().ownerOf(hashOf("b")), await feeds().issuedAt(ana)]).toEqual([null, ana, NOW + 1]);
    expect(await feeds().issuedAt(bo)).toBeNull();

    const revoked = await step(() => feeds().revoke(ana));
    expect([revoked.result, who(revoked.requests)]).toEqual([true, ["rpc.push_revoke_calendar_feed service"]]);
    expect(await feeds().revoke(ana)).toBe(false);
    expect([await feeds().ownerOf(hashOf("b")), await feeds().issuedAt(ana)]).toEqual([null, null]);
    expect(await double.table("calendar_feeds")).toEqual([]);
  });

  it("nobody's: no feed for an id without a users row; an id that is no uuid, or a hash that is no token's, without a request", async () => {
    const unknown = await step(() => feeds().issue(NOBODY, hashOf("a"), NOW));
    expect([unknown.result, who(unknown.requests)]).toEqual([false, ["rpc.push_issue_calendar_feed service"]]);
    expect(await double.table("calendar_feeds")).toEqual([]);
    const notAnId = await step(async () => [
      await feeds().issue("not-a-uuid", hashOf("a"), NOW),
      await feeds().revoke("not-a-uuid"),
      await feeds().issuedAt("not-a-uuid"),
      await feeds().appointments("not-a-uuid", 0),
      await feeds().ownerOf("not-a-hash"),
      await feeds().ownerOf(hashOf("A")),
    ]);
    expect([notAnId.result, notAnId.requests]).toEqual([[false, false, null, [], null, null], []]);
  });

  it("lists the appointments confirmed to its owner from a time (included), cancelled ones too, by start; not offered ones, not others'", async () => {
    const later = await confirmed(STARTS + 48 * HOUR);
    const sooner = await confirmed(STARTS);
    const past = await confirmed(STARTS - 48 * HOUR);
    const cancelled = await confirmed(STARTS + 24 * HOUR);
    await appointments().cancel(cancelled, { basedOn: 3, by: "staff", reason: "x" }, NOW);
    await confirmed(STARTS + 72 * HOUR, ana, false);
    await confirmed(STARTS + 12 * HOUR, bo);

    const listed = await step(() => feeds().appointments(ana, STARTS));
    expect(who(listed.requests)).toEqual(["rpc.push_calendar_feed_appointments service"]);
    expect(listed.result.map((item) => [item.id, item.status, item.startsAt])).toEqual([
      [sooner, "confirmed", STARTS],
      [cancelled, "cancelled", STARTS + 24 * HOUR],
      [later, "confirmed", STARTS + 48 * HOUR],
    ]);
    expect(listed.result[0]).toEqual(await appointments().get(sooner));
    expect((await feeds().appointments(ana, STARTS + 1)).map((item) => item.id)).toEqual([cancelled, later]);
    expect((await feeds().appointments(ana, 0)).map((item) => item.id)).toEqual([past, sooner, cancelled, later]);
    expect(await feeds().appointments(NOBODY, 0)).toEqual([]);
  });

  it("the table refuses a hash not of 64 lower-case hex characters (its CHECK) and one another feed has (unique)", async () => {
    await feeds().issue(ana, hashOf("a"), NOW);
    await feeds().issue(bo, hashOf("b"), NOW);
    await expect(double.patch("calendar_feeds", { user_id: ana }, { token_hash: hashOf("A") })).rejects.toThrow(/calendar_feeds_token_hash_check/);
    await expect(double.patch("calendar_feeds", { user_id: ana }, { token_hash: "a".repeat(63) })).rejects.toThrow(/calendar_feeds_token_hash_check/);
    await expect(double.patch("calendar_feeds", { user_id: ana }, { token_hash: hashOf("b") })).rejects.toThrow(/calendar_feeds_token_hash_key/);
    await expect(feeds().issue(ana, hashOf("b"), NOW)).rejects.toThrow();
    expect(await feeds().ownerOf(hashOf("a"))).toBe(ana);
  });

  it("removing a person removes their feed (the foreign key's cascade)", async () => {
    await feeds().issue(ana, hashOf("a"), NOW);
    await feeds().issue(bo, hashOf("b"), NOW);
    expect((await backendFor().interpreters.remove(bo)).ok).toBe(true);
    expect((await double.table<{ user_id: string }>("calendar_feeds")).map((row) => row.user_id)).toEqual([ana]);
  });
});
