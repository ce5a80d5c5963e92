// Rate cards (issue 26, build item 1) as attack surface: the Rates page (admins), its two paged tables and its one
// form, "Add a line" for either side. Spread into surface.ts's PAGES and surface-forms.ts's FORMS; coverage.ts checks
// them against the product like every other entry. A plausible post adds a line (rate_lines only gains rows: its
// count sees every write) or is refused with field messages, writing nothing.
import type { FieldKind, FormEntry, PageEntry } from "./surface-kinds";

/** app/domain/rate-forms.ts rateLineSchema's fields. */
const lineFields: Record<string, FieldKind> = {
  side: "rateSide",
  service: "rateService",
  unit: "rateUnit",
  language: "rateLanguage",
  customer: "rateCustomer",
  interpreter: "rateInterpreter",
  currency: "currency",
  price: "amount",
  minimum: "rateQuantity",
  increment: "rateQuantity",
  rush: "ratePercent",
  afterHours: "ratePercent",
  weekend: "ratePercent",
  holiday: "ratePercent",
  lateCancellation: "amount",
  effectiveFrom: "rateDay",
};

export const RATE_PAGES: PageEntry[] = [
  // app/routes/dashboard/rates.tsx with app/features/billing/rates.server.ts: each side's page.
  { route: "/Dashboard/Rates", paths: ["/Dashboard/Rates"], access: "admin", query: { page: "page", payPage: "page" } },
];

export const RATE_FORMS: FormEntry[] = [{ route: "/Dashboard/Rates", path: "/Dashboard/Rates", intent: "add", fields: lineFields, access: "admin" }];
