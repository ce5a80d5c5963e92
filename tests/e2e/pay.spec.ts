// Interpreters' pay (issue 26, build item 6) as the interpreter and an administrator use it, with JavaScript on and off:
// an appointment the interpreter held and their own pay rate (arranged in the data: pay-support.ts) → the admin's "Bill
// work" makes their pay line → the interpreter finds "Pay" on My jobs, their month's statement To pay, its line in words
// and amount → the admin opens the month on Interpreter pay, marks the statement paid → the interpreter sees it Paid.
// The worker's cron at the top of an hour makes the pay line too. Each test has an interpreter of its own. On D1 and on
// the Supabase double (the d1 and supabase projects).
import { ar } from "../../app/i18n/ar";
import { ADMIN, expect, expectNotice, serverOf, signIn, test, unique } from "./fixtures";
import { arabicAdmin } from "./rates-support";
import { runCron } from "./appointment-time";
import { interpreterWithHeldWork } from "./pay-support";
import { axeViolations } from "./support";

// One test after the other in each project, as invoices.spec.ts: the arrangement writes the server's data from a
// second process.
test.describe.configure({ mode: "default" });

/** A weekday at 10:00 in Denver (16:00 UTC, MDT) in March–October 2026, a different one for each run. */
function pastWeekday(): { startsAt: number; month: string } {
  for (;;) {
    const day = new Date(Date.UTC(2026, 2 + Math.floor(Math.random() * 8), 1 + Math.floor(Math.random() * 28), 16));
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) return { startsAt: day.getTime(), month: day.toISOString().slice(0, 7) };
  }
}

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString("en", { month: "long", year: "numeric", timeZone: "UTC" });
const LINE = "2 h 10 min on site → 2 h 15 min paid (2 h minimum, 15-min increments) × $40.00/h = $90.00";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the interpreter's statement shows the work in words and its amount; an admin marks it paid; the interpreter sees Paid", async ({ page, browser }) => {
      test.slow(); // arranged work, two people, their pages and posts
      const { startsAt, month } = pastWeekday();
      const person = await interpreterWithHeldWork(unique(), startsAt);

      await signIn(page, ADMIN.email, { landing: "/Dashboard/Invoices" });
      await page.getByRole("button", { name: "Bill work" }).click();
      await expectNotice(page, /^\d+ items? made\. \d+ pay lines? made\.$/);

      const interpreter = await (await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } })).newPage();
      await signIn(interpreter, person.email, { password: person.password, landing: "/Dashboard/Jobs" });
      await interpreter.getByRole("link", { name: "My pay statements" }).click();
      await expect(interpreter).toHaveURL("/Dashboard/Jobs/Pay");
      const mine = interpreter.getByRole("table", { name: "Pay" });
      await expect(mine.getByRole("row")).toHaveCount(2); // the header and this month's statement
      await expect(mine.getByRole("row").nth(1)).toContainText("$90.00");
      await expect(mine.getByRole("row").nth(1)).toContainText("To pay");
      await mine.getByRole("link", { name: monthName(month) }).click();
      await expect(interpreter).toHaveURL(`/Dashboard/Jobs/Pay/${month}`);
      await expect(interpreter.getByRole("heading", { level: 1 })).toHaveText(`Pay statement, ${monthName(month)}`);
      const lines = interpreter.getByRole("table", { name: "Work" });
      await expect(lines.getByRole("row")).toHaveCount(2);
      await expect(lines.getByRole("row").nth(1)).toContainText(LINE);
      await expect(lines.getByRole("row").nth(1)).toContainText("To pay");
      // axe runs in the page: only with JavaScript on (dashboard-accessibility.spec.ts scans these pages in both languages).
      if (javaScriptEnabled) expect(await axeViolations(interpreter), "the interpreter's statement at 390 px").toEqual([]);

      // The admin: Interpreter pay, the month, this interpreter's statement; marked paid.
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Interpreter pay", exact: true }).click();
      await expect(page).toHaveURL("/Dashboard/Pay");
      await page.getByLabel("Month", { exact: true }).fill(month);
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(`/Dashboard/Pay?month=${month}`);
      const row = page.getByRole("table", { name: "Interpreter pay" }).getByRole("row").filter({ hasText: person.email });
      await expect(row).toContainText("$90.00");
      await row.getByRole("link", { name: monthName(month) }).click();
      await expect(page.getByRole("table", { name: "Work" })).toContainText(LINE);
      await page.getByRole("button", { name: "Mark paid" }).click();
      await expectNotice(page, "Statement marked paid.");
      await expect(page.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
      await expect(page.locator(".facts").getByText("Paid", { exact: true })).toBeVisible();

      await interpreter.reload();
      await expect(interpreter.locator(".facts").getByText("Paid", { exact: true })).toBeVisible();
      await expect(interpreter.getByRole("table", { name: "Work" }).getByRole("row").nth(1)).toContainText("Paid on");
      await interpreter.goto("/Dashboard/Jobs/Pay");
      await expect(interpreter.getByRole("table", { name: "Pay" }).getByRole("row").nth(1)).toContainText("Paid");
      await interpreter.context().close();
    });
  });
}

test("the worker's hourly cron makes the interpreter's pay line without Bill work", async ({ page }) => {
  test.slow(); // arranged work and a cron run
  const { startsAt, month } = pastWeekday();
  const person = await interpreterWithHeldWork(unique(), startsAt);
  // The run at the top of the current hour: the only minute of the hour that makes pay lines.
  await runCron(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  await signIn(page, person.email, { password: person.password, landing: `/Dashboard/Jobs/Pay/${month}` });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay statement, ${monthName(month)}`);
  await expect(page.getByRole("table", { name: "Work" }).getByRole("row").nth(1)).toContainText(LINE);
});

test("the Pay pages have no violations, a month's field error included, in English and Arabic, wide and on a phone", async ({ page, browser }) => {
  // The pages are the same on both backends: scanned on D1, as every accessibility scan.
  test.skip(serverOf() !== "d1", "scanned on D1");
  test.slow(); // a new Arabic admin, a dozen states each scanned
  const viewports = [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ];
  // A statement to scan: an interpreter's work held in March 2026 with their pay rate, paid by "Bill work".
  await interpreterWithHeldWork(unique(), Date.UTC(2026, 2, 10, 16));
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Invoices" });
  await page.getByRole("button", { name: "Bill work" }).click();
  await expect(page.getByText(/pay lines? made\./).first()).toBeAttached();
  await page.goto("/Dashboard/Pay?month=2026-03");
  const statementPath = await page.getByRole("table", { name: "Interpreter pay" }).getByRole("link").first().getAttribute("href");
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto("/Dashboard/Pay?month=2026-13");
    await expect(page.getByText("Enter a month as YYYY-MM, for example 2026-11.")).toBeVisible();
    expect(await axeViolations(page), `Interpreter pay with a month's error, ${viewport.name}`).toEqual([]);
    await page.goto("/Dashboard/Jobs/Pay");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My pay");
    expect(await axeViolations(page), `My pay, ${viewport.name}`).toEqual([]);
    await page.goto(statementPath!);
    await expect(page.getByRole("table", { name: "Work" })).toBeVisible();
    expect(await axeViolations(page), `a statement with Mark paid, ${viewport.name}`).toEqual([]);
  }
  const arabic = await arabicAdmin(browser, viewports[0]!);
  const p = ar.pay;
  for (const viewport of viewports) {
    await arabic.setViewportSize(viewport);
    await arabic.goto("/Dashboard/Pay?month=x");
    await expect(arabic.getByRole("heading", { level: 1 })).toHaveText(p.admin.heading);
    await expect(arabic.getByText(p.admin.monthInvalid)).toBeVisible();
    expect(await axeViolations(arabic), `Interpreter pay in Arabic, ${viewport.name}`).toEqual([]);
    await arabic.goto("/Dashboard/Jobs/Pay");
    await expect(arabic.getByRole("heading", { level: 1 })).toHaveText(p.mine.heading);
    expect(await axeViolations(arabic), `My pay in Arabic, ${viewport.name}`).toEqual([]);
    await arabic.goto(statementPath!);
    await expect(arabic.getByRole("table", { name: p.statement.columns.work })).toBeVisible();
    expect(await axeViolations(arabic), `a statement in Arabic, ${viewport.name}`).toEqual([]);
  }
  await arabic.context().close();
});
