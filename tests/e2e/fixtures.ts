// Fixtures for the signed-in parts: every test comes from its own client address (CF-Connecting-IP,
// which Cloudflare sets in production and miniflare keeps locally), so the sign-in and reset rate
// limits count each test on its own, as they would count separate visitors.
import { readFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { SERVER_LOG } from "../../playwright.config";
import { SAMPLE_PASSWORD } from "../../seed/content";

export const ADMIN = { email: "admin@example.com", name: "Amira Haddad" };
export const INTERPRETER = { email: "interpreter@example.com", name: "Daniel Reyes" };
export { SAMPLE_PASSWORD };

function clientIpFor(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use, testInfo) => use(clientIpFor(`${testInfo.testId}-${testInfo.retry}`)),
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "CF-Connecting-IP": clientIp }),
});
export { expect };

/** Signs in through the form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = SAMPLE_PASSWORD, landing: string | RegExp = "/Dashboard") {
  await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}

/** A unique suffix for data a test creates (tests run in parallel on one database). */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The password-reset link the server logged for this address (no mail provider runs locally). */
export async function resetLinkFromServerLog(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(SERVER_LOG, "utf8").split("\n").filter((line) => line.includes(`Reset link for ${email}:`));
        link = lines.at(-1)?.match(/(https?:\/\/\S+\/Resetpassword\?token=[\w-]+)/)?.[1];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}
