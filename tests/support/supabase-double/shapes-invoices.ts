// The allowed requests of invoices (issue 26, ADR 0037; app/backend/supabase/invoices.server.ts). Extensions beyond
// SPEC §7, all with the service-role key: invoices and their items are the worker's to write (an admin acts through
// it, after the route has checked the admin guard). Each change is ONE call of a SQL function of
// supabase/migrations/20261204000100_push_invoices.sql (one transaction), and an invoice is read by one call.
import { is, type RestShape, type ValueCheck } from "./match";

const INVOICES = "invoices (issue 26)";
const MIGRATION = "supabase/migrations/20261204000100_push_invoices.sql";
const SENDING = "supabase/migrations/20261205000000_push_invoice_links.sql";
const PAYMENTS = "supabase/migrations/20261205000100_push_invoice_payments.sql";

/** A link token's SHA-256, as hex: the only form a token reaches the database in. */
const sha256Hex: ValueCheck = (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
/** The invoice's e-mail to its customer, stored with the sending. */
const invoiceMail: ValueCheck = (value) => {
  if (!is.object(value)) return false;
  const mail = value as Record<string, unknown>;
  return (
    Object.keys(mail).sort().join() === "body,kind,subject,to_email" &&
    mail.kind === "invoice" &&
    is.text(mail.to_email) &&
    is.text(mail.subject) &&
    is.text(mail.body)
  );
};

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** A calendar day, YYYY-MM-DD (the functions' date arguments and the items' days). */
const day: ValueCheck = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const ITEM_KEYS = ["amount_minor", "computation", "currency", "customer_id", "language_id", "rate_line_id", "source", "work_day"].join();
/** One priced piece of work, keyed by where it came from ("appointment:12", "call:<id>", "order:7"). */
const item: ValueCheck = (value) => {
  if (!is.object(value)) return false;
  const row = value as Record<string, unknown>;
  return (
    Object.keys(row).sort().join() === ITEM_KEYS &&
    typeof row.source === "string" &&
    /^(appointment|call|order):\S+$/.test(row.source) &&
    positive(row.customer_id) &&
    day(row.work_day) &&
    // Amounts as integers and the currency as text: what the table refuses of them (billable_items' CHECKs) is its error.
    is.text(row.currency) &&
    is.int(row.amount_minor) &&
    is.nullable(positive)(row.rate_line_id) &&
    is.nullable(positive)(row.language_id) &&
    is.object(row.computation)
  );
};

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${INVOICES}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const INVOICE_SHAPES: RestShape[] = [
  rpc("push_add_billable_items", "priced pieces of work, each stored once by its source; answers how many were new", {
    p_items: (value) => Array.isArray(value) && value.length > 0 && value.every(item),
    p_now: positive,
  }),
  rpc("push_create_invoice_draft", "a draft of a customer's unbilled items of a period in one currency — or refused nothing-to-bill, making none", {
    p_customer_id: positive,
    p_currency: is.text,
    p_from: day,
    p_to: day,
    p_by: is.text,
    p_now: positive,
  }),
  rpc("push_issue_invoice", "a draft issued at the version its page showed with the year's next number and its totals — or refused, taking no number", {
    p_id: positive,
    // The rate and the year as integers: what the tables refuse of them (their CHECKs) is the call's error.
    p_based_on: is.int,
    p_tax_bp: is.int,
    p_year: is.int,
    p_by: is.text,
    p_now: positive,
  }),
  rpc("push_invoice", "an invoice with its items and its link once sent, or null", { p_id: positive }),
  {
    ...rpc("push_send_invoice", "an issued invoice e-mailed: its link made on the first sending, the mail stored with it — or refused, storing nothing", {
      p_id: positive,
      p_hash: sha256Hex,
      p_sealed: is.text,
      p_locale: is.literal("en", "ar"),
      p_mail: invoiceMail,
      p_by: is.text,
      p_now: positive,
    }),
    extension: `${INVOICES}: an issued invoice e-mailed with its private link (${SENDING} public.push_send_invoice, one transaction, service role only)`,
  },
  {
    ...rpc("push_record_invoice_payment", "a payment of an issued invoice, no more than what is open — or refused, storing nothing", {
      p_id: positive,
      // The amount as an integer and the method and reference as text: what the table refuses of them is its error.
      p_amount_minor: is.int,
      p_paid_on: day,
      p_method: is.text,
      p_reference: is.string,
      p_by: is.text,
      p_now: positive,
    }),
    extension: `${INVOICES}: a payment recorded by hand (${PAYMENTS} public.push_record_invoice_payment, one transaction, service role only)`,
  },
  {
    ...rpc("push_credit_invoice", "a credit note on an issued invoice, numbered in its year, no more than what is open — or refused, storing nothing", {
      p_id: positive,
      p_amount_minor: is.int,
      p_reason: is.text,
      p_year: (value) => Number.isSafeInteger(value) && (value as number) >= 2000 && (value as number) <= 9999,
      p_by: is.text,
      p_now: positive,
    }),
    extension: `${INVOICES}: a credit note (supabase/migrations/20261205000700_push_credit_notes.sql public.push_credit_invoice, one transaction, service role only)`,
  },
  {
    ...rpc("push_record_stripe_payment", "a payment Stripe reported, once per event — or refused, storing nothing", {
      p_id: positive,
      p_amount_minor: is.int,
      p_paid_on: day,
      p_reference: is.string,
      p_event_id: is.text,
      p_now: positive,
    }),
    extension: `${INVOICES}: a payment from Stripe's webhook (supabase/migrations/20261205000200_push_stripe_payments.sql public.push_record_stripe_payment, one transaction, service role only)`,
  },
  {
    ...rpc("push_payments_after", "payments recorded after one, in their order, with their invoice and customer (the accountant's export)", {
      p_after: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
      p_limit: positive,
    }),
    extension: `${INVOICES}: the payments' export (supabase/migrations/20261205000300_push_payments_export.sql public.push_payments_after, service role only)`,
  },
  {
    ...rpc("push_invoice_by_link", "the invoice of a customer's link, by the token's SHA-256, or null", { p_hash: sha256Hex }),
    extension: `${INVOICES}: the customer's page of an invoice, by its link (${SENDING} public.push_invoice_by_link, service role only)`,
  },
];
