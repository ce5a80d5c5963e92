// PostgREST's /rpc/<function> for the invoices' SQL functions (supabase/migrations/20261204000100_push_invoices.sql;
// issue 26, ADR 0037), the same steps over the double's in-memory tables: items stored once per source (how many were
// new); a draft taking a customer's unbilled items of the period in its currency, or refused nothing-to-bill making
// none; issuing refused as the SQL decides it (not-found, then issued, then stale) before the year's counter moves, so
// a refusal takes no number, and the totals with the tax on the subtotal rounded once, half-up; an invoice read with its
// items in the order of their day, then id. The double serves one request at a time, as the counter row's lock orders
// two issuers: two issued at once get consecutive numbers. Registered in rpc.ts, which runs each all or nothing (a row
// the tables refuse is its error); their answers are the functions' JSON.
import type { Args, Json } from "./rpc-order-reads";
import { coerce, jsonValue, pgTimestamp, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

const refused = (reason: string) => ({ ok: false, reason });
const DATE = { type: "date" } as const;

/** to_jsonb(row): the table's columns as PostgREST sends them. */
const rowJson = (table: TableName, row: Row): Json =>
  Object.fromEntries(Object.keys(SCHEMA[table].columns).map((name) => [name, jsonValue(SCHEMA[table].columns[name], row[name])]));

/** order by work_day, id (a date's YYYY-MM-DD text sorts as the days do). */
const byDay = (a: Row, b: Row) => String(a.work_day).localeCompare(String(b.work_day)) || Number(a.id) - Number(b.id);

/** PUSH-2026-0001 … PUSH-2026-9999, PUSH-2026-10000. */
const numberOf = (year: number, sequence: number) => `PUSH-${year}-${String(sequence).padStart(4, "0")}`;

export const INVOICE_RPC_FUNCTIONS = [
  "push_add_billable_items",
  "push_create_invoice_draft",
  "push_issue_invoice",
  "push_invoice",
  "push_send_invoice",
  "push_invoice_by_link",
  "push_record_invoice_payment",
  "push_record_stripe_payment",
  "push_payments_after",
  "push_credit_invoice",
] as const;

/** The year's next number of a counter table: insert … on conflict (year) do update set last = last + 1 returning last. */
function nextOfYear(state: DoubleState, table: "invoice_counters" | "credit_note_counters", year: number): number {
  const counter = state.tables[table].find((row) => Number(row.year) === year);
  const [moved] = state.write(table, counter ? "update" : "insert", [{ year, last: counter ? Number(counter.last) + 1 : 1 }]);
  return Number(moved!.last);
}

const sumOf = (rows: Row[]) => rows.reduce((sum, row) => sum + Number(row.amount_minor), 0);

/** private.invoice_open_minor: the total less the invoice's payments and credit notes. */
const openOf = (state: DoubleState, invoice: Row) =>
  Number(invoice.total_minor) -
  sumOf(state.tables.invoice_payments.filter((row) => row.invoice_id === invoice.id)) -
  sumOf(state.tables.credit_notes.filter((row) => row.invoice_id === invoice.id));

/** push_invoice's answer: the invoice's columns, its items' (by day, then id), and its link's (null until sent). */
function invoiceJson(state: DoubleState, invoice: Row | undefined): Json | null {
  if (!invoice) return null;
  const items = state.tables.billable_items.filter((row) => row.invoice_id === invoice.id).sort(byDay);
  const link = state.tables.invoice_links.find((row) => row.invoice_id === invoice.id);
  const payments = state.tables.invoice_payments.filter((row) => row.invoice_id === invoice.id).sort((a, b) => Number(a.id) - Number(b.id));
  return {
    ...rowJson("invoices", invoice),
    items: items.map((row) => rowJson("billable_items", row)),
    link: link
      ? { token_sealed: link.token_sealed, locale: link.locale, sent_at: jsonValue(SCHEMA.invoice_links.columns.sent_at, link.sent_at), sends: link.sends }
      : null,
    payments: payments.map((row) => rowJson("invoice_payments", row)),
    credits: state.tables.credit_notes
      .filter((row) => row.invoice_id === invoice.id)
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((row) => rowJson("credit_notes", row)),
  };
}

export const INVOICE_FUNCTIONS: Record<(typeof INVOICE_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_add_billable_items(state, args) {
    const now = pgTimestamp(Number(args.p_now));
    const known = new Set(state.tables.billable_items.map((row) => row.source));
    const added: Record<string, unknown>[] = [];
    // ON CONFLICT (source) DO NOTHING: a source already stored, or given earlier in the same call, adds nothing.
    for (const item of args.p_items as Record<string, unknown>[]) {
      const source = typeof item.source === "string" ? item.source : null;
      if (source !== null && known.has(source)) continue;
      if (source !== null) known.add(source);
      const { customer_id, work_day, currency, amount_minor, rate_line_id, language_id, computation } = item;
      added.push({
        source,
        customer_id,
        work_day,
        currency,
        amount_minor,
        rate_line_id: rate_line_id ?? null,
        language_id: language_id ?? null,
        computation,
        created_at: now,
      });
    }
    return state.write("billable_items", "insert", added).length;
  },

  push_create_invoice_draft(state, args) {
    const from = coerce(DATE, args.p_from);
    const to = coerce(DATE, args.p_to);
    const unbilled = (row: Row) =>
      row.customer_id === Number(args.p_customer_id) &&
      row.currency === args.p_currency &&
      String(row.work_day) >= String(from) &&
      String(row.work_day) <= String(to) &&
      row.invoice_id === null;
    const items = state.tables.billable_items.filter(unbilled);
    if (items.length === 0) return refused("nothing-to-bill");
    const [invoice] = state.write("invoices", "insert", [
      {
        customer_id: args.p_customer_id,
        currency: args.p_currency,
        period_from: from,
        period_to: to,
        created_by: args.p_by,
        created_at: pgTimestamp(Number(args.p_now)),
      },
    ]);
    // The rows as given to an update (an update coerces every column: a stored jsonb's text would be encoded twice).
    state.write(
      "billable_items",
      "update",
      items.map((item) => ({ ...rowJson("billable_items", item), invoice_id: invoice!.id })),
    );
    return { ok: true, id: invoice!.id };
  },

  push_issue_invoice(state, args) {
    const invoice = state.tables.invoices.find((row) => row.id === Number(args.p_id));
    if (!invoice) return refused("not-found");
    if (invoice.status === "issued") return refused("issued");
    if (invoice.version !== Number(args.p_based_on)) return refused("stale");

    // insert … on conflict (year) do update set last = last + 1 returning last
    const year = Number(args.p_year);
    const sequence = nextOfYear(state, "invoice_counters", year);

    // Integer arithmetic (bigint in the SQL): the tax on the subtotal, half-up, once.
    const subtotal = state.tables.billable_items
      .filter((row) => row.invoice_id === invoice.id)
      .reduce((sum, row) => sum + BigInt(Number(row.amount_minor)), 0n);
    const tax = (subtotal * BigInt(Number(args.p_tax_bp)) * 2n + 10_000n) / 20_000n;
    state.write("invoices", "update", [
      {
        ...invoice,
        status: "issued",
        version: Number(invoice.version) + 1,
        year,
        sequence,
        number: numberOf(year, sequence),
        tax_bp: args.p_tax_bp,
        subtotal_minor: Number(subtotal),
        tax_minor: Number(tax),
        total_minor: Number(subtotal + tax),
        issued_at: pgTimestamp(Number(args.p_now)),
        issued_by: args.p_by,
      },
    ]);
    return { ok: true, number: numberOf(year, sequence) };
  },

  push_invoice(state, args) {
    return invoiceJson(
      state,
      state.tables.invoices.find((row) => row.id === Number(args.p_id)),
    );
  },

  push_send_invoice(state, args) {
    const invoice = state.tables.invoices.find((row) => row.id === Number(args.p_id));
    if (!invoice) return refused("not-found");
    if (invoice.status !== "issued") return refused("draft");
    const now = Number(args.p_now);
    // insert … on conflict (invoice_id) do update set locale = excluded.locale, sends = sends + 1
    const link = state.tables.invoice_links.find((row) => row.invoice_id === invoice.id);
    if (link) state.write("invoice_links", "update", [{ ...rowJson("invoice_links", link), locale: args.p_locale, sends: Number(link.sends) + 1 }]);
    else
      state.write("invoice_links", "insert", [
        { invoice_id: invoice.id, token_hash: args.p_hash, token_sealed: args.p_sealed, locale: args.p_locale, sent_at: pgTimestamp(now), sent_by: args.p_by },
      ]);
    const mail = args.p_mail as Record<string, unknown>;
    state.write("mail_outbox", "insert", [
      { kind: mail.kind, to_email: mail.to_email, subject: mail.subject, body: mail.body, invoice_id: invoice.id, created_at: now, next_attempt_at: now },
    ]);
    return { ok: true };
  },

  push_record_invoice_payment(state, args) {
    const invoice = state.tables.invoices.find((row) => row.id === Number(args.p_id));
    if (!invoice) return refused("not-found");
    if (invoice.status !== "issued") return refused("draft");
    if (openOf(state, invoice) < Number(args.p_amount_minor)) return refused("over");
    state.write("invoice_payments", "insert", [
      {
        ...{ invoice_id: invoice.id, amount_minor: args.p_amount_minor, paid_on: coerce(DATE, args.p_paid_on), method: args.p_method },
        ...{ reference: args.p_reference, recorded_by: args.p_by, recorded_at: pgTimestamp(Number(args.p_now)) },
      },
    ]);
    return { ok: true };
  },

  push_record_stripe_payment(state, args) {
    const invoice = state.tables.invoices.find((row) => row.id === Number(args.p_id));
    if (state.tables.invoice_payments.some((row) => row.stripe_event_id === args.p_event_id)) return refused("duplicate");
    if (!invoice) return refused("not-found");
    if (invoice.status !== "issued") return refused("draft");
    if (openOf(state, invoice) < Number(args.p_amount_minor)) return refused("over");
    state.write("invoice_payments", "insert", [
      {
        ...{ invoice_id: invoice.id, amount_minor: args.p_amount_minor, paid_on: coerce(DATE, args.p_paid_on), method: "card" },
        ...{ reference: args.p_reference, recorded_by: "stripe", recorded_at: pgTimestamp(Number(args.p_now)), stripe_event_id: args.p_event_id },
      },
    ]);
    return { ok: true };
  },

  push_payments_after(state, args) {
    return state.tables.invoice_payments
      .filter((row) => Number(row.id) > Number(args.p_after))
      .sort((a, b) => Number(a.id) - Number(b.id))
      .slice(0, Number(args.p_limit))
      .map((payment) => {
        const invoice = state.tables.invoices.find((row) => row.id === payment.invoice_id)!;
        const customer = state.tables.customers.find((row) => row.id === invoice.customer_id)!;
        return {
          ...rowJson("invoice_payments", payment),
          ...{ invoice_number: invoice.number, currency: invoice.currency, customer_name: customer.name, customer_email: customer.email },
        };
      });
  },

  push_credit_invoice(state, args) {
    const invoice = state.tables.invoices.find((row) => row.id === Number(args.p_id));
    if (!invoice) return refused("not-found");
    if (invoice.status !== "issued") return refused("draft");
    if (openOf(state, invoice) < Number(args.p_amount_minor)) return refused("over");
    const year = Number(args.p_year);
    const last = nextOfYear(state, "credit_note_counters", year);
    const number = numberOf(year, last).replace("PUSH-", "PUSH-CN-");
    state.write("credit_notes", "insert", [
      {
        ...{ invoice_id: invoice.id, year, sequence: last, number, amount_minor: args.p_amount_minor, reason: args.p_reason },
        ...{ created_by: args.p_by, created_at: pgTimestamp(Number(args.p_now)) },
      },
    ]);
    return { ok: true, number };
  },

  push_invoice_by_link(state, args) {
    const link = state.tables.invoice_links.find((row) => row.token_hash === args.p_hash);
    return link
      ? invoiceJson(
          state,
          state.tables.invoices.find((row) => row.id === link.invoice_id),
        )
      : null;
  },
};
