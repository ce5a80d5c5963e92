// Staff book by phone and change an appointment (issue 25) in real Chromium, on D1 and on the Supabase adapter: staff
// book on a customer's behalf, offer it, the interpreter accepts, then staff move it to a time the interpreter does not
// work — it goes back to offering, and both the customer and the interpreter are e-mailed (read from the fake mail
// provider). One lean test: the refusals and every other path are the route and contract tests'.
import type { Page } from "@playwright/test";
import { nextTuesday } from "./booking-support";
import { ADMIN, expect, expectNotice, mailbox, SAMPLE_PASSWORD, signIn, test, unique } from "./fixtures";

const origin = () => new URL(test.info().project.use.baseURL!).origin;

async function post(admin: Page, path: string, form: Record<string, string>) {
  const answer = await admin.request.post(path, { form, headers: { Origin: origin() } });
  expect(answer.ok(), `${form.intent ?? "post"} on ${path}: ${answer.status()}`).toBe(true);
}

test("staff book by phone, offer it, the interpreter accepts; moved to a time they do not work, it is back to offering and both are told", async ({
  page,
  browser,
}) => {
  test.slow(); // an interpreter set up, a booking, an offer, an accept and a change, in two browsers
  const id = unique();
  const day = nextTuesday();
  const interpreter = { name: `Nadia Change ${id}`, email: `nadia.change.${id}@example.com` };
  const customer = `karim.${id}@example.com`;
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Appointments/New" });
  const spanish = (await page
    .getByLabel("Language", { exact: true })
    .locator("option", { hasText: /^Spanish$/ })
    .getAttribute("value"))!;
  // An interpreter of the test's own, speaking Spanish, working Tuesdays 07:00–13:00 (set up through the staff's forms).
  await post(page, "/Dashboard/Interpreter", {
    ...{ intent: "create", full_name: interpreter.name, Gender: "Woman", email: interpreter.email },
    ...{ phone: "+1 307 555 0190", password: SAMPLE_PASSWORD },
  });
  await post(page, "/Dashboard/UserLanguages", { intent: "create", userId: interpreter.email, languageId: spanish });
  await page.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(interpreter.email)}`);
  const own = (await page.getByRole("link", { name: interpreter.name, exact: true }).getAttribute("href"))!;
  await post(page, own, { intent: "save-hours", "hours-2": "07:00-13:00" });

  // ---- Booked by phone: the /Book form on the staff's page, then the new appointment's page. ----
  await page.goto("/Dashboard/Appointments/New");
  await page.getByLabel("Language", { exact: true }).selectOption({ label: "Spanish" });
  await page.getByRole("radio", { name: "By video" }).check();
  await page.getByLabel("Setting").selectOption({ label: "Business" });
  await page.getByLabel("Date", { exact: true }).fill(day);
  await page.getByLabel("Start time").fill("10:00");
  await page.getByLabel("Expected duration").selectOption({ label: "1 h" });
  await page.getByLabel("Your name").fill("Karim Haddad");
  await page.getByLabel("Your email").fill(customer);
  await page.getByLabel("Your phone").fill("+1 307 555 0124");
  await page.getByLabel(/The customer agreed that PUSH stores these details/).check();
  await page.getByRole("button", { name: "Book the appointment" }).click();
  await expectNotice(page, "Booked. The customer has been sent their link.");
  await expect(page).toHaveURL(/\/Dashboard\/Appointments\/\d+$/);
  const number = /A-\d{6,}/.exec((await page.getByRole("heading", { level: 1 }).textContent())!)![0];

  // ---- Offered to her alone (others' interpreters may speak Spanish too), and she accepts. ----
  const offer = page.getByRole("region", { name: "Offer it" });
  for (const box of await offer.getByRole("group", { name: "Offer to" }).getByRole("checkbox").all())
    await box.setChecked((await box.locator("xpath=..").textContent())!.trim() === interpreter.name);
  await offer.getByRole("button", { name: "Offer" }).click();
  await expectNotice(page, "Offered to 1 interpreter.");
  const octet = () => Math.floor(Math.random() * 256);
  const theirs = await (await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": `10.209.${octet()}.${octet()}` } })).newPage();
  await signIn(theirs, interpreter.email, { landing: "/Dashboard/Jobs" });
  await theirs.getByRole("button", { name: `Accept appointment ${number}` }).click();
  await expect(theirs.getByText(`Appointment ${number} is yours. The customer has been told.`).first()).toBeAttached();

  // ---- Moved to 14:00, after her hours: back to offering, both told. ----
  await page.reload();
  await expect(page.getByText(interpreter.name).first()).toBeVisible();
  const change = page.getByRole("region", { name: "Change the time or the details" });
  await change.getByLabel("Start time").fill("14:00");
  await change.getByRole("button", { name: "Save the changes" }).click();
  await expectNotice(page, /back to offering/);
  await expect(page.getByText("Not assigned yet")).toBeVisible();
  // Offered again from here: she is listed as one who cannot take it, and why.
  await expect(page.getByRole("region", { name: "Who can take it" }).getByRole("listitem").filter({ hasText: interpreter.name })).toContainText(
    "Not working at that time",
  );
  await expect
    .poll(async () => {
      const mails = await mailbox();
      const to = (email: string) => mails.filter((mail) => mail.fields.to_email === email).map((mail) => mail.fields.subject);
      return { customer: to(customer).some((subject) => subject?.startsWith(`${number} has changed`)), interpreter: to(interpreter.email) };
    })
    .toEqual({ customer: true, interpreter: expect.arrayContaining([`Appointment ${number} is no longer yours`]) });
  await theirs.context().close();
});
