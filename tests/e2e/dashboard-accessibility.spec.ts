// axe (WCAG 2 A and AA) on the sign-in pages and every dashboard page, including the states a user
// meets there: form errors, a row in edit mode, a delete confirmation, the incoming call, 403 and 404.
import { axeViolations } from "./support";
import { ADMIN, expect, INTERPRETER, signIn, test } from "./fixtures";

test.describe("sign-in pages", () => {
  for (const path of ["/Login", "/Forgetpassword", "/Resetpassword", "/Resetpassword?token=some-token"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("/Login with a wrong password and with empty fields has no violations", async ({ page }) => {
    await page.goto("/Login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Please enter your email.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`dashboard on a ${viewport.name}`, () => {
    test.use({ viewport });

    test("every admin page has no violations", async ({ page }) => {
      // Thirteen pages, each scanned after its toasts and animations end: more than one test's usual 30 s on a busy
      // 2-core machine.
      test.slow();
      await signIn(page, ADMIN.email);
      for (const path of [
        "/Dashboard",
        "/Dashboard/Profile",
        "/Dashboard/Dashboardcustomers",
        "/Dashboard/Dashboardusers",
        "/Dashboard/Orders",
        "/Dashboard/Appointments",
        "/Dashboard/Jobs",
        "/Dashboard/Calls",
        "/Dashboard/Interpreter",
        "/Dashboard/Language",
        "/Dashboard/UserLanguages",
        "/Dashboard/Inbox",
        "/Dashboard/Website",
        "/Dashboard/no-such-area",
        "/call-room/sample",
      ]) {
        await page.goto(path);
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  });
}

test("the staff screens' states have no violations: errors, edit mode, delete confirmation", async ({ page }) => {
  test.slow(); // a scan per state, as above
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Interpreter" });
  await page.getByRole("button", { name: "Add interpreter" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields." })).toBeVisible();
  expect(await axeViolations(page), "add form errors").toEqual([]);

  await page.getByRole("link", { name: "Edit Linh Tran" }).click();
  await expect(page.getByLabel("Full name (Linh Tran)")).toBeVisible();
  expect(await axeViolations(page), "edit mode").toEqual([]);
  await page.getByLabel("Email (Linh Tran)").fill("not-an-email");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  expect(await axeViolations(page), "edit errors").toEqual([]);

  await page.goto("/Dashboard/Language");
  await page.getByRole("link", { name: "Delete Tagalog" }).click();
  await expect(page.getByRole("group").filter({ hasText: "Delete Tagalog?" })).toBeVisible();
  expect(await axeViolations(page), "delete confirmation").toEqual([]);

  await page.goto("/Dashboard/UserLanguages");
  await page.getByRole("button", { name: "Link" }).click();
  await expect(page.getByText("Please choose an interpreter.")).toBeVisible();
  expect(await axeViolations(page), "link form errors").toEqual([]);
});

test("an interpreter's pages, the incoming call and the 403 page have no violations", async ({ page }) => {
  test.slow(); // a scan per page, as above
  await signIn(page, INTERPRETER.email, { landing: "/Dashboard/Dashboardcall" });
  await expect(page.getByRole("region", { name: "Incoming call" })).toBeVisible({ timeout: 5000 });
  expect(await axeViolations(page), "incoming call").toEqual([]);
  await page.goto("/Dashboard/Orders");
  expect(await axeViolations(page), "403").toEqual([]);
  await page.goto("/Dashboard/Profile");
  expect(await axeViolations(page), "profile").toEqual([]);
});
