// A customer organisation's signed-in requester asks for a quote and books an interpreter (issue 27), in real Chromium
// with JavaScript on (off: customer-journey), on D1 and on the Supabase adapter: both forms come filled in with their name, their
// account's address (read only) and the organisation; what they send is theirs (staff see the order as proven, no "Not
// verified") and a visitor's forms stay empty; /Call names them and their organisation. axe on each. The requester is arranged in the server's
// data (requester-support.ts), so this file runs where the arranging tests run (ARRANGED_SPECS).
import type { Browser } from "@playwright/test";
import { ADMIN, expect, signIn, test, unique, pageOfItsOwn } from "./fixtures";
import { ensureRequester, sendRequesterBooking } from "./requester-support";
import { axeViolations } from "./support";

const person = (browser: Browser, javaScriptEnabled: boolean) => pageOfItsOwn(browser, 204, javaScriptEnabled);

// With JavaScript on; a requester's filled-in quote and booking without JavaScript are part of customer-journey.spec.ts.
for (const javaScriptEnabled of [true]) {
  test(`a requester's quote and booking come filled in and are theirs (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const id = unique();
    const requester = await ensureRequester({ organisation: "Clinic A", email: `desk.${id}@clinic-a.example`, name: `Dana Desk ${id}` });
    const page = await person(browser, javaScriptEnabled);
    await signIn(page, requester.email, { password: requester.password, landing: "/Quote" });

    // ---- The quote request. ----
    await expect(page.getByLabel("Your name")).toHaveValue(`Dana Desk ${id}`);
    const email = page.getByLabel("Your email");
    await expect(email).toHaveValue(requester.email);
    await expect(email).toHaveAttribute("readonly", "");
    await expect(page.getByText("Signed in: the request is sent from your account's address.")).toBeVisible();
    await expect(page.getByLabel("Company (optional)")).toHaveValue("Clinic A");
    if (javaScriptEnabled) expect(await axeViolations(page), "/Quote filled in").toEqual([]);
    await page.getByLabel("Service").selectOption({ index: 1 });
    await page.getByLabel("Translate from").selectOption({ label: "Arabic" });
    await page.getByRole("group", { name: "Into" }).getByLabel("English").check();
    await page.getByLabel("Needed by").fill("2031-06-30");
    await page.getByLabel(/I agree that PUSH stores/).check();
    await page.getByRole("button", { name: "Request a quote" }).click();
    await expect(page.getByRole("heading", { name: "Thank you: we have your request" })).toBeVisible();
    const number = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Order ", "");

    // Staff see it as the customer's on file at once: their account proved the address.
    const admin = await person(browser, javaScriptEnabled);
    await signIn(admin, ADMIN.email, { landing: `/Dashboard/Orders?q=${encodeURIComponent(requester.email)}` });
    await admin.getByRole("link", { name: number }).click();
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
    await expect(admin.getByText(requester.email).first()).toBeVisible();
    await expect(admin.getByText(/^Not verified/)).toHaveCount(0);

    // ---- The booking. ----
    await page.goto("/Book");
    await expect(page.getByLabel("Your name")).toHaveValue(`Dana Desk ${id}`);
    await expect(page.getByLabel("Your email")).toHaveValue(requester.email);
    await expect(page.getByLabel("Your email")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Organisation (optional)")).toHaveValue("Clinic A");
    if (javaScriptEnabled) expect(await axeViolations(page), "/Book filled in").toEqual([]);
    await sendRequesterBooking(page);
    await expect(page.getByText(requester.email).first()).toBeVisible();

    // A visitor's forms are empty.
    const visitor = await person(browser, javaScriptEnabled);
    await visitor.goto("/Quote");
    await expect(visitor.getByLabel("Your email")).toHaveValue("");
    await expect(visitor.getByLabel("Your email")).not.toHaveAttribute("readonly");
  });
}

test("a requester's /Call rings on their organisation's terms: named, their name fixed; axe", async ({ browser }) => {
  const id = unique();
  const requester = await ensureRequester({ organisation: "Clinic A", email: `calls.${id}@clinic-a.example`, name: `Cora Caller ${id}` });
  const page = await person(browser, true);
  await signIn(page, requester.email, { password: requester.password, landing: "/Call" });
  await expect(page.getByText(`You are calling as Cora Caller ${id} for Clinic A: the call is billed to your organisation.`)).toBeVisible();
  const name = page.locator("#call-name");
  await expect(name).toHaveValue(`Cora Caller ${id}`);
  await expect(name).toHaveAttribute("readonly", "");
  expect(await axeViolations(page), "/Call for a requester").toEqual([]);
});
