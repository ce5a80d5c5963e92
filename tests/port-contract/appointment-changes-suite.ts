// The port's contract for staff changes of an appointment (issue 25): AppointmentStore.change — a compare-and-set on
// the version that stores every detail; a confirmed appointment kept only while its interpreter has no other confirmed
// work overlapping it (the database refuses it otherwise), or released back to requested with a new round of offers;
// the reminders reset when the start moves; its e-mails only with the change that wins. Called from d1.test.ts and
// supabase.test.ts; it books its own appointments (in 2036) and makes its own interpreters, through the port.
import { beforeAll, describe, expect, it } from "vitest";
import type { DetailsChange } from "~/backend/port-appointments.server";
import { blockedBy } from "~/domain/appointment-times";
import type { AppointmentDetails, AppointmentMode } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
/** 2036-01-08 17:00:00.250 UTC: a Tuesday, 10:00 in Denver, with a millisecond that must survive the round trip. */
const TUESDAY_10 = Date.UTC(2036, 0, 8, 17) + 250;
const DAY = 24 * HOUR;

const mail = (subject: string, to = "ana@example.com"): NewMail => ({ kind: "appointment-changed", to, subject, body: "Body", orderId: null });

/** The details of a booking at `startsAt`, its span computed as the app does. */
function details(startsAt: number, overrides: Partial<AppointmentDetails> = {}, mode: AppointmentMode = "on_site", minutes = 120): AppointmentDetails {
  const { from, to } = blockedBy({ start: startsAt, minutes, mode });
  return {
    contact: { name: "Ana Ruiz", email: "ana@example.com", phone: "+1 303 555 0100", organisation: "Clinic" },
    ...{ mode, setting: "medical", startsAt, minutes, blockedFrom: from, blockedTo: to },
    ...{ address: mode === "on_site" ? "1 Main St" : "", callNumber: mode === "phone" ? "+1 303 555 0111" : "", notes: "", genderPreference: null },
    ...overrides,
  };
}

export function describeAppointmentChangesContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const appointments = () => backend().appointments;
  let languageId = 0;

  async function book(startsAt: number) {
    const answer = await appointments().request(
      { ...details(startsAt), languageId, locale: "en", tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      Date.now(),
    );
    if (!answer.ok) throw new Error(answer.reason);
    return answer.id;
  }

  /** Booked, offered to `people` and accepted by the first: confirmed to them at version 3. */
  async function confirmed(startsAt: number, people: { id: string }[]) {
    const id = await book(startsAt);
    const offered = await backend().offers.offer(id, { basedOn: 1, interpreterIds: people.map((p) => p.id), expiresAt: Date.now() + DAY }, Date.now());
    expect(offered).toEqual({ ok: true, version: 2 });
    const offer = (await backend().offers.forAppointment(id)).find((item) => item.interpreter.id === people[0]!.id)!;
    expect(await backend().offers.accept(offer.id, people[0]!.id, Date.now())).toMatchObject({ ok: true, version: 3 });
    return id;
  }

  const change = (id: number, basedOn: number, next: AppointmentDetails, release = false, mails: NewMail[] = [], now = Date.now()) =>
    appointments().change(id, { basedOn, details: next, release } satisfies DetailsChange, now, mails);
  const subjects = async (id: number) => (await backend().mail.forAppointment(id)).map((item) => item.subject).sort();

  describe(`appointment changes — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("a requested appointment: every detail stored, the version grown, its e-mails with it; stale, unknown and cancelled refused, storing nothing", async () => {
      const id = await book(TUESDAY_10);
      const now = Date.now() + 1_000;
      const next = details(
        TUESDAY_10 + DAY + 15 * 60_000,
        {
          contact: { name: "Ana R.", email: "ana.r@example.com", phone: "+1 303 555 0199", organisation: "" },
          setting: "legal",
          notes: "Court room 2",
          genderPreference: "male",
        },
        "phone",
        90,
      );
      expect(await change(id, 2, next, false, [mail("stale")])).toEqual({ ok: false, reason: "stale" });
      expect(await change(id + 100_000, 1, next)).toEqual({ ok: false, reason: "not-found" });
      expect(await change(id, 1, next, false, [mail("Changed")], now)).toEqual({ ok: true, version: 2, status: "requested" });
      expect(await appointments().get(id)).toMatchObject({
        ...next,
        startsAt: TUESDAY_10 + DAY + 15 * 60_000,
        blockedFrom: TUESDAY_10 + DAY + 15 * 60_000,
        blockedTo: TUESDAY_10 + DAY + 105 * 60_000,
        status: "requested",
        version: 2,
        updatedAt: now,
        interpreter: null,
      });
      expect(await change(id, 1, details(TUESDAY_10), false, [mail("late")])).toEqual({ ok: false, reason: "stale" });
      expect(await appointments().cancel(id, { basedOn: 2, by: "staff", reason: "x" }, Date.now())).toMatchObject({ ok: true, version: 3 });
      expect(await change(id, 3, details(TUESDAY_10), false, [mail("cancelled")])).toEqual({ ok: false, reason: "not-changeable" });
      expect(await subjects(id)).toEqual(["Changed"]);
      expect(await appointments().get(id)).toMatchObject({ status: "cancelled", notes: "Court room 2" });
    });

    it("a confirmed appointment kept: still theirs at the new time; one that would overlap their other work is refused as a conflict, storing nothing", async () => {
      const ana = await newInterpreter();
      const first = await confirmed(TUESDAY_10 + 3 * DAY, [ana]);
      const second = await confirmed(TUESDAY_10 + 3 * DAY + 4 * HOUR, [ana]);
      // Later the same day, clear of the other job: kept.
      expect(await change(first, 3, details(TUESDAY_10 + 3 * DAY + 8 * HOUR, { notes: "Later" }), false, [mail("Moved")])).toEqual({
        ok: true,
        version: 4,
        status: "confirmed",
      });
      expect(await appointments().get(first)).toMatchObject({ status: "confirmed", interpreter: { id: ana.id }, notes: "Later", version: 4 });
      // Onto the second job's time (its travel buffer counted): the database refuses to keep both confirmed.
      const clash = details(TUESDAY_10 + 3 * DAY + 5 * HOUR);
      expect(await change(first, 4, clash, false, [mail("Clash")])).toEqual({ ok: false, reason: "conflict" });
      expect(await appointments().get(first)).toMatchObject({ status: "confirmed", version: 4, startsAt: TUESDAY_10 + 3 * DAY + 8 * HOUR });
      expect(await subjects(first)).toEqual(["Moved"]);
      // Released instead, the same time is no conflict: it is nobody's now.
      expect(await change(first, 4, clash, true)).toEqual({ ok: true, version: 5, status: "requested" });
      expect(await appointments().get(second)).toMatchObject({ status: "confirmed", interpreter: { id: ana.id } });
    });

    it("released: back to requested with no interpreter, the accepted and taken offers and the unfilled flag gone, declines kept — offered again afresh", async () => {
      const [ana, ben, cy] = [await newInterpreter(), await newInterpreter(), await newInterpreter()];
      const id = await book(TUESDAY_10 + 5 * DAY);
      await backend().offers.offer(id, { basedOn: 1, interpreterIds: [ana.id, ben.id, cy.id], expiresAt: Date.now() + DAY }, Date.now());
      const offerOf = async (person: string) => (await backend().offers.forAppointment(id)).find((offer) => offer.interpreter.id === person)!.id;
      expect(await backend().offers.decline(await offerOf(cy.id), cy.id, Date.now())).toEqual({ ok: true });
      expect(await backend().offers.accept(await offerOf(ana.id), ana.id, Date.now())).toMatchObject({ ok: true, version: 3 });
      const answer = await change(id, 3, details(TUESDAY_10 + 5 * DAY + 2 * HOUR), true, [mail("To the customer"), mail("To Ana", ana.email)]);
      expect(answer).toEqual({ ok: true, version: 4, status: "requested" });
      expect(await appointments().get(id)).toMatchObject({ status: "requested", interpreter: null, version: 4 });
      expect((await backend().offers.forAppointment(id)).map((offer) => [offer.interpreter.id, offer.status])).toEqual([[cy.id, "declined"]]);
      expect(await subjects(id)).toEqual(["To Ana", "To the customer"]);
      // A new round: offered again, and someone accepts it.
      expect(await backend().offers.offer(id, { basedOn: 4, interpreterIds: [ben.id], expiresAt: Date.now() + DAY }, Date.now())).toEqual({
        ok: true,
        version: 5,
      });
      expect(await backend().offers.accept(await offerOf(ben.id), ben.id, Date.now())).toMatchObject({ ok: true, version: 6 });
      expect(await appointments().get(id)).toMatchObject({ status: "confirmed", interpreter: { id: ben.id } });
    });

    it("the reminders: kept when only the details change, reset when the start moves or it is released, then written once again", async () => {
      const ana = await newInterpreter();
      const start = TUESDAY_10 + 7 * DAY;
      const id = await confirmed(start, [ana]);
      const remindAt = start - 20 * HOUR;
      expect(await backend().reminders.remind(id, "day", remindAt)).toBe(true);
      expect(await change(id, 3, details(start, { notes: "Bring the file" }))).toMatchObject({ ok: true, version: 4 });
      expect((await backend().reminders.sent(id)).map((sent) => sent.kind)).toEqual(["day"]);
      expect(await backend().reminders.remind(id, "day", remindAt)).toBe(false);

      expect(await change(id, 4, details(start + 30 * 60_000, { notes: "Bring the file" }))).toMatchObject({ ok: true, version: 5, status: "confirmed" });
      expect(await backend().reminders.sent(id)).toEqual([]);
      expect(await backend().reminders.remind(id, "day", remindAt)).toBe(true);
      expect(await backend().reminders.remind(id, "day", remindAt + 60_000)).toBe(false);

      expect(await change(id, 5, details(start + 30 * 60_000), true)).toMatchObject({ ok: true, version: 6, status: "requested" });
      expect(await backend().reminders.sent(id)).toEqual([]);
    });
  });
}
