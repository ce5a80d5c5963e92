// Invoices (supabase/migrations/20261204000100_push_invoices.sql; issue 26, ADR 0037), with the rules the double
// enforces: types, NOT NULL, the CHECKs (an upper-case three-letter currency; a period that does not end before it
// starts; a draft with no number and no totals, an issued invoice with all of them; a total that is the subtotal plus
// the tax; a tax rate of 0–100 %; amounts of nothing or more; a year of 2000–9999 and a counter of 1 or more), the
// unique sources, numbers and (year, sequence), the foreign keys (the customer ON DELETE RESTRICT, the invoice of an
// item ON DELETE SET NULL) and the triggers that refuse changing or deleting an issued invoice and changing an item of
// one. The worker reaches the tables only through the functions of rpc-invoices.ts.
import type { Row, Table, TableName, Value } from "./schema";

export const INVOICE_TABLE_NAMES = [
  "invoice_counters",
  "invoices",
  "billable_items",
  "invoice_links",
  "invoice_payments",
  "credit_note_counters",
  "credit_notes",
] as const;
type InvoiceTableName = (typeof INVOICE_TABLE_NAMES)[number];

const ISSUED = "an issued invoice never changes";
const atLeast = (low: number) => (value: Value) => Number(value) >= low;
const between = (low: number, high: number) => (value: Value) => Number(value) >= low && Number(value) <= high;
const currency = { type: "text", check: (value: Value) => typeof value === "string" && value.length === 3 && value === value.toUpperCase() } as const;
const nullable = (check: (value: Value) => boolean) => ({ type: "int8", nullable: true, check }) as const;

/** invoices_numbered_check: a draft has no number and no totals; an issued invoice has all of them. */
const numbered = (row: Row) =>
  (row.status === "draft" && [row.number, row.year, row.sequence, row.total_minor, row.issued_at].every((value) => value === null)) ||
  (row.status === "issued" && [row.number, row.year, row.sequence, row.total_minor, row.issued_at].every((value) => value !== null));

const invoiceOf = (tables: Record<TableName, Row[]>, id: Value) => (id === null ? undefined : tables.invoices.find((row) => row.id === id));

/** A year's last number (invoices' and credit notes' counters: the same table shape). */
const yearlyCounter: Table = {
  columns: {
    year: { type: "int8", check: between(2000, 9999) },
    last: { type: "int8", check: atLeast(1) },
  },
  primaryKey: "year",
  unique: [],
  foreignKeys: [],
};

export const INVOICE_SCHEMA: Record<InvoiceTableName, Table> = {
  invoice_counters: yearlyCounter,
  invoices: {
    columns: {
      id: { type: "int8", identity: "always" },
      customer_id: { type: "int8" },
      currency,
      period_from: { type: "date" },
      period_to: { type: "date" },
      status: { type: "text", default: () => "draft", oneOf: ["draft", "issued"] },
      version: { type: "int8", default: () => 1, check: atLeast(1) },
      year: { type: "int8", nullable: true },
      sequence: nullable(atLeast(1)),
      number: { type: "text", nullable: true },
      tax_bp: nullable(between(0, 10_000)),
      subtotal_minor: nullable(atLeast(0)),
      tax_minor: nullable(atLeast(0)),
      total_minor: { type: "int8", nullable: true },
      issued_at: { type: "timestamptz", nullable: true },
      issued_by: { type: "text", nullable: true },
      created_by: { type: "text" },
      created_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [
      { name: "invoices_number_key", columns: ["number"], where: (row) => row.number !== null },
      { name: "invoices_year_sequence_key", columns: ["year", "sequence"], where: (row) => row.year !== null && row.sequence !== null },
    ],
    foreignKeys: [{ name: "invoices_customer_id_fkey", column: "customer_id", table: "customers", onDelete: "restrict" }],
    checks: [
      // A null on either side is no violation (a CHECK fails only when false).
      {
        name: "invoices_total_minor_check",
        holds: (row) =>
          [row.total_minor, row.subtotal_minor, row.tax_minor].includes(null) || Number(row.total_minor) === Number(row.subtotal_minor) + Number(row.tax_minor),
      },
      { name: "invoices_period_check", holds: (row) => String(row.period_to) >= String(row.period_from) },
      { name: "invoices_numbered_check", holds: numbered },
    ],
    refusesChange: { message: ISSUED, deletes: true, when: (old) => old.status === "issued" },
  },
  billable_items: {
    columns: {
      id: { type: "int8", identity: "always" },
      source: { type: "text" },
      customer_id: { type: "int8" },
      work_day: { type: "date" },
      currency,
      amount_minor: { type: "int8", check: atLeast(0) },
      rate_line_id: { type: "int8", nullable: true },
      // 20261205000500_push_billable_item_languages.sql: the work's language (no foreign key), or null.
      language_id: { type: "int8", nullable: true },
      computation: { type: "jsonb" },
      invoice_id: { type: "int8", nullable: true },
      created_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [{ name: "billable_items_source_key", columns: ["source"] }],
    foreignKeys: [
      { name: "billable_items_customer_id_fkey", column: "customer_id", table: "customers", onDelete: "restrict" },
      { name: "billable_items_invoice_id_fkey", column: "invoice_id", table: "invoices", onDelete: "set null" },
    ],
    refusesChange: { message: ISSUED, when: (old, tables) => invoiceOf(tables, old.invoice_id ?? null)?.status === "issued" },
  },
  // 20261205000000_push_invoice_links.sql: an issued invoice's private link, made when it is first sent. (Its trigger,
  // which refuses a link for a draft and a changed token, is tested on PGlite: push_send_invoice writes neither.)
  invoice_links: {
    columns: {
      invoice_id: { type: "int8" },
      token_hash: { type: "text", check: (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value) },
      token_sealed: { type: "text" },
      locale: { type: "text", oneOf: ["en", "ar"] },
      sent_at: { type: "timestamptz" },
      sent_by: { type: "text" },
      sends: { type: "int8", default: () => 1, check: atLeast(1) },
    },
    primaryKey: "invoice_id",
    unique: [{ name: "invoice_links_token_hash_key", columns: ["token_hash"] }],
    foreignKeys: [{ name: "invoice_links_invoice_id_fkey", column: "invoice_id", table: "invoices", onDelete: "restrict" }],
  },
  // 20261205000100_push_invoice_payments.sql: money received for an issued invoice; never changed, never deleted.
  // (Its trigger's refusal of a payment of a draft is tested on PGlite: push_record_invoice_payment never writes one.)
  invoice_payments: {
    columns: {
      id: { type: "int8", identity: "always" },
      invoice_id: { type: "int8" },
      amount_minor: { type: "int8", check: atLeast(1) },
      paid_on: { type: "date" },
      method: { type: "text", oneOf: ["bank-transfer", "card", "cash", "cheque", "other"] },
      reference: { type: "text", default: () => "", check: (value) => String(value).length <= 200 },
      recorded_by: { type: "text" },
      recorded_at: { type: "timestamptz" },
      // 20261205000200_push_stripe_payments.sql: the Stripe event a payment was recorded from (once).
      stripe_event_id: { type: "text", nullable: true, check: (value) => value === null || (String(value).length >= 1 && String(value).length <= 255) },
    },
    primaryKey: "id",
    unique: [{ name: "invoice_payments_stripe_event_idx", columns: ["stripe_event_id"], where: (row) => row.stripe_event_id !== null }],
    foreignKeys: [{ name: "invoice_payments_invoice_id_fkey", column: "invoice_id", table: "invoices", onDelete: "restrict" }],
    refusesChange: { message: "a payment never changes", deletes: true, when: () => true },
  },
  // 20261205000700_push_credit_notes.sql: a credit note's yearly counter, and credit notes, which never change.
  credit_note_counters: yearlyCounter,
  credit_notes: {
    columns: {
      id: { type: "int8", identity: "always" },
      invoice_id: { type: "int8" },
      year: { type: "int8", check: between(2000, 9999) },
      sequence: { type: "int8", check: atLeast(1) },
      number: { type: "text" },
      amount_minor: { type: "int8", check: atLeast(1) },
      reason: { type: "text", check: (value) => String(value).length >= 1 && String(value).length <= 300 },
      created_by: { type: "text" },
      created_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [
      { name: "credit_notes_number_key", columns: ["number"] },
      { name: "credit_notes_year_sequence_key", columns: ["year", "sequence"] },
    ],
    foreignKeys: [{ name: "credit_notes_invoice_id_fkey", column: "invoice_id", table: "invoices", onDelete: "restrict" }],
    refusesChange: { message: "a credit note never changes", deletes: true, when: () => true },
  },
};
