// Live calls as people really behave (issue 21), in Chromium with fake camera and microphone, on a server of this
// file's own (it is restarted in the last test, as a deploy restarts the switchboard): a caller who just closes the
// tab, two parties who both do, an interpreter who keeps the incoming-call screen in a background tab, and a restart
// while a call rings.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { PORT } from "../../playwright.config";
import { startServer, type Server } from "../../scripts/fuzz/server";
import { becomeAvailable, MEDIA_BROWSER, mediaContext } from "./calls-support";
import { ADMIN, expect, INTERPRETER, SAMPLE_PASSWORD, test } from "./fixtures";

const OWN_PORT = PORT + 20;
const OWN_URL = `http://127.0.0.1:${OWN_PORT}`;
const STATE = `.tmp/e2e-${OWN_PORT}`;

test.use(MEDIA_BROWSER);
test.describe.configure({ mode: "serial" });

let server: Server;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(OWN_PORT, STATE, `${STATE}/server.log`);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Signs `page` in on this file's server (the form post a browser sends; fixtures.signIn speaks to the shared one). */
async function signInHere(page: Page, email: string): Promise<void> {
  const response = await page.request.post("/Login", { form: { email, password: SAMPLE_PASSWORD, redirectTo: "" }, headers: { Origin: OWN_URL, Connection: "close" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** An interpreter on the incoming-call screen, Available. */
async function signedIn(browser: Browser, email: string, context?: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  context ??= await mediaContext(browser, OWN_URL);
  const page = await context.newPage();
  await signInHere(page, email);
  await page.goto("/Dashboard/Dashboardcall");
  await becomeAvailable(page);
  return { context, page };
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: OWN_URL })).newPage();
  await signInHere(page, ADMIN.email);
  return page;
}

/** A visitor on /Call: language, name, the device check, then Call. */
async function call(browser: Browser, language: string, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await mediaContext(browser, OWN_URL);
  const page = await context.newPage();
  await page.goto("/Call");
  const starter = page.getByRole("form", { name: "Start a call" });
  await starter.getByLabel("Language").selectOption({ label: language });
  await starter.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Check camera and microphone" }).click();
  await expect(page.getByText("Your camera and microphone work.")).toBeVisible();
  await page.getByRole("button", { name: "Call", exact: true }).click();
  await expect(page.getByText("Calling… Please stay on this page.")).toBeVisible();
  return { context, page };
}

const ringingFor = (page: Page, callerName: string) => page.getByRole("region", { name: "Incoming call" }).filter({ hasText: callerName });

/** Accepted on the interpreter's screen; both in the room and connected. Returns when the answer was given. */
async function answer(interpreter: Page, caller: Page, callerName: string): Promise<number> {
  await expect(ringingFor(interpreter, callerName)).toBeVisible();
  const acceptedAt = Date.now();
  await ringingFor(interpreter, callerName).getByRole("button", { name: "Accept" }).click();
  for (const page of [interpreter, caller]) await expect(page.getByRole("status").filter({ hasText: "Connected." })).toBeVisible({ timeout: 15_000 });
  return acceptedAt;
}

/** The call log's CSV line for a caller, as the administrator exports it. */
async function logLine(admin: Page, callerName: string): Promise<Record<string, string> | undefined> {
  const [header, ...lines] = (await (await admin.request.get("/Dashboard/Calls/export")).text()).trim().split("\r\n");
  const names = header!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, index) => [names[index]!, value]))).find((row) => row.caller === callerName);
}

/**
 * Test-only: the page as Chromium treats a tab in the background — hidden, its own timers woken at most once a
 * minute (intensive throttling) — from the moment the test sets `__background`.
 */
function backgroundTab() {
  const state = window as unknown as { __background: boolean };
  state.__background = false;
  const { setTimeout: wait, clearTimeout: stopWaiting } = window;
  const delay = (ms = 0) => (state.__background ? Math.max(ms, 60_000) : ms);
  const loops = new Map<number, number>();
  let next = 1_000_000;
  window.setInterval = ((handler: () => void, ms?: number) => {
    const id = next++;
    const loop = () => loops.set(id, wait(() => (handler(), loops.has(id) && loop()), delay(ms)));
    loop();
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id: number) => (stopWaiting(loops.get(id)), loops.delete(id))) as typeof window.clearInterval;
  window.setTimeout = ((handler: () => void, ms?: number) => wait(handler, delay(ms))) as typeof window.setTimeout;
  Object.defineProperty(document, "visibilityState", { get: () => (state.__background ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { get: () => state.__background });
}

test("a caller who just closes the tab: the call ends for the interpreter within 45 s, and the interpreter rings again; an interpreter in a background tab stays on line", async ({ browser }) => {
  test.setTimeout(180_000);
  const interpreter = await signedIn(browser, INTERPRETER.email);
  // The administrator (Arabic, English, French) keeps their screen in a background tab the whole time.
  const adminContext = await mediaContext(browser, OWN_URL);
  await adminContext.addInitScript(backgroundTab);
  const { page: admin } = await signedIn(browser, ADMIN.email, adminContext);
  await admin.evaluate(() => {
    (window as unknown as { __background: boolean }).__background = true;
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const backgroundSince = Date.now();
  try {
    const first = await call(browser, "Spanish", "Leaves Early");
    await answer(interpreter.page, first.page, "Leaves Early");
    const leftAt = Date.now();
    await first.context.close();
    await expect(interpreter.page.getByRole("status").filter({ hasText: "The call has ended." })).toBeVisible({ timeout: 45_000 });
    expect(Date.now() - leftAt).toBeLessThan(45_000);

    await interpreter.page.goto("/Dashboard/Dashboardcall");
    const second = await call(browser, "Spanish", "Next Caller");
    await expect(ringingFor(interpreter.page, "Next Caller")).toBeVisible();
    await second.context.close();

    // Minutes of a background tab's slowed timers would have dropped its heartbeat (silent 20 s = gone); it still rings.
    expect(Date.now() - backgroundSince).toBeGreaterThan(30_000);
    const french = await call(browser, "French", "Background Check");
    await expect(ringingFor(admin, "Background Check")).toBeVisible();
    await french.context.close();
  } finally {
    await interpreter.context.close();
    await adminContext.close();
  }
});

test("both parties close their tabs without hanging up: the call is in the log within 60 s with talk time up to the last departure; the interpreter rings for the next call", async ({ browser }) => {
  test.setTimeout(180_000);
  const interpreter = await signedIn(browser, INTERPRETER.email);
  const admin = await adminPage(browser);
  try {
    const caller = await call(browser, "Spanish", "Both Gone");
    const acceptedAt = await answer(interpreter.page, caller.page, "Both Gone");
    await caller.context.close();
    await expect(interpreter.page.getByRole("status").filter({ hasText: "The connection dropped. Reconnecting…" })).toBeVisible();
    await interpreter.page.close();
    const lastLeftAt = Date.now();
    await expect.poll(async () => (await logLine(admin, "Both Gone"))?.outcome, { timeout: 60_000, intervals: [2_000] }).toBe("answered");
    expect(Date.now() - lastLeftAt).toBeLessThan(60_000);
    const line = (await logLine(admin, "Both Gone"))!;
    expect(Math.abs(Number(line.talk_seconds) - (lastLeftAt - acceptedAt) / 1000)).toBeLessThanOrEqual(2);

    // Free again: a new tab of theirs is still Available (their choice is kept), and the next call rings there.
    const back = await interpreter.context.newPage();
    await back.goto("/Dashboard/Dashboardcall");
    await expect(back.getByText("Available: calls in your languages ring here.")).toBeVisible();
    const next = await call(browser, "Spanish", "After Both");
    await expect(ringingFor(back, "After Both")).toBeVisible();
    await next.context.close();
  } finally {
    await interpreter.context.close();
    await admin.context().close();
  }
});

test("the switchboard restarts while a call rings: the caller is offered a callback at once, the interpreter's screen reconnects and rings for the next call", async ({ browser }) => {
  test.setTimeout(180_000);
  const interpreter = await signedIn(browser, INTERPRETER.email);
  try {
    const caller = await call(browser, "Spanish", "During Deploy");
    await expect(ringingFor(interpreter.page, "During Deploy")).toBeVisible();
    // A deploy: the worker and its objects stop (no close event reaches the switchboard) and start again on the same data.
    await server.stop();
    const restartedAt = Date.now();
    await expect(caller.page.getByRole("heading", { name: "Ask for a callback" })).toBeVisible({ timeout: 60_000 });
    server = await startServer(OWN_PORT, STATE, `${STATE}/server.log`, { fresh: false });
    const form = caller.page.locator("#callback");
    await form.getByLabel("Your name").fill("During Deploy");
    await form.getByLabel("Phone (optional)").fill("+1 307 555 0142");
    await form.getByRole("button", { name: "Ask for a callback" }).click();
    await expect(caller.page.getByText("Thank you. We will call you back as soon as an interpreter is free.").first()).toBeAttached();
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    await caller.context.close();
    // The call was not lost with the restart: it is in the log, as a callback.
    const admin = await adminPage(browser);
    await expect.poll(async () => (await logLine(admin, "During Deploy"))?.outcome, { timeout: 15_000 }).toBe("callback");
    await admin.context().close();

    await expect(interpreter.page.getByText("Available: calls in your languages ring here.")).toBeVisible({ timeout: 30_000 });
    const next = await call(browser, "Spanish", "After Deploy");
    await expect(ringingFor(interpreter.page, "After Deploy")).toBeVisible();
    await next.context.close();
  } finally {
    await interpreter.context.close();
  }
});

test("a restart mid-call: the room pages reopen their sockets, and a hang-up made while the server was down still ends the call for the other side", async ({ browser }) => {
  test.setTimeout(180_000);
  const interpreter = await signedIn(browser, INTERPRETER.email);
  try {
    const caller = await call(browser, "Spanish", "Mid Call");
    await answer(interpreter.page, caller.page, "Mid Call");
    await server.stop();
    // The media goes browser to browser: the call itself carries on while the server is away.
    await interpreter.page.waitForTimeout(1_000);
    await expect(caller.page.getByRole("status").filter({ hasText: "Connected." })).toBeVisible();
    // Hung up while nothing can be told: the page says so at once, and tells the server once it can.
    await interpreter.page.getByRole("button", { name: "Hang up" }).click();
    await expect(interpreter.page.getByRole("status").filter({ hasText: "The call has ended." })).toBeVisible();
    server = await startServer(OWN_PORT, STATE, `${STATE}/server.log`, { fresh: false });
    await expect(caller.page.getByRole("status").filter({ hasText: "The call has ended." })).toBeVisible({ timeout: 30_000 });
    const admin = await adminPage(browser);
    await expect.poll(async () => (await logLine(admin, "Mid Call"))?.outcome, { timeout: 15_000 }).toBe("answered");
    await admin.context().close();
    await caller.context.close();
  } finally {
    await interpreter.context.close();
  }
});
