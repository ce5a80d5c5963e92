// A customer for the tests of a customer's page (issue 26: their billing currency): a visitor books an appointment with
// the public form, and is a customer from then on.
import type { Page } from "@playwright/test";
import { companyDay } from "./booking-support";
import { expect, test } from "./fixtures";

/** A video appointment booked through /Book by `name` at `email`, eleven days ahead. */
export async function bookedCustomer(page: Page, name: string, email: string) {
  const [language] = await page.request.get("/Book").then(async (answer) => /<option value="(\d+)"[^>]*>Spanish</.exec(await answer.text())?.slice(1) ?? []);
  const booked = await page.request.post("/Book", {
    form: {
      ...{ language: language!, mode: "video", setting: "education", date: companyDay(11), time: "15:00", duration: "60" },
      ...{ name, email, phone: "+1 307 555 0135", consent: "on" },
    },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(302);
}
