// Live calls as people really behave (issue 21), in Chromium with fake camera and microphone, on a server of this
// file's own (the last test restarts it, as a deploy does): a caller who just closes the tab, two parties who both do,
// an interpreter who keeps the incoming-call screen in a background tab, and a deploy while one call rings and another
// is connected.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { PORT } from "../../playwright.config";
import { startServer, type Server } from "../../scripts/fuzz/server";
import { becomeAvailable, MEDIA_BROWSER, mediaContext } from "./calls-support";
import { ADMIN, expect, expectNotice, fillInterpreter, INTERPRETER, SAMPLE_PASSWORD, test, unique } from "./fixtures";

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
  const response = await page.request.post("/Login", {
    form: { email, password: SAMPLE_PASSWORD, redirectTo: "" },
    headers: { Origin: OWN_URL, Connection: "close" },
    maxRedirects: 0,
  });
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

/** An interpreter the administrator adds (with the sample password) and links to `language`, through their pages. */
async function newInterpreter(admin: Page, person: { name: string; email: string; gender: string; phone: string }, language: string) {
  await admin.goto("/Dashboard/Interpreter");
  await fillInterpreter(admin, { ...person, password: SAMPLE_PASSWORD });
  await expectNotice(admin, new RegExp(person.name));
  await admin.goto("/Dashboard/UserLanguages");
  const linkForm = admin.getByRole("region", { name: "Link an interpreter to a language" });
  await linkForm.getByLabel("Interpreter").fill(`${person.name} <${person.email}>`);
  await linkForm.getByLabel("Language").selectOption({ label: language });
  await linkForm.getByRole("button", { name: "Link" }).click();
  await expectNotice(admin, new RegExp(person.name));
  return person;
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
  const wait = window.setTimeout.bind(window);
  const stopWaiting = window.clearTimeout.bind(window);
  const delay = (ms = 0) => (state.__background ? Math.max(ms, 60_000) : ms);
  const loops = new Map<number, number>();
  let next = 1_000_000;
  window.setInterval = ((handler: () => void, ms?: number) => {
    const id = next++;
    const loop = () =>
      loops.set(
        id,
        wait(() => (handler(), loops.has(id) && loop()), delay(ms)),
      );
    loop();
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id: number) => (stopWaiting(loops.get(id)), loops.delete(id))) as typeof window.clearInterval;
  window.setTimeout = ((handler: () => void, ms?: number) => wait(handler, delay(ms))) as typeof window.setTimeout;
  Object.defineProperty(document, "visibilityState", { get: () => (state.__background ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { get: () => state.__background });
}

test("people who just close the tab: a caller alone (the interpreter's call ends within 45 s), and both parties (in the log within 60 s, talk time up to the last departure); both interpreters ring again; one who keeps the screen in a background tab all along is rung too", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  // A third interpreter, for Vietnamese, whose incoming-call screen goes to the background once they are Available.
  const bao = await newInterpreter(admin, { name: "Bao Tran", email: `bao.${unique()}@example.com`, gender: "Man", phone: "+1 307 555 0177" }, "Vietnamese");
  const backgroundContext = await mediaContext(browser, OWN_URL);
  await backgroundContext.addInitScript(backgroundTab);
  const { page: background } = await signedIn(browser, bao.email, backgroundContext);
  await background.evaluate(() => {
    (window as unknown as { __background: boolean }).__background = true;
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const backgroundSince = Date.now();

  const daniel = await signedIn(browser, INTERPRETER.email);
  const amira = await signedIn(browser, ADMIN.email);
  try {
    // Two calls at once: Spanish to Daniel, French to Amira (the administrator).
    const leavesEarly = await call(browser, "Spanish", "Leaves Early");
    await answer(daniel.page, leavesEarly.page, "Leaves Early");
    const bothGone = await call(browser, "French", "Both Gone");
    const acceptedAt = await answer(amira.page, bothGone.page, "Both Gone");

    // Daniel's caller closes the tab; Daniel stays, and his page keeps its heartbeat going.
    const callerLeftAt = Date.now();
    await leavesEarly.context.close();
    // Amira's caller closes the tab, then Amira closes hers.
    await bothGone.context.close();
    await expect(amira.page.getByRole("status").filter({ hasText: "The connection dropped. Reconnecting…" })).toBeVisible();
    await amira.page.close();
    const lastLeftAt = Date.now();

    await expect(daniel.page.getByRole("status").filter({ hasText: "The call has ended." })).toBeVisible({ timeout: 45_000 });
    expect(Date.now() - callerLeftAt).toBeLessThan(45_000);
    await expect.poll(async () => (await logLine(admin, "Both Gone"))?.outcome, { timeout: 60_000, intervals: [2_000] }).toBe("answered");
    expect(Date.now() - lastLeftAt).toBeLessThan(60_000);
    const line = (await logLine(admin, "Both Gone"))!;
    expect(Math.abs(Number(line.talk_seconds) - (lastLeftAt - acceptedAt) / 1000)).toBeLessThanOrEqual(2);

    // Both are free again: Daniel back on his screen, Amira in a new tab (still Available: the choice is kept).
    await daniel.page.goto("/Dashboard/Dashboardcall");
    const back = await amira.context.newPage();
    await back.goto("/Dashboard/Dashboardcall");
    await expect(back.getByText("Available: calls in your languages ring here.")).toBeVisible();
    const spanish = await call(browser, "Spanish", "Next Spanish");
    const french = await call(browser, "French", "Next French");
    await expect(ringingFor(daniel.page, "Next Spanish")).toBeVisible();
    await expect(ringingFor(back, "Next French")).toBeVisible();

    // Half a minute and more of a background tab's slowed timers would have silenced a page-timer heartbeat (silent
    // 20 s = gone): Bao is still on line and rings.
    expect(Date.now() - backgroundSince).toBeGreaterThan(30_000);
    const vietnamese = await call(browser, "Vietnamese", "Background Check");
    await expect(ringingFor(background, "Background Check")).toBeVisible();
    for (const caller of [spanish, french, vietnamese]) await caller.context.close();
  } finally {
    for (const context of [daniel.context, amira.context, admin.context(), backgroundContext]) await context.close();
  }
});

test("a locked interpreter's open incoming-call screen stops taking calls: within 5 s it is on the sign-in page, and a call in their language rings nobody (issue 22)", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  // Tagalog: a language only this new interpreter is linked to.
  const lena = await newInterpreter(
    admin,
    { name: "Lena Locked", email: `lena.${unique()}@example.com`, gender: "Woman", phone: "+1 307 555 0178" },
    "Tagalog",
  );
  const screen = await signedIn(browser, lena.email);
  const callerContext = await mediaContext(browser, OWN_URL);
  try {
    await admin.goto("/Dashboard/Dashboardusers");
    const row = admin
      .getByRole("region", { name: "Accounts" })
      .first()
      .getByRole("row")
      .filter({ has: admin.getByRole("cell", { name: lena.email, exact: true }) });
    await row.getByRole("button", { name: `Lock ${lena.email}` }).click();
    await expectNotice(admin, `${lena.email} is locked, and every session of the account has ended.`);
    const lockedAt = Date.now();
    await expect(screen.page).toHaveURL(/\/Login/, { timeout: 5_000 });
    expect(Date.now() - lockedAt).toBeLessThan(5_000);

    const caller = await callerContext.newPage();
    await caller.goto("/Call");
    const starter = caller.getByRole("form", { name: "Start a call" });
    await starter.getByLabel("Language").selectOption({ label: "Tagalog" });
    await starter.getByLabel("Your name").fill("Rings Nobody");
    await caller.getByRole("button", { name: "Check camera and microphone" }).click();
    await expect(caller.getByText("Your camera and microphone work.")).toBeVisible();
    await caller.getByRole("button", { name: "Call", exact: true }).click();
    await expect(caller.getByRole("heading", { name: "Ask for a callback" })).toBeVisible();
  } finally {
    await callerContext.close();
    await screen.context.close();
    await admin.context().close();
  }
});

test("a deploy while one call rings and another is connected: the ringing caller is offered a callback, the connected one hears the hang-up made meanwhile, screens reconnect and ring", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const daniel = await signedIn(browser, INTERPRETER.email);
  const amira = await signedIn(browser, ADMIN.email);
  try {
    const midCall = await call(browser, "Spanish", "Mid Call");
    await answer(daniel.page, midCall.page, "Mid Call");
    const ringing = await call(browser, "French", "During Deploy");
    await expect(ringingFor(amira.page, "During Deploy")).toBeVisible();

    // The worker and its objects stop (no close event reaches them) and start again on the same data.
    await server.stop();
    const stoppedAt = Date.now();
    // The ringing caller is offered a callback at once.
    await expect(ringing.page.getByRole("heading", { name: "Ask for a callback" })).toBeVisible({ timeout: 60_000 });
    // The media goes browser to browser: the connected call carries on while the server is away.
    await expect(midCall.page.getByRole("status").filter({ hasText: "Connected." })).toBeVisible();
    // Daniel hangs up while nothing can be told: his page says so at once, and tells the server once it can.
    await daniel.page.getByRole("button", { name: "Hang up" }).click();
    await expect(daniel.page.getByRole("status").filter({ hasText: "The call has ended." })).toBeVisible();
    server = await startServer(OWN_PORT, STATE, `${STATE}/server.log`, { fresh: false });

    const form = ringing.page.locator("#callback");
    await form.getByLabel("Your name").fill("During Deploy");
    await form.getByLabel("Phone (optional)").fill("+1 307 555 0142");
    await form.getByRole("button", { name: "Ask for a callback" }).click();
    await expect(ringing.page.getByText("Thank you. We will call you back as soon as an interpreter is free.").first()).toBeAttached();
    expect(Date.now() - stoppedAt).toBeLessThan(60_000);
    // The caller's room page reopened its socket and heard the end.
    await expect(midCall.page.getByRole("status").filter({ hasText: "The call has ended." })).toBeVisible({ timeout: 30_000 });

    // Nothing was lost with the restart: both calls are in the log.
    const admin = await adminPage(browser);
    await expect
      .poll(async () => [(await logLine(admin, "During Deploy"))?.outcome, (await logLine(admin, "Mid Call"))?.outcome], { timeout: 15_000 })
      .toEqual(["callback", "answered"]);
    await admin.context().close();
    for (const caller of [midCall, ringing]) await caller.context.close();

    // Amira's screen reconnected (still Available) and rings for the next call.
    await expect(amira.page.getByText("Available: calls in your languages ring here.")).toBeVisible({ timeout: 30_000 });
    const next = await call(browser, "French", "After Deploy");
    await expect(ringingFor(amira.page, "After Deploy")).toBeVisible();
    await next.context.close();
  } finally {
    for (const context of [daniel.context, amira.context]) await context.close();
  }
});
