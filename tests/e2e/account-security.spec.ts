// Account security in real Chromium, on D1 and on the Supabase adapter: the Profile page's password change and
// sessions, and the Users page (lock, unlock, role, reset link, the security log), with JavaScript on and off.
// Each test creates the person it works on; their browsers are separate contexts, as separate devices would be.
import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./support";
import { ADMIN, expect, expectNotice, fillInterpreter, signIn, test, unique } from "./fixtures";

/** Another device: its own cookies and its own client address (random, so parallel tests and retries never share one). */
async function device(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "CF-Connecting-IP": `10.201.${octet()}.${octet()}` },
  });
  return context.newPage();
}

/** An admin adds a new interpreter through the Interpreter page; returns their details. */
async function newPerson(admin: Page) {
  const id = unique();
  const person = { name: `Sam Lee ${id}`, gender: "Man", email: `sam.${id}@example.com`, phone: "+1 307 555 0160", password: "sam-secret-1" };
  await admin.goto("/Dashboard/Interpreter");
  await fillInterpreter(admin, person);
  await expect(admin.getByText(/User added successfully/)).toBeVisible();
  return person;
}

/** The Users page's search, as an administrator uses it to reach one account among many. */
async function findAccount(page: Page, email: string) {
  await page.getByLabel("Search accounts by name or e-mail").fill(email);
  await page
    .getByRole("search")
    .filter({ has: page.getByLabel("Search accounts by name or e-mail") })
    .getByRole("button", { name: "Search" })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  await expect(page.getByText("1 account", { exact: true })).toBeVisible();
}

const accountRow = (page: Page, email: string) =>
  page
    .getByRole("region", { name: "Accounts" })
    .first()
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: email, exact: true }) });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("change the password on the Profile page: the other device is signed out, the new password signs in", async ({ page, browser }) => {
      test.slow(); // three sign-ins, two password hashes and two browsers
      await signIn(page, ADMIN.email, { landing: null });
      const person = await newPerson(page);
      const laptop = await device(browser, javaScriptEnabled);
      const phone = await device(browser, javaScriptEnabled);
      await signIn(phone, person.email, { password: person.password, landing: null });
      await signIn(laptop, person.email, { password: person.password, landing: "/Dashboard/Profile" });

      const sessions = laptop.getByRole("region", { name: "Your sessions" }).first();
      await expect(sessions.getByRole("row")).toHaveCount(3); // the header and two sessions
      await expect(sessions.getByRole("row").nth(1)).toContainText("This browser");
      await expect(sessions.getByRole("row").nth(1)).toContainText("Chrome on Linux");

      const form = laptop.getByRole("region", { name: "Change password" });
      await form.getByLabel("Current password").fill("not-my-password");
      await form.getByLabel("New password").fill("sam-secret-2");
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(form.getByText("Your current password is not correct.")).toBeVisible();
      await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

      await form.getByLabel("Current password").fill(person.password);
      await form.getByLabel("New password").fill("sam-secret-2");
      await form.getByRole("button", { name: "Change password" }).click();
      await expectNotice(laptop, "Your password has been changed. Every other session of your account has ended.");
      await expect(form.getByLabel("Current password")).toHaveValue("");

      await phone.goto("/Dashboard/Profile");
      await expect(phone).toHaveURL(/\/Login\?redirectTo=%2FDashboard%2FProfile/);
      await signIn(phone, person.email, { password: "sam-secret-2", landing: null });
      await phone.context().close();
      await laptop.context().close();
    });

    test("lock, unlock and promote an account on the Users page, and find it all in the security log", async ({ page, browser }) => {
      test.slow();
      await signIn(page, ADMIN.email, { landing: null });
      const person = await newPerson(page);
      const theirs = await device(browser, javaScriptEnabled);
      await signIn(theirs, person.email, { password: person.password, landing: null });

      await page.goto("/Dashboard/Dashboardusers");
      await expect(page.getByRole("heading", { level: 1, name: "صفحة المستخدمين" })).toBeVisible();
      // The accounts come a page (25) at a time: find this one by its e-mail (the actions keep the search).
      await findAccount(page, person.email);
      await accountRow(page, person.email)
        .getByRole("button", { name: `Lock ${person.email}` })
        .click();
      await expect(page.getByText(`${person.email} is locked, and every session of the account has ended.`)).toBeVisible();
      await expect(accountRow(page, person.email)).toContainText("Locked");

      // Their open session has ended, and the right password does not get them in.
      await theirs.goto("/Dashboard/Profile");
      await expect(theirs).toHaveURL(/\/Login/);
      await theirs.getByLabel("Email").fill(person.email);
      await theirs.getByLabel("Password").fill(person.password);
      await theirs.getByRole("button", { name: "Sign in" }).click();
      await expect(theirs.getByRole("alert").filter({ hasText: "This account is locked. Please ask an administrator to unlock it." })).toBeVisible();

      await accountRow(page, person.email)
        .getByRole("button", { name: `Unlock ${person.email}` })
        .click();
      await expect(page.getByText(`${person.email} is unlocked and can sign in again.`)).toBeVisible();
      await accountRow(page, person.email).getByLabel(`Change role of ${person.email}`).selectOption("admin");
      await accountRow(page, person.email)
        .getByRole("button", { name: `Save role of ${person.email}` })
        .click();
      await expect(page.getByText(`${person.email} is now Administrator.`)).toBeVisible();

      await signIn(theirs, person.email, { password: person.password, landing: "/Dashboard/Interpreter" });
      await expect(theirs.getByRole("heading", { level: 1 })).toHaveText("Interpreters");
      await theirs.context().close();

      // The log, filtered to this account: newest first.
      await page.getByLabel("Account", { exact: true }).fill(person.email);
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(new RegExp(`account=${encodeURIComponent(person.email).replace(".", "\\.")}`));
      const log = page.getByRole("region", { name: "Security events" });
      // (Waits for the filtered list: with JavaScript the address changes before the new rows arrive.)
      const kinds = ["Signed in", "Role changed", "Account unlocked", "Sign-in refused: account locked", "Account locked", "Signed in"];
      await expect(log.getByRole("rowheader")).toHaveText(kinds.map((kind) => new RegExp(`^${kind}(\\s*\\(.*\\))?$`)));
      await expect(log.getByRole("row").nth(1)).toContainText(person.email);
    });
  });
}

test("sign out everywhere else ends the other device's session", async ({ page, browser }) => {
  test.slow(); // three sign-ins, a new person and three browsers: over 30 s when the suite fills both cores
  await signIn(page, ADMIN.email, { landing: null });
  const person = await newPerson(page);
  const [laptop, phone] = [await device(browser, true), await device(browser, true)];
  await signIn(phone, person.email, { password: person.password });
  await signIn(laptop, person.email, { password: person.password, landing: "/Dashboard/Profile" });
  await laptop.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expectNotice(laptop, "Signed out everywhere else (1 session ended).");
  await expect(laptop.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  await phone.reload();
  await expect(phone).toHaveURL(/\/Login/);
  await laptop.context().close();
  await phone.context().close();
});

test("the account screens' states have no accessibility violations: field errors, a refused reset link", async ({ page }) => {
  test.slow(); // four reset links and a scan per state
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Profile" });
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Please enter your current password.")).toBeVisible();
  expect(await axeViolations(page), "password form errors").toEqual([]);

  const person = await newPerson(page);
  await page.goto("/Dashboard/Dashboardusers");
  await findAccount(page, person.email);
  for (let sent = 0; sent < 3; sent++) {
    await accountRow(page, person.email)
      .getByRole("button", { name: `Send reset link to ${person.email}` })
      .click();
    await expectNotice(page, `A password reset link has been sent to ${person.email}.`);
  }
  await accountRow(page, person.email)
    .getByRole("button", { name: `Send reset link to ${person.email}` })
    .click();
  await expect(page.getByRole("alert").filter({ hasText: "No reset link was sent" })).toBeVisible();
  expect(await axeViolations(page), "refused reset link").toEqual([]);
});
