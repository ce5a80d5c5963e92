// The port's contract for ratings (issue 27, build item 4; docs/decisions/0040): RatingStore with two organisations —
// a requester rates their organisation's appointment or answered call once it took place, changes it within 7 days and
// not after, and reads nothing of another organisation's (0 rows across); staff read an interpreter's average, count
// and latest comments and the low ratings, with the organisation and never the rater; an interpreter reads their own
// figures. Called from d1.test.ts and supabase.test.ts, each with its way of making a requester (no invitation yet).
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { RATING_EDIT_MS, type RatingTarget } from "~/domain/ratings";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
const PAST = Date.UTC(2024, 4, 6, 14);
const NOW = Date.UTC(2024, 5, 1, 12);

export type RequesterFixture = { accountId: string; email: string; organisationId: number; customerId: number };
export type RatingsTarget = ContractTarget & {
  /** A requester of the organisation of this name (made when missing), with their customers row joined to it. */
  addRequester: (organisation: string) => Promise<RequesterFixture>;
};

export function describeRatingsContract(target: RatingsTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const ratings = () => backend().ratings;
  let languageId = 0;
  let slot = 0;
  /** A past start of its own (an interpreter holds one appointment at a time). */
  const past = () => PAST + slot++ * 24 * HOUR;

  /** An on-site appointment booked by `email` at `startsAt`; confirmed to `interpreterId` unless null: its id. */
  async function appointmentOf(email: string, startsAt: number, interpreterId: string | null) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "on_site" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "on_site", setting: "medical", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      startsAt - 7 * 24 * HOUR,
    );
    if (!made.ok) throw new Error(made.reason);
    if (interpreterId !== null) {
      await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreterId], expiresAt: startsAt }, startsAt - 2 * HOUR);
      const [offer] = await backend().offers.forAppointment(made.id);
      if (!(await backend().offers.accept(offer!.id, interpreterId, startsAt - HOUR)).ok) throw new Error("not accepted");
    }
    return { kind: "appointment", id: made.id } as const;
  }

  /** A call of `customerId` at `at`, answered by the interpreter or missed: its target. */
  async function callOf(customerId: number, at: number, interpreter: { id: string; name: string } | null) {
    const id = crypto.randomUUID();
    await backend().calls.record({
      ...{ id, languageId, language: "Spanish", type: "video", callerName: "Caller", customerId },
      interpreterId: interpreter?.id ?? null,
      interpreterName: interpreter?.name ?? null,
      outcome: interpreter ? "answered" : "missed",
      requestedAt: at,
      answeredAt: interpreter ? at + 5_000 : null,
      endedAt: at + 600_000,
    });
    return { kind: "call", id } as const;
  }

  describe(`ratings — ${target.name} adapter`, () => {
    const clinic = unique("Clinic A");
    const firm = unique("Firm B");
    let a1: RequesterFixture;
    let a2: RequesterFixture;
    let b1: RequesterFixture;
    let person: { id: string };

    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
      a1 = await target.addRequester(clinic);
      a2 = await target.addRequester(clinic);
      b1 = await target.addRequester(firm);
      person = await newInterpreter();
    });

    const rate = (who: RequesterFixture, item: RatingTarget, score: number, comment: string, now = NOW) =>
      ratings().rate({ orgId: who.organisationId, accountId: who.accountId, target: item, score, comment, now });

    it("a requester rates their organisation's past appointment once, reads it back, and changes it within 7 days", async () => {
      const startsAt = past();
      const item = await appointmentOf(a1.email, startsAt, person.id);
      const before = await ratings().ratingOf(a1.organisationId, a1.accountId, item);
      expect(before).toMatchObject({ item: { kind: "appointment", id: String(item.id), startsAt, endsAt: startsAt + HOUR, done: true }, rating: null });

      const first = await rate(a1, item, 4, "Clear and on time.");
      expect(first).toEqual({ ok: true, rating: { score: 4, comment: "Clear and on time.", createdAt: NOW, updatedAt: NOW } });
      const changed = await rate(a1, item, 5, "Even better on reflection.", NOW + RATING_EDIT_MS - 1);
      expect(changed).toEqual({ ok: true, rating: { score: 5, comment: "Even better on reflection.", createdAt: NOW, updatedAt: NOW + RATING_EDIT_MS - 1 } });
      expect((await ratings().ratingOf(a1.organisationId, a1.accountId, item))!.rating).toMatchObject({ score: 5 });
      // Still one rating of that rater: the change replaced it.
      expect(await ratings().ownAverage(person.id)).toEqual({ average: 5, count: 1 });

      // A colleague's rating is their own, beside it; they see none of the first one's.
      expect((await ratings().ratingOf(a2.organisationId, a2.accountId, item))!.rating).toBeNull();
      expect(await rate(a2, item, 2, "")).toMatchObject({ ok: true });
      expect(await ratings().ownAverage(person.id)).toEqual({ average: 3.5, count: 2 });
    });

    it("is fixed 7 days after it was first given: refused, and nothing changes", async () => {
      const item = await appointmentOf(a1.email, past(), person.id);
      expect(await rate(a1, item, 3, "Fine.")).toMatchObject({ ok: true });
      expect(await rate(a1, item, 1, "Changed my mind.", NOW + RATING_EDIT_MS)).toEqual({ ok: false, reason: "locked" });
      expect((await ratings().ratingOf(a1.organisationId, a1.accountId, item))!.rating).toEqual({
        score: 3,
        comment: "Fine.",
        createdAt: NOW,
        updatedAt: NOW,
      });
    });

    it("another organisation's item is not found, by id or with the wrong organisation, and none is stored", async () => {
      const item = await appointmentOf(a1.email, past(), person.id);
      const call = await callOf(a1.customerId, PAST, { id: person.id, name: "P" });
      const before = await ratings().ownAverage(person.id);
      for (const target of [item, call]) {
        expect(await ratings().ratingOf(b1.organisationId, b1.accountId, target)).toBeNull();
        expect(await rate(b1, target, 1, "Not ours.")).toEqual({ ok: false, reason: "not-found" });
        // Firm B's requester naming Clinic A's organisation is not one of its requesters.
        expect(await ratings().rate({ orgId: a1.organisationId, accountId: b1.accountId, target, score: 1, comment: "", now: NOW })).toEqual({
          ok: false,
          reason: "not-found",
        });
      }
      expect(await rate(a1, { kind: "appointment", id: 987_654_321 }, 4, "")).toEqual({ ok: false, reason: "not-found" });
      expect(await rate(a1, { kind: "call", id: "no-such-call" }, 4, "")).toEqual({ ok: false, reason: "not-found" });
      expect(await ratings().ownAverage(person.id)).toEqual(before);
    });

    it("only what took place can be rated: not before its end, not without an interpreter, not a missed call", async () => {
      const future = await appointmentOf(a1.email, NOW + 24 * HOUR, person.id);
      const unassigned = await appointmentOf(a1.email, past(), null);
      const missed = await callOf(a1.customerId, PAST, null);
      for (const item of [future, unassigned, missed]) {
        expect(await rate(a1, item, 4, "")).toEqual({ ok: false, reason: "not-rateable" });
        expect((await ratings().ratingOf(a1.organisationId, a1.accountId, item))!.rating).toBeNull();
      }
      expect((await ratings().ratingOf(a1.organisationId, a1.accountId, future))!.item.done).toBe(true);
      expect((await ratings().ratingOf(a1.organisationId, a1.accountId, unassigned))!.item.done).toBe(false);
      // Once its end has passed, the same appointment can be rated.
      expect(await rate(a1, future, 4, "", NOW + 25 * HOUR)).toMatchObject({ ok: true });
    });

    it("staff read an interpreter's average, count and latest comments with the organisation; the low ones are flagged", async () => {
      const other = await newInterpreter();
      const call = await callOf(b1.customerId, PAST, { id: other.id, name: "Other" });
      const item = await appointmentOf(a1.email, past(), other.id);
      const low = unique("Late and unprepared");
      expect(await rate(b1, call, 2, low, NOW)).toMatchObject({ ok: true });
      expect(await rate(a1, item, 5, "", NOW + 1000)).toMatchObject({ ok: true });
      const read = await ratings().forInterpreter(other.id);
      expect(read).toMatchObject({ average: 3.5, count: 2 });
      // Only ratings with a comment are listed, and none names the requester.
      expect(read.latest).toEqual([
        { kind: "call", score: 2, comment: low, at: NOW, organisationName: firm, interpreterId: other.id, interpreterName: expect.any(String) },
      ]);
      expect(JSON.stringify(read)).not.toContain(b1.email);
      expect(JSON.stringify(read)).not.toContain(b1.accountId);

      const flagged = await ratings().lowRatings({ page: 1 });
      expect(flagged.items.find((rating) => rating.comment === low)).toMatchObject({ score: 2, organisationName: firm, interpreterId: other.id });
      expect(flagged.items.every((rating) => rating.score <= 2)).toBe(true);
      expect(flagged.total).toBeGreaterThanOrEqual(1);
      expect(await ratings().ownAverage(other.id)).toEqual({ average: 3.5, count: 2 });
      expect(await ratings().forInterpreter((await newInterpreter()).id)).toEqual({ average: null, count: 0, latest: [] });
    });
  });
}
