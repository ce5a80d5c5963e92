// axe scan (WCAG 2 A and AA) of every public page, on a desktop and on a phone, and of the states that
// change the page (an expanded service card, the open phone menu, the failure state, the booking form's refusals,
// its repeated-time choice and the customer's appointment page).
import type { Page } from "@playwright/test";
import { BROKEN_APP_URL } from "../../playwright.config";
import { companyDay, nextClockChange } from "./booking-support";
import { expect, test } from "./fixtures";
import { axeViolations, PUBLIC_PAGES } from "./support";

const pages = [...PUBLIC_PAGES.map((page) => page.path), "/Book", "/ar/Book", "/no-such-page"];

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport });
    for (const path of pages) {
      test(`${path} has no WCAG 2 A/AA violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test("an expanded service card and the open phone menu have no violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/Services");
  await page.getByRole("button", { name: "Full description of Legal Interpreting" }).click();
  await page.getByRole("button", { name: "Menu" }).click();
  expect(await axeViolations(page)).toEqual([]);
});

test("the failure state has no violations", async ({ page }) => {
  await page.goto(`${BROKEN_APP_URL}/`);
  expect(await axeViolations(page)).toEqual([]);
});

/** Sends the booking form as it stands and waits for the refused form to come back. */
async function sendBooking(page: Page) {
  await page.getByRole("button", { name: "Book an interpreter" }).click();
  await expect(page.locator("#book-form [aria-invalid=true], #book-form fieldset[aria-describedby]").first()).toBeVisible();
}

test.describe("the booking form (/Book)", () => {
  test("refused with every field's message, on a desktop and on a phone (no sideways scroll)", async ({ page }) => {
    await page.goto("/Book");
    // Sent empty (on site is chosen by default): each field a visitor must fill says so.
    await sendBooking(page);
    const messages = page.locator("#book-form .field__error");
    await expect(messages).toHaveText([
      "Please choose a language.",
      "Please choose a setting.",
      "Please choose a date.",
      "Please choose a start time.",
      "Please enter the address where the interpreter should come.",
      "Please enter your name.",
      "Please enter your email.",
      "Please enter a phone number where we can reach you.",
      "Please agree to the privacy policy so that we can arrange your appointment.",
    ]);
    expect(await axeViolations(page), "refused booking").toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "/Book refused, page width").toBeLessThanOrEqual(390);
    expect(await axeViolations(page), "refused booking on a phone").toEqual([]);
    // By phone: the number to call is the field that says so.
    await page.getByRole("radio", { name: "By phone" }).check();
    await sendBooking(page);
    await expect(page.getByLabel("Number the interpreter calls (by phone)")).toHaveAccessibleDescription(
      /Please enter the phone number the interpreter should call/,
    );
    expect(await axeViolations(page), "refused booking by phone").toEqual([]);
  });

  test("a start the clocks repeat asks which of the two times is meant", async ({ page }) => {
    await page.goto("/Book");
    await page.getByLabel("Date", { exact: true }).fill(nextClockChange("autumn"));
    await page.getByLabel("Start time").fill("01:30");
    await sendBooking(page);
    await expect(page.getByLabel("Start time")).toHaveAccessibleDescription(/That time happens twice on that day/);
    const choice = page.getByRole("group", { name: "This time happens twice that night, when the clocks go back. Which one?" });
    await expect(choice.getByRole("radio")).toHaveCount(2);
    await expect(choice.getByRole("radio", { name: /^1:30\sAM MDT$/ })).not.toBeChecked();
    await expect(choice.getByRole("radio", { name: /^1:30\sAM MST$/ })).not.toBeChecked();
    expect(await axeViolations(page), "repeated time").toEqual([]);
  });

  test("the customer's page after booking, with its link and the cancel panel", async ({ page }) => {
    const [language] = await page.request.get("/Book").then(async (answer) => /<option value="(\d+)"[^>]*>Spanish</.exec(await answer.text())?.slice(1) ?? []);
    const booked = await page.request.post("/Book", {
      form: {
        language: language!,
        mode: "video",
        setting: "education",
        date: companyDay(10),
        time: "14:00",
        duration: "90",
        name: "Aisha Noor",
        email: "aisha.noor@example.com",
        phone: "+1 307 555 0134",
        consent: "on",
      },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
      maxRedirects: 0,
    });
    expect(booked.status()).toBe(302);
    await page.goto(booked.headers().location!);
    await expect(page.getByLabel("Your private appointment link")).toBeVisible();
    await expect(page.getByRole("region", { name: "Cancel the appointment" })).toBeVisible();
    expect(await axeViolations(page), "appointment page").toEqual([]);
  });
});
