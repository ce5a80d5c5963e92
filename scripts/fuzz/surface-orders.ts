// Quote requests and orders (issue 13) as attack surface: /Quote and the customer's status page with its files,
// the staff's orders and customers, the interpreters' jobs, and every form and intent of them. Spread into
// surface.ts's PAGES and surface-forms.ts's FORMS; coverage.ts checks them against the product like every other entry.
//
// Ids and tokens are placeholders (params.ts): the run's set-up (orders.ts) creates one order in each state through
// the product's own forms, and each request names one of them, or a made-up id. The forms name the state their
// button is shown in (`{order:quoted}` for a quote's accept), so a plausible request can succeed and a hostile one
// meets the deepest check; the state machine then moves the orders on as the run goes (a later step from a
// state an order has left is a 409, which must change nothing).
import type { FieldKind, FormEntry, PageEntry } from "./surface-kinds";

/** A well-formed status token (43 base64url characters) that no order has. */
export const UNKNOWN_TOKEN = "Fuzz-unknown-status-token_".padEnd(43, "A");

const quoteFields: Record<string, FieldKind> = {
  name: "name",
  email: "email",
  phone: "phone",
  company: "company",
  service: "serviceId",
  source: "sourceLanguage",
  targets: "targetLanguages",
  deadline: "deadline",
  details: "message",
  files: "documents",
  consent: "consent",
  website: "honeypot",
  "cf-turnstile-response": "captcha",
};

export const ORDER_PAGES: PageEntry[] = [
  // app/routes/public/quote*.ts(x): the form, the status page (404 for anything but an active token) and its files.
  // The Arabic copies are the same modules: fewer paths there.
  ...["", "/ar"].flatMap((prefix): PageEntry[] => [
    { route: `${prefix}/Quote`, paths: [`${prefix}/Quote`], access: "public", query: { service: "contentId", again: "rowId" } },
    {
      route: `${prefix}/Quote/:token`,
      paths: prefix
        ? [`${prefix}/Quote/{token:quoted}`, `${prefix}/Quote/{revoked}`, `${prefix}/Quote/${UNKNOWN_TOKEN}`]
        : [
            "/Quote/{token}",
            "/Quote/{token:quoted}",
            "/Quote/{revoked}",
            `/Quote/${UNKNOWN_TOKEN}`,
            `/Quote/${UNKNOWN_TOKEN.slice(1)}`,
            "/Quote/{token}x", // 42 and 44 characters
          ],
      access: "public",
      // has("received"): the confirmation after a request (coverage.ts sees get/getAll only); confirm: the e-mailed
      // link's proof of the mailbox (issue 22), which hostile values must never pass.
      query: { received: "flag", confirm: "token" },
    },
    {
      route: `${prefix}/Quote/:token/files/:fileId`,
      paths: prefix
        ? [`${prefix}/Quote/{token:delivered}/files/{delivery}`, `${prefix}/Quote/{token}/files/{otherFile}`]
        : [
            "/Quote/{token}/files/{file}",
            "/Quote/{token:delivered}/files/{delivery}",
            "/Quote/{token}/files/{otherFile}",
            "/Quote/{revoked}/files/{file}",
            `/Quote/${UNKNOWN_TOKEN}/files/1`,
          ],
      access: "public",
    },
  ]),

  // app/routes/dashboard/orders.tsx: the filters are read by orderQueryFrom (app/domain/order-records.ts).
  {
    route: "/Dashboard/Orders",
    paths: ["/Dashboard/Orders"],
    access: "admin",
    query: { q: "search", status: "orderStatus", service: "contentId", language: "languageId", from: "date", to: "date", page: "page" },
  },
  {
    route: "/Dashboard/Orders/:orderId",
    paths: [
      "/Dashboard/Orders/{order}",
      "/Dashboard/Orders/{order:accepted}",
      "/Dashboard/Orders/999999",
      "/Dashboard/Orders/0",
      "/Dashboard/Orders/9007199254740993",
    ],
    access: "admin",
    // has("revoke"): the confirmation before revoking the status link.
    query: { revoke: "flag" },
  },
  // Admins, and the interpreter the order is assigned to ({order:in_progress} is the sample interpreter's job).
  {
    route: "/Dashboard/Orders/:orderId/files/:fileId",
    paths: [
      "/Dashboard/Orders/{order}/files/{file}",
      "/Dashboard/Orders/{order:in_progress}/files/{file}",
      "/Dashboard/Orders/{order:delivered}/files/{delivery}",
      "/Dashboard/Orders/{order}/files/{otherFile}",
      "/Dashboard/Orders/999999/files/1",
    ],
    access: "signed-in",
  },
  { route: "/Dashboard/Jobs", paths: ["/Dashboard/Jobs"], access: "signed-in", query: { page: "page" } },
  {
    route: "/Dashboard/Jobs/:orderId",
    paths: ["/Dashboard/Jobs/{order:in_progress}", "/Dashboard/Jobs/{order:new}", "/Dashboard/Jobs/999999"],
    access: "signed-in",
  },
  // app/routes/dashboard/customers.tsx: q and page are read by customerQueryFrom.
  { route: "/Dashboard/Dashboardcustomers", paths: ["/Dashboard/Dashboardcustomers"], access: "admin", query: { q: "search", page: "page" } },
  {
    route: "/Dashboard/Dashboardcustomers/:customerId",
    paths: ["/Dashboard/Dashboardcustomers/{customer}", "/Dashboard/Dashboardcustomers/999999"],
    access: "admin",
    query: { page: "page" },
  },
];

/** An order's page: every step stores a change and (but the note and the link) e-mails the customer. */
const order = (state: string) =>
  ({ route: "/Dashboard/Orders/:orderId", path: `/Dashboard/Orders/{order${state}}`, access: "admin", background: true }) as const;

export const ORDER_FORMS: FormEntry[] = [
  // app/features/orders/quote-request.server.ts: multipart, its documents stored in the FILES bucket, two e-mails relayed after.
  ...["", "/ar"].flatMap((prefix): FormEntry[] => [
    {
      route: `${prefix}/Quote`,
      path: `${prefix}/Quote`,
      fields: quoteFields,
      access: "public",
      rateLimited: true,
      multipart: true,
      bucket: "FILES",
      background: true,
    },
    // app/features/orders/quote-status.server.ts (STATUS_PAGE_LIMITER): the customer answers a quote, or writes.
    ...(["accept", "decline"] as const).map((intent): FormEntry => ({
      route: `${prefix}/Quote/:token`,
      path: `${prefix}/Quote/{token:quoted}`,
      intent,
      fields: { basedOn: "version" },
      access: "public",
      rateLimited: true,
      background: true,
    })),
    {
      route: `${prefix}/Quote/:token`,
      path: `${prefix}/Quote/{token}`,
      intent: "message",
      fields: { body: "message" },
      access: "public",
      rateLimited: true,
      background: true,
    },
    // app/features/accounts/status-link-claims.server.ts (the same limit): "Create an account" — no field is read; a
    // claim and its e-mail to the record's address are stored, relayed after the answer (docs/decisions/0042).
    {
      route: `${prefix}/Quote/:token`,
      path: `${prefix}/Quote/{token}`,
      intent: "create-account",
      fields: {},
      access: "public",
      rateLimited: true,
      background: true,
    },
  ]),

  // app/routes/dashboard/order.tsx with order-actions.server.ts: each step names the version its page showed.
  { ...order(":new"), intent: "quote", fields: { basedOn: "version", amount: "amount", currency: "currency", dueDate: "dueDate", validUntil: "validUntil" } },
  { ...order(":accepted"), intent: "assign", fields: { basedOn: "version", interpreterId: "interpreterId" } },
  { ...order(":in_progress"), intent: "deliver", fields: { basedOn: "version", files: "documents" }, multipart: true, bucket: "FILES" },
  { ...order(":delivered"), intent: "complete", fields: { basedOn: "version" } },
  // Cancelling and revoking aim at new orders mostly, so the orders further along live on for the other steps.
  { ...order(":new"), intent: "cancel", fields: { basedOn: "version", reason: "message" } },
  { ...order(""), intent: "message", fields: { body: "message" } },
  { ...order(""), intent: "note", fields: { note: "message" }, background: undefined },
  { ...order(":new"), intent: "revoke-link", fields: {}, background: undefined },
  { ...order(""), intent: "verify-identity", fields: {}, background: undefined },
  // app/routes/dashboard/job.tsx: the assigned interpreter's delivery (anyone else: 404).
  {
    route: "/Dashboard/Jobs/:orderId",
    path: "/Dashboard/Jobs/{order:in_progress}",
    intent: "deliver",
    fields: { basedOn: "version", files: "documents" },
    access: "signed-in",
    multipart: true,
    bucket: "FILES",
    background: true,
  },
];
