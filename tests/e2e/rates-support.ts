// What the Rates page's browser tests share (rates.spec.ts, dashboard-accessibility.spec.ts): a language of the test's
// own, so its lines are told apart from every other run's, and an administrator of the test's own who reads the
// dashboard in Arabic (the sample admin stays in English for every other test).
import type { Browser, Page } from "@playwright/test";
import { en } from "../../app/i18n";
import { ADMIN, expect, expectNotice, fillInterpreter, signIn, unique } from "./fixtures";

/** Adds a language named `Rates <id>` as the signed-in admin `page`; its name. */
export async function newLanguage(page: Page): Promise<string> {
  const name = `Rates ${unique()}`;
  await page.goto("/Dashboard/Language");
  await page.getByLabel("Language name").fill(name);
  await page.getByRole("button", { name: "Add language" }).click();
  await expectNotice(page, `${name} added.`);
  return name;
}

/** A new administrator whose dashboard is in Arabic, signed in on a page of its own (a browser context at `viewport`). */
export async function arabicAdmin(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const headers = () => ({ "CF-Connecting-IP": `10.191.${octet()}.${octet()}` });
  const admin = await (await browser.newContext({ extraHTTPHeaders: headers() })).newPage();
  await signIn(admin, ADMIN.email, { landing: "/Dashboard/Interpreter" });
  const id = unique();
  const person = { name: `Huda Nasser ${id}`, gender: "Woman", email: `huda.${id}@example.com`, phone: "+1 307 555 0180", password: "huda-secret-1" };
  await fillInterpreter(admin, person);
  await expect(admin.getByText(/User added successfully/)).toBeVisible();
  await admin.goto(`/Dashboard/Dashboardusers?q=${encodeURIComponent(person.email)}`);
  const row = admin
    .getByRole("region", { name: "Accounts" })
    .first()
    .getByRole("row")
    .filter({ has: admin.getByRole("cell", { name: person.email, exact: true }) });
  await row.getByLabel(`Change role of ${person.email}`).selectOption("admin");
  await row.getByRole("button", { name: `Save role of ${person.email}` }).click();
  await expect(admin.getByText(`${person.email} is now Administrator.`)).toBeVisible();
  await admin.context().close();

  const page = await (await browser.newContext({ viewport, extraHTTPHeaders: headers() })).newPage();
  await signIn(page, person.email, { password: person.password, landing: "/Dashboard/Profile" });
  await page.getByLabel(en.dashboard.uiLanguage.label, { exact: true }).selectOption("ar");
  await page.getByRole("button", { name: en.dashboard.uiLanguage.save }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  return page;
}
