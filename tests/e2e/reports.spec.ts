// The Reports page (/Dashboard/Reports, issue 26 build item 7) as an administrator reads it: an issued invoice of a
// customer of the test's own (arranged in the data: invoices-support.ts), in a year of its own so its figures are the
// period's alone → the period chosen with the form (JavaScript on and off) → revenue before tax by month, by customer
// and by language (work with no language as "Other/none"), and the customer's appointment counted, not filled, each in
// the table beside its chart; then the same figures in Arabic. On D1 and on the Supabase double.
import { ar } from "../../app/i18n/ar";
import { formatAmount } from "../../app/domain/orders";
import { format } from "../../app/i18n";
import { ADMIN, expect, serverOf, signIn, test, unique } from "./fixtures";
import { issuedForReports } from "./invoices-support";
import { arabicAdmin } from "./rates-support";
import { axeViolations } from "./support";
import type { Page } from "@playwright/test";

test.describe.configure({ mode: "default" });

/** The cell beside a row's header in the table of the chart `title`. */
const figure = (page: Page, title: string, row: string) =>
  page
    .getByRole("table", { name: title })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: row, exact: true }) })
    .getByRole("cell");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an issued invoice's revenue by month, customer and language, its interpreter cost and margin, and its customer's appointment", async ({ page }) => {
      // A year no other test bills in: its months hold this test's figures only.
      const year = 2200 + Math.floor(Math.random() * 7000);
      const customer = { name: `Reports Clinic ${unique()}`, email: `reports.${unique()}@example.com` };
      await issuedForReports(customer, year);

      await signIn(page, ADMIN.email, { landing: "/Dashboard" });
      await page.getByRole("link", { name: "Reports" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
      const form = page.getByRole("form", { name: "Period" });
      await form.getByLabel("From month").fill(`${year}-03`);
      await form.getByLabel("To month").fill(`${year}-04`);
      await form.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`from=${year}-03&to=${year}-04`));
      await expect(page.getByText(`Mar ${year} to Apr ${year}.`)).toBeVisible();

      await expect(figure(page, "Revenue by month, USD", `Mar ${year}`)).toHaveText("$146.25");
      await expect(figure(page, "Revenue by month, USD", `Apr ${year}`)).toHaveText("$50.00");
      await expect(figure(page, "Revenue by customer, USD", customer.name)).toHaveText("$196.25");
      await expect(page.getByRole("table", { name: "Revenue by customer, USD" }).getByRole("row")).toHaveCount(2);
      await expect(figure(page, "Revenue by language, USD", "Spanish")).toHaveText("$146.25");
      await expect(figure(page, "Revenue by language, USD", "Other/none")).toHaveText("$50.00");
      await expect(figure(page, "Share of appointments filled, by month", `Mar ${year}`)).toHaveText("0 of 1 (0%)");
      await expect(figure(page, "Share of appointments filled, by month", `Apr ${year}`)).toHaveText("None booked");
      await expect(figure(page, "Call answer rate, by month", `Mar ${year}`)).toHaveText("No calls");
      // Interpreter cost: March's pay, and what is left of March's revenue.
      await expect(figure(page, "Interpreter cost by month, USD", `Mar ${year}`)).toHaveText("$60.00 cost, $86.25 margin (59% of revenue)");
      await expect(figure(page, "Interpreter cost by month, USD", `Apr ${year}`)).toHaveText("$0.00 cost, $50.00 margin (100% of revenue)");
      // Each chart is a picture of its table: a bar per row.
      await expect(page.getByRole("img", { name: "Revenue by language, USD" }).locator("rect")).toHaveCount(2);
    });
  });
}

test("in Arabic: the same figures, formatted for the reader", async ({ browser }) => {
  test.slow(); // a new Arabic admin first
  const year = 2200 + Math.floor(Math.random() * 7000);
  const customer = { name: `Reports Clinic ${unique()}`, email: `reports.${unique()}@example.com` };
  await issuedForReports(customer, year);
  const page = await arabicAdmin(browser, { width: 390, height: 844 });
  const r = ar.reports.revenue;
  await page.goto(`/Dashboard/Reports?from=${year}-03&to=${year}-04`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.reports.heading);
  await expect(figure(page, format(r.byCustomer, { currency: "USD" }), customer.name)).toHaveText(formatAmount(19625, "USD", "ar"));
  await expect(figure(page, format(r.byLanguage, { currency: "USD" }), r.noLanguage)).toHaveText(formatAmount(5000, "USD", "ar"));
  // At 390 px nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.context().close();
});

test("the Reports page has no violations with its charts and tables, in English and Arabic, wide and on a phone", async ({ page, browser }) => {
  // The page is the same on both backends: scanned on D1, as every accessibility scan.
  test.skip(serverOf() !== "d1", "scanned on D1");
  test.slow(); // a new Arabic admin, four scans
  const viewports = [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ];
  // Revenue of a year of the test's own, so every kind of chart is drawn (issued in the data: invoices-support.ts).
  const year = 2200 + Math.floor(Math.random() * 7000);
  await issuedForReports({ name: `Axe Clinic ${year}`, email: `axe.reports.${year}.${Date.now()}@example.com` }, year);
  const path = `/Dashboard/Reports?from=${year}-01&to=${year}-12`;
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Reports" });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await expect(page.getByRole("table", { name: "Revenue by language, USD" })).toBeVisible();
    expect(await axeViolations(page), `Reports, ${viewport.name}`).toEqual([]);
  }
  const arabic = await arabicAdmin(browser, viewports[0]!);
  for (const viewport of viewports) {
    await arabic.setViewportSize(viewport);
    await arabic.goto(path);
    await expect(arabic.getByRole("heading", { level: 1 })).toHaveText(ar.reports.heading);
    expect(await axeViolations(arabic), `Reports in Arabic, ${viewport.name}`).toEqual([]);
  }
  await arabic.context().close();
});
