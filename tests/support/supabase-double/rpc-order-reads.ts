// The orders' SQL functions that only read (supabase/migrations/20261126000000_push_orders.sql, with the requester's
// own name of 20261129000100_push_order_requester.sql), over the double's in-memory tables: an order by id or by its
// status link's token hash, the staff's lists of orders and of customers, and a customer with their orders, each
// answered as the function's JSON (private.push_order_summary, push_order_detail and push_customer_summary below).
// Part of ORDER_FUNCTIONS (rpc-orders.ts), which also holds the functions that write.
import { jsonValue, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

export type Args = Record<string, unknown>;
export type Json = Record<string, unknown>;

const ms = (timestamp: unknown) => Date.parse(String(timestamp));
/** to_jsonb(row) of the columns asked for (jsonb as JSON). */
const columnsOf = (table: TableName, row: Row, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, jsonValue(SCHEMA[table].columns[name], row[name])]));
const byTimeThenId = (time: string) => (a: Row, b: Row) => ms(a[time]) - ms(b[time]) || Number(a.id) - Number(b.id);
const newestFirst = (a: Row, b: Row) => ms(b.created_at) - ms(a.created_at) || Number(b.id) - Number(a.id);

/** private.push_like_pattern with ILIKE: the search text anywhere, ignoring case, its % _ \ only themselves. */
const contains = (value: unknown, search: string) => String(value).toLowerCase().includes(search.toLowerCase());

/**
 * private.push_company_day_start: the instant a day begins in America/Denver (`date::timestamp at time zone`), found
 * as app/domain/orders.ts startOfCompanyDay does: the offset read at 07:00 UTC, before 02:00 there, when DST switches.
 */
function companyDayStart(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const name = new Intl.DateTimeFormat("en-US", { timeZone: "America/Denver", timeZoneName: "longOffset" })
    .formatToParts(new Date(Date.UTC(year, month - 1, date, 7)))
    .find((part) => part.type === "timeZoneName")!.value;
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(name)!;
  return Date.UTC(year, month - 1, date) - (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A row of `table` by its id. */
export const one = (state: DoubleState, table: TableName, id: unknown) => state.tables[table].find((row) => row.id === id);
const fullName = (state: DoubleState, id: unknown) => (id === null ? null : (one(state, "users", id)?.full_name ?? null));

/** private.push_order_summary */
export function summary(state: DoubleState, order: Row): Json {
  const customer = one(state, "customers", order.customer_id)!;
  const quote = state.tables.order_quotes.find((row) => row.order_id === order.id);
  const targets = state.tables.order_targets.filter((row) => row.order_id === order.id).sort((a, b) => Number(a.position) - Number(b.position));
  return {
    ...columnsOf("orders", order, [
      "id",
      "status",
      "version",
      "customer_id",
      "service_title",
      "source_language",
      "deadline",
      "created_at",
      "updated_at",
      "interpreter_id",
    ]),
    // The order's own name and company, as typed (20261129000100_push_order_requester.sql).
    customer_name: order.requester_name,
    customer_email: customer.email,
    customer_company: order.requester_company,
    identity_verified_at: order.identity_verified_at,
    amount_minor: quote?.amount_minor ?? null,
    currency: quote?.currency ?? null,
    interpreter_name: fullName(state, order.interpreter_id),
    targets: targets.map((row) => row.language),
  };
}

/** private.push_order_detail */
function detail(state: DoubleState, order: Row | undefined): Json | null {
  if (!order) return null;
  const id = order.id;
  const quote = state.tables.order_quotes.find((row) => row.order_id === id);
  const of = (table: TableName) => state.tables[table].filter((row) => row.order_id === id);
  return {
    ...summary(state, order),
    customer_phone: order.requester_phone,
    ...columnsOf("orders", order, [
      "service_id",
      "source_language_id",
      "details",
      "locale",
      "internal_note",
      "cancel_reason",
      "token_revoked_at",
      "token_sealed",
    ]),
    due_date: quote?.due_date ?? null,
    valid_until: quote?.valid_until ?? null,
    quoted_at: quote?.quoted_at ?? null,
    targets: of("order_targets")
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((row) => ({ language_id: row.language_id, language: row.language })),
    files: of("order_files")
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((row) => columnsOf("order_files", row, ["id", "order_id", "kind", "object_key", "file_name", "content_type", "size", "created_at"])),
    messages: of("order_messages")
      .sort(byTimeThenId("created_at"))
      .map((row) => ({ ...columnsOf("order_messages", row, ["id", "author", "body", "created_at"]), author_name: fullName(state, row.author_id) })),
    events: of("order_events")
      .sort(byTimeThenId("at"))
      .map((row) => ({
        ...columnsOf("order_events", row, ["id", "at", "actor", "action", "from_status", "to_status", "detail"]),
        actor_name: fullName(state, row.actor_id),
      })),
  };
}

/** A customer's orders: those whose address was proven, or that staff confirmed. */
const ordersOf = (state: DoubleState, customer: Row) =>
  state.tables.orders.filter((row) => row.customer_id === customer.id && row.identity_verified_at !== null);

/** private.push_customer_summary */
function customerSummary(state: DoubleState, customer: Row): Json {
  const orders = ordersOf(state, customer);
  const accepted = new Map<string, number>();
  for (const order of orders.filter((row) => ["accepted", "in_progress", "delivered", "completed"].includes(String(row.status)))) {
    const quote = state.tables.order_quotes.find((row) => row.order_id === order.id);
    if (quote) accepted.set(String(quote.currency), (accepted.get(String(quote.currency)) ?? 0) + Number(quote.amount_minor));
  }
  const last = orders.map((row) => row.created_at as string).sort((a, b) => ms(b) - ms(a))[0] ?? null;
  return {
    ...columnsOf("customers", customer, ["id", "name", "email", "phone", "company", "created_at", "currency"]),
    order_count: orders.length,
    last_order_at: last,
    accepted_value: [...accepted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, amount_minor]) => ({ currency, amount_minor })),
  };
}

export const ORDER_READS = {
  push_get_order: (state, args) => detail(state, one(state, "orders", args.p_id)),

  push_order_by_token: (state, args) =>
    detail(
      state,
      state.tables.orders.find((row) => row.token_hash === args.p_token_hash && row.token_revoked_at === null),
    ),

  push_list_orders(state, args) {
    const search = (args.p_search as string | null) ?? "";
    const language = args.p_language_id;
    const from = args.p_from as string | null;
    const to = args.p_to as string | null;
    const matching = state.tables.orders.filter((order) => {
      const customer = one(state, "customers", order.customer_id)!;
      return (
        (args.p_status === null || order.status === args.p_status) &&
        (args.p_service_id === null || order.service_id === args.p_service_id) &&
        (language === null ||
          order.source_language_id === language ||
          state.tables.order_targets.some((target) => target.order_id === order.id && target.language_id === language)) &&
        (from === null || ms(order.created_at) >= companyDayStart(from)) &&
        (to === null || ms(order.created_at) < companyDayStart(nextDay(to))) &&
        ((search === "" && args.p_order_id === null) ||
          (search !== "" && [order.requester_name, customer.email, order.requester_company].some((field) => contains(field, search))) ||
          order.id === args.p_order_id)
      );
    });
    const offset = args.p_offset as number;
    const page = matching.sort(newestFirst).slice(offset, offset + (args.p_limit as number));
    return { total: matching.length, items: page.map((order) => summary(state, order)) };
  },

  push_list_customers(state, args) {
    const search = (args.p_search as string | null) ?? "";
    const matching = state.tables.customers
      .filter((row) => search === "" || contains(row.name, search) || contains(row.email, search) || contains(row.company, search))
      .map((row) => customerSummary(state, row));
    // Latest order first, those without any last; then by name (C collation: code points) and id.
    matching.sort((a, b) => {
      const [x, y] = [a.last_order_at as string | null, b.last_order_at as string | null];
      if (x !== y) return x === null ? 1 : y === null ? -1 : ms(y) - ms(x);
      return a.name === b.name ? Number(a.id) - Number(b.id) : String(a.name) < String(b.name) ? -1 : 1;
    });
    const offset = args.p_offset as number;
    return { total: matching.length, items: matching.slice(offset, offset + (args.p_limit as number)) };
  },

  push_get_customer(state, args) {
    const customer = one(state, "customers", args.p_id);
    if (!customer) return null;
    const offset = args.p_offset as number;
    const orders = ordersOf(state, customer)
      .sort(newestFirst)
      .slice(offset, offset + (args.p_limit as number));
    return { customer: customerSummary(state, customer), orders: orders.map((order) => summary(state, order)) };
  },
} satisfies Record<string, (state: DoubleState, args: Args) => unknown>;
