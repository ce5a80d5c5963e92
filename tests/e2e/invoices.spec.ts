// The Invoices pages (/Dashboard/Invoices, issue 26 build item 3) as an administrator uses them, with JavaScript on
// and off: an appointment held and approved (arranged in the data: invoices-support.ts) and a contract price for its
// customer → "Bill work" → a draft for the customer's month → the item in words on the draft → Issue → its number and
// total. A month with nothing to bill is refused on its field. Each test bills a customer of its own.
import { ADMIN, expect, expectNotice, signIn, test, unique } from "./fixtures";
import { heldAndApproved } from "./invoices-support";

/** A weekday at 10:00 in Denver (16:00 UTC, MDT) in March–October 2026, a different one for each run. */
function pastWeekday(): { startsAt: number; month: string } {
  for (;;) {
    const day = new Date(Date.UTC(2026, 2 + Math.floor(Math.random() * 8), 1 + Math.floor(Math.random() * 28), 16));
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) return { startsAt: day.getTime(), month: day.toISOString().slice(0, 7) };
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("work held and approved is billed, gathered into a draft in words, and issued with its number and total", async ({ page }) => {
      test.slow(); // arranged work, a rate line, four posts and their pages
      const id = unique();
      const customer = { name: `Clinic ${id}`, email: `clinic.${id}@example.com` };
      const { startsAt, month } = pastWeekday();
      await heldAndApproved(customer, startsAt);

      await signIn(page, ADMIN.email);
      // The dashboard's navigation leads to the Invoices page (admins only).
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Invoices", exact: true }).click();
      await expect(page).toHaveURL("/Dashboard/Invoices");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invoices");

      await page.getByRole("button", { name: "Bill work" }).click();
      // Other tests' work is billed too: at least this one's item.
      await expectNotice(page, /^[1-9]\d* items? made\.$/);

      const draft = page.getByRole("form", { name: "New draft" });
      // A month before the work: nothing to bill, said on the month's field; no draft made.
      await draft.getByLabel("Customer e-mail").fill(customer.email);
      await draft.getByLabel("Month").fill("2026-01");
      await draft.getByRole("button", { name: "Make the draft" }).click();
      await expect(page.getByText("Nothing to bill for this customer in that month.")).toBeVisible();
      await expect(page.getByRole("form", { name: "New draft" }).getByLabel("Customer e-mail")).toHaveValue(customer.email);

      await page.getByRole("form", { name: "New draft" }).getByLabel("Month").fill(month);
      await page.getByRole("form", { name: "New draft" }).getByRole("button", { name: "Make the draft" }).click();
      await expectNotice(page, "Draft made.");
      await expect(page).toHaveURL(/\/Dashboard\/Invoices\/\d+$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Draft");
      await expect(page.getByText(customer.email)).toBeVisible();
      const items = page.getByRole("table", { name: "Items" });
      await expect(items.getByRole("row")).toHaveCount(2); // the header and the one item
      await expect(items).toContainText("2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h = $146.25");

      await page.getByRole("button", { name: "Issue the invoice" }).click();
      await expectNotice(page, /^Issued as PUSH-\d{4}-\d{4,}\.$/);
      const number = (await page.getByRole("heading", { level: 1 }).textContent())!;
      expect(number).toMatch(/^PUSH-\d{4}-\d{4,}$/);
      await expect(page.getByText("This invoice is issued.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Issue the invoice" })).toHaveCount(0);
      // The panel (the table inside it is a region of the same name too).
      const totals = page.getByRole("region", { name: "Items" }).first();
      await expect(totals).toContainText("Total");
      await expect(totals).toContainText("$146.25");

      // The list shows it issued, with its number, customer and total.
      await page.getByRole("link", { name: "All invoices" }).click();
      const row = page.getByRole("table", { name: "All invoices" }).getByRole("row").filter({ hasText: customer.email });
      await expect(row).toContainText(number);
      await expect(row).toContainText("$146.25");
      await expect(row).toContainText("Issued");
    });
  });
}
