// Values of the Invoices page's "New draft" month (surface-kinds.ts: "invoiceMonth") and of a payment's method
// ("paymentMethod"): what the page's month input
// sends, so the fuzzed field is the only bad one, and what app/domain/invoice-forms.ts must refuse where a generic
// hostile value would not reach it (a month that does not exist, a year before 2000, a day, another spelling).
import type { HostileSource } from "./files";
import type { IdPools } from "./params";
import type { Rng } from "./prng";
import type { FieldKind, QueryKind } from "./surface-kinds";
import { text, type Payload } from "./values";

/** A plausible month: mostly one of the last year's, sometimes one ahead (nothing to bill: 400, nothing stored). */
export function plausibleInvoiceValue(kind: FieldKind, rng: Rng, ids: IdPools): string | null {
  if (kind === "paymentMethod") return rng.pick(["bank-transfer", "card", "cash", "cheque", "other"]);
  // Mark paid: now and then what the set-up's statement shows (it is marked paid, once), else a stale count or amount.
  const statement = ids.payStatements.length && rng.chance(0.3) ? rng.pick(ids.payStatements) : null;
  if (kind === "payLines") return String(statement ? statement.itemCount : rng.int(0, 4));
  if (kind === "payMinor") return String(statement ? statement.toPayMinor : rng.pick([0, 100, 6750, 9000, rng.int(1, 99_999)]));
  if (kind !== "invoiceMonth") return null;
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - rng.int(-2, 12), 1));
  return month.toISOString().slice(0, 7);
}

const MONTHS = ["2026-13", "2026-00", "1999-12", "2026-1", "2026-10-01", "10/2026", "٢٠٢٦-١٠", "+2026-10", "2026-10\n", "0000-01", "99999-01", "2026–10"];

/** A hostile value aimed at the month's own check, or null for a generic one (payloads.ts). */
export function invoiceHostile(kind: FieldKind, source: HostileSource): Payload | null {
  const { rng } = source;
  if (kind === "paymentMethod" && rng.chance(0.5))
    return { value: text(rng.pick(["Bank-Transfer", "stripe", "refund", " card", "cash\u0000"])), label: "method" };
  if (kind !== "invoiceMonth" || !rng.chance(0.65)) return null;
  return { value: text(rng.pick(MONTHS)), label: "month" };
}

/** A plausible ?from= or ?to= of the Reports page: a month of the last three years or the next one. */
export function plausibleReportMonth(kind: QueryKind, rng: Rng): string | null {
  if (kind !== "month") return null;
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - rng.int(-12, 36), 1)).toISOString().slice(0, 7);
}

/** A hostile month aimed at the period's own check (reportMonth), or null for a generic one. */
export function reportMonthHostile(kind: QueryKind, rng: Rng): Payload | null {
  if (kind !== "month" || !rng.chance(0.65)) return null;
  return { value: text(rng.pick([...MONTHS, "9999-12", "9998-12", "2000-01", "1970-01"])), label: "month" };
}
