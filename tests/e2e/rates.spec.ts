// The Rates page (/Dashboard/Rates, issue 26 build item 1) as an administrator uses it, with JavaScript on and off:
// a customer price with a weekend surcharge is listed "In effect"; a newer line of the same day replaces it; a bad
// price is refused with its field message and nothing added; an interpreter's pay line goes to the pay table. Each
// test prices a language of its own, so its rows are told apart from other runs'.
import type { Page } from "@playwright/test";
import { ADMIN, expect, expectNotice, INTERPRETER, signIn, test } from "./fixtures";
import { newLanguage } from "./rates-support";

const billForm = (page: Page) => page.getByRole("form", { name: "Add a customer price" });
const payForm = (page: Page) => page.getByRole("form", { name: "Add an interpreter's pay" });
const rowsOf = (page: Page, table: "Customer prices" | "Interpreter pay", language: string) =>
  page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: language });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a customer price with a weekend surcharge is in effect; a newer line replaces it; a bad price is refused", async ({ page }) => {
      test.slow(); // a language, three posts and their pages
      await signIn(page, ADMIN.email, { landing: null });
      const language = await newLanguage(page);
      // The dashboard's navigation leads there (admins only: an interpreter's is checked in dashboard.spec.ts).
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Rates", exact: true }).click();
      await expect(page).toHaveURL("/Dashboard/Rates");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rates");
      await expect(page.getByText("A line is never edited: a new price is a new line, from its date")).toBeVisible();

      const add = async (price: string) => {
        const form = billForm(page);
        await form.getByLabel("Kind of work", { exact: true }).selectOption({ label: "On-site interpreting" });
        await form.getByLabel("Unit", { exact: true }).selectOption({ label: "per hour" });
        await form.getByLabel("Language", { exact: true }).selectOption({ label: language });
        await form.getByLabel("Price per unit", { exact: true }).fill(price);
        await form.getByLabel("Minimum", { exact: true }).fill("120");
        await form.getByLabel("Increment", { exact: true }).fill("15");
        await form.getByLabel("Weekend surcharge (%)").fill("25");
        await form.getByRole("button", { name: "Add the line" }).click();
      };

      await add("65.00");
      await expectNotice(page, "Line added.");
      const first = rowsOf(page, "Customer prices", language);
      await expect(first).toHaveCount(1);
      await expect(first).toContainText("On-site interpreting, per hour");
      await expect(first).toContainText("List price");
      await expect(first).toContainText("$65.00");
      await expect(first).toContainText("2 h");
      await expect(first).toContainText("15 min");
      await expect(first).toContainText("Weekend 25 %");
      await expect(first.getByRole("cell").last()).toHaveText("In effect");

      await add("70.00");
      await expectNotice(page, "Line added.");
      const both = rowsOf(page, "Customer prices", language);
      await expect(both).toHaveCount(2);
      // The newest line first: it prices work from today, the first one no longer does.
      await expect(both.nth(0)).toContainText("$70.00");
      await expect(both.nth(0).getByRole("cell").last()).toHaveText("In effect");
      await expect(both.nth(1)).toContainText("$65.00");
      await expect(both.nth(1).getByRole("cell").last()).toHaveText("Replaced");

      await add("six dollars");
      const price = billForm(page).getByLabel("Price per unit", { exact: true });
      await expect(billForm(page).getByText("Enter a price above zero, with at most 2 digits after the point.")).toBeVisible();
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await expect(price).toHaveValue("six dollars");
      await expect(rowsOf(page, "Customer prices", language)).toHaveCount(2);
    });

    test("an interpreter's pay line is listed under Interpreter pay with their name", async ({ page }) => {
      await signIn(page, ADMIN.email, { landing: null });
      const language = await newLanguage(page);
      await page.goto("/Dashboard/Rates");
      const form = payForm(page);
      await form.getByLabel("Kind of work", { exact: true }).selectOption({ label: "Live call" });
      await form.getByLabel("Unit", { exact: true }).selectOption({ label: "per minute" });
      await form.getByLabel("Language", { exact: true }).selectOption({ label: language });
      await form.getByLabel("Interpreter e-mail (optional)").fill(INTERPRETER.email);
      await form.getByLabel("Price per unit", { exact: true }).fill("0.75");
      await form.getByLabel("Minimum", { exact: true }).fill("1");
      await form.getByLabel("Increment", { exact: true }).fill("1");
      await form.getByRole("button", { name: "Add the line" }).click();
      await expectNotice(page, "Line added.");
      await expect(page).toHaveURL(/#rates-pay$/);
      const row = rowsOf(page, "Interpreter pay", language);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(INTERPRETER.name);
      await expect(row).toContainText("$0.75");
      await expect(row.getByRole("cell").last()).toHaveText("In effect");
      await expect(rowsOf(page, "Customer prices", language)).toHaveCount(0);
    });
  });
}
