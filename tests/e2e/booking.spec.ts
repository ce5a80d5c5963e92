// Booking an interpreter (issue 25) in real Chromium, with JavaScript on and off, on D1 and on the Supabase adapter:
// a visitor books a two-hour on-site medical appointment in Spanish (linked to the sample interpreter) for next
// Tuesday at 10:00 in the company's zone, lands on the private page with its link, its status and the time with the
// zone's abbreviation, and cancels it; and a start the clocks skip is refused with the time field's message.
import type { Page } from "@playwright/test";
import { companyInstant, nextClockChange, nextTuesday, ZONE } from "./booking-support";
import { expect, test } from "./fixtures";

/** Fills the booking form as a visitor would: Spanish, on site, medical, two hours, with their details. */
async function fillBooking(page: Page, { date, time, email }: { date: string; time: string; email: string }) {
  await page.getByLabel("Language").selectOption({ label: "Spanish" });
  await expect(page.getByRole("radio", { name: "On site" })).toBeChecked();
  await page.getByLabel("Setting").selectOption({ label: "Medical" });
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByLabel("Start time").fill(time);
  await page.getByLabel("Expected duration").selectOption({ label: "2 h" });
  await page.getByLabel("Address (on site)").fill("400 W 8th St, Cheyenne, WY, Radiology, 2nd floor");
  await page.getByLabel("Your name").fill("Lucía Fernández");
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Your phone").fill("+1 307 555 0123");
  await page.getByLabel(/I agree that PUSH stores these details/).check();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a visitor books a Spanish interpreter on site for next Tuesday at 10:00, then cancels it", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Book an interpreter", exact: true }).click();
      await expect(page).toHaveURL("/Book");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book an interpreter");

      const date = nextTuesday();
      const email = `lucia.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.com`;
      await fillBooking(page, { date, time: "10:00", email });
      await page.getByRole("button", { name: "Book an interpreter" }).click();

      // The private page: its link to keep, the status, and when (in the company's zone, with its abbreviation).
      await expect(page).toHaveURL(/\/Book\/[A-Za-z0-9_-]{43}\?received=1$/);
      await expect(page.getByRole("heading", { name: "Thank you: we have your booking" })).toBeVisible();
      const link = page.getByLabel("Your private appointment link");
      await expect(link).toHaveValue(new URL(page.url()).href.replace(/\?received=1$/, ""));
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Appointment A-\d{6}$/);
      await expect(page.locator(".appointment-status")).toHaveText("Requested: we are finding an interpreter");

      const start = companyInstant(date, "10:00");
      const day = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, weekday: "long", year: "numeric", month: "long", day: "numeric" }).format(start);
      const abbreviation = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, timeZoneName: "short" })
        .formatToParts(start)
        .find((part) => part.type === "timeZoneName")!.value;
      expect(abbreviation).toMatch(/^M[SD]T$/);
      expect(day).toMatch(/^Tuesday, /);
      const facts = page.locator("dl.facts");
      await expect(facts.locator("dt", { hasText: "When" }).locator("+ dd")).toHaveText(new RegExp(`^${day} at 10:00\\sAM ${abbreviation}$`));
      await expect(facts.locator("dt", { hasText: "Duration" }).locator("+ dd")).toHaveText("2 h");
      await expect(facts.locator("dt", { hasText: "Language" }).locator("+ dd")).toHaveText("Spanish");
      await expect(facts.locator("dt", { hasText: "How" }).locator("+ dd")).toHaveText("On site");
      await expect(facts.locator("dt", { hasText: "Setting" }).locator("+ dd")).toHaveText("Medical");
      // The .ics to add it to a calendar: the same instant, two hours long, not confirmed yet.
      const ics = await page.request.get((await page.getByRole("link", { name: "Add to your calendar (.ics)" }).getAttribute("href"))!);
      expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const calendar = await ics.text();
      const stamp = (at: Date) =>
        at
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, "");
      expect(calendar).toContain(`DTSTART:${stamp(start)}`);
      expect(calendar).toContain(`DTEND:${stamp(new Date(start.getTime() + 2 * 3_600_000))}`);
      expect(calendar).toContain("STATUS:TENTATIVE");

      // The link opens the same page (without the thanks), and the customer cancels there.
      await page.goto(await link.inputValue());
      await expect(page.getByRole("heading", { name: "Thank you: we have your booking" })).toHaveCount(0);
      const cancel = page.getByRole("region", { name: "Cancel the appointment" });
      await expect(cancel).toContainText("You can cancel until the start.");
      await cancel.getByRole("button", { name: "Cancel the appointment" }).click();
      await expect(page.locator(".appointment-status")).toHaveText("Cancelled");
      await expect(page.getByText("This appointment was cancelled.")).toBeVisible();
      await expect(page.getByRole("region", { name: "Cancel the appointment" })).toHaveCount(0);
    });

    test("a start the clocks skip is refused with the time field's message, and what was typed stays", async ({ page }) => {
      await page.goto("/Book");
      const date = nextClockChange("spring");
      await fillBooking(page, { date, time: "02:30", email: "lucia@example.com" });
      await page.getByRole("button", { name: "Book an interpreter" }).click();

      await expect(page).toHaveURL("/Book");
      const time = page.getByLabel("Start time");
      await expect(time).toHaveAccessibleDescription(/That time does not exist on that day: the clocks go forward/);
      await expect(time).toHaveAttribute("aria-invalid", "true");
      await expect(time).toHaveValue("02:30");
      await expect(page.getByLabel("Date", { exact: true })).toHaveValue(date);
      await expect(page.getByLabel("Your name")).toHaveValue("Lucía Fernández");
      await expect(page.getByLabel("Language")).toHaveValue(/^\d+$/);
      // Nothing else was refused.
      await expect(page.locator(".field__error")).toHaveCount(1);
    });
  });
}
