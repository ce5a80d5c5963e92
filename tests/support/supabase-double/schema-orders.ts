// The tables of quote requests and orders, and the order e-mails' outbox (supabase/migrations/
// 20261126000000_push_orders.sql), with the rules the double enforces: types, NOT NULL, CHECK, unique constraints and
// foreign keys with their ON DELETE. A service, language or person deleted later leaves the order (SET NULL); a
// customer with orders cannot be deleted (RESTRICT). Every one of them is the worker's (service role): orders change
// only through the SQL functions of rpc-orders.ts; jobs, files and the outbox are read and written as tables.
import { pgTimestamp } from "./pg";
import type { Table, Value } from "./schema";

export const ORDER_TABLE_NAMES = [
  "customers",
  "orders",
  "order_targets",
  "order_quotes",
  "order_files",
  "order_messages",
  "order_events",
  "mail_outbox",
] as const;
type OrderTableName = (typeof ORDER_TABLE_NAMES)[number];

/** The orders table's CHECK, as app/domain/orders.ts ORDER_STATUSES (not imported: that module pulls in the i18n catalogue). */
export const ORDER_STATUSES = ["new", "quoted", "accepted", "declined", "in_progress", "delivered", "completed", "cancelled"] as const;

/** bigint generated always as identity */
const id = { type: "int8", identity: "always" } as const;
const text = { type: "text" } as const;
const optionalText = { type: "text", nullable: true } as const;
const emptyText = { type: "text", default: () => "" } as const;
const optionalUuid = { type: "uuid", nullable: true } as const;
const optionalInt = { type: "int8", nullable: true } as const;
/** timestamptz not null default now() */
const now = { type: "timestamptz", default: () => pgTimestamp(Date.now()) } as const;
const matches = (pattern: RegExp) => (value: Value) => typeof value === "string" && pattern.test(value);

/** What the relay keeps of each message of a queue (contact_messages, mail_outbox): where its sending stands. */
export const RELAY_COLUMNS = {
  status: { type: "text", default: () => "pending", oneOf: ["pending", "sent", "failed"] },
  attempts: { type: "int8", default: () => 0 },
  last_error: optionalText,
  next_attempt_at: { type: "int8" },
  sent_at: optionalInt,
  claim_id: optionalText,
  claimed_until: optionalInt,
} as const;

/** A part of an order (a file, a message, an event): its own id, its order, and the person it names (set null when they go). */
const partOfAnOrder = (table: string, person: string, columns: Table["columns"], unique: Table["unique"] = []): Table => ({
  columns: { id, order_id: { type: "int8" }, ...columns },
  primaryKey: "id",
  unique,
  foreignKeys: [
    { name: `${table}_order_id_fkey`, column: "order_id", table: "orders" },
    { name: `${table}_${person}_fkey`, column: person, table: "users", onDelete: "set null" },
  ],
});

export const ORDER_SCHEMA: Record<OrderTableName, Table> = {
  customers: {
    columns: {
      ...{ id, name: text, email: text, phone: emptyText, company: emptyText, created_at: now },
      // Their billing currency (20261205000900_push_customer_currency.sql): customers_currency_check.
      currency: { type: "text", default: () => "USD", check: matches(/^[A-Z]{3}$/) },
      // Their organisation (20261205001000_push_customer_accounts.sql), none for a walk-in.
      organisation_id: { type: "int8", nullable: true },
    },
    primaryKey: "id",
    unique: [{ name: "customers_email_key", columns: ["email"] }],
    foreignKeys: [{ name: "customers_organisation_id_fkey", column: "organisation_id", table: "organisations", onDelete: "set null" }],
  },
  orders: {
    columns: {
      id,
      customer_id: { type: "int8" },
      service_id: optionalInt,
      service_title: text,
      source_language_id: optionalInt,
      source_language: text,
      deadline: { type: "date" },
      details: emptyText,
      locale: { type: "text", default: () => "en", oneOf: ["en", "ar"] },
      status: { type: "text", default: () => "new", oneOf: ORDER_STATUSES },
      version: { type: "int8", default: () => 1, check: (value) => Number(value) >= 1 },
      interpreter_id: optionalUuid,
      internal_note: emptyText,
      cancel_reason: emptyText,
      token_hash: { type: "text", check: matches(/^[0-9a-f]{64}$/) },
      token_sealed: optionalText,
      token_revoked_at: { type: "timestamptz", nullable: true },
      // 20261129000100_push_order_requester.sql (issue 22): what the requester typed, and when the address was proven.
      requester_name: emptyText,
      requester_company: emptyText,
      requester_phone: emptyText,
      identity_verified_at: { type: "timestamptz", nullable: true },
      created_at: now,
      updated_at: now,
    },
    primaryKey: "id",
    unique: [{ name: "orders_token_hash_key", columns: ["token_hash"] }],
    foreignKeys: [
      { name: "orders_customer_id_fkey", column: "customer_id", table: "customers", onDelete: "restrict" },
      { name: "orders_service_id_fkey", column: "service_id", table: "services", onDelete: "set null" },
      { name: "orders_source_language_id_fkey", column: "source_language_id", table: "languages", onDelete: "set null" },
      { name: "orders_interpreter_id_fkey", column: "interpreter_id", table: "users", onDelete: "set null" },
    ],
  },
  order_targets: {
    columns: { order_id: { type: "int8" }, language_id: optionalInt, language: text, position: { type: "int8" } },
    primaryKey: ["order_id", "position"],
    unique: [],
    foreignKeys: [
      { name: "order_targets_order_id_fkey", column: "order_id", table: "orders" },
      { name: "order_targets_language_id_fkey", column: "language_id", table: "languages", onDelete: "set null" },
    ],
  },
  order_quotes: {
    columns: {
      order_id: { type: "int8" },
      amount_minor: { type: "int8", check: (value) => Number(value) > 0 },
      currency: { type: "text", check: matches(/^[A-Z]{3}$/) },
      due_date: { type: "date" },
      valid_until: { type: "date" },
      quoted_at: now,
    },
    primaryKey: "order_id",
    unique: [],
    foreignKeys: [{ name: "order_quotes_order_id_fkey", column: "order_id", table: "orders" }],
  },
  order_files: partOfAnOrder(
    "order_files",
    "uploaded_by",
    {
      kind: { type: "text", oneOf: ["source", "delivery"] },
      object_key: text,
      file_name: text,
      content_type: text,
      size: { type: "int8", check: (value) => Number(value) > 0 },
      uploaded_by: optionalUuid,
      created_at: now,
    },
    [{ name: "order_files_object_key_key", columns: ["object_key"] }],
  ),
  order_messages: partOfAnOrder("order_messages", "author_id", {
    author: { type: "text", oneOf: ["customer", "staff"] },
    author_id: optionalUuid,
    body: { type: "text", check: (value) => String(value).length >= 1 && String(value).length <= 5000 },
    created_at: now,
  }),
  order_events: partOfAnOrder("order_events", "actor_id", {
    at: now,
    actor: { type: "text", oneOf: ["staff", "customer", "interpreter", "system"] },
    actor_id: optionalUuid,
    action: text,
    from_status: optionalText,
    to_status: optionalText,
    detail: { type: "jsonb", default: () => "{}", check: (value) => /^\{/.test(String(value)) },
  }),
  mail_outbox: {
    columns: {
      id: { type: "int8", identity: true },
      kind: text,
      to_email: text,
      subject: text,
      body: text,
      order_id: optionalInt,
      created_at: { type: "int8" },
      ...RELAY_COLUMNS,
      // 20261202000000_push_appointments.sql: an appointment's e-mails (issue 25).
      appointment_id: optionalInt,
      // 20261205000000_push_invoice_links.sql: an invoice's e-mails (issue 26).
      invoice_id: optionalInt,
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: [
      { name: "mail_outbox_order_id_fkey", column: "order_id", table: "orders", onDelete: "set null" },
      { name: "mail_outbox_appointment_id_fkey", column: "appointment_id", table: "appointments", onDelete: "set null" },
      { name: "mail_outbox_invoice_id_fkey", column: "invoice_id", table: "invoices", onDelete: "set null" },
    ],
  },
};
