// Reminders of a confirmed appointment (issue 25) against a real D1, with a controlled clock: a day and an hour before
// the start, to the customer and the interpreter, each written once however often (or late) the cron runs; none for a
// cancelled or unconfirmed appointment; the customer's link only when the site's address is configured.
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { sendReminders } from "~/features/appointments/reminders.server";
import { backendFor, languageId, seed } from "./helpers";

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A Tuesday in 2036, 10:00 in Denver. */
const START = Date.UTC(2036, 0, 8, 17);
let spanish = 0;
let interpreter = { id: "", email: "" };
let tokens = 0;

async function confirmed(startsAt: number, { confirm = true } = {}) {
  const backend = backendFor();
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const made = await backend.appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana.reminders@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "video" as const, setting: "business" as const, startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "ar" as const },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "c"), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  await backend.offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreter.id], expiresAt: startsAt }, Date.now());
  if (confirm) {
    const [offer] = await backend.offers.forAppointment(made.id);
    const accepted = await backend.offers.accept(offer!.id, interpreter.id, Date.now());
    if (!accepted.ok) throw new Error(accepted.reason);
  }
  return made.id;
}
const reminderMails = async (id: number) =>
  (await backendFor().mail.forAppointment(id)).filter((mail) => mail.kind.startsWith("appointment-reminder")).map((mail) => [mail.kind, mail.to]);
const cron = (now: number, site: string | null = null) => sendReminders(backendFor(), now, site);

beforeAll(async () => {
  await seed();
  spanish = await languageId("Spanish");
  const created = await backendFor().interpreters.create({
    fullName: "Rita Reminder",
    gender: "",
    email: "rita.reminder@example.com",
    phone: "",
    password: "rita-Password-1",
  });
  if (!created.ok) throw new Error(created.reason);
  interpreter = { id: created.id, email: "rita.reminder@example.com" };
});

describe("reminders", () => {
  it("the day's reminder goes once at 24 hours, the hour's once at 1 hour, to both, with the cron run twice each time", async () => {
    const id = await confirmed(START);
    expect(await cron(START - 24 * HOUR - MINUTE)).toEqual([]);
    expect(await cron(START - 24 * HOUR)).toEqual([{ appointmentId: id, kind: "day" }]);
    expect(await cron(START - 24 * HOUR)).toEqual([]);
    expect(await cron(START - 3 * HOUR)).toEqual([]);
    expect(await reminderMails(id)).toEqual([
      ["appointment-reminder-interpreter", interpreter.email],
      ["appointment-reminder", "ana.reminders@example.com"],
    ]);
    expect(await cron(START - HOUR - MINUTE)).toEqual([]);
    expect(await cron(START - HOUR + MINUTE)).toEqual([{ appointmentId: id, kind: "hour" }]);
    expect(await cron(START - HOUR + 2 * MINUTE)).toEqual([]);
    expect(await cron(START + MINUTE)).toEqual([]);
    expect((await reminderMails(id)).length).toBe(4);
    expect((await backendFor().reminders.sent(id)).map((sent) => [sent.kind, sent.sentAt])).toEqual([
      ["day", START - 24 * HOUR],
      ["hour", START - HOUR + MINUTE],
    ]);
  });

  it("two crons at the same instant write each reminder once", async () => {
    const id = await confirmed(START + 2 * 24 * HOUR);
    const runs = await Promise.all([cron(START + 24 * HOUR + 30 * MINUTE), cron(START + 24 * HOUR + 30 * MINUTE)]);
    expect(runs.flat()).toEqual([{ appointmentId: id, kind: "day" }]);
    expect((await reminderMails(id)).length).toBe(2);
  });

  it("a cron that was down past the day's window sends the hour's only; none for an unconfirmed or cancelled appointment", async () => {
    const late = await confirmed(START + 4 * 24 * HOUR);
    expect(await cron(START + 4 * 24 * HOUR - 30 * MINUTE)).toEqual([{ appointmentId: late, kind: "hour" }]);
    const offered = await confirmed(START + 6 * 24 * HOUR, { confirm: false });
    const cancelled = await confirmed(START + 8 * 24 * HOUR);
    const version = (await backendFor().appointments.get(cancelled))!.version;
    await backendFor().appointments.cancel(cancelled, { basedOn: version, by: "staff", reason: "x" }, Date.now());
    expect(await cron(START + 6 * 24 * HOUR - 12 * HOUR)).toEqual([]);
    expect(await cron(START + 8 * 24 * HOUR - 12 * HOUR)).toEqual([]);
    expect(await reminderMails(offered)).toEqual([]);
    expect(await reminderMails(cancelled)).toEqual([]);
  });

  it("the customer reads it in their language, with their page's link only when the site's address is set", async () => {
    const withSite = await confirmed(START + 10 * 24 * HOUR);
    await cron(START + 10 * 24 * HOUR - 23 * HOUR, "https://push.example");
    const mails = await backendFor().mail.forAppointment(withSite);
    const customer = mails.find((mail) => mail.kind === "appointment-reminder")!;
    expect(customer.subject).toMatch(/^تذكير: يبدأ A-0+\d+ خلال يوم$/);
    expect(customer.body).toContain("https://push.example/ar/Book/{appointment-link-token}");
    expect(customer.body).toContain("Rita");
    const theirs = mails.find((mail) => mail.kind === "appointment-reminder-interpreter")!;
    expect(theirs.subject).toMatch(/^Reminder: A-0+\d+ starts within a day/);

    const withoutSite = await confirmed(START + 12 * 24 * HOUR);
    await cron(START + 12 * 24 * HOUR - 23 * HOUR, null);
    const body = (await backendFor().mail.forAppointment(withoutSite)).find((mail) => mail.kind === "appointment-reminder")!.body;
    expect(body).toContain("(صفحة موعدك: افتح الرابط من رسالتنا الأولى.)");
    expect(body).not.toContain("{appointment-link-token}");
  });
});
