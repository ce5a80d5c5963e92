// The interpreter's .ics of an appointment confirmed to them (issue 25: "confirmation to the customer and the
// interpreter, with an .ics"), against a real D1: the confirmation e-mail links to it; the interpreter downloads it
// signed in, read back with ical.js (the same event as the customer's: UID and SEQUENCE); anyone else signed in, staff
// included, gets 404; signed out, the sign-in page.
import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { confirmedMails } from "~/features/appointments/offer-mail.server";
import * as icsRoute from "~/routes/dashboard/job-appointment-ics";
import { backendFor, cookieOf, languageId, seed, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get } = browser({ addresses: addressesIn(188), headers: { Origin: ORIGIN } });
const PASSWORD = "ics-Password-1";
const people: Record<string, { id: string; email: string; cookie: string }> = {};
let id = 0;
const path = () => `/Dashboard/Jobs/appointments/${id}/appointment.ics`;
const download = (cookie?: string) => icsRoute.loader(get(path(), cookie, { params: { appointmentId: String(id) } }));

beforeAll(async () => {
  await seed();
  const spanish = await languageId("Spanish");
  for (const name of ["Ines Ics", "Otto Ics"]) {
    const email = `${name.split(" ")[0]!.toLowerCase()}.ics@example.com`;
    const created = await backendFor().interpreters.create({ fullName: name, gender: "", email, phone: "", password: PASSWORD });
    if (!created.ok) throw new Error(created.reason);
    people[name.split(" ")[0]!] = { id: created.id, email, cookie: await cookieOf(email, PASSWORD) };
  }
  const startsAt = Date.now() + 9 * 24 * 3_600_000;
  const { from, to } = blockedBy({ start: startsAt, minutes: 90, mode: "video" });
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana.ics@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: spanish, mode: "video" as const, setting: "legal" as const, startsAt, minutes: 90, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" as const, tokenHash: "c".repeat(64), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  id = made.id;
  await env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ?, version = 3 WHERE id = ?").bind(people.Ines!.id, id).run();
});

describe("the interpreter's .ics of a confirmed appointment", () => {
  it("is linked from their confirmation e-mail", async () => {
    const appointment = (await backendFor().appointments.get(id))!;
    const mails = confirmedMails({ appointment, origin: ORIGIN, staffEmail: null }, { name: "Ines Ics", email: people.Ines!.email });
    const theirs = mails.find((mail) => mail.to === people.Ines!.email)!;
    expect(theirs.body).toContain(`Add it to your calendar (.ics):\n${ORIGIN}${path()}`);
  });

  it("downloads for that interpreter: one event, its stable UID, SEQUENCE from the version, confirmed", async () => {
    const response = await download(people.Ines!.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events.map((event) => [event.uid, event.sequence, event.component.getFirstPropertyValue("status")])).toEqual([
      [`appointment-${id}@push-languages`, 2, "CONFIRMED"],
    ]);
  });

  it("is 404 for another interpreter and for staff, and sends the signed-out to sign in", async () => {
    expect(statusOf(await thrown(() => download(people.Otto!.cookie)))).toBe(404);
    const admin = await cookieOf("admin@example.com");
    expect(statusOf(await thrown(() => download(admin)))).toBe(404);
    const signedOut = await thrown(() => download());
    expect(statusOf(signedOut)).toBe(302);
  });
});
