// Rows of rate_lines with the customer's e-mail and the interpreter's name beside them (both databases keep the same
// columns: D1 its instants as epoch ms, Postgres as timestamptz, which the functions answer in JSON), mapped to the
// app's type once for both adapters.
import type { ListedRateLine } from "~/backend/port-rates.server";
import type { RateLine } from "~/domain/pricing";
import { instant, int, intOrNull } from "./order.server";

export type RateLineRow = {
  id: number | string;
  side: RateLine["side"];
  service: RateLine["service"];
  unit: RateLine["unit"];
  language_id: number | string | null;
  customer_id: number | string | null;
  interpreter_id: string | null;
  currency: string;
  price_minor: number | string;
  minimum: number | string;
  increment: number | string;
  rush_bp: number | string;
  after_hours_bp: number | string;
  weekend_bp: number | string;
  holiday_bp: number | string;
  late_cancellation_minor: number | string;
  effective_from: string;
  created_by: string;
  created_at: number | string;
};

/** A row as the Rates page reads it: with its customer's e-mail and its interpreter's name. */
export type ListedRateLineRow = RateLineRow & { customer_email: string | null; interpreter_name: string | null };

export const toRateLine = (row: RateLineRow): RateLine => ({
  id: int(row.id),
  side: row.side,
  service: row.service,
  unit: row.unit,
  languageId: intOrNull(row.language_id),
  customerId: intOrNull(row.customer_id),
  interpreterId: row.interpreter_id,
  currency: row.currency,
  priceMinor: int(row.price_minor),
  minimum: int(row.minimum),
  increment: int(row.increment),
  surcharges: { rush: int(row.rush_bp), afterHours: int(row.after_hours_bp), weekend: int(row.weekend_bp), holiday: int(row.holiday_bp) },
  lateCancellationMinor: int(row.late_cancellation_minor),
  effectiveFrom: row.effective_from,
});

export const toListedRateLine = (row: ListedRateLineRow): ListedRateLine => ({
  ...toRateLine(row),
  customerEmail: row.customer_email,
  interpreterName: row.interpreter_name,
  createdAt: instant(row.created_at),
  createdBy: row.created_by,
});
