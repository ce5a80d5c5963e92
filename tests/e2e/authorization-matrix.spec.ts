// Every dashboard route (read from app/routes.ts, so a new route cannot be forgotten) × every kind of
// request (page GET, data GET, page POST, data POST) × anonymous, interpreter and admin, against the
// real worker. Anonymous requests get a redirect to sign in and never any data; interpreters get 403
// on admin areas; admins get through.
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { APP_URL } from "../../playwright.config";
import { people } from "../../seed/content";
import { ADMIN, expect, INTERPRETER, SAMPLE_PASSWORD, signIn, test } from "./fixtures";

/** A record id no test creates: pages of one record answer 404 to those who may see such a record at all. */
const MISSING = "999999";
/** A month nobody has a pay statement of: a statement's pages answer 404 to those who may see one at all. */
const NO_MONTH = "1999-01";
/** A person field's suggestions (JSON, issue 23): admins only. */
const PEOPLE = "/Dashboard/people";
const ADMIN_ONLY = [
  "/Dashboard/Interpreter",
  `/Dashboard/Interpreter/${MISSING}`,
  "/Dashboard/Language",
  "/Dashboard/UserLanguages",
  "/Dashboard/Inbox",
  "/Dashboard/Dashboardcustomers",
  `/Dashboard/Dashboardcustomers/${MISSING}`,
  // An organisation's preferred and blocked interpreters (issue 27).
  `/Dashboard/Organisations/${MISSING}/Interpreters`,
  "/Dashboard/Dashboardusers",
  "/Dashboard/Orders",
  `/Dashboard/Orders/${MISSING}`,
  "/Dashboard/Appointments",
  "/Dashboard/Appointments/New",
  `/Dashboard/Appointments/${MISSING}`,
  "/Dashboard/Rates",
  "/Dashboard/Invoices",
  "/Dashboard/Invoices/export",
  "/Dashboard/Invoices/payments.csv",
  `/Dashboard/Invoices/${MISSING}`,
  "/Dashboard/Reports",
  "/Dashboard/Pay",
  "/Dashboard/Pay/export",
  `/Dashboard/Pay/${MISSING}/${NO_MONTH}`,
  "/Dashboard/Website",
  PEOPLE,
];
const EVERY_ROLE = [
  "/Dashboard",
  "/Dashboard/Profile",
  "/Dashboard/Dashboardcall",
  "/Dashboard/Calls",
  "/Dashboard/Calls/export",
  "/Dashboard/Jobs",
  `/Dashboard/Jobs/${MISSING}`,
  "/Dashboard/Jobs/Pay",
  `/Dashboard/Jobs/Pay/${NO_MONTH}`,
  `/Dashboard/Jobs/appointments/${MISSING}/appointment.ics`,
  `/Dashboard/Orders/${MISSING}/files/1`,
  "/call-room/sample",
  "/Dashboard/no-such-area",
];
/** Routes with an action (the rest answer POST with 405 Method Not Allowed, having run no loader). */
const WITH_ACTION = new Set([
  "/Dashboard/Interpreter",
  `/Dashboard/Interpreter/${MISSING}`,
  "/Dashboard/Language",
  "/Dashboard/UserLanguages",
  "/Dashboard/Inbox",
  "/Dashboard/Dashboardusers",
  // A customer's "Billing currency" (issue 26).
  `/Dashboard/Dashboardcustomers/${MISSING}`,
  `/Dashboard/Organisations/${MISSING}/Interpreters`,
  "/Dashboard/Profile",
  "/Dashboard/Website",
  `/Dashboard/Orders/${MISSING}`,
  "/Dashboard/Appointments/New",
  `/Dashboard/Appointments/${MISSING}`,
  "/Dashboard/Rates",
  "/Dashboard/Invoices",
  `/Dashboard/Invoices/${MISSING}`,
  `/Dashboard/Pay/${MISSING}/${NO_MONTH}`,
  `/Dashboard/Jobs/${MISSING}`,
  "/Dashboard/Jobs",
  "/Dashboard/Dashboardcall",
]);
/** Pages every role sees whose action is for administrators (the incoming-call screen's call link form). */
const ADMIN_ACTION = new Set(["/Dashboard/Dashboardcall"]);
/**
 * A file of an order: the assigned interpreter may download it, so an interpreter passes the sign-in guard and is
 * then refused (403) for an order that is not theirs; an administrator learns the file is not there (404).
 */
const ORDER_FILE = `/Dashboard/Orders/${MISSING}/files/1`;
/** Routes that answer data rather than a page: the person field's suggestions (JSON), the invoices' and pay's CSV. */
const DATA_ROUTES = new Set([PEOPLE, "/Dashboard/Invoices/export", "/Dashboard/Invoices/payments.csv", "/Dashboard/Pay/export"]);

/** Every URL path app/routes.ts defines (params and splats filled in with sample values). */
function allPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : `${parent}/${entry.path ?? ""}`.replace(/\/+$/, "");
    const sample = path
      .replace(":roomId", "sample")
      .replace(/:(customerId|orderId|appointmentId|userId|invoiceId|interpreterId|organisationId)/g, MISSING)
      .replace(":month", NO_MONTH)
      .replace(":fileId", "1")
      .replace(/\*$/, "no-such-area");
    const own = entry.index || entry.path ? [sample || "/"] : [];
    return [...own, ...allPaths(entry.children ?? [], path)];
  });
}
const guardedPaths = () => allPaths(routes).filter((path) => /^\/(Dashboard|call-room)\b/.test(path));

const dataUrl = (path: string) => `${path}.data`;
// Private data an anonymous answer must never contain: the staff's emails and phone numbers.
const PRIVATE = people.flatMap((person) => [person.email, person.phone]);

async function signedInContext(email: string | null, clientIp: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { "CF-Connecting-IP": clientIp }, maxRedirects: 0 });
  if (email) {
    const response = await context.post("/Login", { form: { email, password: SAMPLE_PASSWORD } });
    expect(response.status(), `sign in as ${email}`).toBe(302);
  }
  return context;
}

/** A well-formed private-link token (43 base64url characters) that no quote request or booking has. */
const UNKNOWN_TOKEN = "Matrix-unknown-private-token_".padEnd(43, "A");
/**
 * The customers' private pages of app/routes.ts (a quote's status, a booked appointment: `…/:token`, in both
 * languages): public, so no sign-in guard, and an unknown token is a plain 404 whoever asks, its action included.
 */
const tokenPaths = () =>
  allPaths(routes)
    .filter((path) => path.endsWith("/:token"))
    .map((path) => path.replace(":token", UNKNOWN_TOKEN));

test("the matrix lists exactly the guarded routes of app/routes.ts", () => {
  expect(new Set(guardedPaths())).toEqual(new Set([...ADMIN_ONLY, ...EVERY_ROLE]));
});

type Cell = { role: "anonymous" | "interpreter" | "admin"; path: string };

async function requestsFor(context: APIRequestContext, path: string) {
  const form = { intent: "matrix-probe" };
  return {
    page: await context.get(path),
    data: await context.get(dataUrl(path)),
    post: await context.post(path, { form }),
    postData: await context.post(dataUrl(path), { form }),
  };
}

async function expectNoPrivateData(response: APIResponse, label: string) {
  const body = await response.text();
  for (const secret of PRIVATE) expect(body, `${label} leaks ${secret}`).not.toContain(secret);
}

for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test.describe(`as ${role}`, () => {
    let context: APIRequestContext;
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern, and wants one
    test.beforeAll(async ({}, testInfo) => {
      const email = role === "admin" ? ADMIN.email : role === "interpreter" ? INTERPRETER.email : null;
      context = await signedInContext(email, `10.250.${testInfo.workerIndex}.${["anonymous", "interpreter", "admin"].indexOf(role)}`);
    });
    test.afterAll(() => context.dispose());

    for (const path of [...ADMIN_ONLY, ...EVERY_ROLE]) {
      test(`${path}`, async () => {
        const cell: Cell = { role, path };
        const { page, data, post, postData } = await requestsFor(context, path);
        const hasAction = WITH_ACTION.has(path);
        const notFound = path.endsWith("no-such-area");

        if (cell.role === "anonymous") {
          const login = `/Login?redirectTo=${encodeURIComponent(path)}`;
          expect(page.status()).toBe(302);
          expect(page.headers().location).toBe(login);
          // Single-fetch data requests carry the redirect in their body (status 202).
          expect(data.status()).toBe(202);
          expect(await data.text()).toContain(login);
          expect(post.status()).toBe(hasAction ? 302 : 405);
          expect(postData.status()).toBe(hasAction ? 202 : 405);
          for (const [label, response] of Object.entries({ page, data, post, postData })) await expectNoPrivateData(response, label);
          return;
        }

        const forbidden = cell.role === "interpreter" && (ADMIN_ONLY.includes(path) || path === ORDER_FILE);
        const missing = path.includes(MISSING) || path.includes(NO_MONTH);
        const expectedGet = forbidden ? 403 : notFound || missing ? 404 : 200;
        expect(page.status()).toBe(expectedGet);
        expect(data.status()).toBe(expectedGet);
        // A POST reaches the action only past its guard; the probe's unknown intent then gets 400 (a missing record
        // is looked up first: 404).
        const postForbidden = forbidden || (cell.role === "interpreter" && ADMIN_ACTION.has(path));
        const expectedPost = !hasAction ? 405 : postForbidden ? 403 : missing ? 404 : 400;
        expect(post.status()).toBe(expectedPost);
        expect(postData.status()).toBe(expectedPost);
        // Every dashboard answer is private and not for search engines.
        expect(page.headers()["cache-control"]).toBe("private, no-store");
        expect(page.headers()["x-robots-tag"]).toBe("noindex, nofollow");
        expect(data.headers()["cache-control"]).toBe("private, no-store");
        // (A file route has no page around it: its refusal is the status alone; the person field's suggestions and the
        // invoices' CSV, data, answer the refusal's reason and nothing else.)
        if (forbidden && DATA_ROUTES.has(path)) expect(await page.json()).toEqual({ reason: "admins-only" });
        if (forbidden && path !== ORDER_FILE && !DATA_ROUTES.has(path)) {
          const body = await page.text();
          expect(body).toContain("You do not have access to this page.");
          for (const other of people.filter((person) => person.email !== INTERPRETER.email)) expect(body).not.toContain(other.phone);
        }
      });
    }
  });
}

/**
 * A customer organisation's pages (issue 27): /Account/Preferences, in both languages, is its admins' alone: anonymous
 * requests are sent to sign in (and read nothing), staff get 403 — page, data and post.
 */
const ACCOUNT_PATHS = ["/Account/Preferences", "/ar/Account/Preferences"];

test("the customers' account pages of app/routes.ts are the preferences', in both languages", () => {
  expect(allPaths(routes).filter((path) => /^(\/ar)?\/Account\b/.test(path))).toEqual(ACCOUNT_PATHS);
});

for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test(`the customers' account pages as ${role}: sign in first, or 403 for staff`, async () => {
    const email = role === "admin" ? ADMIN.email : role === "interpreter" ? INTERPRETER.email : null;
    const context = await signedInContext(email, `10.253.${test.info().workerIndex}.${["anonymous", "interpreter", "admin"].indexOf(role)}`);
    try {
      for (const path of ACCOUNT_PATHS) {
        const { page, data, post, postData } = await requestsFor(context, path);
        if (role === "anonymous") {
          const login = `/Login?redirectTo=${encodeURIComponent(path)}`;
          expect(page.headers().location, path).toBe(login);
          expect([page.status(), data.status(), post.status(), postData.status()], path).toEqual([302, 202, 302, 202]);
          for (const [label, response] of Object.entries({ page, data, post, postData })) await expectNoPrivateData(response, `${path} ${label}`);
        } else {
          expect([page.status(), data.status(), post.status(), postData.status()], path).toEqual([403, 403, 403, 403]);
        }
      }
    } finally {
      await context.dispose();
    }
  });
}

test("the private token pages of app/routes.ts are the quote's, the booking's and the invoice's, in both languages", () => {
  expect(new Set(tokenPaths().map((path) => path.replace(UNKNOWN_TOKEN, ":token")))).toEqual(
    new Set(["/Quote/:token", "/ar/Quote/:token", "/Book/:token", "/ar/Book/:token", "/Invoice/:token", "/ar/Invoice/:token"]),
  );
});

/** What a private link reaches beside its page: a quote's files, a booking's .ics, an interpreter's calendar feed. */
const tokenFiles = () =>
  allPaths(routes)
    .filter((path) => path.includes("/:token/"))
    .map((path) => path.replace(":token", UNKNOWN_TOKEN));

test("a private link's files are the quote's files, the booking's .ics, the invoice's PDF and an interpreter's calendar feed; an unknown link gets 404 from each, whoever asks", async () => {
  expect(new Set(tokenFiles().map((path) => path.replace(UNKNOWN_TOKEN, ":token")))).toEqual(
    new Set([
      "/Quote/:token/files/1",
      "/ar/Quote/:token/files/1",
      "/Book/:token/appointment.ics",
      "/ar/Book/:token/appointment.ics",
      "/Invoice/:token/invoice.pdf",
      "/ar/Invoice/:token/invoice.pdf",
      "/calendar/:token/appointments.ics",
    ]),
  );
  for (const email of [null, INTERPRETER.email, ADMIN.email]) {
    const context = await signedInContext(email, `10.252.${test.info().workerIndex}.${email ? email.length : 0}`);
    try {
      for (const path of tokenFiles()) {
        const answer = await context.get(path);
        expect(answer.status(), `${email ?? "anonymous"} ${path}`).toBe(404);
        expect(answer.headers().location, path).toBeUndefined();
        await expectNoPrivateData(answer, path);
      }
    } finally {
      await context.dispose();
    }
  }
});

for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test(`private token pages as ${role}: an unknown token is a 404 (page, data, its action), never a sign-in`, async () => {
    const context = await signedInContext(
      role === "admin" ? ADMIN.email : role === "interpreter" ? INTERPRETER.email : null,
      `10.251.${test.info().workerIndex}.${["anonymous", "interpreter", "admin"].indexOf(role)}`,
    );
    try {
      for (const [index, path] of tokenPaths().entries()) {
        // The action's own form: a booking's cancellation, a quote's acceptance, each naming the version it saw; an
        // invoice's Pay now.
        const form: Record<string, string> = path.includes("/Book/")
          ? { intent: "cancel", basedOn: "1" }
          : path.includes("/Invoice/")
            ? { intent: "pay" }
            : { intent: "accept", basedOn: "1" };
        // Each page's posts from an address of their own (a retry's too): the private pages' actions share one rate
        // limit (STATUS_PAGE_LIMITER, 10 a minute), which all of them together would pass.
        const { workerIndex, retry } = test.info();
        const roleIndex = ["anonymous", "interpreter", "admin"].indexOf(role);
        const headers = { Origin: APP_URL, "CF-Connecting-IP": `10.250.${workerIndex}.${retry * 100 + roleIndex * 20 + index}` };
        const answers = {
          page: await context.get(path),
          data: await context.get(dataUrl(path)),
          post: await context.post(path, { form, headers }),
          postData: await context.post(dataUrl(path), { form, headers }),
          // A booking's other form: a video appointment's Join (issue 25), which would answer the room's cookie.
          ...(path.includes("/Book/") ? { join: await context.post(path, { form: { intent: "join" }, headers }) } : {}),
        };
        for (const [label, answer] of Object.entries(answers)) {
          expect(answer.status(), `${label} ${path}`).toBe(404);
          expect(answer.headers().location, `${label} ${path}`).toBeUndefined();
          await expectNoPrivateData(answer, `${label} ${path}`);
        }
        expect(await answers.data.text(), `data ${path}`).not.toContain("/Login");
        expect(answers.join?.headers()["set-cookie"], `join ${path}`).toBeUndefined();
      }
    } finally {
      await context.dispose();
    }
  });
}

/**
 * The call sockets (workers/calls.ts), opened the way a page of this site opens them: an interpreter's screen needs a
 * session (anonymous: refused); a call room's socket and its hang-up need one of the room's two parties (the caller's
 * room cookie or the interpreter who accepted), never a key in the address, whoever asks.
 */
for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test(`call sockets as ${role}`, async ({ page }) => {
    if (role !== "anonymous") await signIn(page, role === "admin" ? ADMIN.email : INTERPRETER.email, { landing: null });
    await page.goto("/Services");
    const opens = (path: string) =>
      page.evaluate(
        (url) =>
          new Promise<boolean>((resolve) => {
            const socket = new WebSocket(url);
            socket.onopen = () => (socket.close(), resolve(true));
            socket.onerror = () => resolve(false);
          }),
        new URL(path, page.url()).href.replace(/^http/, "ws"),
      );
    expect(await opens("/api/calls/interpreter")).toBe(role !== "anonymous");
    expect(await opens(`/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b?key=${"A".repeat(43)}`)).toBe(false);
    expect(await opens("/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(false);
    const origin = new URL(page.url()).origin;
    for (const action of ["enter", "hangup"]) {
      const answer = await page.request.post(`/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/${action}`, {
        form: { key: "A".repeat(43) },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(answer.status(), `${action} as ${role}`).toBe(403);
    }
  });
}

/**
 * A video appointment's Join under My jobs (issue 25), which sends its interpreter into the appointment's call room:
 * anonymous, to sign in; signed in, only the appointment's own interpreter gets through — anyone else, staff included,
 * gets 404 for an appointment that is not theirs (here: one that does not exist), and no room.
 */
for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test(`a video appointment's Join on My jobs as ${role}`, async () => {
    const context = await signedInContext(
      role === "admin" ? ADMIN.email : role === "interpreter" ? INTERPRETER.email : null,
      `10.253.${test.info().workerIndex}.${["anonymous", "interpreter", "admin"].indexOf(role)}`,
    );
    try {
      const form = { intent: "join-appointment", appointment: MISSING };
      const headers = { Origin: APP_URL };
      const post = await context.post("/Dashboard/Jobs", { form, headers });
      const postData = await context.post(dataUrl("/Dashboard/Jobs"), { form, headers });
      if (role === "anonymous") {
        expect(post.status()).toBe(302);
        expect(post.headers().location).toBe(`/Login?redirectTo=${encodeURIComponent("/Dashboard/Jobs")}`);
        expect(postData.status()).toBe(202);
      } else {
        expect(post.status()).toBe(404);
        expect(postData.status()).toBe(404);
        expect(await post.text()).toContain("This is not one of your video appointments.");
      }
      for (const answer of [post, postData]) expect(answer.headers().location ?? "").not.toContain("/call-room/");
    } finally {
      await context.dispose();
    }
  });
}
