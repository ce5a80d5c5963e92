// Joining by a status link in real Chromium, on D1 and on the Supabase adapter, with JavaScript on and off (issue 27,
// docs/decisions/0042): a visitor requests a quote, and on their order's private page asks to "Create an account"; the
// page names the record's address masked; the e-mail reaches the fake EmailJS with a /Join link; the link sets a
// password and lands on /Account, which lists the earlier order and not an unrelated customer's. The panel and /Join
// have no axe violations, in English and Arabic, at 390 px too.
import type { Browser, Page } from "@playwright/test";
import { ADMIN, INTERPRETER, expect, expectNotice, mailbox, test, unique, pageOfItsOwn } from "./fixtures";
import { mailedLink } from "./requester-support";
import { axeViolations } from "./support";
import { signedInContext } from "./authorization-matrix-support";

const PASSWORD = "Joined-Pass-1";

const visitor = (browser: Browser, javaScriptEnabled: boolean) => pageOfItsOwn(browser, 207, javaScriptEnabled);
const joinLink = (email: string) => mailedLink(email, "/Join/");

/** A quote requested through /Quote as a visitor: its number, and its private page's path (where the page lands). */
async function requestQuote(page: Page, who: { name: string; email: string; company: string }) {
  await page.goto("/Quote");
  await page.getByLabel("Your name").fill(who.name);
  await page.getByLabel("Your email").fill(who.email);
  await page.getByLabel("Company (optional)").fill(who.company);
  await page.getByLabel("Service").selectOption({ index: 1 });
  await page.getByLabel("Translate from").selectOption({ label: "Arabic" });
  await page.getByRole("group", { name: "Into" }).getByLabel("English").check();
  await page.getByLabel("Needed by").fill("2031-06-30");
  await page.getByLabel(/I agree that PUSH stores/).check();
  await page.getByRole("button", { name: "Request a quote" }).click();
  await expect(page).toHaveURL(/\/Quote\/[A-Za-z0-9_-]{43}\?received=1$/);
  // "Order PUSH-0042": the number alone is the portal's link text.
  const number = /PUSH-\d+/.exec(await page.getByRole("heading", { level: 1 }).innerText())![0];
  return { number, path: new URL(page.url()).pathname };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a status-link holder creates an account, and /Account shows their earlier order only (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const id = unique();
    const email = `rana.${id}@saleh.example`;
    const company = `Saleh Legal ${id}`;
    const other = await visitor(browser, javaScriptEnabled);
    const theirs = await requestQuote(other, { name: "Omar Other", email: `omar.${id}@other.example`, company: `Other Co ${id}` });

    const page = await visitor(browser, javaScriptEnabled);
    const mine = await requestQuote(page, { name: "Rana Saleh", email, company });
    const panel = page.getByRole("region", { name: "Keep all your requests in one place" });
    await panel.getByRole("button", { name: "Create an account" }).click();
    await expectNotice(page, `We sent a link to r•••@saleh.example. Open it to create your account (it works once, for 7 days).`);
    expect(new URL(page.url()).pathname).toBe(mine.path);

    // Nothing joined yet: signing in does not work.
    const origin = new URL(page.url()).origin;
    const early = await page.request.post("/Login", { form: { email, password: PASSWORD, redirectTo: "" }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(early.status()).not.toBe(302);

    const link = await joinLink(email);
    const joiner = await visitor(browser, javaScriptEnabled);
    await joiner.goto(new URL(link).pathname);
    await expect(joiner.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(joiner.getByText(`Choose a password to sign in as ${email}.`)).toBeVisible();
    await joiner.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await joiner.getByRole("button", { name: "Create my account" }).click();
    await expect(joiner).toHaveURL(/\/Account$/);
    await expectNotice(joiner, "Your account is ready: here are all your requests.");
    await expect(joiner.getByRole("heading", { level: 1, name: company })).toBeVisible();
    const main = joiner.getByRole("main");
    await expect(main.getByRole("link", { name: mine.number })).toBeVisible();
    await expect(main.getByText(theirs.number)).toHaveCount(0);

    // Used: the link is the 404 page now.
    const again = await joiner.goto(new URL(link).pathname);
    expect(again?.status()).toBe(404);
    await expect(joiner.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  });
}

test("the panel and /Join have no axe violations, in English and Arabic, at 390 px too", async ({ browser }) => {
  const id = unique();
  const email = `axe.${id}@saleh.example`;
  const page = await visitor(browser, true);
  const { path } = await requestQuote(page, { name: "Axe Saleh", email, company: "" });
  await page.getByRole("button", { name: "Create an account" }).click();
  await expectNotice(page, /^We sent a link to a•••@saleh\.example\./);
  const join = new URL(await joinLink(email)).pathname;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of [path, `/ar${path}`, join, `/ar${join}`]) {
      await page.goto(url);
      expect(await axeViolations(page), `${url} at ${width} px`).toEqual([]);
    }
  }
  await page.goto(`/ar${path}`);
  await expect(page.getByRole("region", { name: "احتفظ بكل طلباتك في مكان واحد" })).toBeVisible();
});

test("whoever posts 'Create an account' (a visitor, staff, then the requester it made) gets the same answer, and only the record's address is mailed; a requester sees no panel", async ({
  browser,
}) => {
  const id = unique();
  const email = `roles.${id}@saleh.example`;
  const page = await visitor(browser, true);
  const { path } = await requestQuote(page, { name: "Roles Saleh", email, company: "" });
  const baseURL = test.info().project.use.baseURL!;
  const headers = { Origin: new URL(baseURL).origin };
  const since = Date.now();
  /** Posts "Create an account" as this person (null: a visitor); answers whether the page then shows the panel. */
  const postAs = async (who: string | null, password: string | undefined, index: number) => {
    const context = await signedInContext(who, `10.208.${Math.floor(Math.random() * 200)}.${index + 1}`, password, baseURL);
    try {
      const answer = await context.post(path, { form: { intent: "create-account", email: "mallory@evil.example" }, headers });
      expect([answer.status(), answer.headers().location], String(who)).toEqual([302, `${path}#keep`]);
      return (await (await context.get(path)).text()).includes("Keep all your requests in one place");
    } finally {
      await context.dispose();
    }
  };
  for (const [index, who] of [null, ADMIN.email, INTERPRETER.email].entries()) expect(await postAs(who, undefined, index), String(who)).toBe(true);

  // The record's own person joins: signed in as that requester, the page offers no panel, and a post still mails only them.
  const joiner = await visitor(browser, false);
  await joiner.goto(new URL(await joinLink(email)).pathname);
  await joiner.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await joiner.getByRole("button", { name: "Create my account" }).click();
  await expect(joiner).toHaveURL(/\/Account$/);
  expect(await postAs(email, PASSWORD, 3)).toBe(false);
  const claimMails = async () => (await mailbox()).filter((mail) => mail.at >= since && /\/Join\/|an organisation's account/.test(mail.fields.message ?? ""));
  await expect.poll(async () => (await claimMails()).filter((mail) => mail.fields.to_email === email).length).toBe(4);
  // Nobody else was mailed: not the address the form added, nor the staff who posted (other tests mail their own records).
  const others = (await claimMails())
    .map((mail) => mail.fields.to_email)
    .filter((to) => ["mallory@evil.example", ADMIN.email, INTERPRETER.email].includes(to!));
  expect(others).toEqual([]);
});
