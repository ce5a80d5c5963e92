// A video appointment's call room (issue 25, "done when"), in real Chromium with fake camera and microphone, on D1 and
// on the Supabase adapter: a video appointment is booked through /Book, offered to an interpreter of the test's own,
// who accepts it; it is then moved to start in five minutes (the booking form refuses starts under its two-hour lead
// time: the test writes the start straight into the database the server reads, as appointment-time.ts does — D1's
// local state, retried when the server's own write holds it, or the Supabase double's table). The customer joins from
// their private page — the Join form posts and redirects into the room without JavaScript too — and the interpreter
// from My jobs; the room connects them and media flows both ways. Signed out, or signed in as staff who are not its
// interpreter, the room answers 403.
import type { Browser, Page } from "@playwright/test";
import { moveAppointment } from "./appointment-time";
import { companyDay } from "./booking-support";
import { bytesReceived, MEDIA_BROWSER, mediaContext } from "./calls-support";
import { ADMIN, expect, SAMPLE_PASSWORD, serverOf, signIn, test, unique } from "./fixtures";
import { axeViolations } from "./support";

test.use(MEDIA_BROWSER);

const MINUTE = 60_000;
const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** A form post of a signed-in page's (the forms themselves are tested in their own specs). */
async function post(page: Page, path: string, form: Record<string, string>) {
  const answer = await page.request.post(path, { form, headers: { Origin: origin() } });
  expect(answer.ok(), `${form.intent ?? "post"} on ${path}: ${answer.status()}`).toBe(true);
  return answer;
}

/** A new interpreter who speaks `languageId` and works every day from 07:00 to 19:00, made by the admin; their id and e-mail. */
async function newInterpreter(admin: Page, languageId: string, name: string) {
  const email = `${name.toLowerCase().replace(/ /g, ".")}@example.com`;
  await post(admin, "/Dashboard/Interpreter", { intent: "create", full_name: name, Gender: "Man", email, phone: "+1 307 555 0191", password: SAMPLE_PASSWORD });
  await post(admin, "/Dashboard/UserLanguages", { intent: "create", userId: email, languageId });
  await admin.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(email)}`);
  const page = (await admin.getByRole("link", { name, exact: true }).getAttribute("href"))!;
  await post(admin, page, { intent: "save-hours", ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`hours-${day}`, "07:00-19:00"])) });
  return { id: page.split("/").pop()!, email };
}

/**
 * axe on the screens Join adds, at 1280 and 390 px (the page as loaded, then narrowed: the layout is CSS alone). On the
 * D1 project only, as every accessibility scan: the pages are the same on both backends.
 */
async function scanBothWidths(page: Page, label: string) {
  if (serverOf() !== "d1") return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await axeViolations(page), `${label}, ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function withoutJavaScript(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: origin(), javaScriptEnabled: false })).newPage();
}

test("a video appointment's room connects the customer and the interpreter at its time; a third party gets 403", async ({ browser, page: admin }) => {
  test.slow(); // an interpreter set up, a booking offered and accepted, four browsers, a call
  const id = unique();
  await signIn(admin, ADMIN.email, { landing: "/Book" });
  const spanish = (await admin
    .getByLabel("Language")
    .locator("option", { hasText: /^Spanish$/ })
    .getAttribute("value"))!;
  const interpreter = await newInterpreter(admin, spanish, `Vito Video ${id}`);

  // ---- Booked by video through /Book (two days ahead, within the lead time's rules), offered and accepted. ----
  const booked = await admin.request.post("/Book", {
    headers: { Origin: origin() },
    form: {
      ...{ language: spanish, mode: "video", setting: "business", date: companyDay(2), time: "10:00", duration: "60", address: "", callNumber: "" },
      ...{ name: `Vera Video ${id}`, email: `vera.${id}@example.com`, phone: "+1 307 555 0125", organisation: "", notes: "", gender: "", consent: "on" },
    },
  });
  expect(booked.ok()).toBe(true);
  const link = booked.url();
  expect(link).toMatch(/\/Book\/[A-Za-z0-9_-]{43}\?received=1$/);
  const number = /A-\d{6,}/.exec(await booked.text())![0];
  const appointmentId = Number(number.slice(2));
  await post(admin, `/Dashboard/Appointments/${appointmentId}`, { intent: "offer", basedOn: "1", interpreter: interpreter.id });
  const interpreterContext = await mediaContext(browser, origin());
  const interpreterPage = await interpreterContext.newPage();
  await signIn(interpreterPage, interpreter.email, { landing: "/Dashboard/Jobs" });
  await interpreterPage.getByRole("button", { name: `Accept appointment ${number}` }).click();
  await expect(interpreterPage.getByText(`Appointment ${number} is yours. The customer has been told.`).first()).toBeAttached();

  // ---- Two days ahead, the customer's page says when Join opens, in the company's zone, named. ----
  const customerContext = await mediaContext(browser, origin());
  const customer = await customerContext.newPage();
  await customer.goto(link);
  const videoCall = customer.getByRole("region", { name: "Video call" });
  await expect(videoCall).toContainText(/Join opens on .+ at 9:50\sAM M[SD]T, 10 minutes before the start/);
  await expect(videoCall.getByRole("button")).toHaveCount(0);
  await scanBothWidths(customer, "the customer's page, Join not yet open");

  // ---- Five minutes before its start: Join is open on both sides. ----
  await moveAppointment(appointmentId, Date.now() + 5 * MINUTE, 60, "video");

  // Without JavaScript, the customer's Join posts and lands in the room, which says it needs JavaScript.
  // (Playwright's text matching skips <noscript>: the pages' HTML says it.)
  const plain = await withoutJavaScript(browser);
  await plain.goto(link);
  expect(await plain.content()).toContain("The video call needs JavaScript: turn it on in your browser to join.");
  await plain.getByRole("region", { name: "Video call" }).getByRole("button", { name: "Join the video call" }).click();
  await expect(plain).toHaveURL(/\/call-room\/[0-9a-f-]{36}$/);
  expect(await plain.content()).toContain("<noscript><p>This call needs JavaScript: turn it on in your browser, then reload this page.</p></noscript>");
  const room = new URL(plain.url()).pathname;
  await plain.context().close();

  await customer.reload();
  await scanBothWidths(customer, "the customer's page, Join open");
  await videoCall.getByRole("button", { name: "Join the video call" }).click();
  await expect(customer).toHaveURL(room);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Video appointment");

  await interpreterPage.goto("/Dashboard/Jobs");
  await scanBothWidths(interpreterPage, "My jobs, Join open");
  await interpreterPage.getByRole("button", { name: `Join the video call of appointment ${number}` }).click();
  await expect(interpreterPage).toHaveURL(room);

  for (const party of [customer, interpreterPage]) await expect(party.getByRole("status").filter({ hasText: "Connected." })).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => bytesReceived(customer), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(() => bytesReceived(interpreterPage), { timeout: 10_000 }).toBeGreaterThan(0);

  // ---- Anyone else at the room's address: signed out, or staff who are not its interpreter. ----
  const stranger = await (await browser.newContext({ baseURL: origin() })).newPage();
  for (const [who, page] of [
    ["signed out", stranger],
    ["staff", admin],
  ] as const) {
    const response = await page.goto(room);
    expect(response?.status(), who).toBe(403);
    await expect(page.getByText(`Vera Video ${id}`)).toHaveCount(0);
  }
  for (const context of [stranger.context(), customerContext, interpreterContext]) await context.close();
});
