// The allowed requests of rate cards (issue 26; app/backend/supabase/rates.server.ts). Extensions beyond SPEC §7, all
// with the service-role key: rate_lines is the worker's to write (an admin adds lines through it, after the route has
// checked the admin guard). A line is added by ONE call of a SQL function of
// supabase/migrations/20261204000000_push_rate_lines.sql (one transaction: its customer and interpreter found by
// e-mail, and the line stored), and a page is read by one call.
import { RATES_PAGE_SIZE } from "../../../app/backend/port-rates.server";
import { SERVICES, UNITS } from "../../../app/domain/pricing";
import { is, type RestShape, type ValueCheck } from "./match";

const RATES = "rate cards (issue 26)";
const MIGRATION = "supabase/migrations/20261204000000_push_rate_lines.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** An e-mail, or null; a customer's lower-cased (the port's RateLineInput), an interpreter's found ignoring case. */
const email: ValueCheck = (value) => value === null || (typeof value === "string" && value === value.trim() && value.includes("@"));
const lowerCased: ValueCheck = (value) => email(value) && (value === null || value === (value as string).toLowerCase());
/** A calendar day, YYYY-MM-DD (the function's date argument). */
const day: ValueCheck = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const side = is.literal("bill", "pay");

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${RATES}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const RATE_SHAPES: RestShape[] = [
  rpc(
    "push_add_rate_line",
    "a new line, its customer found by lower-cased e-mail and its interpreter by e-mail ignoring case — or refused (unknown-customer, " +
      "then unknown-interpreter), storing nothing",
    {
      p_customer_email: lowerCased,
      p_interpreter_email: email,
      p_side: side,
      p_service: is.literal(...SERVICES),
      p_unit: is.literal(...UNITS),
      p_language_id: is.nullable(positive),
      // Amounts, counts and surcharges as integers: what the table refuses of them (rate_lines' CHECKs) is its error.
      p_currency: is.text,
      p_price_minor: is.int,
      p_minimum: is.int,
      p_increment: is.int,
      p_rush_bp: is.int,
      p_after_hours_bp: is.int,
      p_weekend_bp: is.int,
      p_holiday_bp: is.int,
      p_late_cancellation_minor: is.int,
      p_effective_from: day,
      p_by: is.text,
      p_now: positive,
    },
  ),
  rpc("push_rate_lines_page", "one page (RATES_PAGE_SIZE) of one side's lines, the latest effective date first, with the total", {
    p_side: side,
    p_page_size: is.literal(RATES_PAGE_SIZE),
    p_offset: (value) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) % RATES_PAGE_SIZE === 0,
  }),
];
