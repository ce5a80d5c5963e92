// End-to-end tests in real Chromium (Debian's: `playwright install` cannot download browsers here)
// against the built worker served by wrangler on throwaway local state. `npm run test:e2e` builds first.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_HIDE_BANNER ??= "true";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// Debian's chromium-headless-shell (Chromium's "old headless", what Playwright itself runs headless tests in): measured
// here against the full browser in headless mode, a new page opens in 180 ms instead of 480, a public page loads in
// 130 ms instead of 390, at 40 % less CPU — and the suite is CPU-bound on two cores. The full browser is the fallback
// (the Debian wrapper script prints a harmless warning; the real binary sits behind it). Lighthouse keeps the full
// browser (scripts/lighthouse.ts).
export const executablePath =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium", "/usr/bin/chromium"].find((path) => existsSync(path));

export const BROWSER_ARGS = ["--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--no-first-run"];

// E2E_PORT lets two runs share a machine (each uses PORT and PORT + 1, and its own state folders).
export const PORT = Number(process.env.E2E_PORT ?? 8787);
export const APP_URL = `http://127.0.0.1:${PORT}`;
/** The same build on a database without its schema: every content read fails (SPEC §8 failure states). */
export const BROKEN_APP_URL = `http://127.0.0.1:${PORT + 1}`;
/** The app server's log. */
export const SERVER_LOG = `.tmp/e2e-${PORT}/server.log`;
/** A fake EmailJS (tests/support/fake-emailjs.ts): the app relays contact messages and reset links to it. */
export const FAKE_EMAILJS_URL = `http://127.0.0.1:${PORT + 12}`;
/** The same build on the Supabase backend, against the strict double of Supabase's HTTP API. */
export const SUPABASE_APP_URL = `http://127.0.0.1:${PORT + 2}`;
export const SUPABASE_DOUBLE_URL = `http://127.0.0.1:${PORT + 14}`;
/** The keys the double is started with (scripts/serve-build.ts --supabase gives the worker the same ones). */
export const SUPABASE_DOUBLE_KEYS = { anon: "e2e-anon-key", serviceRole: "e2e-service-role-key" };
/**
 * A Stripe double (tests/support/stripe-double.ts) for each app server, as each would have its own Stripe account: its
 * Checkout sessions, its hosted page, and its events posted to that server's webhook. The keys of serve-build's --stripe.
 */
export const STRIPE_DOUBLE_URL = { d1: `http://127.0.0.1:${PORT + 17}`, supabase: `http://127.0.0.1:${PORT + 18}` };
const STRIPE_KEYS = "--secret-key sk_test_e2e --webhook-secret whsec_e2e";
/** Where a test runs each app server's cron as of a chosen minute (scripts/serve-build.ts --cron-port). */
export const CRON_URL = { d1: `http://127.0.0.1:${PORT + 15}`, supabase: `http://127.0.0.1:${PORT + 16}` };

// CI has run this suite three times slower than a session's machine (28 min against 9, with the steps before it
// barely slower): limits there are twice as long, so a slow machine makes a slow run, not a red one.
const slowMachine = process.env.CI ? 2 : 1;

/** The content studio's tests (tests/e2e/studio-*.spec.ts): the studio projects below run them, after the others. */
const STUDIO_SPECS = /\/studio-[a-z-]+\.spec\.ts$/;
/**
 * The tests that arrange their data beside the D1 server (invoices-support.ts, appointment-time.ts open its SQLite files
 * from a second process): a write there makes the server's own statements meet SQLITE_BUSY, which a request running at
 * that moment answers as an error page. On D1 they run one at a time with nothing else, after the others.
 */
const ARRANGED_SPECS =
  /\/(invoices|offers|appointment-video|reports|pay|customer-matrix|customer-requests|ratings|account-portal|portal-matrix|customer-journey|same-interpreter)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000 * slowMachine,
  expect: { timeout: 5_000 * slowMachine },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry on CI only: CI has run this suite on a machine three times slower than ours, where a check can miss
  // its moment. (The hangs that first asked for it came from `wrangler dev`'s proxy, which the servers no longer
  // use: docs/decisions/0019.) A retried test that passes is still listed as "flaky" in the report; one that fails
  // twice fails the run. Each retry gets its own client address (fixtures.ts), so rate limits do not carry over.
  retries: process.env.CI ? 1 : 0,
  // The list for the log; the JSON report (start time, duration and worker of each test) to see where a run's time went.
  reporter: [["list"], ["json", { outputFile: ".tmp/e2e-report.json" }]],
  use: {
    // A trace records the screen all along: it cost a quarter of the suite's time (985 s of test time against
    // 744 s without, measured on one machine). Only a retried test records one, to show what went wrong.
    trace: "on-first-retry",
    launchOptions: {
      executablePath,
      args: BROWSER_ARGS,
    },
  },
  projects: [
    { name: "d1", use: { baseURL: APP_URL }, testIgnore: [/supabase-double\.check\.ts$/, STUDIO_SPECS, ARRANGED_SPECS] },
    // The content studio changes what the public pages show: it runs after the tests that read them, one file at a
    // time (a test of one counts the stored images or reads the services' order that another's saves change). The
    // tests that arrange their data beside the server run there too, alone.
    { name: "serial-d1", use: { baseURL: APP_URL }, testMatch: [STUDIO_SPECS, ARRANGED_SPECS], dependencies: ["d1"], workers: 1 },
    // The sign-in and interpreter flows, unchanged, with the worker on Supabase (DESIGN: one port, two adapters).
    {
      name: "supabase",
      use: { baseURL: SUPABASE_APP_URL },
      testMatch:
        /(auth|staff-management|account-security|orders|booking|appointments-staff|offers|appointment-changes|appointment-video|rates|invoices|reports|pay|customer-currency|customer-matrix|customer-requests|ratings|account-portal|customer-accounts|customer-journey|same-interpreter|status-link-join)\.spec\.ts$/,
    },
    { name: "studio-supabase", use: { baseURL: SUPABASE_APP_URL }, testMatch: STUDIO_SPECS, dependencies: ["supabase"], workers: 1 },
    { name: "supabase-check", testMatch: /supabase-double\.check\.ts$/, dependencies: ["supabase", "studio-supabase"] },
    // `npm run dev` as a new developer meets it: starts its own dev server (tests/dev), once the machine is
    // quiet (after the other projects), so its start-up is measured as a developer would see it.
    { name: "dev", testDir: "tests/dev", dependencies: ["d1", "serial-d1", "supabase-check"] },
  ],
  webServer: [
    {
      command: `npx tsx tests/support/fake-emailjs.ts --port ${PORT + 12}`,
      url: `${FAKE_EMAILJS_URL}/__requests`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    ...(["d1", "supabase"] as const).map((project) => ({
      command: `npx tsx tests/support/stripe-double.ts --port ${new URL(STRIPE_DOUBLE_URL[project]).port} ${STRIPE_KEYS} --webhook-url ${project === "d1" ? APP_URL : SUPABASE_APP_URL}/api/stripe/webhook`,
      url: `${STRIPE_DOUBLE_URL[project]}/__double/events`,
      timeout: 30_000,
      reuseExistingServer: false,
    })),
    {
      command: `npx tsx scripts/serve-build.ts --port ${PORT} --state .tmp/e2e-${PORT} --fresh --test-secret --log ${SERVER_LOG} --emailjs ${FAKE_EMAILJS_URL} --stripe ${STRIPE_DOUBLE_URL.d1} --cron-port ${PORT + 15}`,
      url: `${APP_URL}/robots.txt`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
    {
      command: `npx tsx scripts/serve-build.ts --port ${PORT + 1} --state .tmp/e2e-broken-${PORT} --fresh --test-secret --empty`,
      url: `${BROKEN_APP_URL}/robots.txt`,
      timeout: 120_000,
      reuseExistingServer: false,
      stderr: "ignore", // every request logs its (expected) failed read
    },
    {
      command: `npx tsx tests/support/supabase-double/index.ts --port ${PORT + 14} --anon-key ${SUPABASE_DOUBLE_KEYS.anon} --service-role-key ${SUPABASE_DOUBLE_KEYS.serviceRole}`,
      url: `${SUPABASE_DOUBLE_URL}/__double/violations`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `npx tsx scripts/serve-build.ts --port ${PORT + 2} --state .tmp/e2e-supabase-${PORT} --fresh --test-secret --empty --emailjs ${FAKE_EMAILJS_URL} --supabase ${SUPABASE_DOUBLE_URL} --stripe ${STRIPE_DOUBLE_URL.supabase} --cron-port ${PORT + 16}`,
      url: `${SUPABASE_APP_URL}/robots.txt`,
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
