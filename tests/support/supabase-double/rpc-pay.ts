// PostgREST's /rpc/<function> for interpreters' pay (supabase/migrations/20261205000600_push_pay_statements.sql; issue
// 26, ADR 0039), the same steps over the double's in-memory tables: items stored once per source (how many were new);
// the work with an interpreter and no item yet (approved appointments but the interpreter's own no-show, customers'
// late cancellations, answered calls of a user, delivered or completed orders at the first event into either, by it,
// then id; at most p_limit of each); the statements grouped by interpreter and month, newest month first, then by the
// interpreter's name; and marking one paid only where it still has the items and the amount seen. The double serves
// one request at a time, as the SQL's lock per statement orders two admins. Registered in rpc.ts.
import type { Args, Json } from "./rpc-order-reads";
import { jsonValue, pgTimestamp, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

const HOUR = 3_600_000;
const ms = (timestamp: unknown) => Date.parse(String(timestamp));
const refused = (reason: string) => ({ ok: false, reason });

/** to_jsonb of the columns asked for (every column of the table unless named). */
const columnsOf = (table: TableName, row: Row | undefined, names = Object.keys(SCHEMA[table].columns)): Json =>
  Object.fromEntries(names.map((name) => [name, row === undefined ? null : jsonValue(SCHEMA[table].columns[name], row[name])]));

const APPOINTMENT_COLUMNS = ["id", "customer_id", "interpreter_id", "mode", "language_id", "starts_at", "created_at", "status", "cancelled_at", "cancelled_by"];
const RECORD_COLUMNS = Object.keys(SCHEMA.appointment_records.columns);

const itemized = (state: DoubleState, source: string) => state.tables.pay_items.some((item) => item.source === source);

function dueAppointments(state: DoubleState, lateHours: number) {
  const recordOf = (id: Row["id"] | undefined) => state.tables.appointment_records.find((record) => record.appointment_id === id);
  const due = (appointment: Row) => {
    const record = recordOf(appointment.id);
    return (
      appointment.interpreter_id !== null &&
      ((appointment.status === "completed" && (record?.approved_at ?? null) !== null && record?.no_show !== "interpreter") ||
        (appointment.status === "cancelled" &&
          appointment.cancelled_by === "customer" &&
          ms(appointment.cancelled_at) > ms(appointment.starts_at) - lateHours * HOUR))
    );
  };
  return state.tables.appointments
    .filter((appointment) => due(appointment) && !itemized(state, `appointment:${appointment.id}`))
    .sort((a, b) => ms(a.starts_at) - ms(b.starts_at) || Number(a.id) - Number(b.id))
    .map((appointment) => ({
      ...columnsOf("appointments", appointment, APPOINTMENT_COLUMNS),
      ...columnsOf("appointment_records", recordOf(appointment.id), RECORD_COLUMNS),
    }));
}

function dueCalls(state: DoubleState) {
  return state.tables.call_log
    .filter(
      (call) =>
        call.outcome === "answered" &&
        call.answered_at !== null &&
        state.tables.users.some((user) => user.id === call.interpreter_id) &&
        !itemized(state, `call:${call.id}`),
    )
    .sort((a, b) => ms(a.answered_at) - ms(b.answered_at) || String(a.id).localeCompare(String(b.id)))
    .map((call) => columnsOf("call_log", call, ["id", "interpreter_id", "language_id", "answered_at", "ended_at"]));
}

function dueOrders(state: DoubleState) {
  const doneAt = (order: Row) =>
    state.tables.order_events
      .filter((event) => event.order_id === order.id && (event.to_status === "delivered" || event.to_status === "completed"))
      .reduce<Row["at"] | null>((first, event) => (first === null || ms(event.at) < ms(first) ? event.at! : first), null) ?? order.updated_at!;
  return state.tables.orders
    .filter((order) => (order.status === "delivered" || order.status === "completed") && order.interpreter_id !== null && !itemized(state, `order:${order.id}`))
    .map((order) => ({ id: order.id, at: doneAt(order), order }))
    .sort((a, b) => ms(a.at) - ms(b.at) || Number(a.id) - Number(b.id))
    .map(({ at, order }) => ({
      ...columnsOf("orders", order, ["id", "interpreter_id", "created_at", "deadline"]),
      language_id: order.source_language_id ?? null,
      done_at: at,
    }));
}

/** The statements of the items `keep` selects, as push_pay_statements answers them, in its order. */
function statementsOf(state: DoubleState, keep: (item: Row) => boolean) {
  const groups = new Map<string, Row[]>();
  for (const item of state.tables.pay_items.filter(keep)) {
    const key = `${item.interpreter_id} ${item.month}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const rows = [...groups.values()].map((items) => {
    const { interpreter_id, month } = items[0]!;
    const user = state.tables.users.find((row) => row.id === interpreter_id)!;
    const payouts = state.tables.pay_payouts.filter((row) => row.interpreter_id === interpreter_id && row.month === month);
    const latest = payouts.reduce<Row["paid_at"] | null>((last, row) => (last === null || ms(row.paid_at) > ms(last) ? row.paid_at! : last), null);
    return {
      ...{ interpreter_id, interpreter_name: user.full_name, interpreter_email: user.email, month },
      currency: items
        .map((item) => String(item.currency))
        .sort()
        .at(-1),
      item_count: items.length,
      total_minor: items.reduce((sum, item) => sum + Number(item.amount_minor), 0),
      paid_minor: items.filter((item) => item.payout_id !== null).reduce((sum, item) => sum + Number(item.amount_minor), 0),
      paid_at: latest,
    };
  });
  const text = (value: unknown) => String(value);
  return rows.sort(
    (a, b) =>
      text(b.month).localeCompare(text(a.month)) ||
      (text(a.interpreter_name) < text(b.interpreter_name) ? -1 : text(a.interpreter_name) > text(b.interpreter_name) ? 1 : 0) ||
      text(a.interpreter_id).localeCompare(text(b.interpreter_id)),
  );
}

export const PAY_RPC_FUNCTIONS = [
  "push_add_pay_items",
  "push_unpaid_work",
  "push_pay_statements",
  "push_pay_statement",
  "push_mark_pay_statement_paid",
] as const;

export const PAY_FUNCTIONS: Record<(typeof PAY_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_add_pay_items(state, args) {
    const now = pgTimestamp(Number(args.p_now));
    const known = new Set(state.tables.pay_items.map((row) => row.source));
    const added: Record<string, unknown>[] = [];
    // ON CONFLICT (source) DO NOTHING: a source already stored, or given earlier in the same call, adds nothing.
    for (const item of args.p_items as Record<string, unknown>[]) {
      const source = typeof item.source === "string" ? item.source : null;
      if (source !== null && known.has(source)) continue;
      if (source !== null) known.add(source);
      const { interpreter_id, work_day, currency, amount_minor, rate_line_id, computation } = item;
      const month = typeof work_day === "string" ? work_day.slice(0, 7) : null;
      added.push({ source, interpreter_id, work_day, month, currency, amount_minor, rate_line_id: rate_line_id ?? null, computation, created_at: now });
    }
    return state.write("pay_items", "insert", added).length;
  },

  push_unpaid_work(state, args) {
    const limit = Number(args.p_limit);
    return {
      appointments: dueAppointments(state, Number(args.p_late_hours)).slice(0, limit),
      calls: dueCalls(state).slice(0, limit),
      orders: dueOrders(state).slice(0, limit),
    };
  },

  push_pay_statements(state, args) {
    const rows = statementsOf(
      state,
      (item) => (args.p_interpreter === null || item.interpreter_id === args.p_interpreter) && (args.p_month === null || item.month === args.p_month),
    );
    const offset = Number(args.p_offset);
    return { total: rows.length, items: rows.slice(offset, offset + Number(args.p_page_size)) };
  },

  push_pay_statement(state, args) {
    const mine = (item: Row) => item.interpreter_id === args.p_interpreter && item.month === args.p_month;
    const [statement] = statementsOf(state, mine);
    if (!statement) return null;
    const items = state.tables.pay_items
      .filter(mine)
      .sort((a, b) => String(a.work_day).localeCompare(String(b.work_day)) || Number(a.id) - Number(b.id))
      .map((item) => ({
        ...columnsOf("pay_items", item),
        paid_at: state.tables.pay_payouts.find((payout) => payout.id === item.payout_id)?.paid_at ?? null,
      }));
    return { ...statement, items };
  },

  push_mark_pay_statement_paid(state, args) {
    const mine = state.tables.pay_items.filter((item) => item.interpreter_id === args.p_interpreter && item.month === args.p_month);
    const unpaid = mine.filter((item) => item.payout_id === null);
    if (unpaid.length === 0) return refused("nothing-to-pay");
    const amount = unpaid.reduce((sum, item) => sum + Number(item.amount_minor), 0);
    if (mine.length !== Number(args.p_item_count) || amount !== Number(args.p_to_pay)) return refused("stale");
    const [payout] = state.write("pay_payouts", "insert", [
      {
        ...{ interpreter_id: args.p_interpreter, month: args.p_month, amount_minor: amount, item_count: unpaid.length },
        ...{ paid_by: args.p_by, paid_at: pgTimestamp(Number(args.p_now)) },
      },
    ]);
    // The rows as given to an update (an update coerces every column: a stored jsonb's text would be encoded twice).
    state.write(
      "pay_items",
      "update",
      unpaid.map((item) => ({ ...columnsOf("pay_items", item), payout_id: payout!.id })),
    );
    return { ok: true };
  },
};
