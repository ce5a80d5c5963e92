// The staff's appointment screens (issue 25) in real Chromium, on D1 and on the Supabase adapter: a booking made at
// /Book shows in the week calendar and the list, marked when it is unfilled close to its start; staff open it and
// cancel it with a reason (an empty one refused with its message); on a phone the week is a day-by-day agenda.
import type { Page } from "@playwright/test";
import { companyDay } from "./booking-support";
import { ADMIN, expect, expectNotice, signIn, test } from "./fixtures";
import { axeViolations } from "./support";

/** A booking through /Book's form post (the form itself is booking.spec.ts's): tomorrow at 12:00, by video, in Spanish. */
async function bookTomorrow(page: Page, name: string) {
  await page.goto("/Book");
  const language = await page.getByLabel("Language").locator("option", { hasText: "Spanish" }).getAttribute("value");
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/Book", {
    headers: { Origin: origin },
    maxRedirects: 0,
    form: {
      ...{ language: language!, mode: "video", setting: "legal", date: companyDay(1), time: "12:00", duration: "90", address: "", callNumber: "" },
      ...{ name, email: `${name.split(" ")[0]!.toLowerCase()}.${Date.now()}@example.com`, phone: "+1 307 555 0123", organisation: "" },
      ...{ notes: "", gender: "", consent: "on" },
    },
  });
  expect(response.status()).toBe(302);
}

test("staff see a booking in the week and the list, marked unfilled, and cancel it with a reason", async ({ page }) => {
  const name = `Marta Quiroga ${Date.now().toString(36)}`;
  await bookTomorrow(page, name);
  await signIn(page, ADMIN.email, { landing: `/Dashboard/Appointments?week=${companyDay(1)}` });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Appointments");

  // The week: tomorrow's column holds it, at 12:00 with the zone named.
  const tomorrow = page.locator(".week__day", { has: page.locator(`time[datetime="${companyDay(1)}"]`) });
  const block = tomorrow.locator(".week__block", { hasText: name });
  await expect(block).toContainText(/12:00\sPM\sM[SD]T · 1 h 30 min/);
  await expect(block).toContainText("Unfilled, starts within 48 hours");

  // The list, filtered to tomorrow: the row, marked too; its number opens the appointment.
  await page.getByLabel("Starting from").fill(companyDay(1));
  await page.getByLabel("Starting until").fill(companyDay(1));
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Requested");
  await expect(row).toContainText("Unfilled, starts within 48 hours");
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Appointment A-\d{6}$/);
  await expect(page.getByText(name)).toBeVisible();

  // Cancelling needs a reason the customer reads.
  await page.getByRole("button", { name: "Cancel the appointment" }).click();
  await expect(page.getByText("Please give a reason: the customer reads it.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Reason").fill("The hearing was moved to next month.");
  await page.getByRole("button", { name: "Cancel the appointment" }).click();
  await expectNotice(page, "The appointment has been cancelled and the customer told.");
  await expect(page.getByText("Cancelled by staff: The hearing was moved to next month.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel the appointment" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the week is an agenda: one day after the other, nothing wider than the screen", async ({ page }) => {
    await signIn(page, ADMIN.email, { landing: `/Dashboard/Appointments?week=${companyDay(1)}` });
    const days = page.locator(".week__day");
    await expect(days).toHaveCount(7);
    const [first, second] = [await days.nth(0).boundingBox(), await days.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });
});
