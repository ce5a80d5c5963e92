// Invoices (issue 26, build item 3) as attack surface: the Invoices page (admins) with its paged list and its two
// forms, "Bill work" and "New draft", and an invoice's page with its "Issue" form. Spread into surface.ts's PAGES and
// surface-forms.ts's FORMS; coverage.ts checks them against the product like every other entry. A plausible "Bill
// work" makes items or none; a draft names a customer by e-mail (mostly nobody's: 400, nothing stored); an issue of
// an invoice that is not there is a 404, of a stale version a 409, neither writing anything.
import type { FormEntry, PageEntry } from "./surface-kinds";

export const INVOICE_PAGES: PageEntry[] = [
  // app/routes/dashboard/invoices.tsx with app/features/billing/invoices.server.ts: the list's page, and how much
  // work "Bill work" found no rate line for.
  { route: "/Dashboard/Invoices", paths: ["/Dashboard/Invoices"], access: "admin", query: { page: "page", unpriced: "page" } },
  // app/routes/dashboard/invoice.tsx: one invoice, mostly one there is, now and then an id there is not.
  { route: "/Dashboard/Invoices/:invoiceId", paths: ["/Dashboard/Invoices/{invoice}", "/Dashboard/Invoices/0", "/Dashboard/Invoices/x"], access: "admin" },
];

export const INVOICE_FORMS: FormEntry[] = [
  { route: "/Dashboard/Invoices", path: "/Dashboard/Invoices", intent: "bill", fields: {}, access: "admin" },
  { route: "/Dashboard/Invoices", path: "/Dashboard/Invoices", intent: "draft", fields: { customer: "email", month: "invoiceMonth" }, access: "admin" },
  { route: "/Dashboard/Invoices/:invoiceId", path: "/Dashboard/Invoices/{invoice}", intent: "issue", fields: { basedOn: "version" }, access: "admin" },
];
