// The port's contract for offers (issue 25): OfferStore — offering an appointment, the first accept winning (also at
// the same instant), the refusals (taken, expired, answered, another's offer, a double booking), declines, an
// interpreter's offers, and the unfilled flag written once. Called from d1.test.ts and supabase.test.ts; it books its
// own appointments (in 2035) and makes its own interpreters, through the port.
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import type { AppointmentMode } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
/** 2035-01-09 17:00 UTC: a Tuesday, 10:00 in Denver. */
const TUESDAY_10 = Date.UTC(2035, 0, 9, 17);

const mail = (kind: NewMail["kind"], to: string, appointmentId: number): NewMail => ({ kind, to, subject: `s-${to}`, body: "b", orderId: null, appointmentId });

export function describeOffersContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const offers = () => backend().offers;
  const appointments = () => backend().appointments;
  let languageId = 0;

  async function book(startsAt: number, mode: AppointmentMode = "on_site", minutes = 120) {
    const { from, to } = blockedBy({ start: startsAt, minutes, mode });
    const answer = await appointments().request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("ana")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode, setting: "medical", startsAt, minutes, blockedFrom: from, blockedTo: to },
        ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      Date.now(),
    );
    if (!answer.ok) throw new Error(answer.reason);
    return answer.id;
  }
  const mailsOf = async (id: number) => (await backend().mail.forAppointment(id)).map((item) => item.to).sort();

  describe(`offers — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("an offer: requested → offered (version 2), one open offer each with its deadline, the e-mails stored with it", async () => {
      const id = await book(TUESDAY_10);
      const [ana, ben] = [await newInterpreter(), await newInterpreter()];
      const now = Date.now();
      const answer = await offers().offer(id, { basedOn: 1, interpreterIds: [ana.id, ben.id, ana.id], expiresAt: now + 24 * HOUR }, now, [
        mail("appointment-offer", ana.email, id),
        mail("appointment-offer", ben.email, id),
      ]);
      expect(answer).toEqual({ ok: true, version: 2 });
      expect(await appointments().get(id)).toMatchObject({ status: "offered", version: 2, interpreter: null });
      const listed = await offers().forAppointment(id);
      expect(listed.map((offer) => offer.interpreter.id).sort()).toEqual([ana.id, ben.id].sort());
      for (const offer of listed)
        expect(offer).toMatchObject({ appointmentId: id, status: "open", offeredAt: now, expiresAt: now + 24 * HOUR, respondedAt: null });
      expect(await mailsOf(id)).toEqual([ana.email, ben.email].sort());
    });

    it("refused: a stale version, a cancelled appointment, an unknown interpreter — each storing nothing", async () => {
      const id = await book(TUESDAY_10 + 24 * HOUR);
      const ana = await newInterpreter();
      const change = { basedOn: 1, interpreterIds: [ana.id], expiresAt: Date.now() + HOUR };
      expect(await offers().offer(id, { ...change, basedOn: 7 }, Date.now(), [mail("appointment-offer", ana.email, id)])).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await offers().offer(id, { ...change, interpreterIds: [ana.id, "00000000-0000-4000-8000-000000000000"] }, Date.now())).toEqual({
        ok: false,
        reason: "unknown-interpreter",
      });
      expect(await offers().offer(id + 100_000, change, Date.now())).toEqual({ ok: false, reason: "not-found" });
      expect(await offers().forAppointment(id)).toEqual([]);
      expect(await mailsOf(id)).toEqual([]);
      await appointments().cancel(id, { basedOn: 1, by: "staff", reason: "x" }, Date.now());
      expect(await offers().offer(id, { ...change, basedOn: 2 }, Date.now())).toEqual({ ok: false, reason: "not-offerable" });
    });

    it("the first accept wins: confirmed to them, the others' offers taken, only the winner's e-mails stored", async () => {
      const id = await book(TUESDAY_10 + 2 * 24 * HOUR);
      const [ana, ben] = [await newInterpreter(), await newInterpreter()];
      await offers().offer(id, { basedOn: 1, interpreterIds: [ana.id, ben.id], expiresAt: Date.now() + HOUR }, Date.now());
      const offerOf = async (person: string) => (await offers().forAppointment(id)).find((offer) => offer.interpreter.id === person)!.id;
      const [anaOffer, benOffer] = [await offerOf(ana.id), await offerOf(ben.id)];

      const now = Date.now();
      expect(await offers().accept(anaOffer, ana.id, now, [mail("appointment-confirmed", "customer@example.com", id)])).toEqual({
        ok: true,
        appointmentId: id,
        version: 3,
      });
      expect(await offers().accept(benOffer, ben.id, now, [mail("appointment-confirmed", "never@example.com", id)])).toEqual({ ok: false, reason: "taken" });
      expect(await appointments().get(id)).toMatchObject({ status: "confirmed", version: 3, interpreter: { id: ana.id } });
      const statuses = Object.fromEntries((await offers().forAppointment(id)).map((offer) => [offer.interpreter.id, [offer.status, offer.respondedAt]]));
      expect(statuses).toEqual({ [ana.id]: ["accepted", now], [ben.id]: ["taken", now] });
      expect(await mailsOf(id)).toEqual(["customer@example.com"]);
      // Answered already: accepting again or declining changes nothing.
      expect(await offers().accept(anaOffer, ana.id, Date.now())).toEqual({ ok: false, reason: "answered" });
      expect(await offers().decline(anaOffer, ana.id, Date.now())).toEqual({ ok: false, reason: "answered" });
      expect(await offers().accept(benOffer, ben.id, Date.now())).toEqual({ ok: false, reason: "taken" });
    });

    it("two accepts at the same instant: exactly one is confirmed, the other is told it was taken", async () => {
      for (let round = 0; round < 3; round++) {
        const id = await book(TUESDAY_10 + (3 + round) * 24 * HOUR);
        const people = [await newInterpreter(), await newInterpreter(), await newInterpreter()];
        await offers().offer(id, { basedOn: 1, interpreterIds: people.map((person) => person.id), expiresAt: Date.now() + HOUR }, Date.now());
        const listed = await offers().forAppointment(id);
        const now = Date.now();
        const answers = await Promise.all(listed.map((offer) => offers().accept(offer.id, offer.interpreter.id, now)));
        expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
        expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.reason)).toEqual(["taken", "taken"]);
        const winner = listed[answers.findIndex((answer) => answer.ok)]!.interpreter.id;
        expect((await appointments().get(id))!.interpreter?.id).toBe(winner);
      }
    });

    it("an accept that would double-book the interpreter is refused, and the appointment stays offered", async () => {
      const ana = await newInterpreter();
      const first = await book(TUESDAY_10 + 10 * 24 * HOUR);
      // On site, 10:00–12:00 and 12:30–14:30: the travel buffers (30 minutes each side) overlap.
      const second = await book(TUESDAY_10 + 10 * 24 * HOUR + 2.5 * HOUR);
      const deadline = Date.now() + HOUR;
      await offers().offer(first, { basedOn: 1, interpreterIds: [ana.id], expiresAt: deadline }, Date.now());
      await offers().offer(second, { basedOn: 1, interpreterIds: [ana.id], expiresAt: deadline }, Date.now());
      const [firstOffer] = await offers().forAppointment(first);
      const [secondOffer] = await offers().forAppointment(second);
      expect((await offers().accept(firstOffer!.id, ana.id, Date.now())).ok).toBe(true);
      expect(await offers().accept(secondOffer!.id, ana.id, Date.now(), [mail("appointment-confirmed", "never@example.com", second)])).toEqual({
        ok: false,
        reason: "conflict",
      });
      expect(await appointments().get(second)).toMatchObject({ status: "offered", interpreter: null, version: 2 });
      expect((await offers().forAppointment(second))[0]!.status).toBe("open");
      expect(await mailsOf(second)).toEqual([]);
    });

    it("an expired offer cannot be accepted; another's offer is not found; a declined one is answered", async () => {
      const id = await book(TUESDAY_10 + 11 * 24 * HOUR);
      const [ana, ben] = [await newInterpreter(), await newInterpreter()];
      const now = Date.now();
      await offers().offer(id, { basedOn: 1, interpreterIds: [ana.id, ben.id], expiresAt: now + HOUR }, now);
      const listed = await offers().forAppointment(id);
      const anaOffer = listed.find((offer) => offer.interpreter.id === ana.id)!.id;
      const benOffer = listed.find((offer) => offer.interpreter.id === ben.id)!.id;
      expect(await offers().accept(anaOffer, ana.id, now + HOUR)).toEqual({ ok: false, reason: "expired" });
      expect(await offers().accept(anaOffer, ben.id, now)).toEqual({ ok: false, reason: "not-found" });
      expect(await offers().get(anaOffer, ben.id)).toBeNull();
      expect(await offers().decline(benOffer, ben.id, now)).toEqual({ ok: true });
      expect(await offers().decline(benOffer, ben.id, now)).toEqual({ ok: false, reason: "answered" });
      expect(await offers().accept(benOffer, ben.id, now)).toEqual({ ok: false, reason: "answered" });
      expect(await offers().decline(anaOffer, ben.id, now)).toEqual({ ok: false, reason: "not-found" });
      expect(await appointments().get(id)).toMatchObject({ status: "offered" });
    });

    it("an interpreter's offers: open ones before their deadline, and those answered or taken since a time", async () => {
      const ana = await newInterpreter();
      const ben = await newInterpreter();
      const [open, taken] = [await book(TUESDAY_10 + 12 * 24 * HOUR), await book(TUESDAY_10 + 13 * 24 * HOUR)];
      const now = Date.now();
      await offers().offer(open, { basedOn: 1, interpreterIds: [ana.id], expiresAt: now + HOUR }, now);
      await offers().offer(taken, { basedOn: 1, interpreterIds: [ana.id, ben.id], expiresAt: now + HOUR }, now);
      const benOffer = (await offers().forAppointment(taken)).find((offer) => offer.interpreter.id === ben.id)!;
      await offers().accept(benOffer.id, ben.id, now);
      const mine = await offers().forInterpreter(ana.id, now, now - HOUR);
      expect(mine.map((job) => [job.appointment.id, job.status])).toEqual([
        [open, "open"],
        [taken, "taken"],
      ]);
      expect(mine[0]!.appointment).toMatchObject({ id: open, status: "offered", startsAt: TUESDAY_10 + 12 * 24 * HOUR });
      expect(await offers().get(mine[0]!.id, ana.id)).toEqual(mine[0]);
      // Past the deadline the open one is gone; answered before `since`, the taken one too.
      expect((await offers().forInterpreter(ana.id, now + HOUR, now + 1)).map((job) => job.appointment.id)).toEqual([]);
    });

    it("unfilled at the deadline: flagged once with its e-mail, however often asked; offering again starts over", async () => {
      const id = await book(TUESDAY_10 + 14 * 24 * HOUR);
      const ana = await newInterpreter();
      const now = Date.now();
      await offers().offer(id, { basedOn: 1, interpreterIds: [ana.id], expiresAt: now + HOUR }, now);
      expect((await offers().unfilledDue(now + HOUR - 1)).map((item) => item.id)).not.toContain(id);
      expect((await offers().unfilledDue(now + HOUR)).map((item) => item.id)).toContain(id);
      const flags = await Promise.all([1, 2, 3].map(() => offers().flagUnfilled(id, now + HOUR, [mail("appointment-unfilled", "staff@example.com", id)])));
      expect(flags.filter(Boolean)).toHaveLength(1);
      expect(await offers().flagUnfilled(id, now + 2 * HOUR, [mail("appointment-unfilled", "staff@example.com", id)])).toBe(false);
      expect(await mailsOf(id)).toEqual(["staff@example.com"]);
      expect(await offers().unfilledSince(id)).toBe(now + HOUR);
      expect((await offers().unfilledDue(now + 2 * HOUR)).map((item) => item.id)).not.toContain(id);

      await offers().offer(id, { basedOn: 2, interpreterIds: [ana.id], expiresAt: now + 3 * HOUR }, now + 2 * HOUR);
      expect(await offers().unfilledSince(id)).toBeNull();
      expect(await offers().flagUnfilled(id, now + 2 * HOUR)).toBe(false);
      expect((await offers().unfilledDue(now + 3 * HOUR)).map((item) => item.id)).toContain(id);
    });

    it("everyone declining before the deadline leaves it unfilled too; a confirmed one never is", async () => {
      const id = await book(TUESDAY_10 + 15 * 24 * HOUR);
      const ana = await newInterpreter();
      const now = Date.now();
      await offers().offer(id, { basedOn: 1, interpreterIds: [ana.id], expiresAt: now + HOUR }, now);
      const [offer] = await offers().forAppointment(id);
      await offers().decline(offer!.id, ana.id, now);
      expect((await offers().unfilledDue(now)).map((item) => item.id)).toContain(id);
      const other = await book(TUESDAY_10 + 16 * 24 * HOUR);
      await offers().offer(other, { basedOn: 1, interpreterIds: [ana.id], expiresAt: now + HOUR }, now);
      const [otherOffer] = await offers().forAppointment(other);
      await offers().accept(otherOffer!.id, ana.id, now);
      expect(await offers().flagUnfilled(other, now + 2 * HOUR)).toBe(false);
    });
  });
}
