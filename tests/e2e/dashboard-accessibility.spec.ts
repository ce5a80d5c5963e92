// axe (WCAG 2 A and AA) on the sign-in pages and every dashboard page, including the states a user
// meets there: form errors, a row in edit mode, a delete confirmation, the incoming call, 403 and 404.
import type { Page } from "@playwright/test";
import { ar } from "../../app/i18n";
import { companyDay } from "./booking-support";
import { bookedCustomer } from "./customer-support";
import { arabicAdmin } from "./rates-support";
import { axeViolations } from "./support";
import { ADMIN, expect, INTERPRETER, SAMPLE_PASSWORD, signIn, test, unique } from "./fixtures";

test.describe("sign-in pages", () => {
  // (An open invitation link's page is scanned in customer-accounts.spec.ts, which makes one.)
  for (const path of ["/Login", "/Forgetpassword", "/Resetpassword", "/Resetpassword?token=some-token", "/Invitation/not-a-token", "/Join/not-a-token"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("/Login with a wrong password and with empty fields has no violations", async ({ page }) => {
    await page.goto("/Login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter your email.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`dashboard on a ${viewport.name}`, () => {
    test.use({ viewport });

    test("every admin page has no violations", async ({ page }) => {
      // Thirteen pages, each scanned after its toasts and animations end: more than one test's usual 30 s on a busy
      // 2-core machine.
      test.slow();
      await signIn(page, ADMIN.email);
      for (const path of [
        "/Dashboard",
        "/Dashboard/Profile",
        "/Dashboard/Dashboardcustomers",
        "/Dashboard/Dashboardusers",
        "/Dashboard/Organisations",
        "/Dashboard/Orders",
        "/Dashboard/Appointments",
        "/Dashboard/Appointments/New",
        "/Dashboard/Rates",
        "/Dashboard/Invoices",
        "/Dashboard/Reports",
        "/Dashboard/Jobs",
        "/Dashboard/Calls",
        "/Dashboard/Interpreter",
        "/Dashboard/Language",
        "/Dashboard/UserLanguages",
        "/Dashboard/Inbox",
        "/Dashboard/Website",
        "/Dashboard/no-such-area",
        "/call-room/sample",
      ]) {
        await page.goto(path);
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  });
}

test("the staff screens' states have no violations: errors, edit mode, delete confirmation", async ({ page }) => {
  test.slow(); // a scan per state, as above
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Interpreter" });
  await page.getByRole("button", { name: "Add interpreter" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields." })).toBeVisible();
  expect(await axeViolations(page), "add form errors").toEqual([]);

  await page.getByRole("link", { name: "Edit Linh Tran" }).click();
  await expect(page.getByLabel("Full name (Linh Tran)")).toBeVisible();
  expect(await axeViolations(page), "edit mode").toEqual([]);
  await page.getByLabel("Email (Linh Tran)").fill("not-an-email");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  expect(await axeViolations(page), "edit errors").toEqual([]);

  await page.goto("/Dashboard/Language");
  await page.getByRole("link", { name: "Delete Tagalog" }).click();
  await expect(page.getByRole("group").filter({ hasText: "Delete Tagalog?" })).toBeVisible();
  expect(await axeViolations(page), "delete confirmation").toEqual([]);

  await page.goto("/Dashboard/UserLanguages");
  await page.getByRole("button", { name: "Link" }).click();
  await expect(page.getByText("Please choose an interpreter.")).toBeVisible();
  expect(await axeViolations(page), "link form errors").toEqual([]);
});

test("an interpreter's pages, the incoming call and the 403 page have no violations", async ({ page }) => {
  test.slow(); // a scan per page, as above
  await signIn(page, INTERPRETER.email, { landing: "/Dashboard/Dashboardcall" });
  await expect(page.getByRole("region", { name: "Incoming call" })).toBeVisible({ timeout: 5000 });
  expect(await axeViolations(page), "incoming call").toEqual([]);
  await page.goto("/Dashboard/Orders");
  expect(await axeViolations(page), "403").toEqual([]);
  await page.goto("/Dashboard/Profile");
  expect(await axeViolations(page), "profile").toEqual([]);
});

test("the availability screens have no violations, wide and at 390 px: an interpreter's page, who can take an appointment, Profile", async ({ page }) => {
  // Two interpreters, a language and a booking of the test's own (tests run in parallel on one database), then a scan
  // per screen and state at each width.
  test.slow();
  const id = unique();
  const language = `Tigrinya ${id}`;
  const ready = { name: `Rahel Ready ${id}`, email: `rahel.${id}@example.com` };
  const unready = { name: `Yonas Later ${id}`, email: `yonas.${id}@example.com` };
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const post = async (path: string, form: Record<string, string>) => {
    const answer = await page.request.post(path, { form, headers: { Origin: origin } });
    expect(answer.ok(), `${form.intent ?? "post"} on ${path}: ${answer.status()}`).toBe(true);
  };
  await signIn(page, ADMIN.email, { landing: null });
  await post("/Dashboard/Language", { intent: "create", name: language });
  await page.goto("/Dashboard/Language");
  const languageHref = await page.getByRole("link", { name: `Edit ${language}` }).getAttribute("href");
  const languageId = new URL(languageHref!, origin).searchParams.get("edit")!;
  const pages: Record<string, string> = {};
  for (const person of [ready, unready]) {
    await post("/Dashboard/Interpreter", {
      intent: "create",
      full_name: person.name,
      Gender: "Woman",
      email: person.email,
      phone: "+1 307 555 0180",
      password: SAMPLE_PASSWORD,
    });
    await post("/Dashboard/UserLanguages", { intent: "create", userId: person.email, languageId });
    await page.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(person.email)}`);
    pages[person.email] = (await page.getByRole("link", { name: person.name, exact: true }).getAttribute("href"))!;
  }
  // Rahel works round the clock and is court certified (an expired medical credential too), with time off later on;
  // Yonas has neither hours nor credentials.
  const rahel = pages[ready.email]!;
  await post(rahel, { intent: "save-hours", ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`hours-${day}`, "00:00-24:00"])) });
  await post(rahel, { intent: "add-credential", name: "Court certified", expiresOn: "" });
  await post(rahel, { intent: "add-credential", name: "Medical (CCHI)", expiresOn: companyDay(-3) });
  await post(rahel, { intent: "add-time-off", firstDay: companyDay(60), lastDay: companyDay(62), note: "Conference" });
  // A legal appointment in that language tomorrow at 12:00: Rahel can take it, Yonas cannot.
  const booked = await page.request.post("/Book", {
    headers: { Origin: origin },
    maxRedirects: 0,
    form: {
      ...{ language: languageId, mode: "video", setting: "legal", date: companyDay(1), time: "12:00", duration: "90", address: "", callNumber: "" },
      ...{ name: `Selam Haile ${id}`, email: `selam.${id}@example.com`, phone: "+1 307 555 0181", organisation: "", notes: "", gender: "", consent: "on" },
    },
  });
  expect(booked.status()).toBe(302);
  await page.goto(`/Dashboard/Appointments?language=${languageId}`);
  const appointment = (await page
    .getByRole("row", { name: new RegExp(`Selam Haile ${id}`) })
    .getByRole("link")
    .first()
    .getAttribute("href"))!;

  const viewports = [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto(rahel);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Availability and credentials of ${ready.name}`);
    await expect(page.getByRole("region", { name: "Credentials" }).getByText("Expired")).toBeVisible();
    expect(await axeViolations(page), `interpreter's page, ${viewport.name}`).toEqual([]);
    const credentials = page.getByRole("region", { name: "Credentials" });
    await credentials.getByRole("button", { name: "Add credential" }).click();
    await expect(credentials.getByText("Name the credential.")).toBeVisible();
    expect(await axeViolations(page), `interpreter's page, a refused credential, ${viewport.name}`).toEqual([]);

    await page.goto(appointment);
    const panel = page.getByRole("region", { name: "Who can take it" });
    await expect(panel.getByRole("list", { name: "Eligible", exact: true })).toContainText(ready.name);
    await expect(panel.getByRole("list", { name: "Not eligible" })).toContainText(unready.name);
    expect(await axeViolations(page), `who can take it, ${viewport.name}`).toEqual([]);
  }

  // Rahel's Profile: hours, time off and credentials, and a refused save of the hours.
  await page.context().clearCookies();
  await signIn(page, ready.email, { landing: null });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto("/Dashboard/Profile");
    await expect(page.getByRole("region", { name: "Time off" }).getByText("Conference")).toBeVisible();
    await expect(page.getByRole("region", { name: "Credentials" }).getByRole("table").getByText("Court certified", { exact: true })).toBeVisible();
    const hours = page.getByRole("region", { name: "Working hours" });
    await hours.getByLabel("Tuesday").fill("25:00-26:00");
    await hours.getByRole("button", { name: "Save working hours" }).click();
    await expect(hours.getByLabel("Tuesday")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page), `Profile, a refused save of the hours, ${viewport.name}`).toEqual([]);
  }
});

test("the offers screens have no violations, wide and at 390 px: an appointment's offers and Offer form, a refused offer, My jobs", async ({
  page,
  browser,
}) => {
  // Two interpreters, a language and a booking of the test's own (tests run in parallel on one database); the
  // appointment offered to both, then taken by one: a scan per screen and state at each width.
  test.slow();
  const id = unique();
  const language = `Amharic ${id}`;
  const first = { name: `Mekdes Offer ${id}`, email: `mekdes.${id}@example.com` };
  const second = { name: `Dawit Offer ${id}`, email: `dawit.${id}@example.com` };
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const post = async (path: string, form: Record<string, string>) => {
    const answer = await page.request.post(path, { form, headers: { Origin: origin } });
    expect(answer.ok(), `${form.intent ?? "post"} on ${path}: ${answer.status()}`).toBe(true);
    return answer;
  };
  await signIn(page, ADMIN.email, { landing: null });
  await post("/Dashboard/Language", { intent: "create", name: language });
  await page.goto("/Dashboard/Language");
  const languageHref = await page.getByRole("link", { name: `Edit ${language}` }).getAttribute("href");
  const languageId = new URL(languageHref!, origin).searchParams.get("edit")!;
  // Both work round the clock and are court certified: both can take a legal appointment.
  for (const person of [first, second]) {
    await post("/Dashboard/Interpreter", {
      intent: "create",
      full_name: person.name,
      Gender: "Woman",
      email: person.email,
      phone: "+1 307 555 0182",
      password: SAMPLE_PASSWORD,
    });
    await post("/Dashboard/UserLanguages", { intent: "create", userId: person.email, languageId });
    await page.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(person.email)}`);
    const own = (await page.getByRole("link", { name: person.name, exact: true }).getAttribute("href"))!;
    await post(own, { intent: "save-hours", ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`hours-${day}`, "00:00-24:00"])) });
    await post(own, { intent: "add-credential", name: "Court certified", expiresOn: "" });
  }
  // A legal appointment in that language in two days at 12:00, on site (its address shown under My jobs).
  const booked = await post("/Book", {
    ...{ language: languageId, mode: "on_site", setting: "legal", date: companyDay(2), time: "12:00", duration: "90" },
    ...{ address: "2120 Capitol Ave, Cheyenne, WY", callNumber: "", notes: "Courtroom 3", gender: "" },
    ...{ name: `Selam Haile ${id}`, email: `selam.${id}@example.com`, phone: "+1 307 555 0183", organisation: "", consent: "on" },
  });
  const number = /A-\d{6,}/.exec(await booked.text())![0];
  const appointment = `/Dashboard/Appointments/${Number(number.slice(2))}`;
  await page.goto(appointment);
  await page.getByRole("region", { name: "Offer it" }).getByRole("button", { name: "Offer" }).click();
  await expect(page.getByText("Offered to 2 interpreters.").first()).toBeAttached();

  const viewports = [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto(appointment);
    const offers = page.getByRole("region", { name: "Offers" });
    await expect(offers.getByRole("row", { name: new RegExp(first.name) })).toContainText("Waiting");
    const form = page.getByRole("region", { name: "Offer it" });
    await expect(form.getByRole("group", { name: "Offer to" })).toBeVisible();
    expect(await axeViolations(page), `an appointment's offers and Offer form, ${viewport.name}`).toEqual([]);
    // Nobody ticked: refused on the group of names.
    for (const box of await form.getByRole("checkbox").all()) await box.uncheck();
    await form.getByRole("button", { name: "Offer" }).click();
    await expect(form.getByText("Tick at least one interpreter.")).toBeVisible();
    expect(await axeViolations(page), `an appointment, a refused offer, ${viewport.name}`).toEqual([]);
    // The change form (on this page since it loaded), refused: a start in the past.
    const change = page.getByRole("region", { name: "Change the time or the details" });
    await change.getByLabel("Date").fill("2020-01-07");
    await change.getByRole("button", { name: "Save the changes" }).click();
    await expect(change.getByText("That time has passed. Please choose a time in the future.")).toBeVisible();
    expect(await axeViolations(page), `an appointment, a refused change, ${viewport.name}`).toEqual([]);
  }

  // My jobs of each: the offer open, then taken by the other (who has it among their appointments).
  const octet = () => Math.floor(Math.random() * 256);
  const jobsOf = async (person: { email: string }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": `10.206.${octet()}.${octet()}` } });
    const jobs = await context.newPage();
    await signIn(jobs, person.email, { landing: "/Dashboard/Jobs" });
    return jobs;
  };
  const [loser, winner] = await Promise.all([jobsOf(first), jobsOf(second)]);
  const offered = (jobs: Page) => jobs.getByRole("region", { name: "Appointments offered to you" }).getByRole("article", { name: `Appointment ${number}` });
  for (const viewport of viewports) {
    await loser.setViewportSize(viewport);
    await loser.reload();
    await expect(offered(loser).getByRole("button", { name: `Accept appointment ${number}` })).toBeVisible();
    expect(await axeViolations(loser), `My jobs, an open offer, ${viewport.name}`).toEqual([]);
  }
  await offered(winner)
    .getByRole("button", { name: `Accept appointment ${number}` })
    .click();
  await expect(winner.getByText(`Appointment ${number} is yours. The customer has been told.`).first()).toBeAttached();
  for (const viewport of viewports) {
    await loser.setViewportSize(viewport);
    await loser.reload();
    await expect(offered(loser)).toContainText("Someone else took this appointment.");
    expect(await axeViolations(loser), `My jobs, a taken offer, ${viewport.name}`).toEqual([]);
    await winner.setViewportSize(viewport);
    await winner.goto("/Dashboard/Jobs");
    await expect(winner.getByRole("region", { name: "Your appointments" }).getByRole("article", { name: `Appointment ${number}` })).toBeVisible();
    expect(await axeViolations(winner), `My jobs, an accepted offer and the appointment ahead, ${viewport.name}`).toEqual([]);
    await page.setViewportSize(viewport);
    await page.goto(appointment);
    await expect(page.getByRole("region", { name: "Offers" }).getByRole("row", { name: new RegExp(first.name) })).toContainText("Someone else took it");
    expect(await axeViolations(page), `an appointment's answered offers, ${viewport.name}`).toEqual([]);
  }
  for (const jobs of [loser, winner]) await jobs.context().close();
});

test("staff booking by phone, refused, has no violations, wide and at 390 px", async ({ page }) => {
  await signIn(page, ADMIN.email, { landing: null });
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/Dashboard/Appointments/New");
    await page.getByRole("button", { name: "Book the appointment" }).click();
    await expect(page.getByText("Please confirm that the customer agreed to the privacy policy.")).toBeVisible();
    expect(await axeViolations(page), `a refused staff booking, ${viewport.name}`).toEqual([]);
  }
});

test("the Rates page with the add form's field errors has no violations, in English and Arabic, wide and on a phone", async ({ page, browser }) => {
  test.slow(); // a new Arabic admin, four states each scanned
  const viewports = [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ];
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Rates" });
  // A line in the table, so the scans read a table as well as the forms.
  const bill = page.getByRole("form", { name: "Add a customer price" });
  await bill.getByLabel("Price per unit", { exact: true }).fill("0.12");
  await bill.getByLabel("Minimum", { exact: true }).fill("250");
  await bill.getByLabel("Increment", { exact: true }).fill("1");
  await bill.getByRole("button", { name: "Add the line" }).click();
  await expect(page.getByRole("table", { name: "Customer prices" })).toBeVisible();
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto("/Dashboard/Rates");
    const form = page.getByRole("form", { name: "Add a customer price" });
    await form.getByLabel("Price per unit", { exact: true }).fill("0");
    await form.getByLabel("Weekend surcharge (%)").fill("600");
    await form.getByRole("button", { name: "Add the line" }).click();
    await expect(form.getByText("Enter a price above zero, with at most 2 digits after the point.")).toBeVisible();
    expect(await axeViolations(page), `Rates with field errors, ${viewport.name}`).toEqual([]);
  }
  const arabic = await arabicAdmin(browser, viewports[0]!);
  const r = ar.billing.rates;
  for (const viewport of viewports) {
    await arabic.setViewportSize(viewport);
    await arabic.goto("/Dashboard/Rates");
    await expect(arabic.getByRole("heading", { level: 1 })).toHaveText(r.heading);
    const form = arabic.getByRole("form", { name: r.form.heading.pay });
    await form.getByLabel(r.form.price, { exact: true }).fill("abc");
    await form.getByLabel(r.form.interpreter, { exact: true }).fill("nobody@example.com");
    await form.getByRole("button", { name: r.form.submit }).click();
    await expect(form.getByText(ar.billing.rates.validation.price.replace("{digits}", "2"))).toBeVisible();
    expect(await axeViolations(arabic), `Rates in Arabic with field errors, ${viewport.name}`).toEqual([]);
  }
  await arabic.context().close();
});

test("the Invoices pages with the draft form's field errors have no violations, in English and Arabic, wide and on a phone", async ({ page, browser }) => {
  test.slow(); // a new Arabic admin, eight states each scanned
  const viewports = [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ];
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Invoices" });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto("/Dashboard/Invoices");
    const form = page.getByRole("form", { name: "New draft" });
    await form.getByLabel("Customer e-mail").fill("not-an-email");
    await form.getByRole("button", { name: "Make the draft" }).click();
    await expect(page.getByText("Enter the customer's e-mail.")).toBeVisible();
    await expect(page.getByText("Enter a month as YYYY-MM.")).toBeVisible();
    expect(await axeViolations(page), `Invoices with field errors, ${viewport.name}`).toEqual([]);
  }
  // An invoice's page: the newest in the list (other tests' drafts and issued invoices), or none yet on a fresh run.
  const first = page.getByRole("table", { name: "All invoices" }).getByRole("link").first();
  const invoicePath = (await first.count()) ? await first.getAttribute("href") : null;
  for (const viewport of viewports) {
    if (!invoicePath) break;
    await page.setViewportSize(viewport);
    await page.goto(invoicePath);
    await expect(page.getByRole("table", { name: "Items" })).toBeVisible();
    expect(await axeViolations(page), `an invoice, ${viewport.name}`).toEqual([]);
  }
  const arabic = await arabicAdmin(browser, viewports[0]!);
  const i = ar.billing.invoices;
  for (const viewport of viewports) {
    await arabic.setViewportSize(viewport);
    await arabic.goto("/Dashboard/Invoices");
    await expect(arabic.getByRole("heading", { level: 1 })).toHaveText(i.heading);
    const form = arabic.getByRole("form", { name: i.draft.heading });
    await form.getByLabel(i.draft.customer, { exact: true }).fill("nobody@example.com");
    await form.getByLabel(i.draft.month, { exact: true }).fill("2026-10");
    await form.getByRole("button", { name: i.draft.submit }).click();
    await expect(form.getByText(i.validation.customerUnknown)).toBeVisible();
    expect(await axeViolations(arabic), `Invoices in Arabic with field errors, ${viewport.name}`).toEqual([]);
    if (invoicePath) {
      await arabic.goto(invoicePath);
      await expect(arabic.getByRole("table", { name: i.items })).toBeVisible();
      expect(await axeViolations(arabic), `an invoice in Arabic, ${viewport.name}`).toEqual([]);
    }
  }
  await arabic.context().close();
});

test("a customer's page with the Billing currency form's field error has no violations, in English and Arabic", async ({ page, browser }) => {
  test.slow(); // a new Arabic admin, two states scanned
  const id = unique();
  const name = `Clinique Lyon ${id}`;
  const email = `lyon.axe.${id}@example.com`;
  await bookedCustomer(page, name, email);
  await signIn(page, ADMIN.email, { landing: `/Dashboard/Dashboardcustomers?q=${encodeURIComponent(email)}` });
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const path = new URL(page.url()).pathname;
  /** The form's only choices are valid: a currency the list does not offer is added the way a forged post would send it. */
  const sendUnoffered = async (form: ReturnType<Page["getByRole"]>, submit: string) => {
    await form.locator("select").evaluate((select) => {
      if (!(select instanceof HTMLSelectElement)) throw new Error("not a select");
      select.add(new Option("XYZ", "XYZ"));
      select.value = "XYZ";
    });
    await form.getByRole("button", { name: submit }).click();
  };
  const c = ar.orders.customers.currency;
  await sendUnoffered(page.getByRole("form", { name: "Billing" }), "Save the currency");
  await expect(page.getByText("Choose one of the currencies offered.")).toBeVisible();
  expect(await axeViolations(page), "a customer with the currency's field error").toEqual([]);

  const arabic = await arabicAdmin(browser, { width: 1280, height: 800 });
  await arabic.goto(path);
  await expect(arabic.getByRole("heading", { level: 1 })).toHaveText(name);
  await sendUnoffered(arabic.getByRole("form", { name: c.heading }), c.submit);
  await expect(arabic.getByText(c.invalid)).toBeVisible();
  expect(await axeViolations(arabic), "a customer in Arabic with the currency's field error").toEqual([]);
  await arabic.context().close();
});
