// The allowed requests of interpreters' pay (issue 26, ADR 0039; app/backend/supabase/pay.server.ts). Extensions
// beyond SPEC §7, all with the service-role key: pay items and payouts are the worker's to write (the route has
// checked the guard: an interpreter reads only their own, an admin marks paid). Each is ONE call of a SQL function of
// supabase/migrations/20261205000600_push_pay_statements.sql (one transaction).
import { is, type RestShape, type ValueCheck } from "./match";

const PAY = "interpreters' pay (issue 26)";
const MIGRATION = "supabase/migrations/20261205000600_push_pay_statements.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const count: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const month: ValueCheck = (value) => typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
const day: ValueCheck = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const ITEM_KEYS = ["amount_minor", "computation", "currency", "interpreter_id", "rate_line_id", "source", "work_day"].join();
/** One priced piece of an interpreter's work, keyed by where it came from. */
const item: ValueCheck = (value) => {
  if (!is.object(value)) return false;
  const row = value as Record<string, unknown>;
  return (
    Object.keys(row).sort().join() === ITEM_KEYS &&
    typeof row.source === "string" &&
    /^(appointment|call|order):\S+$/.test(row.source) &&
    is.uuid(row.interpreter_id) &&
    day(row.work_day) &&
    is.text(row.currency) &&
    is.int(row.amount_minor) &&
    is.nullable(positive)(row.rate_line_id) &&
    is.object(row.computation)
  );
};

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${PAY}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const PAY_SHAPES: RestShape[] = [
  rpc("push_add_pay_items", "priced pieces of interpreters' work, each stored once by its source; answers how many were new", {
    p_items: (value) => Array.isArray(value) && value.length > 0 && value.every(item),
    p_now: positive,
  }),
  rpc("push_unpaid_work", "the work with an interpreter and nothing on their pay yet, a batch of each kind", {
    p_late_hours: positive,
    p_limit: positive,
  }),
  rpc("push_pay_statements", "a page of the statements, everyone's or one interpreter's, every month or one", {
    p_interpreter: is.nullable(is.uuid),
    p_month: is.nullable(month),
    p_page_size: positive,
    p_offset: count,
  }),
  rpc("push_pay_statement", "an interpreter's statement of a month with its items, or null", { p_interpreter: is.uuid, p_month: month }),
  rpc("push_mark_pay_statement_paid", "a statement marked paid at the items and amount seen — or refused, changing nothing", {
    p_interpreter: is.uuid,
    p_month: month,
    p_item_count: count,
    p_to_pay: count,
    p_by: is.text,
    p_now: positive,
  }),
];
