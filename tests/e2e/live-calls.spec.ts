// Live calls end to end (issue 14), in two (and three) browser contexts with Chromium's fake camera and microphone:
// an interpreter goes available, a caller calls in their language, it rings (and not on an interpreter of another
// language), the interpreter accepts, both rooms connect by WebRTC and receive media, the caller hangs up and the
// interpreter's room ends; anyone else gets 403 at the room. ICE stays on loopback (TOOLCHAIN.md).
import type { Page } from "@playwright/test";
import { ADMIN, expect, INTERPRETER, signIn, test } from "./fixtures";
import { becomeAvailable, bytesReceived, MEDIA_BROWSER, mediaContext } from "./calls-support";
import { axeViolations } from "./support";

test.use(MEDIA_BROWSER);
// The same two people take part in both tests, and their choice of Available outlives a page: one at a time.
test.describe.configure({ mode: "serial" });

/** The caller's side of /Call's request (the page itself comes next): a socket that waits for the room's address. */
function callFrom(page: Page, languageId: string, name: string): Promise<string> {
  return page.evaluate(
    ({ languageId, name }) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(`/api/calls/caller?language=${languageId}&type=video&name=${encodeURIComponent(name)}`, window.location.href);
        url.protocol = url.protocol.replace("http", "ws");
        const socket = new WebSocket(url);
        (window as unknown as { __callerSocket: WebSocket }).__callerSocket = socket;
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; url?: string };
          if (message.type === "answered" && message.url) resolve(message.url);
          if (message.type === "unanswered") reject(new Error("nobody answered"));
        };
        socket.onerror = () => reject(new Error("the call socket did not open"));
      }),
    { languageId, name },
  );
}

test("a caller reaches an available interpreter of their language; WebRTC connects, media flows; the caller hangs up", async ({ browser, baseURL }) => {
  test.slow();
  const interpreterContext = await mediaContext(browser, baseURL!);
  const otherContext = await browser.newContext({ baseURL });
  const callerContext = await mediaContext(browser, baseURL!);
  const strangerContext = await browser.newContext({ baseURL });
  const addresses: string[] = [];
  for (const context of [interpreterContext, callerContext]) {
    context.on("request", (request) => addresses.push(request.url()));
    context.on("page", (page) => page.on("websocket", (socket) => addresses.push(socket.url())));
  }
  try {
    const interpreter = await interpreterContext.newPage();
    await signIn(interpreter, INTERPRETER.email, { landing: "/Dashboard/Dashboardcall" });
    await becomeAvailable(interpreter);

    // The administrator speaks Arabic, English and French, not Spanish: available, but never rung for this call.
    const other = await otherContext.newPage();
    await signIn(other, ADMIN.email, { landing: "/Dashboard/Dashboardcall" });
    await becomeAvailable(other);

    // The caller uses /Call: language, video, name, the device check, then Call.
    const caller = await callerContext.newPage();
    // Every page but /Call and the room keeps the camera and microphone off.
    expect((await caller.goto("/Services"))?.headers()["permissions-policy"]).toContain("camera=(), microphone=()");
    expect((await caller.goto("/Call"))?.headers()["permissions-policy"]).toContain("camera=(self), microphone=(self)");
    // The call form appears once the page runs (it needs the browser's media and a socket).
    const starter = caller.getByRole("form", { name: "Start a call" });
    await starter.getByLabel("Language").selectOption({ label: "Spanish" });
    await starter.getByLabel("Your name").fill("Ana Caller");
    await caller.getByRole("button", { name: "Check camera and microphone" }).click();
    await expect(caller.getByText("Your camera and microphone work.")).toBeVisible();
    await expect(caller.getByRole("meter", { name: "Microphone level" })).toBeVisible();
    expect(await axeViolations(caller), "/Call, devices checked").toEqual([]);
    const requestedAt = Date.now();
    await caller.getByRole("button", { name: "Call", exact: true }).click();
    await expect(caller.getByText("Calling… Please stay on this page.")).toBeVisible();

    const ringing = interpreter.getByRole("region", { name: "Incoming call" }).filter({ hasText: "Ana Caller" });
    await expect(ringing).toBeVisible();
    await expect(ringing).toContainText("Spanish");
    await expect(interpreter).toHaveTitle(/^\(1\) Incoming call/);
    expect(await axeViolations(interpreter), "incoming-call screen, ringing").toEqual([]);
    await other.waitForTimeout(500);
    await expect(other.getByText("Ana Caller")).toHaveCount(0);

    // The interpreter also has the incoming-call screen open in a second tab: it rings there too.
    const secondScreen = await interpreterContext.newPage();
    await secondScreen.goto("/Dashboard/Dashboardcall");
    await expect(secondScreen.getByRole("region", { name: "Incoming call" }).filter({ hasText: "Ana Caller" })).toBeVisible();

    const acceptedAt = Date.now();
    await ringing.getByRole("button", { name: "Accept" }).click();
    // Both parties are in the same room at an address with no secret in it (issue 21): the interpreter by their own
    // session, the caller by a cookie scoped to the room.
    await interpreter.waitForURL(/\/call-room\/[0-9a-f-]{36}$/);
    await caller.waitForURL(/\/call-room\/[0-9a-f-]{36}$/);
    const callerRoom = caller.url();
    expect(interpreter.url()).toBe(callerRoom);
    // Only the tab that accepted went to the room; the other stays on the incoming-call screen, its ringing gone.
    await expect(secondScreen.getByRole("region", { name: "Incoming call" }).filter({ hasText: "Ana Caller" })).toHaveCount(0);
    expect(new URL(secondScreen.url()).pathname).toBe("/Dashboard/Dashboardcall");
    await secondScreen.close();
    expect((await caller.request.get(callerRoom)).headers()["permissions-policy"]).toContain("camera=(self), microphone=(self)");

    for (const page of [interpreter, caller]) await expect(page.getByRole("status").filter({ hasText: "Connected." })).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => bytesReceived(caller), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => bytesReceived(interpreter), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Date.now() - requestedAt).toBeLessThan(30_000);
    expect(await axeViolations(interpreter), "call room").toEqual([]);

    // Anyone else with the room's address — signed out, or another staff member signed in: 403, and nothing about the call.
    const stranger = await strangerContext.newPage();
    const bare = new URL(callerRoom, baseURL).pathname;
    for (const [page, address] of [
      [stranger, bare],
      [stranger, `${bare}?key=${"A".repeat(43)}`],
      [other, bare],
    ] as const) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(403);
      await expect(page.getByText("Ana Caller")).toHaveCount(0);
    }
    // A second tab of the interpreter's is told the call is open elsewhere; the call goes on in the first.
    const secondTab = await interpreterContext.newPage();
    await secondTab.goto(bare);
    await expect(secondTab.getByRole("status")).toHaveText(
      "This call is open in another tab. Carry on there; this tab does not use your camera or microphone.",
    );
    expect(await axeViolations(secondTab), "call room, open in another tab").toEqual([]);
    await secondTab.close();
    await expect(interpreter.getByRole("status").filter({ hasText: "Connected." })).toBeVisible();

    const hungUpAt = Date.now();
    await caller.getByRole("button", { name: "Hang up" }).click();
    await expect(caller.getByText("The call has ended.")).toBeVisible();
    await expect(interpreter.getByText("The call has ended.")).toBeVisible({ timeout: 5000 });

    // The log has the call, answered, with the wait and talk times the test measured (within a second).
    const measured = { wait: (acceptedAt - requestedAt) / 1000, talk: (hungUpAt - acceptedAt) / 1000 };
    let row: Record<string, string> | undefined;
    await expect
      .poll(async () => {
        const [header, ...lines] = (await (await other.request.get("/Dashboard/Calls/export")).text()).trim().split("\r\n");
        const names = header!.split(",");
        row = lines
          .map((line) => Object.fromEntries(line.split(",").map((value, index) => [names[index]!, value])))
          .find((item) => item.caller === "Ana Caller");
        return row?.outcome;
      })
      .toBe("answered");
    expect(row).toMatchObject({ language: "Spanish", type: "video", interpreter: INTERPRETER.name });
    expect(Math.abs(Number(row!.wait_seconds) - measured.wait)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(row!.talk_seconds) - measured.talk)).toBeLessThanOrEqual(1);
    await other.goto("/Dashboard/Calls");
    await expect(other.getByRole("row").filter({ hasText: "Ana Caller" })).toContainText("Answered");
    expect(await axeViolations(other), "call log").toEqual([]);
    // No address either browser asked for — pages, data, sockets — carried a room key (it would land in logs).
    expect(addresses.filter((address) => address.includes("/call-room/")).length).toBeGreaterThan(0);
    expect(addresses.filter((address) => /[?&]key=/.test(address))).toEqual([]);
  } finally {
    for (const context of [interpreterContext, otherContext, callerContext, strangerContext]) await context.close();
  }
});

test("two interpreters accept at once: exactly one gets the room, the other is told it was taken; a closed tab is unavailable", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const interpreterContext = await mediaContext(browser, baseURL!);
  const adminContext = await mediaContext(browser, baseURL!);
  const callerContext = await browser.newContext({ baseURL });
  try {
    const interpreter = await interpreterContext.newPage();
    const admin = await adminContext.newPage();
    await signIn(interpreter, INTERPRETER.email, { landing: "/Dashboard/Dashboardcall" });
    await signIn(admin, ADMIN.email, { landing: "/Dashboard/Dashboardcall" });
    for (const page of [interpreter, admin]) await becomeAvailable(page);
    // Staff see who is available now, per language.
    await admin.reload();
    const availableNow = admin.getByRole("region", { name: "Available now" });
    await expect(availableNow).toContainText("Spanish");
    await expect(availableNow).toContainText(INTERPRETER.name);

    // Both speak English: the call rings on both.
    const caller = await callerContext.newPage();
    await caller.goto("/Quote");
    const english = await caller.locator("#quote-source option", { hasText: /^English$/ }).getAttribute("value");
    void callFrom(caller, english!, "Bo Caller").catch(() => {});
    const cards = [interpreter, admin].map((page) => page.getByRole("region", { name: "Incoming call" }).filter({ hasText: "Bo Caller" }));
    for (const card of cards) await expect(card).toBeVisible();
    // Both press Accept in the same instant: the buttons are found first, then clicked together (a click that waited
    // for the other's outcome would find its card already gone).
    const buttons = await Promise.all(cards.map((card) => card.getByRole("button", { name: "Accept" }).elementHandle()));
    await Promise.all(buttons.map((button) => button.evaluate((element: HTMLElement) => element.click())));

    const inRoom = async (page: Page) => {
      try {
        await page.waitForURL(/\/call-room\//, { timeout: 3000 });
        return true;
      } catch {
        return false;
      }
    };
    const outcomes = await Promise.all([inRoom(interpreter), inRoom(admin)]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const loser = outcomes[0] ? admin : interpreter;
    await expect(loser.getByRole("alert")).toHaveText("Another interpreter answered that call first.");
    await expect(loser.getByText("Bo Caller")).toHaveCount(0);

    // The winner hangs up; then the interpreter's tab closes: within 30 s they are no longer available.
    const winner = outcomes[0] ? interpreter : admin;
    await winner.getByRole("button", { name: "Hang up" }).click();
    if (winner === interpreter) await interpreter.goto("/Dashboard/Dashboardcall");
    await expect(interpreter.getByText("Available: calls in your languages ring here.")).toBeVisible();
    await interpreter.close();
    const closedAt = Date.now();
    const staffView = outcomes[0] ? admin : await adminContext.newPage();
    await expect
      .poll(
        async () => {
          await staffView.goto("/Dashboard/Dashboardcall");
          return staffView.getByRole("region", { name: "Available now" }).textContent();
        },
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .not.toContain(INTERPRETER.name);
    expect(Date.now() - closedAt).toBeLessThan(30_000);
  } finally {
    for (const context of [interpreterContext, adminContext, callerContext]) await context.close();
  }
});
