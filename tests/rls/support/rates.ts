// Rate cards on real Postgres (supabase/migrations/20261204000000_push_rate_lines.sql): lines written straight to the
// table (what a bug, the table editor or another program could write), and the functions called as the worker calls
// them (named arguments, the instant in epoch milliseconds).
import type { Transaction } from "@electric-sql/pglite";
import { call } from "./orders";

/** A line as push_rate_lines_page answers it (app/backend/rows/rate-line.server.ts RateLineRow). */
export type RateLineJson = Record<string, unknown> & { id: number; created_at: string; customer_email: string | null; interpreter_name: string | null };
export type Page = { total: number; items: RateLineJson[] };
export type AddAnswer = { ok: boolean; id?: number; reason?: string };

/** What the worker sends for one line: an on-site list price unless a test says otherwise. */
export type LineArguments = {
  customerEmail: string | null;
  interpreterEmail: string | null;
  side: string;
  service: string;
  unit: string;
  languageId: number | null;
  currency: string;
  priceMinor: number;
  minimum: number;
  increment: number;
  rush: number;
  afterHours: number;
  weekend: number;
  holiday: number;
  lateCancellationMinor: number;
  effectiveFrom: string;
};

export const LINE: LineArguments = {
  customerEmail: null,
  interpreterEmail: null,
  side: "bill",
  service: "onsite",
  unit: "hour",
  languageId: null,
  currency: "USD",
  priceMinor: 6500,
  minimum: 120,
  increment: 15,
  rush: 2000,
  afterHours: 1500,
  weekend: 2500,
  holiday: 5000,
  lateCancellationMinor: 13000,
  effectiveFrom: "2026-12-08",
};

export const ADD_SQL = `public.push_add_rate_line(p_customer_email => $1, p_interpreter_email => $2, p_side => $3, p_service => $4,
  p_unit => $5, p_language_id => $6, p_currency => $7, p_price_minor => $8, p_minimum => $9, p_increment => $10, p_rush_bp => $11,
  p_after_hours_bp => $12, p_weekend_bp => $13, p_holiday_bp => $14, p_late_cancellation_minor => $15, p_effective_from => $16,
  p_by => $17, p_now => $18)`;

export const addParams = (fields: Partial<LineArguments>, by: string, now: number) => {
  const line = { ...LINE, ...fields };
  return [
    ...[line.customerEmail, line.interpreterEmail, line.side, line.service, line.unit, line.languageId, line.currency, line.priceMinor],
    ...[line.minimum, line.increment, line.rush, line.afterHours, line.weekend, line.holiday, line.lateCancellationMinor, line.effectiveFrom],
    by,
    now,
  ];
};

/** public.push_add_rate_line */
export const addRateLine = (tx: Transaction, fields: Partial<LineArguments>, by: string, now: number) =>
  call<AddAnswer>(tx, ADD_SQL, addParams(fields, by, now));

/** public.push_rate_lines_page */
export const ratesPage = (tx: Transaction, side: string, size: number, offset: number) =>
  call<Page>(tx, "public.push_rate_lines_page(p_side => $1, p_page_size => $2, p_offset => $3)", [side, size, offset]);

/** An insert of one line straight into the table: `values` after (side, service, unit, customer_id, interpreter_id, price_minor). */
export const insertLineSql = (values: string) =>
  `insert into public.rate_lines (side, service, unit, customer_id, interpreter_id, price_minor, language_id, currency, minimum,
     increment, effective_from, created_by, created_at)
   values (${values}, null, 'USD', 0, 1, '2026-12-08', 'admin@push.test', now())`;
