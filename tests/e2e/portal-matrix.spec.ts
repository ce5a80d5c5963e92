// The customer portal's authorization matrix (issue 27), against the real worker (d1). Its requesters and their work are
// arranged in the server's data (account-portal-support.ts), so this file runs where the arranging tests run
// (playwright.config.ts ARRANGED_SPECS: alone in serial-d1).
import { request as playwrightRequest } from "@playwright/test";
import routes from "../../app/routes";
import { APP_URL } from "../../playwright.config";
import { customerMessage, REQUESTER_PASSWORD, requesterWithWork } from "./account-portal-support";
import { allPaths, dataUrl, MISSING, signedInContext } from "./authorization-matrix-support";
import { ADMIN, expect, INTERPRETER, test } from "./fixtures";
import { orderNumber } from "../../app/domain/order-records";

/**
 * The customer portal (issue 27): every /Account route of app/routes.ts (both languages) × page GET, data GET, page POST,
 * data POST × anonymous (to sign in), staff (403: requireCustomer), a requester of Clinic A on Firm B's records (404,
 * by id, by guessed file link, by form post; never Firm B's data) and on Clinic A's own (through). The requesters are
 * arranged in the data (account-portal-support.ts) until the invitations are merged.
 */
const ACCOUNT_PAGES = ["/Account", "/Account/Orders/:orderId", "/Account/Appointments/:appointmentId", "/Account/Invoices/:invoiceId"];
const ACCOUNT_FILES = ["/Account/Orders/:orderId/files/1", "/Account/Appointments/:appointmentId/appointment.ics", "/Account/Invoices/:invoiceId/invoice.pdf"];
const accountRoutes = () =>
  allPaths(routes)
    .filter((path) => /^(\/ar)?\/Account\b/.test(path))
    .map((path) => path.replaceAll(MISSING, ":id"));

/**
 * The other /Account pages, each with its own matrix: rating (authorization-matrix.spec.ts and ratings.spec.ts), People
 * (an organisation admin's: customer-accounts-routes.test.ts), Preferences (an organisation admin's request:
 * preferences-routes.test.ts).
 */
const OTHER_ACCOUNT_PAGES = ["/Account/Rate/:kind/:id", "/Account/People", "/Account/Preferences"];

test("the portal's matrix lists exactly the /Account routes of app/routes.ts, but those with a matrix of their own", () => {
  const spelled = [...ACCOUNT_PAGES, ...ACCOUNT_FILES, ...OTHER_ACCOUNT_PAGES].map((path) => path.replace(/:(orderId|appointmentId|invoiceId)/, ":id"));
  expect(new Set(accountRoutes())).toEqual(new Set([...spelled, ...spelled.map((path) => `/ar${path}`)]));
});

test.describe("the customer portal", () => {
  test.describe.configure({ mode: "serial" });
  let clinic: Awaited<ReturnType<typeof requesterWithWork>>;
  let firm: Awaited<ReturnType<typeof requesterWithWork>>;
  const at = (path: string, work: typeof clinic) =>
    path.replace(":orderId", String(work.orderId)).replace(":appointmentId", String(work.appointmentId)).replace(":invoiceId", String(work.invoiceId));
  const formOf = (path: string): Record<string, string> =>
    path.includes("Appointments")
      ? { intent: "cancel", basedOn: "999" }
      : path.includes("Invoices")
        ? { intent: "matrix-probe" }
        : { intent: "message", body: "" };

  test.beforeAll(async () => {
    const run = `${Date.now().toString(36)}`;
    clinic = await requesterWithWork(`Matrix Clinic A ${run}`, `matrix.a.${run}@clinic-a.example`, `Matrix A ${run}`, 5);
    firm = await requesterWithWork(`Matrix Firm B ${run}`, `matrix.b.${run}@firm-b.example`, `Matrix B ${run}`, 6);
  });

  async function requester(email: string, ip: string) {
    const context = await playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { "CF-Connecting-IP": ip }, maxRedirects: 0 });
    expect((await context.post("/Login", { form: { email, password: REQUESTER_PASSWORD } })).status()).toBe(302);
    return context;
  }

  test("anonymous: to sign in; staff: 403 — every page, file and form post", async () => {
    for (const email of [null, INTERPRETER.email, ADMIN.email]) {
      const context = await signedInContext(email, `10.254.${test.info().workerIndex}.${email ? email.length : 0}`);
      try {
        for (const path of [...ACCOUNT_PAGES, ...ACCOUNT_FILES].map((each) => at(each, clinic))) {
          const answers = { page: await context.get(path), post: await context.post(path, { form: formOf(path), headers: { Origin: APP_URL } }) };
          for (const [label, answer] of Object.entries(answers)) {
            // A route without an action (the home, the files) answers a POST 405 before any guard runs.
            const noAction = path === "/Account" || ACCOUNT_FILES.some((file) => at(file, clinic) === path);
            const expected = label === "post" && noAction ? 405 : email === null ? 302 : 403;
            expect(answer.status(), `${email ?? "anonymous"} ${label} ${path}`).toBe(expected);
            if (email === null && expected === 302) expect(answer.headers().location).toBe(`/Login?redirectTo=${encodeURIComponent(path)}`);
            expect(await answer.text()).not.toContain(clinic.name);
          }
        }
      } finally {
        await context.dispose();
      }
    }
  });

  test("a requester of Clinic A: Firm B's records are a 404 by id, guessed link and form post (page and data); Clinic A's answer", async () => {
    const context = await requester(clinic.email, `10.254.${test.info().workerIndex}.200`);
    try {
      for (const template of [...ACCOUNT_PAGES.slice(1), ...ACCOUNT_FILES]) {
        for (const prefix of ["", "/ar"]) {
          const path = `${prefix}${at(template, firm)}`;
          const isFile = ACCOUNT_FILES.includes(template);
          const answers = {
            page: await context.get(path),
            ...(isFile ? {} : { data: await context.get(dataUrl(path)) }),
            ...(isFile ? {} : { post: await context.post(path, { form: formOf(path), headers: { Origin: APP_URL } }) }),
            ...(isFile ? {} : { postData: await context.post(dataUrl(path), { form: formOf(path), headers: { Origin: APP_URL } }) }),
          };
          for (const [label, answer] of Object.entries(answers)) {
            expect(answer.status(), `${label} ${path}`).toBe(404);
            const body = await answer.text();
            expect(body, `${label} ${path}`).not.toContain(firm.name);
            expect(body, `${label} ${path}`).not.toContain(firm.email);
          }
        }
      }
      for (const template of ACCOUNT_PAGES) expect((await context.get(at(template, clinic))).status(), template).toBe(200);
      const home = await (await context.get("/Account")).text();
      expect(home).toContain(clinic.name);
      expect(home).not.toContain(firm.name);
      // The Messages panel's search by Firm B's message's words finds nothing of Firm B (page and data); the words
      // themselves come back only in the search box.
      const words = `Matrix merger terms ${firm.orderId}`;
      await customerMessage(firm.orderId, words);
      for (const path of [`/Account?messages=${encodeURIComponent(words)}`, `/Account.data?messages=${encodeURIComponent(words)}`]) {
        const answer = await context.get(path);
        expect(answer.status(), path).toBe(200);
        const body = await answer.text();
        if (!path.includes(".data")) expect(body, path).toContain("No message matches this search.");
        for (const text of [orderNumber(firm.orderId), firm.name, `/Account/Orders/${firm.orderId}#thread`]) expect(body, path).not.toContain(text);
      }
      // "Request again" with Firm B's order fills in nothing of it (page and data); with Clinic A's, its work.
      for (const path of [`/Quote?again=${firm.orderId}`, `/Quote.data?again=${firm.orderId}`]) {
        const answer = await context.get(path);
        expect(answer.status(), path).toBe(200);
        const body = await answer.text();
        for (const text of ["Filled in from order", "Discharge letters", orderNumber(firm.orderId), firm.email]) expect(body, path).not.toContain(text);
      }
      expect(await (await context.get(`/Quote?again=${clinic.orderId}`)).text()).toContain(`Filled in from order ${orderNumber(clinic.orderId)}.`);
      // The dashboard is staff's: 403.
      expect((await context.get("/Dashboard")).status()).toBe(403);
    } finally {
      await context.dispose();
    }
  });
});
