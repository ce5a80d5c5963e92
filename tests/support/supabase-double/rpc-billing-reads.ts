// PostgREST's /rpc/<function> for what billing reads (supabase/migrations/20261204000200_push_billing_reads.sql; issue
// 26), the same queries over the double's in-memory tables: the work to bill and no item yet (appointments completed
// with an approved record or cancelled by the customer less than p_late_hours before the start, by start, then id, with
// their record's columns beside them; completed orders with a quote at the latest of their events into 'completed', by
// it — none first, as SQLite and the SQL's NULLS FIRST sort it — then id; answered calls of a customer by when answered
// (20261205000400_push_call_customers.sql); at most p_limit of each; each appointment and call with its customer's
// billing currency, 20261205000900_push_customer_currency.sql), a page of the
// invoices newest first with their customer and the count and sum of their items, and a side's every rate line by id.
// Registered in rpc.ts; their answers are the functions' JSON.
import type { Args, Json } from "./rpc-order-reads";
import { jsonValue, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

const HOUR = 3_600_000;
const ms = (timestamp: unknown) => Date.parse(String(timestamp));

/** to_jsonb of the columns asked for (every column of the table unless named). */
const columnsOf = (table: TableName, row: Row | undefined, names = Object.keys(SCHEMA[table].columns)): Json =>
  Object.fromEntries(names.map((name) => [name, row === undefined ? null : jsonValue(SCHEMA[table].columns[name], row[name])]));

const APPOINTMENT_COLUMNS = ["id", "customer_id", "mode", "language_id", "starts_at", "created_at", "status", "cancelled_at", "cancelled_by"];
const RECORD_COLUMNS = Object.keys(SCHEMA.appointment_records.columns);

/** Whether a billable item with this source exists (the functions' NOT EXISTS). */
const itemized = (state: DoubleState, source: string) => state.tables.billable_items.some((item) => item.source === source);

/** The billing currency of the work's customer (20261205000900_push_customer_currency.sql joins customers). */
const currencyOf = (state: DoubleState, customerId: Row["id"] | undefined) => state.tables.customers.find((row) => row.id === customerId)!.currency;

function dueAppointments(state: DoubleState, lateHours: number) {
  const recordOf = (id: Row["id"] | undefined) => state.tables.appointment_records.find((record) => record.appointment_id === id);
  const due = (appointment: Row) =>
    (appointment.status === "completed" && (recordOf(appointment.id)?.approved_at ?? null) !== null) ||
    (appointment.status === "cancelled" &&
      appointment.cancelled_by === "customer" &&
      ms(appointment.cancelled_at) > ms(appointment.starts_at) - lateHours * HOUR);
  return state.tables.appointments
    .filter((appointment) => due(appointment) && !itemized(state, `appointment:${appointment.id}`))
    .sort((a, b) => ms(a.starts_at) - ms(b.starts_at) || Number(a.id) - Number(b.id))
    .map((appointment) => ({
      ...columnsOf("appointments", appointment, APPOINTMENT_COLUMNS),
      currency: currencyOf(state, appointment.customer_id),
      ...columnsOf("appointment_records", recordOf(appointment.id), RECORD_COLUMNS),
    }));
}

function dueOrders(state: DoubleState) {
  /** max(at) of the order's events into 'completed', or null. */
  const completedAt = (id: Row["id"] | undefined) =>
    state.tables.order_events
      .filter((event) => event.order_id === id && event.to_status === "completed")
      .reduce<Row["at"] | null>((latest, event) => (latest === null || ms(event.at) > ms(latest) ? event.at! : latest), null);
  const rows = state.tables.orders.flatMap((order) => {
    const quote = state.tables.order_quotes.find((row) => row.order_id === order.id);
    if (order.status !== "completed" || !quote || itemized(state, `order:${order.id}`)) return [];
    return [{ id: order.id, customer_id: order.customer_id, amount_minor: quote.amount_minor, currency: quote.currency, completed_at: completedAt(order.id) }];
  });
  const key = (row: { completed_at: Row["at"] | null }) => (row.completed_at === null ? -Infinity : ms(row.completed_at));
  return rows.sort((a, b) => key(a) - key(b) || Number(a.id) - Number(b.id));
}

/** Answered calls billed to a customer who exists (20261205000400_push_call_customers.sql), by when answered, then id. */
function dueCalls(state: DoubleState) {
  return state.tables.call_log
    .filter(
      (call) =>
        call.outcome === "answered" &&
        call.customer_id !== null &&
        state.tables.customers.some((customer) => customer.id === call.customer_id) &&
        !itemized(state, `call:${call.id}`),
    )
    .sort((a, b) => ms(a.answered_at) - ms(b.answered_at) || String(a.id).localeCompare(String(b.id)))
    .map((call) => ({
      ...columnsOf("call_log", call, ["id", "customer_id", "language_id", "answered_at", "ended_at"]),
      currency: currencyOf(state, call.customer_id),
    }));
}

export const BILLING_READ_RPC_FUNCTIONS = ["push_unbilled_work", "push_invoices_page", "push_rate_lines_for_pricing"] as const;

export const BILLING_READ_FUNCTIONS: Record<(typeof BILLING_READ_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_unbilled_work(state, args) {
    const limit = Number(args.p_limit);
    return {
      appointments: dueAppointments(state, Number(args.p_late_hours)).slice(0, limit),
      orders: dueOrders(state).slice(0, limit),
      calls: dueCalls(state).slice(0, limit),
    };
  },

  push_invoices_page(state, args) {
    const offset = Number(args.p_offset);
    const page = [...state.tables.invoices].sort((a, b) => Number(b.id) - Number(a.id)).slice(offset, offset + Number(args.p_page_size));
    return {
      total: state.tables.invoices.length,
      items: page.map((invoice) => {
        const customer = state.tables.customers.find((row) => row.id === invoice.customer_id)!;
        const items = state.tables.billable_items.filter((row) => row.invoice_id === invoice.id);
        return {
          ...columnsOf("invoices", invoice),
          customer_name: customer.name,
          customer_email: customer.email,
          item_count: items.length,
          items_minor: items.reduce((sum, row) => sum + Number(row.amount_minor), 0),
          ...columnsOf(
            "invoice_links",
            state.tables.invoice_links.find((row) => row.invoice_id === invoice.id),
            ["sent_at"],
          ),
          paid_minor: state.tables.invoice_payments.filter((row) => row.invoice_id === invoice.id).reduce((sum, row) => sum + Number(row.amount_minor), 0),
          credited_minor: state.tables.credit_notes.filter((row) => row.invoice_id === invoice.id).reduce((sum, row) => sum + Number(row.amount_minor), 0),
        };
      }),
    };
  },

  push_rate_lines_for_pricing(state, args) {
    return state.tables.rate_lines
      .filter((line) => line.side === args.p_side)
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((line) => columnsOf("rate_lines", line));
  },
};
