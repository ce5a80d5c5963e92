// Invoices on real Postgres (supabase/migrations/20261204000100_push_invoices.sql): the functions called as the worker
// calls them (named arguments, instants in epoch milliseconds), and rows written straight to the tables (what a bug,
// the table editor or another program could write).
import type { Transaction } from "@electric-sql/pglite";
import { call } from "./orders";

export const BY = "admin@push.test";
/** 2026-12-08 17:00:00.123 UTC: a millisecond that must survive the round trip. */
export const NOW = Date.UTC(2026, 11, 8, 17) + 123;
export const COMPUTATION = { kind: "late-cancellation", hoursBefore: 20, windowHours: 24 };

/** An item as the worker sends it (snake_case, as the function reads it). */
export type ItemArguments = {
  source: string;
  customer_id: number;
  work_day: string;
  currency: string;
  amount_minor: number;
  rate_line_id: number | null;
  computation: unknown;
};

export const item = (source: string, fields: Partial<ItemArguments> = {}): ItemArguments => ({
  source,
  customer_id: 1,
  work_day: "2026-12-08",
  currency: "USD",
  amount_minor: 18281,
  rate_line_id: null,
  computation: COMPUTATION,
  ...fields,
});

export type Answer = { ok: boolean; id?: number; number?: string; reason?: string };
export type InvoiceJson = Record<string, unknown> & { id: number; number: string | null; items: (Record<string, unknown> & { id: number })[] };

export const ADD_SQL = "public.push_add_billable_items(p_items => $1, p_now => $2)";
export const DRAFT_SQL = "public.push_create_invoice_draft(p_customer_id => $1, p_currency => $2, p_from => $3, p_to => $4, p_by => $5, p_now => $6)";
export const ISSUE_SQL = "public.push_issue_invoice(p_id => $1, p_based_on => $2, p_tax_bp => $3, p_year => $4, p_by => $5, p_now => $6)";

/** public.push_add_billable_items: how many were new. */
export const addItems = (tx: Transaction, items: ItemArguments[], now = NOW) => call<number>(tx, ADD_SQL, [JSON.stringify(items), now]);

/** public.push_create_invoice_draft, for customer 1 in USD in December 2026 unless a test says otherwise. */
export const createDraft = (tx: Transaction, fields: { customer?: number; currency?: string; from?: string; to?: string } = {}, now = NOW) =>
  call<Answer>(tx, DRAFT_SQL, [fields.customer ?? 1, fields.currency ?? "USD", fields.from ?? "2026-12-01", fields.to ?? "2026-12-31", BY, now]);

export const issueParams = (id: number, basedOn: number, taxBp: number, year: number, now = NOW) => [id, basedOn, taxBp, year, BY, now];

/** public.push_issue_invoice */
export const issueInvoice = (tx: Transaction, id: number, basedOn: number, taxBp: number, year: number, now = NOW) =>
  call<Answer>(tx, ISSUE_SQL, issueParams(id, basedOn, taxBp, year, now));

/** public.push_invoice */
export const readInvoice = (tx: Transaction, id: number) => call<InvoiceJson | null>(tx, "public.push_invoice(p_id => $1)", [id]);
