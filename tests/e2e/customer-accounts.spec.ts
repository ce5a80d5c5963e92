// The organisation screens in real Chromium, on D1 and on the Supabase adapter (issue 27): an admin adds an organisation
// ("Firm B …") and invites someone; the organisation's pages, its interpreters page and the invitation page (its link
// from the fake EmailJS, in English and Arabic, and an unknown one) have no axe violations, at 390 px too. The whole
// invitation flow, with JavaScript on and off, is customer-journey.spec.ts.
import type { Browser } from "@playwright/test";
import { ADMIN, expect, expectNotice, signIn, test, unique, pageOfItsOwn } from "./fixtures";
import { invitationLink } from "./requester-support";
import { axeViolations } from "./support";

const visitor = (browser: Browser, javaScriptEnabled: boolean) => pageOfItsOwn(browser, 206, javaScriptEnabled);

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
