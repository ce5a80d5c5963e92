// The customer portal (/Account, issue 27) as a requester uses it, with JavaScript on (off: customer-journey), on D1 and against the
// Supabase double: a requester of Clinic A signs in at /Login, lands on /Account, sees Clinic A's order, appointment
// and invoice and none of Firm B's (whose pages are a 404 by a guessed link), opens their order and writes to staff,
// and finds the message in /Account's Messages panel (never Firm B's), and pays the invoice through the Stripe double; every screen has no axe violation, in English and Arabic, wide and
// on a phone. The requesters are arranged in the data (account-portal-support.ts) until the invitations are merged.
import type { Page } from "@playwright/test";
import { orderNumber } from "../../app/domain/order-records";
import { appointmentNumber } from "../../app/domain/appointments";
import { STRIPE_DOUBLE_URL } from "../../playwright.config";
import { customerMessage, REQUESTER_PASSWORD, requesterWithWork } from "./account-portal-support";
import { ADMIN, expect, serverOf, signInThroughForm, test, unique } from "./fixtures";
import { axeViolations } from "./support";

// One test after the other in each project: the arrangement writes beside the D1 server (invoices.spec.ts says why).
test.describe.configure({ mode: "default" });

async function signInAsRequester(page: Page, email: string) {
  await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(REQUESTER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/Account$/);
}

async function noAxeViolations(page: Page, what: string) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${what} at ${viewport.width} px`).toEqual([]);
  }
}

// With JavaScript on (and axe); /Account's lists and paying without JavaScript are part of customer-journey.spec.ts.
for (const javaScriptEnabled of [true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a requester of Clinic A sees Clinic A's work and none of Firm B's, writes to staff and pays an invoice", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const run = unique();
      const clinic = await requesterWithWork(`Clinic A ${run}`, `rana.${run}@clinic-a.example`, `Rana ${run}`, 3);
      const firm = await requesterWithWork(`Firm B ${run}`, `omar.${run}@firm-b.example`, `Omar ${run}`, 4);

      await signInAsRequester(page, clinic.email);
      const main = page.locator("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Clinic A ${run}`);
      await expect(main.getByRole("link", { name: orderNumber(clinic.orderId) })).toBeVisible();
      await expect(main.getByRole("link", { name: appointmentNumber(clinic.appointmentId) })).toBeVisible();
      await expect(main.getByRole("link", { name: clinic.invoiceNumber })).toBeVisible();
      await expect(main).toContainText("Still to pay: $120.00");
      for (const text of [orderNumber(firm.orderId), appointmentNumber(firm.appointmentId), firm.invoiceNumber, firm.name])
        await expect(main).not.toContainText(text);

      // The search of one list: another organisation's number finds nothing.
      await page.getByLabel("Search the orders").fill(orderNumber(firm.orderId));
      await page.getByRole("button", { name: "Search" }).first().click();
      await expect(main).toContainText("No order matches this search.");

      // Firm B's pages by a guessed link: 404, none of its data.
      for (const path of [`/Account/Orders/${firm.orderId}`, `/Account/Appointments/${firm.appointmentId}`, `/Account/Invoices/${firm.invoiceId}`]) {
        const answer = await page.goto(path);
        expect(answer?.status(), path).toBe(404);
        await expect(page.locator("body")).not.toContainText(firm.name);
      }

      // Their order: a message to staff.
      await page.goto(`/Account/Orders/${clinic.orderId}`);
      await page.getByLabel("Your message").fill("Can it be ready by Friday?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.locator(".thread")).toContainText("Can it be ready by Friday?");

      // Back on /Account, the Messages panel has it, linked to the order's thread; Firm B's message is never listed
      // or found.
      const firmWords = `Firm B merger terms ${run}`;
      await customerMessage(firm.orderId, firmWords);
      await page.goto("/Account");
      const messages = page.locator("section[aria-labelledby=account-messages]");
      await expect(messages.getByRole("heading", { name: "Messages" })).toBeVisible();
      const row = messages.getByRole("row").filter({ hasText: "Can it be ready by Friday?" });
      await expect(row).toContainText(`Rana ${run} (your organisation)`);
      await expect(row.getByRole("link", { name: orderNumber(clinic.orderId) })).toHaveAttribute("href", `/Account/Orders/${clinic.orderId}#thread`);
      await expect(messages).not.toContainText(firmWords);
      await messages.getByLabel("Search the messages").fill(firmWords);
      await messages.getByRole("button", { name: "Search" }).click();
      await expect(messages).toContainText("No message matches this search.");
      await expect(messages.getByRole("link", { name: orderNumber(firm.orderId) })).toHaveCount(0);
      await messages.getByLabel("Search the messages").fill("ready by friday");
      await messages.getByRole("button", { name: "Search" }).click();
      await row.getByRole("link", { name: orderNumber(clinic.orderId) }).click();
      await expect(page).toHaveURL(new RegExp(`/Account/Orders/${clinic.orderId}#thread$`));
      await expect(page.locator(".thread")).toContainText("Can it be ready by Friday?");

      // Their invoice: Pay now → the Stripe double's page → back with a thank-you.
      await page.goto(`/Account/Invoices/${clinic.invoiceId}`);
      await page.getByRole("button", { name: "Pay now" }).click();
      const stripe = STRIPE_DOUBLE_URL[serverOf()];
      await expect(page).toHaveURL(new RegExp(`^${stripe}/pay/cs_test_[0-9a-f]+$`));
      await page.getByRole("button", { name: "Pay $120.00" }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/Account/Invoices/${clinic.invoiceId}` && url.search === "?paid=1");
      await expect(page.getByText("Thank you. Your payment is being confirmed")).toBeVisible();

      // Every screen, in English and Arabic, wide and on a phone (axe runs in the page: with JavaScript on).
      if (javaScriptEnabled) {
        for (const prefix of ["", "/ar"]) {
          for (const path of [
            "/Account",
            `/Account/Orders/${clinic.orderId}`,
            `/Account/Appointments/${clinic.appointmentId}`,
            `/Account/Invoices/${clinic.invoiceId}`,
          ]) {
            await page.goto(`${prefix}${path}`);
            await noAxeViolations(page, `${prefix}${path}`);
          }
        }
      }

      // Staff are refused the portal (403).
      const staff = await browser.newContext();
      try {
        const staffPage = await staff.newPage();
        await signInThroughForm(staffPage, ADMIN.email);
        expect((await staffPage.goto("/Account"))?.status()).toBe(403);
      } finally {
        await staff.close();
      }
    });
  });
}
