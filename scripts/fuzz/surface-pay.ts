// Interpreters' pay (issue 26, build item 6) as attack surface: an interpreter's own statements under My jobs (every
// signed-in person: their own only, by the session, never by the address), the admins' Interpreter pay list (paged,
// ?month=) with its CSV, and one interpreter's statement with its "Mark paid". Spread into surface.ts's PAGES and
// surface-forms.ts's FORMS. The run's set-up writes one statement (pay.ts): "Mark paid" at the line count and amount its
// page shows marks it paid once; any other count or amount is a 409, a statement not there a 404, neither writing.
import type { FormEntry, PageEntry } from "./surface-kinds";

export const PAY_PAGES: PageEntry[] = [
  // app/routes/dashboard/my-pay.tsx: the signed-in person's statements, a page at a time.
  { route: "/Dashboard/Jobs/Pay", paths: ["/Dashboard/Jobs/Pay"], access: "signed-in", query: { page: "page" } },
  // app/routes/dashboard/my-pay-statement.tsx: their statement of a month (404 for a month they have none of).
  { route: "/Dashboard/Jobs/Pay/:month", paths: ["/Dashboard/Jobs/Pay/{payMonth}"], access: "signed-in" },
  // app/routes/dashboard/pay.tsx: every interpreter's statements, or a month's.
  { route: "/Dashboard/Pay", paths: ["/Dashboard/Pay"], access: "admin", query: { page: "page", month: "month" } },
  // app/routes/dashboard/pay-csv.ts: the statements as CSV, every month's or one's.
  { route: "/Dashboard/Pay/export", paths: ["/Dashboard/Pay/export"], access: "admin", query: { month: "month" } },
  // app/routes/dashboard/pay-statement.tsx: one interpreter's statement of a month.
  { route: "/Dashboard/Pay/:interpreterId/:month", paths: ["/Dashboard/Pay/{payStatement}"], access: "admin" },
];

export const PAY_FORMS: FormEntry[] = [
  {
    route: "/Dashboard/Pay/:interpreterId/:month",
    path: "/Dashboard/Pay/{payStatement}",
    intent: "mark-paid",
    fields: { itemCount: "payLines", toPayMinor: "payMinor" },
    access: "admin",
  },
];
