// Fixtures for the signed-in parts: every test comes from its own client address (CF-Connecting-IP,
// which Cloudflare sets in production and miniflare keeps locally), so the sign-in and reset rate
// limits count each test on its own, as they would count separate visitors.
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { FAKE_EMAILJS_URL } from "../../playwright.config";
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
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern, and wants one
  clientIp: async ({}, use, testInfo) => use(clientIpFor(`${testInfo.testId}-${testInfo.retry}`)),
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "CF-Connecting-IP": clientIp }),
});
export { expect };

/**
 * The app server the running test's project talks to: its data, its doubles. The supabase projects run against the
 * worker on Supabase; the others (d1, serial-d1, studio) against the worker on D1.
 */
export const serverOf = (): "d1" | "supabase" => (test.info().project.name.includes("supabase") ? "supabase" : "d1");

/** Signs in through the form, as a person would, and waits for the dashboard (the tests of signing in itself). */
export async function signInThroughForm(page: Page, email: string, password = SAMPLE_PASSWORD) {
  await page.goto("/Login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/Dashboard");
}

/**
 * A signed-in browser for a test whose subject is something else: the same form post a browser sends to /Login
 * (through the page's own context, so the cookies land in its jar and the same client address and user agent are
 * seen), without drawing the sign-in page and the overview first. On a busy 2-core machine drawing them took 4-6 s
 * a test. Then opens `landing` (null: stays where it is). The form itself is tested in auth.spec.ts.
 */
export async function signIn(
  page: Page,
  email: string,
  { password = SAMPLE_PASSWORD, landing = "/Dashboard" }: { password?: string; landing?: string | null } = {},
) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // A connection of its own: a kept-alive one that the server closed while the test was busy elsewhere fails with
  // ECONNRESET in Node's client (a browser would retry it; this client does not). Even a fresh connection has been
  // reset once under the whole suite's load (CI, 2 cores): a sign-in is safe to send again, so a reset is retried once.
  const post = () =>
    page.request.post("/Login", { form: { email, password, redirectTo: "" }, headers: { Origin: origin, Connection: "close" }, maxRedirects: 0 });
  const response = await post().catch((error: Error) => {
    if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
    return post();
  });
  expect(response.status(), `sign-in of ${email} answered ${response.status()}`).toBe(302);
  if (landing) await page.goto(landing);
}

/**
 * The page told the person `text` in a toast or notice. Without JavaScript a toast is a server-rendered notice
 * that CSS hides once its time is up (2 s for a success, SPEC §9); a busy CI machine has taken longer than that
 * between the page's paint and the first check (the notice was there, already hidden), so the check is that the
 * notice is on the page with its text, not that it is still on screen.
 */
export async function expectNotice(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeAttached();
}

/** Fills and submits the Interpreter page's "Add an interpreter" form (the page must be open). */
export async function fillInterpreter(page: Page, person: { name: string; gender: string; email: string; phone: string; password?: string }) {
  const form = page.getByRole("region", { name: "Add an interpreter" });
  await form.getByLabel("Full name").fill(person.name);
  await form.getByLabel("Gender").fill(person.gender);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Phone").fill(person.phone);
  if (person.password) await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Add interpreter" }).click();
}

/** A unique suffix for data a test creates (tests run in parallel on one database). */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The e-mails the app relayed to the fake EmailJS (the e2e server's service id is service_e2e). */
export async function mailbox(): Promise<{ at: number; mode: string; fields: Record<string, string> }[]> {
  return (await fetch(`${FAKE_EMAILJS_URL}/__requests?service=service_e2e`)).json();
}

/** Makes the fake EmailJS answer one template's e-mails with a status ("500"), or go back to "ok". */
export async function setMailMode(template: "template_contact" | "template_reset", mode: string) {
  await fetch(`${FAKE_EMAILJS_URL}/__mode?service=service_e2e&template=${template}`, { method: "PUT", body: mode });
}

/** The password-reset link e-mailed to this address (the newest one). */
export async function resetLinkFromMailbox(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await mailbox()).filter((mail) => mail.fields.template_id === "template_reset" && mail.fields.to_email === email);
        link = sent.at(-1)?.fields.reset_link;
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The local rate limiter counts in fixed 60-second windows: a count that must land in one waits for a fresh one. */
export async function startOfRateWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/**
 * A browser of its own, from a random client address in 10.<block>.x.x (each spec its own block): parallel tests and
 * retries never share a rate limiter's bucket.
 */
export async function pageOfItsOwn(browser: Browser, block: number, javaScriptEnabled = true): Promise<Page> {
  const octet = () => Math.floor(Math.random() * 256);
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `10.${block}.${octet()}.${octet()}` } });
  return context.newPage();
}
