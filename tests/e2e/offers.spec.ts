// Offers of a booked appointment (issue 25, "done when") in real Chromium, with JavaScript on and off, on D1 and on the
// Supabase adapter: a visitor books a two-hour on-site Spanish medical appointment for next Tuesday at 10:00; staff
// see the two interpreters who can take it, and why three others cannot (on time off, booked at an overlapping time,
// their Medical (CCHI) expired by then) while a fourth, who does not speak Spanish, is only counted; staff offer it to
// the two, both accept at the same instant, and exactly one gets it: the customer's page names them, the other is
// told someone else took it, and the staff's list of offers says so. The confirmations go out (the customer's with
// the .ics); the cron, run as of the day before, twice and once a minute late, sends the 24-hour reminder once; then,
// the appointment having taken place, the interpreter records the actual times and staff approve them, corrected.
//
// Tests run in parallel on one database, and interpreters other tests made may speak Spanish and work on Tuesdays too:
// each test makes its own six interpreters (names ending in the test's own suffix) and reads the lists for them.
import type { Browser, Page } from "@playwright/test";
import { moveAppointment, runCron } from "./appointment-time";
import { companyClock, companyDay, companyInstant, nextTuesday } from "./booking-support";
import { ADMIN, expect, expectNotice, mailbox, SAMPLE_PASSWORD, signIn, test, unique } from "./fixtures";
import { axeViolations } from "./support";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Person = { name: string; email: string; page: string };

/** A browser of its own, from its own client address (random: parallel tests and retries never share one). */
async function person(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `10.205.${octet()}.${octet()}` } });
  return context.newPage();
}

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** A form post of the admin's (the forms are the availability and languages pages', tested in their own specs). */
async function post(admin: Page, path: string, form: Record<string, string>) {
  const answer = await admin.request.post(path, { form, headers: { Origin: origin() } });
  expect(answer.ok(), `${form.intent ?? "post"} on ${path}: ${answer.status()}`).toBe(true);
  return answer;
}

/**
 * A new interpreter, set up by the admin through their forms: speaks Spanish unless `unlinked`, works every day from
 * 07:00 to 19:00, holds Medical (CCHI) (expiring on `expiresOn`, or never), and is off on `offOn`.
 */
async function newInterpreter(
  admin: Page,
  spanish: string,
  name: string,
  { unlinked = false, expiresOn = "", offOn = "" }: { unlinked?: boolean; expiresOn?: string; offOn?: string } = {},
): Promise<Person> {
  const email = `${name.toLowerCase().replace(/ /g, ".")}@example.com`;
  await post(admin, "/Dashboard/Interpreter", {
    intent: "create",
    full_name: name,
    Gender: "Woman",
    email,
    phone: "+1 307 555 0190",
    password: SAMPLE_PASSWORD,
  });
  if (!unlinked) await post(admin, "/Dashboard/UserLanguages", { intent: "create", userId: email, languageId: spanish });
  await admin.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(email)}`);
  const page = (await admin.getByRole("link", { name, exact: true }).getAttribute("href"))!;
  await post(admin, page, { intent: "save-hours", ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`hours-${day}`, "07:00-19:00"])) });
  await post(admin, page, { intent: "add-credential", name: "Medical (CCHI)", expiresOn });
  if (offOn) await post(admin, page, { intent: "add-time-off", firstDay: offOn, lastDay: offOn, note: "" });
  return { name, email, page };
}

/** The appointment's number ("A-000123") from its private page, and its id on the staff's pages. */
async function numberOn(page: Page): Promise<{ number: string; id: number }> {
  const heading = (await page.getByRole("heading", { level: 1 }).textContent())!;
  const number = /A-\d{6,}/.exec(heading)![0];
  return { number, id: Number(number.slice(2)) };
}

/** Staff offer the appointment open on `staff` to exactly these people (the form ticks everyone who can take it). */
async function offerTo(staff: Page, people: Person[]) {
  const choice = staff.getByRole("region", { name: "Offer it" }).getByRole("group", { name: "Offer to" });
  const names = people.map((item) => item.name);
  for (const box of await choice.getByRole("checkbox").all()) {
    const label = (await box.locator("xpath=..").textContent())!.trim();
    await box.setChecked(names.includes(label));
  }
  await staff.getByRole("region", { name: "Offer it" }).getByRole("button", { name: "Offer" }).click();
  await expectNotice(staff, people.length === 1 ? "Offered to 1 interpreter." : `Offered to ${people.length} interpreters.`);
}

/** axe finds no WCAG 2 A/AA violation on the page as it is, at 1280 px wide and at 390 px (a phone). */
async function expectNoViolationsWideAndNarrow(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await axeViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** An interpreter's browser, signed in on My jobs. */
async function jobsOf(browser: Browser, javaScriptEnabled: boolean, who: Person): Promise<Page> {
  const page = await person(browser, javaScriptEnabled);
  await signIn(page, who.email, { landing: "/Dashboard/Jobs" });
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("an appointment booked for next Tuesday is offered to the two who can take it; both accept at once, one gets it; reminded once; recorded and approved", async ({
      browser,
    }) => {
      test.slow(); // six interpreters set up, two bookings, five people's browsers
      const id = unique();
      const day = nextTuesday();
      const admin = await person(browser, javaScriptEnabled);
      await signIn(admin, ADMIN.email, { landing: "/Book" });
      const spanish = (await admin
        .getByLabel("Language")
        .locator("option", { hasText: /^Spanish$/ })
        .getAttribute("value"))!;

      // Two who can take it; one who does not speak Spanish; one off that day; one busy then (below); one whose
      // Medical (CCHI) expired yesterday (not one expiring soon: the interpreters' page lists those, and other tests
      // count that page's rows).
      const able = await newInterpreter(admin, spanish, `Abla Offer ${id}`);
      const blake = await newInterpreter(admin, spanish, `Blanca Offer ${id}`);
      const stranger = await newInterpreter(admin, spanish, `Gus Unlinked ${id}`, { unlinked: true });
      const away = await newInterpreter(admin, spanish, `Hana Away ${id}`, { offOn: day });
      const busy = await newInterpreter(admin, spanish, `Ivo Busy ${id}`);
      const lapsed = await newInterpreter(admin, spanish, `Jo Lapsed ${id}`, { expiresOn: companyDay(-1) });

      // ---- The visitor books through /Book and gets the link. ----
      const customer = await person(browser, javaScriptEnabled);
      await customer.goto("/Book");
      await customer.getByLabel("Language").selectOption({ label: "Spanish" });
      await expect(customer.getByRole("radio", { name: "On site" })).toBeChecked();
      await customer.getByLabel("Setting").selectOption({ label: "Medical" });
      await customer.getByLabel("Date", { exact: true }).fill(day);
      await customer.getByLabel("Start time").fill("10:00");
      await customer.getByLabel("Expected duration").selectOption({ label: "2 h" });
      await customer.getByLabel("Address (on site)").fill("400 W 8th St, Cheyenne, WY, Radiology, 2nd floor");
      await customer.getByLabel("Your name").fill("Lucía Fernández");
      await customer.getByLabel("Your email").fill(`lucia.${id}@example.com`);
      await customer.getByLabel("Your phone").fill("+1 307 555 0123");
      await customer.getByLabel(/I agree that PUSH stores these details/).check();
      await customer.getByRole("button", { name: "Book an interpreter" }).click();
      await expect(customer).toHaveURL(/\/Book\/[A-Za-z0-9_-]{43}\?received=1$/);
      const link = await customer.getByLabel("Your private appointment link").inputValue();
      const { number, id: appointmentId } = await numberOn(customer);
      await expect(customer.locator(".appointment-status")).toHaveText("Requested: we are finding an interpreter");

      // ---- Ivo is confirmed elsewhere at 11:00 that day: another booking, offered to him alone, which he accepts. ----
      const other = await admin.request.post("/Book", {
        headers: { Origin: origin() },
        form: {
          ...{
            language: spanish,
            mode: "on_site",
            setting: "medical",
            date: day,
            time: "11:00",
            duration: "60",
            address: "1 Main St, Cheyenne",
            callNumber: "",
          },
          ...{ name: `Rosa Other ${id}`, email: `rosa.${id}@example.com`, phone: "+1 307 555 0124", organisation: "", notes: "", gender: "", consent: "on" },
        },
      });
      expect(other.ok()).toBe(true);
      const otherNumber = /A-\d{6,}/.exec(await other.text())![0];
      await admin.goto(`/Dashboard/Appointments/${Number(otherNumber.slice(2))}`);
      await offerTo(admin, [busy]);
      const ivo = await jobsOf(browser, javaScriptEnabled, busy);
      await ivo.getByRole("button", { name: `Accept appointment ${otherNumber}` }).click();
      await expectNotice(ivo, `Appointment ${otherNumber} is yours. The customer has been told.`);
      await ivo.context().close();

      // ---- Staff open the booking: who can take it, and why the others cannot. ----
      await admin.goto(`/Dashboard/Appointments/${appointmentId}`);
      await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Appointment ${number}`);
      const panel = admin.getByRole("region", { name: "Who can take it" });
      const ours = (names: string[]) => names.map((name) => name.trim()).filter((name) => name.endsWith(` ${id}`));
      const eligible = panel.getByRole("list", { name: "Eligible", exact: true });
      expect(ours(await eligible.getByRole("link").allTextContents()).sort()).toEqual([able.name, blake.name]);
      const ineligible = panel.getByRole("list", { name: "Not eligible" });
      expect(ours(await ineligible.locator(":scope > li > a").allTextContents()).sort()).toEqual([away.name, busy.name, lapsed.name]);
      const reasonsOf = (who: Person) =>
        ineligible
          .locator(":scope > li")
          .filter({ has: admin.getByRole("link", { name: who.name, exact: true }) })
          .getByRole("listitem");
      await expect(reasonsOf(away)).toHaveText(["On time off"]);
      await expect(reasonsOf(busy)).toHaveText(["Booked at an overlapping time"]);
      await expect(reasonsOf(lapsed)).toHaveText(["“Medical (CCHI)” has expired by then"]);
      // Gus does not speak Spanish: not listed, only counted.
      await expect(panel.getByRole("link", { name: stranger.name })).toHaveCount(0);
      await expect(panel.getByText(/^(1 other interpreter does|\d+ other interpreters do) not speak Spanish\.$/)).toBeVisible();

      // ---- Staff offer it to the two. ----
      await offerTo(admin, [able, blake]);
      const offers = admin.getByRole("region", { name: "Offers" });
      await expect(offers.getByRole("row", { name: new RegExp(able.name) })).toContainText("Waiting");
      await expect(offers.getByRole("row", { name: new RegExp(blake.name) })).toContainText("Waiting");

      // ---- Both see it under My jobs, and accept at the same instant. ----
      const [ablePage, blakePage] = await Promise.all([jobsOf(browser, javaScriptEnabled, able), jobsOf(browser, javaScriptEnabled, blake)]);
      const accept = (page: Page) => page.getByRole("button", { name: `Accept appointment ${number}` });
      for (const page of [ablePage, blakePage]) {
        const offered = page.getByRole("region", { name: "Appointments offered to you" }).getByRole("article", { name: `Appointment ${number}` });
        await expect(offered).toContainText("On site");
        await expect(accept(page)).toBeVisible();
      }
      await Promise.all([accept(ablePage).click(), accept(blakePage).click()]);

      // Exactly one is told it is theirs; the other that someone else took it.
      const yours = `Appointment ${number} is yours. The customer has been told.`;
      const taken = "Someone else took this appointment.";
      const either = new RegExp([yours, taken].map((text) => text.replace(/[.]/g, "\\.")).join("|"));
      for (const page of [ablePage, blakePage]) await expect(page.getByText(either).first()).toBeAttached();
      const won = await Promise.all([ablePage, blakePage].map(async (page) => (await page.getByText(yours).count()) > 0));
      expect(won.filter(Boolean)).toHaveLength(1);
      const [winner, loser] = won[0] ? [able, blake] : [blake, able];
      const [winnerPage, loserPage] = won[0] ? [ablePage, blakePage] : [blakePage, ablePage];
      await expect(winnerPage.getByRole("region", { name: "Your appointments" }).getByRole("article", { name: `Appointment ${number}` })).toBeVisible();
      await expect(loserPage.getByRole("alert")).toHaveText(taken);
      await loserPage.goto("/Dashboard/Jobs");
      const lost = loserPage.getByRole("region", { name: "Appointments offered to you" }).getByRole("article", { name: `Appointment ${number}` });
      await expect(lost.locator(".job-offer__state")).toHaveText(taken);
      await expect(accept(loserPage)).toHaveCount(0);
      await expect(loserPage.getByRole("region", { name: "Your appointments" }).getByRole("article", { name: `Appointment ${number}` })).toHaveCount(0);

      // ---- The customer's page: confirmed, with the winner's first name. ----
      await customer.goto(link);
      await expect(customer.locator(".appointment-status")).toHaveText(`Confirmed · Your interpreter: ${winner.name.split(" ")[0]}`);

      // ---- The staff's list of offers: accepted by one, taken for the other. ----
      await admin.reload();
      await expect(offers.getByRole("row", { name: new RegExp(winner.name) })).toContainText("Accepted");
      await expect(offers.getByRole("row", { name: new RegExp(loser.name) })).toContainText("Someone else took it");
      await expect(admin.getByRole("region", { name: "Offer it" })).toHaveCount(0);

      // ---- Confirmations went out: the customer's with their page's .ics, the interpreter's naming it theirs. ----
      const customerEmail = `lucia.${id}@example.com`;
      const mailsTo = async (to: string) => (await mailbox()).filter((mail) => mail.mode === "ok" && mail.fields.to_email === to).map((mail) => mail.fields);
      await expect.poll(async () => (await mailsTo(customerEmail)).some((mail) => mail.message!.includes(`${link}/appointment.ics`))).toBe(true);
      await expect.poll(async () => (await mailsTo(winner.email)).some((mail) => mail.subject!.startsWith(`Appointment ${number} is yours`))).toBe(true);
      // The interpreter's confirmation links to their own .ics of it (signed in).
      const theirs = (await mailsTo(winner.email)).find((mail) => mail.subject!.startsWith(`Appointment ${number} is yours`))!;
      const theirIcs = await winnerPage.request.get(/https?:\/\/\S+\/appointment\.ics/.exec(theirs.message!)![0]);
      expect(theirIcs.headers()["content-type"]).toContain("text/calendar");
      const ics = await customer.request.get(`${link}/appointment.ics`);
      expect(ics.headers()["content-type"]).toContain("text/calendar");
      expect(await ics.text()).toContain("STATUS:CONFIRMED");

      // ---- The day before, the cron sends the 24-hour reminder once, though it runs twice and again a minute late. ----
      const dayBefore = companyInstant(day, "10:00").getTime() - 24 * HOUR + MINUTE;
      for (const at of [dayBefore, dayBefore, dayBefore + MINUTE]) await runCron(at);
      const reminders = async (to: string) => (await mailsTo(to)).filter((mail) => mail.subject!.startsWith(`Reminder: ${number} starts`)).length;
      await expect.poll(() => reminders(customerEmail)).toBe(1);
      await expect.poll(() => reminders(winner.email)).toBe(1);

      // ---- It takes place (its start moved three hours back): the interpreter records it, staff approve a correction. ----
      const startedAt = Math.floor((Date.now() - 3 * HOUR) / MINUTE) * MINUTE;
      await moveAppointment(appointmentId, startedAt, 120, "on_site");
      await winnerPage.goto("/Dashboard/Jobs");
      const toRecord = winnerPage.getByRole("region", { name: "To record" }).getByRole("article", { name: new RegExp(number) });
      await expect(toRecord.getByLabel("Actual start")).toHaveValue(companyClock(startedAt));
      if (javaScriptEnabled) {
        // A refused record: its field says why; the screen, wide and on a phone, has no accessibility violations.
        await toRecord.getByLabel("Actual end").fill("");
        await toRecord.getByRole("button", { name: `Save the record of appointment ${number}` }).click();
        await expect(toRecord.getByText("Enter the time as HH:MM (24-hour clock).")).toBeVisible();
        await expectNoViolationsWideAndNarrow(winnerPage);
      }
      await toRecord.getByLabel("Actual end").fill(companyClock(startedAt + 130 * MINUTE));
      await toRecord.getByLabel("Travel (minutes, both ways)").fill("40");
      await toRecord.getByRole("button", { name: `Save the record of appointment ${number}` }).click();
      await expectNotice(winnerPage, `The record of appointment ${number} is saved. Staff will approve it.`);

      await admin.goto(`/Dashboard/Appointments/${appointmentId}`);
      const after = admin.getByRole("region", { name: "After the appointment" });
      await expect(after).toContainText("Recorded by the interpreter");
      await expect(after).toContainText("(130 min)");
      if (javaScriptEnabled) await expectNoViolationsWideAndNarrow(admin);
      await after.getByLabel("Travel (minutes, both ways)").fill("30");
      await after.getByRole("button", { name: "Approve" }).click();
      await expectNotice(admin, `Appointment ${number} is completed with the approved record.`);
      await admin.goto(`/Dashboard/Appointments/${appointmentId}`);
      await expect(admin.getByRole("region", { name: "After the appointment" })).toContainText("this is what billing uses");
      await expect(admin.getByRole("region", { name: "After the appointment" })).toContainText("Travel (minutes, both ways)30");
      await customer.goto(link);
      await expect(customer.locator(".appointment-status")).toHaveText(`Completed · Your interpreter: ${winner.name.split(" ")[0]}`);

      for (const page of [admin, customer, ablePage, blakePage]) await page.context().close();
    });
  });
}
