// Invoices (issue 26, build item 3) as attack surface: the Invoices page (admins) with its paged list and its two
// forms, "Bill work" and "New draft", and an invoice's page with its "Issue" form. Spread into surface.ts's PAGES and
// surface-forms.ts's FORMS; coverage.ts checks them against the product like every other entry. A plausible "Bill
// work" makes items or none; a draft names a customer by e-mail (mostly nobody's: 400, nothing stored); an issue of
// an invoice that is not there is a 404, of a stale version a 409, neither writing anything. "Send" e-mails an issued
// invoice (the run's set-up sends one), and the customer's page answers its link and 404 for anything else. Its "Pay
// now" (build item 5) asks the run's Stripe stub (stripe-stub.ts) for a Checkout session: a 303 to Stripe's page, 409
// once nothing is open, 429 over the status pages' limit. Stripe's webhook gets forged events only (stripe-events.ts).
import type { FormEntry, PageEntry } from "./surface-kinds";
import { UNKNOWN_TOKEN } from "./surface-orders";

export const INVOICE_PAGES: PageEntry[] = [
  // app/routes/dashboard/invoices.tsx with app/features/billing/invoices.server.ts: the list's page, and how much
  // work "Bill work" found no rate line for.
  { route: "/Dashboard/Invoices", paths: ["/Dashboard/Invoices"], access: "admin", query: { page: "page", unpriced: "page" } },
  // app/routes/dashboard/invoices-csv.ts: every invoice as CSV, for the accountant.
  { route: "/Dashboard/Invoices/export", paths: ["/Dashboard/Invoices/export"], access: "admin" },
  // app/routes/dashboard/payments-csv.ts: every payment as CSV.
  { route: "/Dashboard/Invoices/payments.csv", paths: ["/Dashboard/Invoices/payments.csv"], access: "admin" },
  // app/routes/dashboard/reports.tsx with app/domain/reports.ts: the Reports page's period, two months (issue 26, build
  // item 7); a month that is none takes its default, a period of any length is at most 24 months.
  { route: "/Dashboard/Reports", paths: ["/Dashboard/Reports"], access: "admin", query: { from: "month", to: "month" } },
  // app/routes/dashboard/invoice.tsx: one invoice, mostly one there is, now and then an id there is not.
  { route: "/Dashboard/Invoices/:invoiceId", paths: ["/Dashboard/Invoices/{invoice}", "/Dashboard/Invoices/0", "/Dashboard/Invoices/x"], access: "admin" },
  // app/routes/public/invoice.tsx: the customer's page of a sent invoice, by its private link (the run's set-up sends
  // one: invoices.ts), in both languages; 404 for anything else, an order's status token included.
  ...["", "/ar"].map((prefix): PageEntry => ({
    route: `${prefix}/Invoice/:token`,
    paths: [`${prefix}/Invoice/{invoiceLink}`, `${prefix}/Invoice/${UNKNOWN_TOKEN}`, `${prefix}/Invoice/{invoiceLink}x`, `${prefix}/Invoice/{token}`],
    access: "public",
  })),
  // app/routes/public/invoice-pdf.ts: the same invoice as a PDF, by the same link (404 for anything else).
  ...["", "/ar"].map((prefix): PageEntry => ({
    route: `${prefix}/Invoice/:token/invoice.pdf`,
    paths: [`${prefix}/Invoice/{invoiceLink}/invoice.pdf`, `${prefix}/Invoice/${UNKNOWN_TOKEN}/invoice.pdf`],
    access: "public",
  })),
  // workers/stripe-webhook.ts: Stripe's events (POST only: a GET 405).
  { route: "/api/stripe/webhook", worker: true, paths: ["/api/stripe/webhook"], access: "public" },
];

export const INVOICE_FORMS: FormEntry[] = [
  { route: "/Dashboard/Invoices", path: "/Dashboard/Invoices", intent: "bill", fields: {}, access: "admin" },
  { route: "/Dashboard/Invoices", path: "/Dashboard/Invoices", intent: "draft", fields: { customer: "email", month: "invoiceMonth" }, access: "admin" },
  { route: "/Dashboard/Invoices/:invoiceId", path: "/Dashboard/Invoices/{invoice}", intent: "issue", fields: { basedOn: "version" }, access: "admin" },
  // "Send to the customer": the customer's language (en, ar); a draft or an invoice that is not there writes nothing.
  { route: "/Dashboard/Invoices/:invoiceId", path: "/Dashboard/Invoices/{invoice}", intent: "send", fields: { locale: "locale" }, access: "admin" },
  // "Record a payment": an amount in the invoice's currency, the day, how, a reference; more than what is open, on a
  // draft, or an invoice not there writes nothing.
  {
    route: "/Dashboard/Invoices/:invoiceId",
    path: "/Dashboard/Invoices/{invoice}",
    intent: "payment",
    fields: { amount: "amount", paidOn: "actualDay", method: "paymentMethod", reference: "note" },
    access: "admin",
  },
  // "Issue a credit note": an amount in the invoice's currency and a one-line reason; more than what is open, on a draft,
  // or an invoice not there writes nothing and takes no number.
  {
    route: "/Dashboard/Invoices/:invoiceId",
    path: "/Dashboard/Invoices/{invoice}",
    intent: "credit",
    fields: { amount: "amount", reason: "note" },
    access: "admin",
  },
  // A customer's "Billing currency" (the customer's page): one of the currencies quotes are made in; anything else, or a
  // customer who is not there, changes nothing.
  {
    route: "/Dashboard/Dashboardcustomers/:customerId",
    path: "/Dashboard/Dashboardcustomers/{customer}",
    intent: "currency",
    fields: { currency: "currency" },
    access: "admin",
  },
  // The customer's "Pay now" (STATUS_PAGE_LIMITER): the sent invoice's link, now and then one that is not.
  ...["", "/ar"].map((prefix): FormEntry => ({
    route: `${prefix}/Invoice/:token`,
    path: `${prefix}/Invoice/{invoiceLink}`,
    intent: "pay",
    fields: {},
    access: "public",
    rateLimited: true,
  })),
  // "Create an account" on the same page and limit (docs/decisions/0042): a claim and its e-mail to the record's address.
  ...["", "/ar"].map((prefix): FormEntry => ({
    route: `${prefix}/Invoice/:token`,
    path: `${prefix}/Invoice/{invoiceLink}`,
    intent: "create-account",
    fields: {},
    access: "public",
    rateLimited: true,
    background: true,
  })),
  // Stripe's webhook: events signed with another secret, stale, unsigned, malformed, oversized (stripe-events.ts).
  { route: "/api/stripe/webhook", path: "/api/stripe/webhook", worker: true, stripeEvent: true, fields: {}, access: "public" },
];
