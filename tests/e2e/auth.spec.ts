// Signing in and out, and resetting a password, in real Chromium, with JavaScript on and off.
import {
  ADMIN,
  expect,
  expectNotice,
  INTERPRETER,
  resetLinkFromMailbox,
  SAMPLE_PASSWORD,
  signInThroughForm,
  startOfRateWindow,
  test,
  unique,
} from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sign in, see the dashboard, sign out, sign in again", async ({ page }) => {
      await signInThroughForm(page, ADMIN.email);
      await expect(page.getByText("Successfully logged in!")).toBeVisible();
      await expect(page.getByRole("link", { name: ADMIN.name })).toHaveAttribute("href", "/Dashboard/Profile");
      await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Interpreters" })).toBeVisible();

      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL("/Login");
      await expectNotice(page, "You have been signed out.");
      // The session is over: the dashboard sends us to sign in again.
      await page.goto("/Dashboard/Profile");
      await expect(page).toHaveURL("/Login?redirectTo=%2FDashboard%2FProfile");

      await page.getByLabel("Email").fill(ADMIN.email);
      await page.getByLabel("Password").fill(SAMPLE_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      // Back where the guard found us.
      await expect(page).toHaveURL("/Dashboard/Profile");
      await expect(page.getByRole("heading", { name: "My profile" })).toBeVisible();
    });

    test("a wrong password is refused, the email stays and the password is emptied", async ({ page }) => {
      await page.goto("/Login");
      await page.getByLabel("Email").fill(INTERPRETER.email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password or user is not Authenticated" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(INTERPRETER.email);
      await expect(page.getByLabel("Password")).toHaveValue("");
      await expect(page).toHaveURL("/Login");
    });

    test("the whole password reset flow, by the emailed link", async ({ page, clientIp }) => {
      // Reset the password of an interpreter this test creates, so no other test's account changes.
      const email = `reset-${unique()}@example.com`;
      const created = await page.request.post("/Login", { form: { email: ADMIN.email, password: SAMPLE_PASSWORD } });
      expect(created.status()).toBe(200); // followed to the dashboard
      const add = await page.request.post("/Dashboard/Interpreter", {
        form: { intent: "create", full_name: "Reset Tester", Gender: "Female", email, phone: "+1 307 555 0177", password: "first-password" },
      });
      expect(add.ok()).toBe(true);
      await page.context().clearCookies();

      await page.goto("/Login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL("/Forgetpassword");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expectNotice(page, "A password reset link has been sent to your email address.");
      await expect(page.getByLabel("Email")).toHaveValue("");

      const link = await resetLinkFromMailbox(email);
      await page.goto(link);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Re Password").fill("second-password");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page).toHaveURL("/Login");
      await expect(page.getByText("Your password has been reset.")).toBeVisible();

      await signInThroughForm(page, email, "second-password");
      await expect(page.getByRole("link", { name: "Reset Tester" })).toBeVisible();

      // The link works once.
      await page.context().clearCookies();
      await page.goto(link);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Re Password").fill("third-password");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "invalid, has expired or has already been used" })).toBeVisible();
      expect(clientIp).toMatch(/^10\./);
    });
  });
}

test("the same answer for an address without an account (no account enumeration)", async ({ page }) => {
  await page.goto("/Forgetpassword");
  await page.getByLabel("Email").fill(`nobody-${unique()}@example.com`);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expectNotice(page, "A password reset link has been sent to your email address.");
});

test("a reset with the wrong email says 'Email not found'", async ({ page }) => {
  await page.goto("/Forgetpassword");
  await page.getByLabel("Email").fill(INTERPRETER.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const link = await resetLinkFromMailbox(INTERPRETER.email);
  await page.goto(link);
  await page.getByLabel("Email").fill("someone-else@example.com");
  await page.getByLabel("Re Password").fill("whatever-long");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email not found" })).toBeVisible();
});

test("the sixth sign-in attempt in a minute from one address gets 429", async ({ page }) => {
  await startOfRateWindow();
  for (let attempt = 1; attempt <= 6; attempt++) {
    // A new address each time: five failures for one address would lock that account (a test of its own).
    const response = await page.request.post("/Login", { form: { email: `guess-${attempt}-${unique()}@example.com`, password: "wrong-password" } });
    expect(response.status(), `attempt ${attempt}`).toBe(attempt <= 5 ? 400 : 429);
  }
  // Even the right password is not checked now.
  await page.goto("/Login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(SAMPLE_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many attempts" })).toBeVisible();
  await expect(page).toHaveURL("/Login");
});

test("6 wrong passwords for one account from 20 addresses: refused from the 6th on, even with the right password", async ({ page }) => {
  // An account of this test's own, so locking it disturbs no other test.
  const email = `locked-${unique()}@example.com`;
  expect((await page.request.post("/Login", { form: { email: ADMIN.email, password: SAMPLE_PASSWORD } })).status()).toBe(200);
  const add = await page.request.post("/Dashboard/Interpreter", {
    form: { intent: "create", full_name: "Lock Tester", Gender: "Male", email, phone: "+1 307 555 0188", password: "right-password" },
  });
  expect(add.ok()).toBe(true);
  await page.context().clearCookies();

  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 20; attempt++) {
    const headers = { "CF-Connecting-IP": `192.0.2.${attempt}` };
    statuses.push((await page.request.post("/Login", { form: { email, password: `wrong-${attempt}` }, headers })).status());
  }
  expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
  expect(statuses.slice(5)).toEqual(Array(15).fill(429));

  // A person with the right password, from yet another address, is refused too — and told why.
  await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("right-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many failed sign-ins for this account." })).toBeVisible();
  await expect(page).toHaveURL("/Login");
});
