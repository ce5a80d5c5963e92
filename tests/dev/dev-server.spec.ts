// A new developer's first minutes: `npm run dev` on a fresh clone (no Vite dependency cache, no local data), then
// signing in through the browser with JavaScript on. The page must not reload by itself (Vite discovering a
// dependency late re-optimizes and reloads, which swallowed the sign-in toast), and the dev server must print no
// deprecation or future-flag warning.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { quietCloudflareEnv } from "../../scripts/lib/wrangler";
import { people, SAMPLE_PASSWORD } from "../../seed/content";

const PORT = Number(process.env.E2E_PORT ?? 8787) + 30;
const URL = `http://127.0.0.1:${PORT}`;
const STATE = `.tmp/dev-server-${PORT}`;
const admin = people.find((person) => person.role === "admin")!;

let server: ChildProcess;
let output = "";

// In order, in one worker, sharing one server; a failure does not skip the other test.
test.describe.configure({ mode: "default", timeout: 180_000 });

test.beforeAll(async () => {
  // A state without Vite's dependency cache or local data, as on a fresh clone (PUSH_DEV_STATE: vite.config.ts).
  rmSync(STATE, { recursive: true, force: true });
  // The same two steps as `npm run dev`, on state of its own and another port.
  server = spawn(
    "sh",
    ["-c", `node_modules/.bin/tsx scripts/local-setup.ts --persist-to ${STATE} && node_modules/.bin/react-router dev --port ${PORT} --strictPort`],
    { env: { ...withoutForcedColour(quietCloudflareEnv), PUSH_DEV_STATE: STATE, NO_COLOR: "1" }, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  // Without colour codes (NO_COLOR, and any that slip through), the output reads as a person sees it.
  const collect = (chunk: Buffer) => (output += chunk.toString().replace(/\x1b\[[0-9;]*m/g, ""));
  server.stdout!.on("data", collect);
  server.stderr!.on("data", collect);
  await expect.poll(() => output, { timeout: 150_000, message: "the dev server prints its URL" }).toContain(`${URL}/`);
});

/** Playwright sets FORCE_COLOR for its workers; a developer's terminal output is read here as plain text. */
function withoutForcedColour(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = env;
  return rest;
}

test.afterAll(() => {
  // The whole process group: sh, tsx/react-router and workerd.
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("the dev server prints the sample sign-ins and no deprecation, future-flag or other warning", () => {
  expect(output).toContain(`${admin.email}  ${SAMPLE_PASSWORD}`);
  expect(output).toContain(`${people.find((person) => person.role === "interpreter")!.email}  ${SAMPLE_PASSWORD}`);
  expect(output).toMatch(/Password-reset links: /);
  // Deprecations, React Router's future flags, Vite's config-loader notes and wrangler's or workerd's warnings.
  const warnings = output.split("\n").filter((line) => /deprecat|future flag|\(!\)|\[WARNING\]|warning:/i.test(line));
  expect(warnings).toEqual([]);
});

test("the first sign-in on a fresh dev server shows the dashboard and its toast, with no reload", async ({ page }) => {
  const loads: string[] = [];
  page.on("load", () => loads.push(new globalThis.URL(page.url()).pathname));
  // Should the form ever be sent before hydration, the browser's own POST loads the dashboard once.
  let nativePosts = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.method() === "POST") nativePosts++;
  });

  await page.goto(`${URL}/Login`);
  // Hydrated: the form is sent by React Router (a navigation without a new document).
  await page.waitForFunction(() => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(SAMPLE_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(`${URL}/Dashboard`);
  await expect(page.getByText("Successfully logged in!")).toBeVisible();
  await expect(page.getByRole("link", { name: admin.full_name })).toBeVisible();
  // Late discovery re-optimizes within a few seconds of the first request: give it the time to happen.
  await page.waitForTimeout(6_000);
  expect(
    loads.filter((path) => path === "/Dashboard"),
    `page loads: ${loads.join(", ")}`,
  ).toHaveLength(nativePosts);
  expect(output).not.toMatch(/optimized dependencies changed|reloading/i);
});
