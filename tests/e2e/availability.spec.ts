// Interpreters' availability and credentials (issue 25) in real Chromium, each flow with JavaScript on and off: an
// interpreter keeps their working hours and time off on Profile (a text that is no times is refused under its day);
// an admin opens an interpreter from the list, records a credential that expires in 10 days, finds it among the
// credentials expiring within 30 days, and removes it. Tests run in parallel on one database: each works on an
// interpreter it creates itself.
import type { Page } from "@playwright/test";
import { companyDay } from "./booking-support";
import { ADMIN, expect, expectNotice, SAMPLE_PASSWORD, signIn, test, unique } from "./fixtures";

/** A new interpreter of this test's own, created by the admin (who stays signed in). */
async function newInterpreter(page: Page): Promise<{ name: string; email: string }> {
  const id = unique();
  const person = { name: `Ines Park ${id}`, email: `ines.${id}@example.com` };
  await signIn(page, ADMIN.email, { landing: null });
  const created = await page.request.post("/Dashboard/Interpreter", {
    form: { intent: "create", full_name: person.name, Gender: "Woman", email: person.email, phone: "+1 307 555 0170", password: SAMPLE_PASSWORD },
  });
  expect(created.ok()).toBe(true);
  return person;
}

const HOURS_MESSAGE = "Write times like 09:00-12:00, 13:00-17:00, each ending after it starts.";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an interpreter saves working hours, sees a wrong one refused under its day, adds and removes time off", async ({ page }) => {
      const person = await newInterpreter(page);
      await page.context().clearCookies();
      await signIn(page, person.email, { landing: "/Dashboard/Profile" });

      // Monday in two parts, typed out of order; Wednesday with spaces: saved, and shown back as the product writes them.
      const hours = page.getByRole("region", { name: "Working hours" });
      await hours.getByLabel("Monday").fill("13:00-17:00, 09:00-12:00");
      await hours.getByLabel("Wednesday").fill("10:00 - 14:00");
      await hours.getByRole("button", { name: "Save working hours" }).click();
      await expectNotice(page, "Working hours saved.");
      await expect(page).toHaveURL(/\/Dashboard\/Profile#working-hours$/);
      if (javaScriptEnabled) await expect(hours.getByRole("heading", { name: "Working hours" })).toBeFocused();
      await page.reload();
      await expect(hours.getByLabel("Monday")).toHaveValue("09:00-12:00, 13:00-17:00");
      await expect(hours.getByLabel("Wednesday")).toHaveValue("10:00-14:00");
      await expect(hours.getByLabel("Tuesday")).toHaveValue("");

      // Tuesday ending before it starts: refused under Tuesday (tied to the field, which is marked invalid, keeps what
      // was typed and, with JavaScript, takes focus so it is read out with its message); the week on file stays.
      const tuesday = hours.getByLabel("Tuesday");
      await tuesday.fill("17:00-09:00");
      await hours.getByRole("button", { name: "Save working hours" }).click();
      await expect(tuesday).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expect(tuesday).toBeFocused();
      await expect(tuesday).toHaveAccessibleDescription(new RegExp(HOURS_MESSAGE.replace(/[.()]/g, "\\$&")));
      await expect(tuesday).toHaveValue("17:00-09:00");
      await expect(hours.getByText(HOURS_MESSAGE)).toHaveCount(1);
      await expect(hours.getByLabel("Monday")).not.toHaveAttribute("aria-invalid");
      await page.goto("/Dashboard/Profile");
      await expect(hours.getByLabel("Tuesday")).toHaveValue("");
      await expect(hours.getByLabel("Monday")).toHaveValue("09:00-12:00, 13:00-17:00");

      // Time off: a span, then gone again.
      const timeOff = page.getByRole("region", { name: "Time off" });
      const [first, last] = [companyDay(30), companyDay(32)];
      await timeOff.getByLabel("First day").fill(first);
      await timeOff.getByLabel("Last day").fill(last);
      await timeOff.getByLabel("Note (optional)").fill("Family visit");
      await timeOff.getByRole("button", { name: "Add time off" }).click();
      await expectNotice(page, "Time off added.");
      const span = timeOff.getByRole("row").filter({ hasText: "Family visit" });
      await expect(span.locator(`time[datetime="${first}"]`)).toBeVisible();
      await expect(span.locator(`time[datetime="${last}"]`)).toBeVisible();
      await span.getByRole("button", { name: `Remove time off from ${first} to ${last}` }).click();
      await expectNotice(page, "Time off removed.");
      await expect(timeOff.getByText("No time off.")).toBeVisible();
      await expect(timeOff.getByRole("row").filter({ hasText: "Family visit" })).toHaveCount(0);
    });

    test("an admin opens an interpreter from the list, records a credential expiring in 10 days, finds it expiring, removes it", async ({ page }) => {
      const person = await newInterpreter(page);
      const expires = companyDay(10);
      await page.goto(`/Dashboard/Interpreter?q=${encodeURIComponent(person.email)}`);
      await page.getByRole("link", { name: person.name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Availability and credentials of ${person.name}`);

      const credentials = page.getByRole("region", { name: "Credentials" });
      await expect(credentials.getByText("No credentials recorded.")).toBeVisible();
      await credentials.getByLabel("Credential", { exact: true }).fill("Court certified");
      await credentials.getByLabel("Expires on (optional)").fill(expires);
      await credentials.getByRole("button", { name: "Add credential" }).click();
      await expectNotice(page, "Credential added.");
      const recorded = credentials.getByRole("row").filter({ hasText: "Court certified" });
      await expect(recorded.locator(`time[datetime="${expires}"]`)).toBeVisible();

      // The interpreters' page warns of it, and links back to the person's credentials.
      await page.getByRole("link", { name: "Back to interpreters" }).click();
      const expiring = page.getByRole("region", { name: "Credentials expiring within 30 days" });
      const warning = expiring.getByRole("row").filter({ hasText: person.name });
      await expect(warning).toContainText("Court certified");
      await expect(warning.locator(`time[datetime="${expires}"]`)).toBeVisible();
      await warning.getByRole("link", { name: person.name }).click();
      await expect(page).toHaveURL(/#credentials$/);
      if (javaScriptEnabled) await expect(credentials.getByRole("heading", { name: "Credentials" })).toBeFocused();

      await credentials.getByRole("button", { name: "Remove Court certified" }).click();
      await expectNotice(page, "Credential removed.");
      await expect(credentials.getByText("No credentials recorded.")).toBeVisible();
      await page.goto("/Dashboard/Interpreter");
      await expect(expiring.getByRole("row").filter({ hasText: person.name })).toHaveCount(0);
    });
  });
}
