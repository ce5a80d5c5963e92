// The customer portal's SQL functions (supabase/migrations/20261205001200_push_customer_portal.sql; issue 27) over the
// double's in-memory tables: each takes the organisation id and reads only the rows of that organisation's customers —
// proven orders and their messages, every appointment, issued invoices — answered as the functions' JSON, which is the staff reads' JSON
// (push_get_order's with the internal note blanked, push_get_appointment's, push_invoice's). Registered in rpc.ts.
import { appointmentJson, byStart, startOf } from "./rpc-appointments";
import { INVOICE_FUNCTIONS } from "./rpc-invoices";
import { ORDER_READS, summary, type Args, type Json } from "./rpc-order-reads";
import type { Row } from "./schema";
import type { DoubleState } from "./state";

export const PORTAL_RPC_FUNCTIONS = [
  "push_portal_orders",
  "push_portal_order",
  "push_portal_appointments",
  "push_portal_appointment",
  "push_portal_invoices",
  "push_portal_invoice",
  "push_portal_messages",
] as const;

/** The ids of the organisation's customers: the join on customers.organisation_id. */
const customersOf = (state: DoubleState, organisation: unknown) =>
  new Set(state.tables.customers.filter((row) => row.organisation_id === organisation).map((row) => row.id));
/** private.push_like_pattern with ILIKE: the text anywhere, any case. */
const contains = (value: unknown, search: string) => String(value).toLowerCase().includes(search.toLowerCase());
const ms = (value: unknown) => Date.parse(String(value));
const pageOf = (rows: Row[], args: Args) => rows.slice(Number(args.p_offset), Number(args.p_offset) + Number(args.p_limit));

const provenOrders = (state: DoubleState, organisation: unknown) => {
  const theirs = customersOf(state, organisation);
  return state.tables.orders.filter((row) => theirs.has(row.customer_id) && row.identity_verified_at !== null);
};
const theirAppointments = (state: DoubleState, organisation: unknown) => {
  const theirs = customersOf(state, organisation);
  return state.tables.appointments.filter((row) => theirs.has(row.customer_id));
};
const issuedInvoices = (state: DoubleState, organisation: unknown) => {
  const theirs = customersOf(state, organisation);
  return state.tables.invoices.filter((row) => theirs.has(row.customer_id) && row.status === "issued");
};
const sumOf = (rows: Row[]) => rows.reduce((sum, row) => sum + Number(row.amount_minor), 0);

/** A line of push_portal_invoices: push_invoice's columns with the list's sums. */
function invoiceLine(state: DoubleState, invoice: Row): Json {
  const { items: _items, link, payments, credits, ...columns } = INVOICE_FUNCTIONS.push_invoice(state, { p_id: invoice.id }) as Json;
  const customer = state.tables.customers.find((row) => row.id === invoice.customer_id)!;
  const items = state.tables.billable_items.filter((row) => row.invoice_id === invoice.id);
  return {
    ...columns,
    customer_name: customer.name,
    customer_email: customer.email,
    item_count: items.length,
    items_minor: sumOf(items),
    sent_at: (link as Json | null)?.sent_at ?? null,
    paid_minor: sumOf(payments as Row[]),
    credited_minor: sumOf(credits as Row[]),
  };
}

export const PORTAL_FUNCTIONS: Record<(typeof PORTAL_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_portal_orders(state, args) {
    const search = typeof args.p_search === "string" ? args.p_search : "";
    const matching = provenOrders(state, args.p_organisation)
      .filter(
        (row) =>
          !search ||
          contains(row.requester_name, search) ||
          contains(row.requester_company, search) ||
          contains(row.service_title, search) ||
          row.id === args.p_order_id,
      )
      .sort((a, b) => ms(b.created_at) - ms(a.created_at) || Number(b.id) - Number(a.id));
    return { total: matching.length, items: pageOf(matching, args).map((row) => summary(state, row)) };
  },

  push_portal_order(state, args) {
    const order = provenOrders(state, args.p_organisation).find((row) => row.id === args.p_id);
    return order ? { ...(ORDER_READS.push_get_order(state, { p_id: order.id }) as Json), internal_note: "" } : null;
  },

  push_portal_appointments(state, args) {
    const search = typeof args.p_search === "string" ? args.p_search : "";
    const now = Number(args.p_now);
    const upcoming = args.p_upcoming === true;
    const matching = theirAppointments(state, args.p_organisation)
      .filter((row) => startOf(row) >= now === upcoming)
      .filter((row) => !search || contains(row.contact_name, search) || contains(row.language, search) || row.id === args.p_appointment_id)
      .sort((a, b) => (upcoming ? byStart(a, b) : byStart(b, a)));
    return { total: matching.length, items: pageOf(matching, args).map((row) => appointmentJson(state, row)) };
  },

  push_portal_appointment(state, args) {
    return appointmentJson(
      state,
      theirAppointments(state, args.p_organisation).find((row) => row.id === args.p_id),
    );
  },

  push_portal_invoices(state, args) {
    const lines = issuedInvoices(state, args.p_organisation)
      .sort((a, b) => ms(b.issued_at) - ms(a.issued_at) || Number(b.id) - Number(a.id))
      .map((row) => invoiceLine(state, row));
    const open = new Map<string, number>();
    for (const line of lines) {
      const owed = Math.max(0, Number(line.total_minor ?? 0) - Number(line.paid_minor) - Number(line.credited_minor));
      open.set(String(line.currency), (open.get(String(line.currency)) ?? 0) + owed);
    }
    return {
      total: lines.length,
      items: lines.slice(Number(args.p_offset), Number(args.p_offset) + Number(args.p_limit)),
      open: [...open]
        .filter(([, minor]) => minor > 0)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([currency, open_minor]) => ({ currency, open_minor })),
    };
  },

  push_portal_invoice(state, args) {
    const invoice = issuedInvoices(state, args.p_organisation).find((row) => row.id === args.p_id);
    return invoice ? INVOICE_FUNCTIONS.push_invoice(state, { p_id: invoice.id }) : null;
  },

  // 20261205001700_push_portal_messages.sql: the proven orders' messages, newest first; the requester's name on the
  // customer's own, nothing of the staff member on PUSH's.
  push_portal_messages(state, args) {
    const search = typeof args.p_search === "string" ? args.p_search : "";
    const orders = new Map(provenOrders(state, args.p_organisation).map((row) => [row.id, row]));
    const matching = state.tables.order_messages
      .filter((row) => orders.has(row.order_id))
      .filter((row) => !search || contains(row.body, search) || row.order_id === args.p_order_id)
      .sort((a, b) => ms(b.created_at) - ms(a.created_at) || Number(b.id) - Number(a.id));
    return {
      total: matching.length,
      items: pageOf(matching, args).map((row) => ({
        id: row.id,
        order_id: row.order_id,
        author: row.author,
        customer_name: row.author === "customer" ? orders.get(row.order_id)!.requester_name : null,
        body: row.body,
        created_at: row.created_at,
      })),
    };
  },
};
