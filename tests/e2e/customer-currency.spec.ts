// A customer's billing currency in real Chromium (issue 26, build item 3: "a currency per customer (default USD)"), with
// JavaScript on and off, on D1 and on the Supabase adapter: a visitor books an appointment (becoming a customer); an
// admin opens the customer's page (USD), chooses EUR under "Billing currency", is told so, and sees EUR in the facts.
import type { Browser, Page } from "@playwright/test";
import { bookedCustomer } from "./customer-support";
import { ADMIN, expect, expectNotice, signIn, test, unique } from "./fixtures";

/** A browser of its own, from its own client address (random: parallel tests and retries never share one). */
async function person(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `10.207.${octet()}.${octet()}` } });
  return context.newPage();
}

/** The value beside a term of the customer's facts. */
const fact = (page: Page, term: string) => page.locator("dl.facts dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

for (const javaScriptEnabled of [true, false]) {
  test(`an admin sets a customer's billing currency, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
    const id = unique();
    const name = `Clinique Lyon ${id}`;
    const email = `lyon.${id}@example.com`;
    const visitor = await person(browser, javaScriptEnabled);
    await bookedCustomer(visitor, name, email);

    const admin = await person(browser, javaScriptEnabled);
    await signIn(admin, ADMIN.email, { landing: `/Dashboard/Dashboardcustomers?q=${encodeURIComponent(email)}` });
    await admin.getByRole("link", { name }).click();
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(fact(admin, "Billing currency")).toHaveText("USD");
    const billing = admin.getByRole("form", { name: "Billing" });
    await expect(billing.getByLabel("Billing currency")).toHaveValue("USD");

    await billing.getByLabel("Billing currency").selectOption("EUR");
    await billing.getByRole("button", { name: "Save the currency" }).click();
    await expectNotice(admin, `${name} is billed in EUR from now on.`);
    await expect(fact(admin, "Billing currency")).toHaveText("EUR");
    await expect(admin.getByRole("form", { name: "Billing" }).getByLabel("Billing currency")).toHaveValue("EUR");
    // Read again from the server, not what the page kept.
    await admin.reload();
    await expect(fact(admin, "Billing currency")).toHaveText("EUR");

    for (const page of [visitor, admin]) await page.context().close();
  });
}
