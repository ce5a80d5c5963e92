// What both authorization matrices share (authorization-matrix.spec.ts: anonymous, interpreter and admin;
// customer-matrix.spec.ts: customers' requesters, issue 27): the guarded routes of app/routes.ts with sample values,
// which of them are for admins only, have an action or answer data, the private-link pages and files, and how a cell is
// asked and checked.
import { request as playwrightRequest, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { APP_URL } from "../../playwright.config";
import { people } from "../../seed/content";
import { expect, SAMPLE_PASSWORD } from "./fixtures";

/** A record id no test creates: pages of one record answer 404 to those who may see such a record at all. */
export const MISSING = "999999";
/** A month nobody has a pay statement of: a statement's pages answer 404 to those who may see one at all. */
export const NO_MONTH = "1999-01";
/** A person field's suggestions (JSON, issue 23): admins only. */
export const PEOPLE = "/Dashboard/people";
export const ADMIN_ONLY = [
  "/Dashboard/Interpreter",
  `/Dashboard/Interpreter/${MISSING}`,
  "/Dashboard/Language",
  "/Dashboard/UserLanguages",
  "/Dashboard/Inbox",
  "/Dashboard/Dashboardcustomers",
  `/Dashboard/Dashboardcustomers/${MISSING}`,
  "/Dashboard/Dashboardusers",
  // Customer organisations (issue 27).
  "/Dashboard/Organisations",
  `/Dashboard/Organisations/${MISSING}`,
  // An organisation's preferred and blocked interpreters (issue 27).
  `/Dashboard/Organisations/${MISSING}/Interpreters`,
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
export const EVERY_ROLE = [
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
export const WITH_ACTION = new Set([
  "/Dashboard/Interpreter",
  `/Dashboard/Interpreter/${MISSING}`,
  "/Dashboard/Language",
  "/Dashboard/UserLanguages",
  "/Dashboard/Inbox",
  "/Dashboard/Dashboardusers",
  "/Dashboard/Organisations",
  `/Dashboard/Organisations/${MISSING}`,
  `/Dashboard/Organisations/${MISSING}/Interpreters`,
  // A customer's "Billing currency" (issue 26).
  `/Dashboard/Dashboardcustomers/${MISSING}`,
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
export const ADMIN_ACTION = new Set(["/Dashboard/Dashboardcall"]);
/**
 * A file of an order: the assigned interpreter may download it, so an interpreter passes the sign-in guard and is
 * then refused (403) for an order that is not theirs; an administrator learns the file is not there (404).
 */
export const ORDER_FILE = `/Dashboard/Orders/${MISSING}/files/1`;
/** Routes that answer data rather than a page: the person field's suggestions (JSON), the invoices' and pay's CSV. */
export const DATA_ROUTES = new Set([PEOPLE, "/Dashboard/Invoices/export", "/Dashboard/Invoices/payments.csv", "/Dashboard/Pay/export"]);

/** Every URL path app/routes.ts defines (params and splats filled in with sample values). */
export function allPaths(entries: RouteConfigEntry[], parent = ""): string[] {
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
export const guardedPaths = () => allPaths(routes).filter((path) => /^\/(Dashboard|call-room)\b/.test(path));

export const dataUrl = (path: string) => `${path}.data`;
// Private data an anonymous answer must never contain: the staff's emails and phone numbers.
export const PRIVATE = people.flatMap((person) => [person.email, person.phone]);

/** A request context of the server at `baseURL` (the d1 project's by default), signed in as `email` unless null. */
export async function signedInContext(email: string | null, clientIp: string, password = SAMPLE_PASSWORD, baseURL = APP_URL): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": clientIp }, maxRedirects: 0 });
  if (email) {
    const response = await context.post("/Login", { form: { email, password } });
    expect(response.status(), `sign in as ${email}`).toBe(302);
  }
  return context;
}

/** A well-formed private-link token (43 base64url characters) that no quote request or booking has. */
export const UNKNOWN_TOKEN = "Matrix-unknown-private-token_".padEnd(43, "A");
/**
 * The customers' private pages of app/routes.ts (a quote's status, a booked appointment: `…/:token`, in both
 * languages): public, so no sign-in guard, and an unknown token is a plain 404 whoever asks, its action included.
 */
export const tokenPaths = () =>
  allPaths(routes)
    .filter((path) => path.endsWith("/:token"))
    .map((path) => path.replace(":token", UNKNOWN_TOKEN));

export async function requestsFor(context: APIRequestContext, path: string) {
  const form = { intent: "matrix-probe" };
  return {
    page: await context.get(path),
    data: await context.get(dataUrl(path)),
    post: await context.post(path, { form }),
    postData: await context.post(dataUrl(path), { form }),
  };
}

export async function expectNoPrivateData(response: APIResponse, label: string) {
  const body = await response.text();
  for (const secret of PRIVATE) expect(body, `${label} leaks ${secret}`).not.toContain(secret);
}

/** What a private link reaches beside its page: a quote's files, a booking's .ics, an interpreter's calendar feed. */
export const tokenFiles = () =>
  allPaths(routes)
    .filter((path) => path.includes("/:token/"))
    .map((path) => path.replace(":token", UNKNOWN_TOKEN));

/** Whether a WebSocket to `path` opens from `page` (a page of this site, with its cookies), as the site's pages open them. */
export const socketOpens = (page: Page, path: string) =>
  page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const socket = new WebSocket(url);
        socket.onopen = () => (socket.close(), resolve(true));
        socket.onerror = () => resolve(false);
      }),
    new URL(path, page.url()).href.replace(/^http/, "ws"),
  );
