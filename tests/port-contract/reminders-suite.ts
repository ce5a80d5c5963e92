// The port's contract for reminders (issue 25): ReminderStore — which confirmed appointments a reminder is due for,
// and writing one with its e-mails at most once per appointment and kind (also when asked at the same instant).
// Called from d1.test.ts and supabase.test.ts; it books and confirms its own appointments (in 2037) through the port.
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import type { NewMail } from "~/domain/mail";
import { sha256Hex } from "~/platform/core/hash.server";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
const START = Date.UTC(2037, 2, 3, 17);

export function describeRemindersContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const reminders = () => backend().reminders;
  let languageId = 0;

  async function appointment(startsAt: number, confirm: boolean) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "phone" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("ana")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "phone", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "+1 303 555 0111", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      Date.now(),
    );
    if (!made.ok) throw new Error(made.reason);
    if (!confirm) return made.id;
    const person = await newInterpreter();
    await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [person.id], expiresAt: startsAt }, Date.now());
    const [offer] = await backend().offers.forAppointment(made.id);
    const accepted = await backend().offers.accept(offer!.id, person.id, Date.now());
    if (!accepted.ok) throw new Error(accepted.reason);
    return made.id;
  }
  const mail = (id: number, to: string): NewMail => ({ kind: "appointment-reminder", to, subject: "s", body: "b", orderId: null, appointmentId: id });
  const dueIds = async (kind: "day" | "hour", after: number, by: number) => (await reminders().due(kind, after, by)).map((item) => item.id);

  describe(`reminders — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("due: confirmed appointments starting in (after, by], by start, without that kind's reminder", async () => {
      const first = await appointment(START, true);
      const second = await appointment(START + HOUR, true);
      const unconfirmed = await appointment(START + HOUR / 2, false);
      expect(await dueIds("day", START - 1, START + HOUR)).toEqual([first, second]);
      expect(await dueIds("day", START, START + HOUR)).toEqual([second]);
      expect(await dueIds("day", START - 1, START + HOUR - 1)).toEqual([first]);
      expect(await dueIds("hour", START - 1, START + HOUR)).toEqual([first, second]);
      expect(await dueIds("day", START - 1, START + HOUR)).not.toContain(unconfirmed);
    });

    it("remind: the row and its e-mails once; the other kind separately; never for an unconfirmed appointment", async () => {
      const id = await appointment(START + 24 * HOUR, true);
      const now = Date.now();
      expect(await reminders().remind(id, "day", now, [mail(id, "customer@example.com")])).toBe(true);
      expect(await reminders().remind(id, "day", now + 1, [mail(id, "again@example.com")])).toBe(false);
      expect(await dueIds("day", START + 23 * HOUR, START + 25 * HOUR)).not.toContain(id);
      expect(await dueIds("hour", START + 23 * HOUR, START + 25 * HOUR)).toContain(id);
      expect(await reminders().remind(id, "hour", now + 2)).toBe(true);
      expect(await reminders().sent(id)).toEqual([
        { kind: "day", sentAt: now },
        { kind: "hour", sentAt: now + 2 },
      ]);
      expect((await backend().mail.forAppointment(id)).map((item) => item.to)).toEqual(["customer@example.com"]);
      const unconfirmed = await appointment(START + 26 * HOUR, false);
      expect(await reminders().remind(unconfirmed, "day", now, [mail(unconfirmed, "never@example.com")])).toBe(false);
      expect(await reminders().sent(unconfirmed)).toEqual([]);
      expect(await backend().mail.forAppointment(unconfirmed)).toEqual([]);
    });

    it("asked at the same instant three times: written once, with one set of e-mails", async () => {
      const id = await appointment(START + 48 * HOUR, true);
      const now = Date.now();
      const answers = await Promise.all([1, 2, 3].map((n) => reminders().remind(id, "hour", now, [mail(id, `run${n}@example.com`)])));
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await backend().mail.forAppointment(id)).toHaveLength(1);
    });
  });
}
