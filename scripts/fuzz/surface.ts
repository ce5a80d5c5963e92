// The attack surface of the product, as data: every page of app/routes.ts with the query parameters its
// loader reads, and the worker routes of workers/*.ts (here); every form action with its fields and intent
// (surface-forms.ts). The campaign (generate.ts) fuzzes exactly what is listed in the two, as anonymous,
// interpreter and admin; what an entry and a field kind are is in surface-kinds.ts.
//
// A new feature joins the campaign by adding its entries: a page → PAGES below (with its `query`), a form
// → FORMS in surface-forms.ts (one entry per intent), a worker route → PAGES/FORMS with `worker: true`. coverage.ts
// fails the run when app/routes.ts, a route module's action/intents/query parameters or workers/*.ts name something
// missing from them, so nothing can be forgotten silently. Quote requests and orders have a file of their own,
// surface-orders.ts, booked appointments surface-appointments.ts and interpreters' availability
// surface-availability.ts, spread into PAGES and FORMS.
import type { PageEntry, QueryKind } from "./surface-kinds";
import { APPOINTMENT_PAGES } from "./surface-appointments";
import { AVAILABILITY_PAGES } from "./surface-availability";
import { INVOICE_PAGES } from "./surface-invoices";
import { PAY_PAGES } from "./surface-pay";
import { RATING_PAGES } from "./surface-ratings";
import { CUSTOMER_ACCOUNT_PAGES } from "./surface-customer-accounts";
import { ACCOUNT_PAGES } from "./surface-account";
import { RATE_PAGES } from "./surface-rates";
import { OFFER_PAGES } from "./surface-offers";
import { PREFERENCE_PAGES } from "./surface-preferences";
import { ORDER_PAGES } from "./surface-orders";

// Query parameters every React Router page understands (single fetch): which route loaders to run, and
// whether a POST targets an index route.
export const ROUTER_QUERY: Record<string, QueryKind> = { _routes: "routeIds", index: "flag" };

export const PAGES: PageEntry[] = [
  { route: "/robots.txt", paths: ["/robots.txt"], access: "public" },
  { route: "/sitemap.xml", paths: ["/sitemap.xml"], access: "public" },

  // app/routes/auth/*, in English and in Arabic (/ar, the same modules)
  ...["", "/ar"].flatMap((prefix): PageEntry[] => [
    { route: `${prefix}/Login`, paths: [`${prefix}/Login`], access: "public", query: { redirectTo: "redirect" } },
    { route: `${prefix}/Forgetpassword`, paths: [`${prefix}/Forgetpassword`], access: "public" },
    { route: `${prefix}/Resetpassword`, paths: [`${prefix}/Resetpassword`], access: "public", query: { token: "token" } },
  ]),
  { route: "/Logout", paths: ["/Logout"], access: "public" },

  // app/routes/dashboard/* (requireStaff / requireAdmin first)
  { route: "/Dashboard", paths: ["/Dashboard"], access: "signed-in" },
  { route: "/Dashboard/Profile", paths: ["/Dashboard/Profile"], access: "signed-in" },
  { route: "/Dashboard/Dashboardcall", paths: ["/Dashboard/Dashboardcall"], access: "signed-in" },
  {
    route: "/Dashboard/Dashboardusers",
    paths: ["/Dashboard/Dashboardusers"],
    access: "admin",
    query: { account: "search", q: "search", page: "page", events_before: "token" },
  },
  {
    route: "/Dashboard/Interpreter",
    paths: ["/Dashboard/Interpreter"],
    access: "admin",
    // q, sort, dir and page are read by interpreterQueryFrom (app/domain/people.ts).
    query: { q: "search", sort: "sort", dir: "direction", page: "page", edit: "rowId", delete: "rowId" },
  },
  { route: "/Dashboard/Language", paths: ["/Dashboard/Language"], access: "admin", query: { edit: "rowId", delete: "rowId" } },
  { route: "/Dashboard/UserLanguages", paths: ["/Dashboard/UserLanguages"], access: "admin", query: { delete: "rowId", page: "page" } },
  // ?show= a view, ?before= the page's keyset cursor (<ms>.<id>; inboxQueryFrom, issue 23).
  { route: "/Dashboard/Inbox", paths: ["/Dashboard/Inbox"], access: "admin", query: { delete: "rowId", show: "sort", before: "token" } },
  // The content studio: ?service=<id> opens a service's editor, ?delete=<id> asks before deleting one.
  { route: "/Dashboard/Website", paths: ["/Dashboard/Website"], access: "admin", query: { service: "contentId", delete: "contentId" } },
  { route: "/Dashboard/*", paths: ["/Dashboard/no-such-area", "/Dashboard/Language/extra", "/Dashboard/%2e%2e/Login"], access: "signed-in" },
  // app/routes/dashboard/call-room.tsx: the spec's sample room for signed-in staff; a live call's room for its two
  // parties only (the interpreter's session, the caller's room cookie: app/features/calls/room-access.server.ts); anything else
  // 403. A key in the query opens nothing (issue 21), so the campaign still sends one.
  {
    route: "/call-room/:roomId",
    paths: ["/call-room/sample", "/call-room/no-such-room", "/call-room/%3Cfz-0%3E", "/call-room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b"],
    access: "public",
    query: { key: "token" },
  },

  // app/routes/public/*, in English and in Arabic (/ar, the same modules)
  ...["", "/ar"].flatMap((prefix): PageEntry[] => [
    { route: prefix || "/", paths: [prefix || "/"], access: "public" },
    { route: `${prefix}/Services`, paths: [`${prefix}/Services`], access: "public", query: { open: "numericList" } },
    { route: `${prefix}/Aboutus`, paths: [`${prefix}/Aboutus`], access: "public" },
    { route: `${prefix}/Contactus`, paths: [`${prefix}/Contactus`], access: "public" },
    { route: `${prefix}/Privacy`, paths: [`${prefix}/Privacy`], access: "public" },
    { route: `${prefix}/Terms`, paths: [`${prefix}/Terms`], access: "public" },
  ]),
  { route: "/*", paths: ["/no-such-page", "/.env", "/.git/config", "/wp-login.php", "/%2e%2e/%2e%2e/etc/passwd"], access: "public" },
  { route: "/ar/*", paths: ["/ar/no-such-page", "/ar/Dashboard", "/ar/%2e%2e/Login", "/ar/ar/Services"], access: "public" },

  // workers/media.ts: GET /media/<Folder>/<file> (seed/media holds the sample files).
  {
    route: "/media/",
    worker: true,
    paths: ["/media/Home/homecover.webp", "/media/Services/no-such-file.webp", "/media/Private/x.webp", "/media/Home/", "/media/Home/%E0%A4%A"],
    access: "public",
  },
  // workers/contact.ts answers GET with 405.
  { route: "/api/contact", worker: true, paths: ["/api/contact"], access: "public" },
  // workers/calls.ts: the call sockets answer anything but a same-site WebSocket handshake with 426 (or 405, 403, 404).
  {
    route: "/api/calls/",
    worker: true,
    paths: [
      "/api/calls/interpreter",
      "/api/calls/caller",
      "/api/calls/caller?language=1&type=video&name=Ann",
      "/api/calls/caller?link=eyJuIjoiQW5uIn0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b?key=AAAA",
      "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b?tab=%3Cfz%3E",
      "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/enter",
      "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/hangup",
      "/api/calls/room/..%2F..%2Fswitchboard",
      "/api/calls/nothing",
    ],
    access: "public",
  },

  // /Quote, the status page and its files; the staff's orders, customers and the interpreters' jobs.
  ...ORDER_PAGES,
  // /Book and the customer's appointment page (issue 25).
  ...APPOINTMENT_PAGES,
  // An interpreter's working hours, time off and credentials, for admins (issue 25).
  ...AVAILABILITY_PAGES,
  ...RATE_PAGES,
  ...INVOICE_PAGES,
  ...PAY_PAGES,
  ...RATING_PAGES,
  // Customer organisations, invitations and an organisation admin's People page (issue 27).
  ...CUSTOMER_ACCOUNT_PAGES,
  ...ACCOUNT_PAGES,
  ...OFFER_PAGES,
  ...PREFERENCE_PAGES,
  // app/routes/dashboard/call-log.tsx and call-log-csv.ts: the call log and its CSV (issue 14); the filters are read by
  // callLogFilterFrom (app/domain/call-log.ts); an interpreter gets their own calls whatever the address asks. ?before=
  // is the page's keyset cursor (<ms>.<call id>, callLogCursorFrom; issue 23); the export reads every page itself.
  ...["/Dashboard/Calls", "/Dashboard/Calls/export"].map((route): PageEntry => ({
    route,
    paths: [route],
    access: "signed-in",
    // ?interpreter= is what was typed in the person field (a name, an e-mail, "Name <e-mail>" or an id; issue 23).
    query: { from: "date", to: "date", language: "languageId", interpreter: "search", before: "token" },
  })),
  // app/routes/dashboard/people.ts: a person field's suggestions as JSON (issue 23), admins only.
  { route: "/Dashboard/people", paths: ["/Dashboard/people"], access: "admin", query: { q: "search", languages: "numericList" } },
  // app/routes/public/call.tsx: "Talk to an interpreter" (issue 14), in both languages; ?link= a staff member's call link.
  { route: "/Call", paths: ["/Call"], access: "public", query: { link: "callLink" } },
  { route: "/ar/Call", paths: ["/ar/Call"], access: "public", query: { link: "callLink" } },
];

/** A page's entry by its routes.ts path. */
export function pageFor(route: string): PageEntry | undefined {
  return PAGES.find((page) => page.route === route);
}
