// Offers of a booked appointment (issue 25) against a real D1, through the routes: staff offer a 2-hour on-site Spanish
// medical appointment to the two interpreters who can take it (not to one who is not linked, one on time off, one
// booked at an overlapping time, one whose credential has expired); both accept at the same instant and exactly one is
// confirmed; the e-mails that go with each step; declines; and the cron flagging an unfilled appointment once.
import { tuesdayAWeekOn } from "./clock-changes";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf } from "~/domain/zoned-time";
import { flagUnfilledAppointments } from "~/features/appointments/offer-deadlines.server";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as jobsPage from "~/routes/dashboard/jobs";
import { backendFor, cookieOf, failure, languageId, redirected, seed } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get, post, upload } = browser({ addresses: addressesIn(106), headers: { Origin: ORIGIN } });
const PASSWORD = "offer-Password-1";
const HOUR = 3_600_000;
let admin = "";
let spanish = 0;
let day = "";
const people: Record<string, { id: string; email: string; cookie: string }> = {};
let tokens = 0;

async function book(startsAt: number, minutes = 120) {
  const { from, to } = blockedBy({ start: startsAt, minutes, mode: "on_site" });
  const made = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana.ruiz@example.com", phone: "+1 307 555 0100", organisation: "Clinic" },
      ...{ languageId: spanish, mode: "on_site" as const, setting: "medical" as const, startsAt, minutes, blockedFrom: from, blockedTo: to },
      ...{ address: "1 Main St, Cheyenne", callNumber: "", notes: "Room 4", genderPreference: null, locale: "en" as const },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "a"), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}
const tenOclock = () => (instantOf({ date: day, time: "10:00" }, COMPANY_TIME_ZONE) as { instant: number }).instant;
const pageOf = (id: number) => ({ params: { appointmentId: String(id) } });
const mailsOf = async (id: number) => (await backendFor().mail.forAppointment(id)).map((mail) => [mail.kind, mail.to]).sort();

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  spanish = await languageId("Spanish");
  // Next Tuesday, at least 8 days away.
  day = tuesdayAWeekOn();
  for (const name of ["Able Offer", "Blake Offer", "Busy Offer", "Expired Offer", "Holiday Offer", "Stranger Offer"]) {
    const email = `${name.split(" ")[0]!.toLowerCase()}.offer@example.com`;
    const created = await backendFor().interpreters.create({ fullName: name, gender: "", email, phone: "", password: PASSWORD });
    if (!created.ok) throw new Error(created.reason);
    if (name !== "Stranger Offer") await backendFor().links.link(created.id, spanish);
    await backendFor().availability.setHours(created.id, [{ weekday: 2, startMinute: 7 * 60, endMinute: 19 * 60 }]);
    await backendFor().availability.addCredential(created.id, { name: "Medical (CCHI)", expiresOn: name === "Expired Offer" ? addDays(day, -1) : null });
    people[name.split(" ")[0]!] = { id: created.id, email, cookie: await cookieOf(email, PASSWORD) };
  }
  await backendFor().availability.addTimeOff(people.Holiday!.id, { firstDay: day, lastDay: day, note: "" });
  // Busy is confirmed elsewhere at 12:30: the travel buffers overlap.
  const elsewhere = await book(tenOclock() + 2.5 * HOUR);
  await env.DB.prepare("UPDATE appointments SET status = 'confirmed', interpreter_id = ? WHERE id = ?").bind(people.Busy!.id, elsewhere).run();
});

describe("offering", () => {
  it("offered to exactly the two who can take it; each gets an e-mail and the offer under My jobs", async () => {
    const id = await book(tenOclock());
    const shown = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(shown.eligibility!.eligible.map((person) => person.id).sort()).toEqual([people.Able!.id, people.Blake!.id].sort());

    const answer = await redirected(
      await appointmentPage.action(
        upload(`/Dashboard/Appointments/${id}`, { intent: "offer", basedOn: "1", interpreter: [people.Able!.id, people.Blake!.id] }, admin, pageOf(id)),
      ),
    );
    expect(answer.location).toBe(`/Dashboard/Appointments/${id}#offers`);
    expect(answer.toast?.message).toBe("Offered to 2 interpreters.");
    const after = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(after.appointment).toMatchObject({ status: "offered", version: 2 });
    expect(after.offers.map((offer) => [offer.interpreter.id, offer.status]).sort()).toEqual(
      [
        [people.Able!.id, "open"],
        [people.Blake!.id, "open"],
      ].sort(),
    );
    // The deadline: a day from now, before the start.
    expect(after.offers[0]!.expiresAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(await mailsOf(id)).toEqual(
      [
        ["appointment-offer", people.Able!.email],
        ["appointment-offer", people.Blake!.email],
      ].sort(),
    );
    const offerMail = (await backendFor().mail.forAppointment(id)).find((mail) => mail.to === people.Able!.email)!;
    expect(offerMail.body).toContain("Hello Able Offer");
    expect(offerMail.body).toContain("Where: 1 Main St, Cheyenne.");
    expect(offerMail.body).toContain(`${ORIGIN}/Dashboard/Jobs`);

    for (const name of ["Able", "Blake"]) {
      const jobs = await jobsPage.loader(get("/Dashboard/Jobs", people[name]!.cookie));
      expect(jobs.offers.ok && jobs.offers.value.map((offer) => [offer.appointment.id, offer.status])).toEqual([[id, "open"]]);
      // The interpreter reads the work, not the customer's contact details or their private link.
      expect(JSON.stringify(jobs)).not.toContain("sealed");
      expect(JSON.stringify(jobs)).not.toContain("ana.ruiz@example.com");
    }
    const others = await jobsPage.loader(get("/Dashboard/Jobs", people.Busy!.cookie));
    expect(others.offers.ok && others.offers.value).toEqual([]);
  });

  it("refused: nobody ticked (400), someone who cannot take it (409), a stale page (409) — storing nothing", async () => {
    const id = await book(tenOclock() + 24 * HOUR * 7);
    const send = (fields: Record<string, string | string[]>) =>
      appointmentPage.action(upload(`/Dashboard/Appointments/${id}`, { intent: "offer", ...fields }, admin, pageOf(id)));
    const none = failure(await send({ basedOn: "1" }));
    expect([none.status, none.errors.interpreter]).toEqual([400, "Tick at least one interpreter."]);
    const outsider = failure(await send({ basedOn: "1", interpreter: [people.Able!.id, people.Expired!.id] }));
    expect([outsider.status, outsider.formError]).toEqual([409, "Expired Offer can no longer take it. Here is who can, as it stands now."]);
    const stale = failure(await send({ basedOn: "5", interpreter: [people.Able!.id] }));
    expect(stale.status).toBe(409);
    const garbage = failure(await send({ basedOn: "1", interpreter: ["'; DROP TABLE users; --"] }));
    expect(garbage.status).toBe(400);
    expect(await backendFor().offers.forAppointment(id)).toEqual([]);
    expect(await mailsOf(id)).toEqual([]);
    expect((await backendFor().appointments.get(id))!.status).toBe("requested");
  });
});

describe("accepting", () => {
  it("both accept at the same instant: exactly one is confirmed, the other is told it was taken; confirmations go out", async () => {
    const id = await book(tenOclock() + 24 * HOUR * 14);
    await appointmentPage.action(
      upload(`/Dashboard/Appointments/${id}`, { intent: "offer", basedOn: "1", interpreter: [people.Able!.id, people.Blake!.id] }, admin, pageOf(id)),
    );
    const offerOf = async (name: string) => {
      const jobs = await jobsPage.loader(get("/Dashboard/Jobs", people[name]!.cookie));
      return String(jobs.offers.ok && jobs.offers.value.find((offer) => offer.appointment.id === id)!.id);
    };
    const [able, blake] = [await offerOf("Able"), await offerOf("Blake")];
    const answers = await Promise.all([
      jobsPage.action(post("/Dashboard/Jobs", { intent: "accept-offer", offer: able }, people.Able!.cookie)),
      jobsPage.action(post("/Dashboard/Jobs", { intent: "accept-offer", offer: blake }, people.Blake!.cookie)),
    ]);
    const won = answers.findIndex((answer) => answer instanceof Response);
    expect(won).toBeGreaterThanOrEqual(0);
    const loser = failure(answers[1 - won]);
    expect([loser.status, loser.formError]).toEqual([409, "Someone else took this appointment."]);
    const winner = (["Able", "Blake"] as const)[won]!;
    const other = (["Able", "Blake"] as const)[1 - won]!;
    const stored = (await backendFor().appointments.get(id))!;
    expect(stored).toMatchObject({ status: "confirmed", interpreter: { id: people[winner]!.id } });

    const mails = await backendFor().mail.forAppointment(id);
    const confirmations = mails.filter((mail) => mail.kind.startsWith("appointment-confirmed")).map((mail) => [mail.kind, mail.to]);
    expect(confirmations.sort()).toEqual(
      [
        ["appointment-confirmed", "ana.ruiz@example.com"],
        ["appointment-confirmed-interpreter", people[winner]!.email],
      ].sort(),
    );
    const customerMail = mails.find((mail) => mail.kind === "appointment-confirmed")!;
    // The customer reads the interpreter's first name, their page and the .ics (the link filled in as it leaves).
    expect(customerMail.body).toContain(`${winner} will interpret Spanish`);
    expect(customerMail.body).toContain(`${ORIGIN}/Book/{appointment-link-token}/appointment.ics`);

    // The winner sees it among their appointments (with the address); the other sees it was taken.
    const winnerJobs = await jobsPage.loader(get("/Dashboard/Jobs", people[winner]!.cookie));
    expect(winnerJobs.appointments.ok && winnerJobs.appointments.value.map((item) => item.id)).toContain(id);
    expect(JSON.stringify(winnerJobs)).not.toContain("ana.ruiz@example.com");
    const otherJobs = await jobsPage.loader(get("/Dashboard/Jobs", people[other]!.cookie));
    expect(otherJobs.offers.ok && otherJobs.offers.value.find((offer) => offer.appointment.id === id)!.status).toBe("taken");
    const staffView = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(staffView.eligibility).toBeNull();
  });

  it("an offer that is not yours is not found; a declined one cannot then be accepted", async () => {
    const id = await book(tenOclock() + 24 * HOUR * 21);
    await appointmentPage.action(upload(`/Dashboard/Appointments/${id}`, { intent: "offer", basedOn: "1", interpreter: [people.Able!.id] }, admin, pageOf(id)));
    const jobs = await jobsPage.loader(get("/Dashboard/Jobs", people.Able!.cookie));
    const offer = String(jobs.offers.ok && jobs.offers.value.find((item) => item.appointment.id === id)!.id);
    const stranger = failure(await jobsPage.action(post("/Dashboard/Jobs", { intent: "accept-offer", offer }, people.Blake!.cookie)));
    expect([stranger.status, stranger.formError]).toEqual([404, "This offer is not yours or no longer exists."]);
    const unreadable = failure(await jobsPage.action(post("/Dashboard/Jobs", { intent: "accept-offer", offer: "1e3" }, people.Able!.cookie)));
    expect(unreadable.status).toBe(404);
    const declined = await redirected(await jobsPage.action(post("/Dashboard/Jobs", { intent: "decline-offer", offer }, people.Able!.cookie)));
    expect(declined.toast?.message).toMatch(/^You declined appointment A-0+\d+\.$/);
    const late = failure(await jobsPage.action(post("/Dashboard/Jobs", { intent: "accept-offer", offer }, people.Able!.cookie)));
    expect([late.status, late.formError]).toEqual([409, "You have already answered this offer."]);
    expect((await backendFor().appointments.get(id))!.status).toBe("offered");
  });
});

describe("the cron and the unfilled flag", () => {
  it("flags an appointment whose offers closed unfilled once, with one e-mail to staff, however often it runs", async () => {
    const id = await book(tenOclock() + 24 * HOUR * 28);
    await appointmentPage.action(upload(`/Dashboard/Appointments/${id}`, { intent: "offer", basedOn: "1", interpreter: [people.Able!.id] }, admin, pageOf(id)));
    const [offer] = await backendFor().offers.forAppointment(id);
    const backend = backendFor();
    expect(await flagUnfilledAppointments(backend, offer!.expiresAt - 1, null)).not.toContain(id);
    // Late and twice.
    expect(await flagUnfilledAppointments(backend, offer!.expiresAt + 5 * 60_000, "https://push.example")).toContain(id);
    expect(await flagUnfilledAppointments(backend, offer!.expiresAt + 6 * 60_000, "https://push.example")).not.toContain(id);
    const staffMails = (await backendFor().mail.forAppointment(id)).filter((mail) => mail.kind === "appointment-unfilled");
    expect(staffMails.map((mail) => mail.to)).toEqual(["contact@pushlanguages.com"]);
    expect(staffMails[0]!.body).toContain(`https://push.example/Dashboard/Appointments/${id}`);
    const page = await appointmentPage.loader(get(`/Dashboard/Appointments/${id}`, admin, pageOf(id)));
    expect(page.unfilledSince).toBe(offer!.expiresAt + 5 * 60_000);
  });
});
