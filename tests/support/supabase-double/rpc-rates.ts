// PostgREST's /rpc/<function> for the rate cards' SQL functions (supabase/migrations/20261204000000_push_rate_lines.sql;
// issue 26), the same steps over the double's in-memory tables: a line added with its customer found by lower-cased
// e-mail and its interpreter by e-mail ignoring case, or refused in the function's order (unknown-customer, then
// unknown-interpreter), storing nothing; one side's page, the latest effective date first, then the newest line, with
// the total, the customer's e-mail and the interpreter's name. Registered in rpc.ts, which runs each all or nothing (a
// line the table refuses is its error); their answers are the functions' JSON.
import type { Args, Json } from "./rpc-order-reads";
import { coerce, jsonValue, pgTimestamp, SCHEMA, type Row } from "./schema";
import type { DoubleState } from "./state";

const refused = (reason: string) => ({ ok: false, reason });
const lower = (value: unknown) => String(value).toLowerCase();

const COLUMNS = Object.keys(SCHEMA.rate_lines.columns);
/** The line's columns (to_jsonb), with its customer's e-mail and its interpreter's name. */
function lineJson(state: DoubleState, line: Row): Json {
  const columns = Object.fromEntries(COLUMNS.map((name) => [name, jsonValue(SCHEMA.rate_lines.columns[name], line[name])]));
  const customer = line.customer_id === null ? undefined : state.tables.customers.find((row) => row.id === line.customer_id);
  const interpreter = line.interpreter_id === null ? undefined : state.tables.users.find((row) => row.id === line.interpreter_id);
  return { ...columns, customer_email: customer?.email ?? null, interpreter_name: interpreter?.full_name ?? null };
}
/** order by effective_from desc, id desc (a date's YYYY-MM-DD text sorts as the days do). */
const latestFirst = (a: Row, b: Row) => String(b.effective_from).localeCompare(String(a.effective_from)) || Number(b.id) - Number(a.id);

export const RATE_RPC_FUNCTIONS = ["push_add_rate_line", "push_rate_lines_page"] as const;

export const RATE_FUNCTIONS: Record<(typeof RATE_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_add_rate_line(state, args) {
    // The argument is a date: one that is no calendar day is refused before the function runs.
    const effectiveFrom = coerce({ type: "date" }, args.p_effective_from);
    let customerId: unknown = null;
    if (args.p_customer_email !== null && args.p_customer_email !== undefined) {
      const customer = state.tables.customers.find((row) => row.email === lower(args.p_customer_email));
      if (!customer) return refused("unknown-customer");
      customerId = customer.id;
    }
    let interpreterId: unknown = null;
    if (args.p_interpreter_email !== null && args.p_interpreter_email !== undefined) {
      const person = state.tables.users.find((row) => lower(row.email) === lower(args.p_interpreter_email));
      if (!person) return refused("unknown-interpreter");
      interpreterId = person.id;
    }
    const [line] = state.write("rate_lines", "insert", [
      {
        customer_id: customerId,
        interpreter_id: interpreterId,
        side: args.p_side,
        service: args.p_service,
        unit: args.p_unit,
        language_id: args.p_language_id ?? null,
        currency: args.p_currency,
        price_minor: args.p_price_minor,
        minimum: args.p_minimum,
        increment: args.p_increment,
        rush_bp: args.p_rush_bp,
        after_hours_bp: args.p_after_hours_bp,
        weekend_bp: args.p_weekend_bp,
        holiday_bp: args.p_holiday_bp,
        late_cancellation_minor: args.p_late_cancellation_minor,
        effective_from: effectiveFrom,
        created_by: args.p_by,
        created_at: pgTimestamp(args.p_now as number),
      },
    ]);
    return { ok: true, id: line!.id };
  },

  push_rate_lines_page(state, args) {
    const matching = state.tables.rate_lines.filter((line) => line.side === args.p_side).sort(latestFirst);
    const offset = Number(args.p_offset);
    return {
      total: matching.length,
      items: matching.slice(offset, offset + Number(args.p_page_size)).map((line) => lineJson(state, line)),
    };
  },
};
