// The attack surface of the product, as data: every page of app/routes.ts with the query parameters its
// loader reads, every form action with its fields and intent, and the worker routes of workers/*.ts.
// The campaign (generate.ts) fuzzes exactly what is listed here, as anonymous, interpreter and admin.
//
// A new feature joins the campaign by adding its entries below: a page → PAGES (with its `query`), a form
// → FORMS (one entry per intent), a worker route → PAGES/FORMS with `worker: true`. coverage.ts fails the
// run when app/routes.ts, a route module's action/intents/query parameters or workers/*.ts name something
// missing here, so nothing can be forgotten silently. Quote requests and orders have a file of their own,
// surface-orders.ts, spread into PAGES and FORMS below.
import { ORDER_FORMS, ORDER_PAGES } from "./surface-orders";

/** Who sends a request: no cookie, or the real session of a sample account. */
export const ROLES = ["anonymous", "interpreter", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Who gets past the route's guard (informative: the campaign sends every role everywhere). */
export type Access = "public" | "signed-in" | "admin";

/** What a form field holds; payloads.ts makes a plausible value of each kind, or a hostile one. */
export type FieldKind =
  | "email"
  | "password"
  | "currentPassword"
  | "newPassword"
  | "role"
  | "name"
  | "gender"
  | "phone"
  | "subject"
  | "message"
  | "honeypot"
  | "captcha"
  | "userId"
  | "languageId"
  | "linkId"
  | "messageId"
  | "token"
  | "redirect"
  // the content studio (app/domain/studio.ts)
  | "title"
  | "description"
  | "address"
  /** An optional https link (facebook, instegram, linkedin). */
  | "url"
  /** An image's alt text. */
  | "alt"
  /** A record's version number (basedOn, restore's version). */
  | "version"
  /** Moving a service: up or down. */
  | "direction"
  /** Which studio record: company, about or service. */
  | "record"
  /** A service's id (the company's and the about page's for restore). */
  | "contentId"
  /** A file input: sent as a file part of a multipart body (see FormEntry.multipart). */
  | "imageFile"
  /** A language of the site (the Profile page's dashboard language): en or ar. */
  | "locale"
  // Quote requests and orders (app/domain/quote-request.ts, order-forms.ts): a company name; a service's and the
  // source language's id; the target languages (a repeated field: at least one, none the source); days (YYYY-MM-DD
  // on the company's calendar) of a deadline, a quote's due date and its last valid day; a price ("1,250.50") and
  // one of QUOTE_CURRENCIES; the consent checkbox ("on"); who to assign (a users row id); documents (repeated file
  // parts: PDF, DOCX, TXT, JPEG or PNG by their bytes).
  | "company"
  | "serviceId"
  | "sourceLanguage"
  | "targetLanguages"
  | "deadline"
  | "dueDate"
  | "validUntil"
  | "amount"
  | "currency"
  | "consent"
  | "interpreterId"
  | "documents"
  // A staff member's call link (app/domain/call-forms.ts): video or audio, and how many hours it works.
  | "callType"
  | "linkHours";

/** What a query parameter holds. */
export type QueryKind =
  | "page"
  | "sort"
  | "direction"
  | "search"
  | "rowId"
  | "contentId"
  | "numericList"
  | "redirect"
  | "token"
  | "routeIds"
  | "flag"
  /** An order's status (ORDER_STATUSES), a day (YYYY-MM-DD), a language's id: the order list's filters. */
  | "orderStatus"
  | "date"
  | "languageId"
  /** A staff member's call link for /Call: the link's terms and their signature (app/features/calls/call-link.server.ts). */
  | "callLink";

/** The R2 buckets a form may write: MEDIA (the studio's public images), FILES (orders' private documents). */
export type BucketName = "MEDIA" | "FILES";

export type PageEntry = {
  /** The path as app/routes.ts spells it ("/call-room/:roomId", "/Dashboard/*"), or the worker route's prefix. */
  route: string;
  /**
   * Concrete paths to request: params and splats filled in with real and unknown values. A `{…}` placeholder
   * (params.ts) is filled per request from what the run's set-up created: `{order}` / `{order:quoted}` an order
   * (one that started in that state), `{token}` / `{token:quoted}` its status link, `{revoked}` a revoked link,
   * `{file}` / `{delivery}` a file of the order named before it, `{otherFile}` a file of another order, `{customer}`.
   */
  paths: string[];
  access: Access;
  /** The query parameters its loader (or a helper it calls) reads. */
  query?: Record<string, QueryKind>;
  /** A route of workers/*.ts, not of app/routes.ts. */
  worker?: true;
};

export type FormEntry = {
  /** The route (as in PAGES) whose action receives this form. */
  route: string;
  /** Where the form posts (placeholders as in PageEntry.paths). */
  path: string;
  /** The `intent` the form's button sends, when the action dispatches on it (app/request/intents.server.ts). */
  intent?: string;
  fields: Record<string, FieldKind>;
  access: Access;
  /** Limited per CF-Connecting-IP, 5 or 10 a minute (wrangler.toml [[ratelimits]]). */
  rateLimited?: true;
  /** Also used by scripts that ask for JSON (Accept: application/json). */
  json?: true;
  /**
   * The form is multipart/form-data (encType): bodies.ts sends it that way most of the time, with its imageFile and
   * documents fields as file parts (valid files, wrong bytes, empty files, hostile names and types).
   */
  multipart?: true;
  /**
   * Its action stores or deletes files in this R2 bucket (the studio's images, orders' documents): run.ts lists the
   * bucket around these requests too, and a rejected one must leave it as it was (uploads of a refused request are
   * deleted again).
   */
  bucket?: BucketName;
  worker?: true;
  /**
   * Its success schedules ctx.waitUntil work that writes to D1 (the contact relay, order e-mails): run.ts lets it finish
   * before reading row counts, so the two workerd processes sharing the SQLite files do not collide.
   */
  background?: true;
};

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

  // app/routes/dashboard/* (requireUser / requireAdmin first)
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
  { route: "/Dashboard/*", paths: ["/Dashboard/no-such-area", "/Dashboard/Interpreter/extra", "/Dashboard/%2e%2e/Login"], access: "signed-in" },
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

const interpreterFields = { full_name: "name", Gender: "gender", email: "email", phone: "phone" } as const;
const website = { route: "/Dashboard/Website", path: "/Dashboard/Website", access: "admin", bucket: "MEDIA" } as const;
const studioEditor = { ...website, multipart: true } as const;
/** The contact form, posted to the worker (workers/contact.ts) from either language's contact page. */
const contactForm = {
  route: "/api/contact",
  worker: true,
  fields: { name: "name", email: "email", subject: "subject", message: "message", website: "honeypot", "cf-turnstile-response": "captcha" },
  access: "public",
  rateLimited: true,
  json: true,
  background: true,
} as const;
/** A service's fields in the studio's form, the new one's and an edited one's. */
const SERVICE_FIELDS = {
  title: "title",
  description: "description",
  photourl: "imageFile",
  photo_alt: "alt",
  // A checkbox, like the quote's consent: "on" when ticked, anything else refused.
  offers_calls: "consent",
  title_ar: "title",
  description_ar: "description",
  photo_alt_ar: "alt",
} as const;

export const FORMS: FormEntry[] = [
  // app/routes/auth/*.tsx, in English and in Arabic (/ar, the same modules)
  ...["", "/ar"].flatMap((prefix): FormEntry[] => [
    {
      route: `${prefix}/Login`,
      path: `${prefix}/Login`,
      fields: { email: "email", password: "password", redirectTo: "redirect" },
      access: "public",
      rateLimited: true,
    },
    // Its success writes the security event after the response (with the mail).
    { route: `${prefix}/Forgetpassword`, path: `${prefix}/Forgetpassword`, fields: { email: "email" }, access: "public", rateLimited: true, background: true },
    {
      route: `${prefix}/Resetpassword`,
      path: `${prefix}/Resetpassword`,
      fields: { token: "token", email: "email", password: "newPassword" },
      access: "public",
      rateLimited: true,
    },
  ]),
  // Sign-out (the sidebar's form). run.ts signs the sample accounts in again when it ends their session.
  { route: "/Logout", path: "/Logout", fields: {}, access: "signed-in" },

  // app/features/accounts/profile.server.ts: the signed-in user's own account. The current password is never the
  // real one (currentPassword), so the campaign's sample accounts keep theirs; tests/integration covers success.
  {
    route: "/Dashboard/Profile",
    path: "/Dashboard/Profile",
    intent: "change-password",
    fields: { currentPassword: "currentPassword", newPassword: "newPassword" },
    access: "signed-in",
    rateLimited: true,
  },
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "sign-out-others", fields: {}, access: "signed-in", rateLimited: true },
  // The dashboard's language, kept on the account (run.ts's sample accounts may end up in Arabic: nothing depends on it).
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "set-locale", fields: { locale: "locale" }, access: "signed-in", rateLimited: true },
  // app/features/accounts/users.server.ts (userId pools leave out the accounts the campaign signs in with)
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "set-role", fields: { id: "userId", role: "role" }, access: "admin" },
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "lock", fields: { id: "userId" }, access: "admin" },
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "unlock", fields: { id: "userId" }, access: "admin" },
  { route: "/Dashboard/Dashboardusers", path: "/Dashboard/Dashboardusers", intent: "send-reset", fields: { id: "userId" }, access: "admin", background: true },

  // app/features/people/interpreters.server.ts
  {
    route: "/Dashboard/Interpreter",
    path: "/Dashboard/Interpreter",
    intent: "create",
    fields: { ...interpreterFields, password: "newPassword" },
    access: "admin",
  },
  { route: "/Dashboard/Interpreter", path: "/Dashboard/Interpreter", intent: "update", fields: { id: "userId", ...interpreterFields }, access: "admin" },
  { route: "/Dashboard/Interpreter", path: "/Dashboard/Interpreter", intent: "delete", fields: { id: "userId" }, access: "admin" },
  // app/features/people/languages.server.ts
  { route: "/Dashboard/Language", path: "/Dashboard/Language", intent: "create", fields: { name: "name" }, access: "admin" },
  { route: "/Dashboard/Language", path: "/Dashboard/Language", intent: "update", fields: { id: "languageId", name: "name" }, access: "admin" },
  { route: "/Dashboard/Language", path: "/Dashboard/Language", intent: "delete", fields: { id: "languageId" }, access: "admin" },
  // app/features/people/user-languages.server.ts
  {
    route: "/Dashboard/UserLanguages",
    path: "/Dashboard/UserLanguages",
    intent: "create",
    fields: { userId: "userId", languageId: "languageId" },
    access: "admin",
  },
  { route: "/Dashboard/UserLanguages", path: "/Dashboard/UserLanguages", intent: "delete", fields: { id: "linkId" }, access: "admin" },
  // app/features/contact/inbox.server.ts
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "read", fields: { id: "messageId" }, access: "admin" },
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "unread", fields: { id: "messageId" }, access: "admin" },
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "retry", fields: { id: "messageId" }, access: "admin", background: true },
  { route: "/Dashboard/Inbox", path: "/Dashboard/Inbox", intent: "delete", fields: { id: "messageId" }, access: "admin" },

  // app/features/studio/website.server.ts, the content studio. The record editors are multipart (their images are
  // files); delete, move and restore are plain forms. A save names the version it was based on (basedOn): an older
  // one is refused with 409. Successful saves replace and delete files in the R2 bucket and change the public pages.
  {
    ...studioEditor,
    intent: "save-company",
    fields: {
      basedOn: "version",
      title: "title",
      description: "description",
      address: "address",
      email: "email",
      phone: "phone",
      facebook: "url",
      instegram: "url",
      linkedin: "url",
      homecover: "imageFile",
      homecover_alt: "alt",
      contactcover: "imageFile",
      contactcover_alt: "alt",
      title_ar: "title",
      description_ar: "description",
      address_ar: "address",
      homecover_alt_ar: "alt",
      contactcover_alt_ar: "alt",
    },
  },
  {
    ...studioEditor,
    intent: "save-about",
    fields: {
      basedOn: "version",
      description: "description",
      photoaurl: "imageFile",
      photoa_alt: "alt",
      photoburl: "imageFile",
      photob_alt: "alt",
      description_ar: "description",
      photoa_alt_ar: "alt",
      photob_alt_ar: "alt",
    },
  },
  { ...studioEditor, intent: "create-service", fields: SERVICE_FIELDS },
  { ...studioEditor, intent: "save-service", fields: { id: "contentId", basedOn: "version", ...SERVICE_FIELDS } },
  { ...website, intent: "delete-service", fields: { id: "contentId" } },
  { ...website, intent: "move-service", fields: { id: "contentId", direction: "direction" } },
  { ...website, intent: "restore", fields: { record: "record", id: "contentId", version: "version", basedOn: "version" } },

  // workers/contact.ts: the contact form (app/features/contact/ContactForm.tsx) and scripts asking for JSON; the same
  // form on the Arabic contact page, whose action names the page's language, which the message keeps.
  { ...contactForm, path: "/api/contact" },
  { ...contactForm, path: "/api/contact?lang=ar" },

  // workers/calls.ts (issue 21): a caller's page hands over the room's key for the room's cookie; a hang-up over HTTP
  // when a room page's socket is down. Neither opens anything without the key, the cookie or the interpreter's session.
  { route: "/api/calls/", path: "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/enter", worker: true, fields: { key: "token" }, access: "public" },
  { route: "/api/calls/", path: "/api/calls/room/6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b/hangup", worker: true, fields: {}, access: "public" },

  // /Quote, the status page's intents, an order's steps and a job's delivery.
  ...ORDER_FORMS,
  // app/features/calls/call-link-form.server.ts: an administrator's call link for a named customer (shown, nothing stored).
  {
    route: "/Dashboard/Dashboardcall",
    path: "/Dashboard/Dashboardcall",
    intent: "call-link",
    fields: { name: "name", language: "languageId", type: "callType", validFor: "linkHours", locale: "locale" },
    access: "admin",
  },
  // app/features/calls/callback.server.ts: the callback form (CALL_LIMITER), stored in the inbox and relayed after.
  ...["", "/ar"].map((prefix): FormEntry => ({
    route: `${prefix}/Call`,
    path: `${prefix}/Call`,
    fields: { name: "name", phone: "phone", email: "email", language: "languageId", note: "message", callId: "token", website: "honeypot" },
    access: "public",
    rateLimited: true,
    background: true,
  })),
];

/** A page's entry by its routes.ts path. */
export function pageFor(route: string): PageEntry | undefined {
  return PAGES.find((page) => page.route === route);
}
