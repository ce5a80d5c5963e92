// Customer accounts in real Chromium, on D1 and on the Supabase adapter (issue 27): an admin adds an organisation
// ("Clinic A …") and invites a requester; the invitation e-mail reaches the fake EmailJS with a working link (the
// stored e-mail has none); the link sets a password and sends them to sign in; signing in lands on /Account, where an
// organisation admin reaches People and Preferred interpreters. With JavaScript on and off. The new screens (the
// organisation's interpreters page too) have no axe violations, at 390 px too; a requester gets 403 on the staff pages.
import type { Browser } from "@playwright/test";
import { ADMIN, expect, expectNotice, signIn, test, unique } from "./fixtures";
import { mailedLink, visitor as visitorFrom } from "./mailed-link-support";
import { axeViolations } from "./support";

const PASSWORD = "Invited-Pass-1";

const visitor = (browser: Browser, javaScriptEnabled: boolean) => visitorFrom(browser, javaScriptEnabled, 206);
const invitationLink = (email: string) => mailedLink(email, "/Invitation/");

for (const javaScriptEnabled of [true, false]) {
  test(`staff invite a requester of Clinic A, who sets a password and signs in to /Account (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const id = unique();
    const organisation = `Clinic A ${id}`;
    const email = `nour.${id}@clinic-a.example`;
    const admin = await visitor(browser, javaScriptEnabled);
    await signIn(admin, ADMIN.email, { landing: "/Dashboard/Organisations" });

    await admin.getByRole("region", { name: "Add an organisation" }).getByLabel("Name").fill(organisation);
    await admin.getByRole("button", { name: "Add organisation" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: organisation })).toBeVisible();
    await expectNotice(admin, `${organisation} was added.`);

    const invite = admin.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Full name").fill("Nour Haddad");
    await invite.getByLabel("E-mail").fill(email);
    await invite.getByLabel("Organisation admin").check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expectNotice(admin, `An invitation was sent to ${email}.`);
    await expect(admin.getByRole("region", { name: "Pending invitations" }).getByText(email)).toBeVisible();

    const link = await invitationLink(email);
    const requester = await visitor(browser, javaScriptEnabled);
    await requester.goto(new URL(link).pathname);
    await expect(requester.getByRole("heading", { level: 1, name: "Set up your account" })).toBeVisible();
    await expect(requester.getByText(`${organisation} invited you.`)).toBeVisible();
    await requester.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await requester.getByRole("button", { name: "Create my account" }).click();
    await expect(requester).toHaveURL(/\/Login$/);
    await expectNotice(requester, "Your account is ready. Sign in.");

    // Signing in lands on /Account.
    const origin = new URL(requester.url()).origin;
    const signedIn = await requester.request.post("/Login", {
      form: { email, password: PASSWORD, redirectTo: "" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(302);
    expect(signedIn.headers().location).toBe("/Account");
    await requester.goto("/Account");
    await expect(requester.getByRole("heading", { level: 1, name: organisation })).toBeVisible();
    // An organisation admin's own pages: colleagues, and asking for a preferred interpreter.
    const bar = requester.getByRole("navigation", { name: "Your account" });
    for (const [link, heading] of [
      ["People", `People of ${organisation}`],
      ["Preferred interpreters", "Ask for a preferred interpreter"],
    ]) {
      await bar.getByRole("link", { name: link }).click();
      await expect(requester.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (javaScriptEnabled) expect(await axeViolations(requester), heading).toEqual([]);
    }
    // A requester is not staff: the organisation pages answer 403.
    expect((await requester.request.get("/Dashboard/Organisations", { maxRedirects: 0 })).status()).toBe(403);

    // The link is used: the same page as an unknown one.
    await requester.goto(new URL(link).pathname);
    await expect(requester.getByRole("heading", { level: 1, name: "This invitation link does not work" })).toBeVisible();
    await admin.context().close();
    await requester.context().close();
  });
}

test("the organisation screens and the invitation page have no axe violations, at 390 px too", async ({ page, browser }) => {
  const id = unique();
  await signIn(page, ADMIN.email, { landing: "/Dashboard/Organisations" });
  await page.getByRole("region", { name: "Add an organisation" }).getByLabel("Name").fill(`Firm B ${id}`);
  await page.getByRole("button", { name: "Add organisation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Firm B ${id}` })).toBeVisible();
  const email = `bo.${id}@firm-b.example`;
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("Full name").fill("Bo Lind");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expectNotice(page, `An invitation was sent to ${email}.`);
  const detail = page.url();
  // Its preferred and blocked interpreters (linked from its page).
  await page.getByRole("link", { name: "Organisation interpreters" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Firm B ${id}: interpreters` })).toBeVisible();
  const interpreters = page.url();
  await page.goto(detail);
  // The invitation form's errors (nothing typed), as the page shows them.
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Please enter their name.")).toBeVisible();
  expect(await axeViolations(page), "the invitation form's errors").toEqual([]);
  const link = new URL(await invitationLink(email)).pathname;
  const visitorPage = await visitor(browser, true);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/Dashboard/Organisations", detail, interpreters]) {
      await page.goto(path);
      expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
    }
    await visitorPage.setViewportSize({ width, height: 900 });
    for (const path of [link, `/ar${link}`, "/Invitation/unknown-token"]) {
      await visitorPage.goto(path);
      expect(await axeViolations(visitorPage), `${path} at ${width} px`).toEqual([]);
    }
  }
  await visitorPage.context().close();
});
