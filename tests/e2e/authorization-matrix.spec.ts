// Every dashboard route (read from app/routes.ts, so a new route cannot be forgotten) × every kind of
// request (page GET, data GET, page POST, data POST) × anonymous, interpreter and admin, against the
// real worker. Anonymous requests get a redirect to sign in and never any data; interpreters get 403
// on admin areas; admins get through. The lists and checks are authorization-matrix-support.ts's; a customer's
// requester (issue 27) has its own matrix, customer-matrix.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import { APP_URL } from "../../playwright.config";
import { people } from "../../seed/content";
import { ADMIN, expect, INTERPRETER, signIn, test } from "./fixtures";
import routes from "../../app/routes";
import {
  ADMIN_ACTION,
  ADMIN_ONLY,
  allPaths,
  DATA_ROUTES,
  dataUrl,
  EVERY_ROLE,
  expectNoPrivateData,
  guardedPaths,
  MISSING,
  NO_MONTH,
  ORDER_FILE,
  requestsFor,
  signedInContext,
  tokenFiles,
  tokenPaths,
  UNKNOWN_TOKEN,
  WITH_ACTION,
  socketOpens,
} from "./authorization-matrix-support";

test("the matrix lists exactly the guarded routes of app/routes.ts", () => {
  expect(new Set(guardedPaths())).toEqual(new Set([...ADMIN_ONLY, ...EVERY_ROLE]));
});

type Cell = { role: "anonymous" | "interpreter" | "admin"; path: string };

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
        if (forbidden && DATA_ROUTES.has(path)) expect(await page.json()).toEqual({ reason: "admins-only", home: "/Dashboard" });
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
 * A customer organisation's preferences page (issue 27): /Account/Preferences, in both languages, is its admins' alone:
 * anonymous requests are sent to sign in (and read nothing), staff get 403 — page, data and post.
 */
const ACCOUNT_PATHS = ["/Account/Preferences", "/ar/Account/Preferences"];

test("the preferences' page of app/routes.ts is in both languages", () => {
  expect(allPaths(routes).filter((path) => /^(\/ar)?\/Account\/Preferences\b/.test(path))).toEqual(ACCOUNT_PATHS);
});

for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test(`the preferences' page as ${role}: sign in first, or 403 for staff`, async () => {
    const email = role === "admin" ? ADMIN.email : role === "interpreter" ? INTERPRETER.email : null;
    const context = await signedInContext(email, `10.248.${test.info().workerIndex}.${["anonymous", "interpreter", "admin"].indexOf(role)}`);
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

test("the private token pages of app/routes.ts are the quote's, the booking's, the invoice's, an invitation's and a claim's, in both languages", () => {
  expect(new Set(tokenPaths().map((path) => path.replace(UNKNOWN_TOKEN, ":token")))).toEqual(
    new Set([
      ...["/Quote/:token", "/ar/Quote/:token", "/Book/:token", "/ar/Book/:token", "/Invoice/:token", "/ar/Invoice/:token"],
      // An invitation to sign in for a customer organisation (issue 27).
      ...["/Invitation/:token", "/ar/Invitation/:token"],
      // An account asked for from a status link (issue 27, docs/decisions/0042).
      ...["/Join/:token", "/ar/Join/:token"],
    ]),
  );
});

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
            : path.includes("/Invitation/") || path.includes("/Join/")
              ? { password: "Matrix-probe-password-1" }
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
          // "Create an account" (docs/decisions/0042): an unknown link mails no one.
          ...(/\/(Quote|Book|Invoice)\//.test(path) ? { claim: await context.post(path, { form: { intent: "create-account" }, headers }) } : {}),
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
    const opens = (path: string) => socketOpens(page, path);
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

/**
 * The rating page of a requester (issue 27, build item 4: /Account/Rate/<kind>/<id>, and /ar/…): requireCustomer at the
 * top of its loader and action. Anonymous: to sign in; staff (an interpreter, an admin): 403, page, data and post. The
 * customer role's cells (another organisation's item: 404, nothing stored) need a requester arranged beside the server:
 * ratings.spec.ts.
 */
const RATING_PAGES = [`/Account/Rate/appointment/${MISSING}`, `/ar/Account/Rate/appointment/${MISSING}`, "/Account/Rate/call/no-such-call"];

test("the rating pages of app/routes.ts are the English and the Arabic one", () => {
  expect(allPaths(routes).filter((path) => path.includes("/Account/Rate/"))).toEqual(["/Account/Rate/:kind/:id", "/ar/Account/Rate/:kind/:id"]);
});

for (const role of ["anonymous", "interpreter", "admin"] as const) {
  test(`the rating pages as ${role}`, async () => {
    const context = await signedInContext(
      role === "admin" ? ADMIN.email : role === "interpreter" ? INTERPRETER.email : null,
      `10.249.${test.info().workerIndex}.${["anonymous", "interpreter", "admin"].indexOf(role)}`,
    );
    try {
      for (const path of RATING_PAGES) {
        const form = { score: "1", comment: "matrix-probe" };
        const headers = { Origin: APP_URL };
        const answers = {
          page: await context.get(path),
          data: await context.get(dataUrl(path)),
          post: await context.post(path, { form, headers }),
          postData: await context.post(dataUrl(path), { form, headers }),
        };
        if (role === "anonymous") {
          const login = `/Login?redirectTo=${encodeURIComponent(path)}`;
          expect(answers.page.status(), path).toBe(302);
          expect(answers.page.headers().location).toBe(login);
          expect(answers.data.status()).toBe(202);
          expect(answers.post.status()).toBe(302);
          expect(answers.postData.status()).toBe(202);
        } else {
          for (const [label, answer] of Object.entries(answers)) expect(answer.status(), `${label} ${path}`).toBe(403);
        }
        for (const [label, answer] of Object.entries(answers)) await expectNoPrivateData(answer, `${label} ${path}`);
      }
    } finally {
      await context.dispose();
    }
  });
}
