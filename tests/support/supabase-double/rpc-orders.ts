// PostgREST's /rpc/<function> for the orders' SQL functions (supabase/migrations/20261126000000_push_orders.sql), the
// same steps over the double's in-memory tables (and 20261128000000_push_order_mail_atomic.sql: each change stores its
// e-mails; a request is stored under the id push_next_order_id gave): a request, a transition (compare-and-set on
// version and status), a message, the note, a revoked link and a verified identity here; the reads of an order, the
// staff's lists and a customer in rpc-order-reads.ts. Registered in rpc.ts, which runs each all or nothing, as one
// transaction; their answers are the functions' JSON.
import { one, ORDER_READS, type Args, type Json } from "./rpc-order-reads";
import { PgError, pgTimestamp } from "./schema";
import type { DoubleState } from "./state";

/** The file rows a request or a delivery records (jsonb_to_recordset: only these keys are read). */
type FileArgument = { object_key: string; file_name: string; content_type: string; size: number };
const fileRows = (value: unknown): FileArgument[] =>
  Array.isArray(value) ? value.map(({ object_key, file_name, content_type, size }: FileArgument) => ({ object_key, file_name, content_type, size })) : [];

/** private.push_enqueue_order_mails: p_mails ([{ kind, to_email, subject, body }]) pending for the order, due at once. */
function enqueueMails(state: DoubleState, orderId: unknown, mails: unknown, now: unknown) {
  const rows = Array.isArray(mails) ? (mails as Json[]) : [];
  const stored = rows.map(({ kind, to_email, subject, body }) => ({ kind, to_email, subject, body, order_id: orderId, created_at: now, next_attempt_at: now }));
  state.write("mail_outbox", "insert", stored);
}

export const ORDER_RPC_FUNCTIONS = [
  "push_next_order_id",
  "push_create_order",
  "push_transition_order",
  "push_add_order_message",
  "push_set_order_note",
  "push_revoke_order_link",
  "push_get_order",
  "push_order_by_token",
  "push_list_orders",
  "push_list_customers",
  "push_get_customer",
  "push_verify_order_identity",
  "push_set_customer_currency",
] as const;

export const ORDER_FUNCTIONS: Record<(typeof ORDER_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_next_order_id: (state) => state.nextval("orders"),

  push_create_order(state, args) {
    const targets = (args.p_target_language_ids ?? []) as number[];
    if (targets.length === 0) throw new PgError(400, "22023", "an order needs at least one target language");
    const service = one(state, "services", args.p_service_id);
    if (!service) return { ok: false, reason: "unknown-service" };
    const names = new Map(state.tables.languages.map((row) => [row.id, row.name]));
    if ([args.p_source_language_id, ...targets].some((id) => !names.has(id as number))) return { ok: false, reason: "unknown-language" };
    const at = pgTimestamp(args.p_now as number);
    // 1. Found by lower-cased e-mail, or created; the details on file stay as they are.
    const email = String(args.p_email).toLowerCase();
    const customer =
      state.tables.customers.find((row) => row.email === email) ??
      state.write("customers", "insert", [{ name: args.p_name, email, phone: args.p_phone, company: args.p_company, created_at: at }])[0]!;
    // 2. Under the id push_next_order_id gave (OVERRIDING SYSTEM VALUE).
    const [order] = state.write(
      "orders",
      "insert",
      [
        {
          id: args.p_id ?? state.nextval("orders"),
          customer_id: customer.id,
          service_id: service.id,
          service_title: service.title,
          source_language_id: args.p_source_language_id,
          source_language: names.get(args.p_source_language_id as number),
          deadline: args.p_deadline,
          details: args.p_details,
          locale: args.p_locale,
          token_hash: args.p_token_hash,
          token_sealed: args.p_token_sealed,
          requester_name: args.p_name,
          requester_company: args.p_company,
          requester_phone: args.p_phone,
          created_at: at,
          updated_at: at,
        },
      ],
      true,
    );
    const orderId = order!.id;
    // 3.
    state.write(
      "order_targets",
      "insert",
      targets.map((id, position) => ({ order_id: orderId, language_id: id, language: names.get(id), position })),
    );
    state.write(
      "order_files",
      "insert",
      fileRows(args.p_files).map((file) => ({ order_id: orderId, kind: "source", ...file, created_at: at })),
    );
    state.write("order_events", "insert", [{ order_id: orderId, at, actor: "customer", action: "requested", to_status: "new" }]);
    enqueueMails(state, orderId, args.p_mails, args.p_now);
    return { ok: true, id: orderId };
  },

  push_transition_order(state, args) {
    const order = one(state, "orders", args.p_id);
    // The compare-and-set: version and status as the caller saw them, or nothing at all.
    if (!order || order.version !== args.p_based_on || order.status !== args.p_from) return { ok: false, reason: order ? "stale" : "not-found" };
    const at = pgTimestamp(args.p_now as number);
    const version = Number(order.version) + 1;
    state.write("orders", "update", [
      {
        ...order,
        status: args.p_to,
        version,
        updated_at: at,
        interpreter_id: args.p_interpreter_id ?? order.interpreter_id,
        cancel_reason: args.p_cancel_reason ?? order.cancel_reason,
      },
    ]);
    const quote = args.p_quote as Json | null;
    if (typeof quote === "object" && quote !== null && !Array.isArray(quote)) {
      const { amount_minor, currency, due_date, valid_until } = quote;
      state.write("order_quotes", "insert", [{ order_id: order.id, amount_minor, currency, due_date, valid_until, quoted_at: at }]);
    }
    state.write(
      "order_files",
      "insert",
      fileRows(args.p_delivery_files).map((file) => ({ order_id: order.id, kind: "delivery", ...file, uploaded_by: args.p_actor_id, created_at: at })),
    );
    state.write("order_events", "insert", [
      {
        order_id: order.id,
        at,
        actor: args.p_actor,
        actor_id: args.p_actor_id,
        action: args.p_transition,
        from_status: args.p_from,
        to_status: args.p_to,
        detail: args.p_detail ?? {},
      },
    ]);
    enqueueMails(state, order.id, args.p_mails, args.p_now);
    return { ok: true, version };
  },

  push_add_order_message(state, args) {
    if (!one(state, "orders", args.p_id)) return false;
    const created_at = pgTimestamp(args.p_now as number);
    state.write("order_messages", "insert", [{ order_id: args.p_id, author: args.p_author, author_id: args.p_author_id, body: args.p_body, created_at }]);
    enqueueMails(state, args.p_id, args.p_mails, args.p_now);
    return true;
  },

  /** 20261205000900_push_customer_currency.sql: the customer's billing currency; false when there is none. */
  push_set_customer_currency(state, args) {
    const customer = one(state, "customers", args.p_id);
    if (!customer) return false;
    state.write("customers", "update", [{ ...customer, currency: args.p_currency }]);
    return true;
  },

  push_set_order_note(state, args) {
    const order = one(state, "orders", args.p_id);
    if (!order) return false;
    const at = pgTimestamp(args.p_now as number);
    state.write("orders", "update", [{ ...order, internal_note: args.p_note, updated_at: at }]);
    state.write("order_events", "insert", [{ order_id: order.id, at, actor: "staff", actor_id: args.p_by, action: "note" }]);
    return true;
  },

  push_revoke_order_link(state, args) {
    const order = one(state, "orders", args.p_id);
    if (!order || order.token_revoked_at !== null) return false;
    const at = pgTimestamp(args.p_now as number);
    state.write("orders", "update", [{ ...order, token_revoked_at: at, updated_at: at }]);
    state.write("order_events", "insert", [{ order_id: order.id, at, actor: "staff", actor_id: args.p_by, action: "link-revoked" }]);
    return true;
  },

  ...ORDER_READS,

  push_verify_order_identity(state, args) {
    const order = one(state, "orders", args.p_id);
    if (!order) return false;
    if (order.identity_verified_at === null) {
      state.write("orders", "update", [{ ...order, identity_verified_at: pgTimestamp(args.p_now as number) }]);
    }
    return true;
  },
};
