// Invoices on Supabase (issue 26; supabase/migrations/20261204000100_push_invoices.sql; docs/decisions/0037), with the
// service-role client (callers have checked the admin guard). Each method is ONE call of a SQL function, one
// transaction: issuing locks the draft, then takes the year's counter row with an upsert, so two issuing at once get
// consecutive numbers and a refused issue takes none. The same semantics as d1/invoices.server.ts, held to the same
// contract by tests/port-contract/invoices-suite.ts. What billing reads (unbilled, list) is one call each too
// (supabase/migrations/20261204000200_push_billing_reads.sql; tests/port-contract/billing-sources-suite.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import { INVOICES_PAGE_SIZE, UNBILLED_AT_ONCE, type InvoiceStore } from "~/backend/port-invoices.server";
import {
  toInvoice,
  toInvoiceSummary,
  toListedPayment,
  toUnbilledAppointment,
  toUnbilledCall,
  toUnbilledOrder,
  type BillableItemRow,
  type CreditNoteRow,
  type InvoiceLinkRow,
  type InvoiceRow,
  type InvoiceSummaryRow,
  type ListedPaymentRow,
  type PaymentRow,
  type UnbilledAppointmentRow,
  type UnbilledCallRow,
  type UnbilledOrderRow,
} from "~/backend/rows/billing.server";
import { int } from "~/backend/rows/order.server";
import { pageCountOf } from "~/domain/paging";
import { check } from "./clients.server";

/** Postgres sends bigint columns as numbers in jsonb, and PostgREST a bigint result as a number or a string. */
type Num = number | string;
/** public.push_invoice's answer: the invoice's columns, its items' and its link's (null until sent). */
type InvoiceAnswer = InvoiceRow & { items: BillableItemRow[]; link: InvoiceLinkRow | null; payments: PaymentRow[]; credits: CreditNoteRow[] };

type DraftAnswer = { ok: true; id: Num } | { ok: false; reason: "nothing-to-bill" };
type IssueAnswer = { ok: true; number: string } | { ok: false; reason: "stale" | "not-found" | "issued" };
type SendAnswer = { ok: true } | { ok: false; reason: "not-found" | "draft" };
type PaymentAnswer = { ok: true } | { ok: false; reason: "not-found" | "draft" | "over" };
type CreditAnswer = { ok: true; number: string } | { ok: false; reason: "not-found" | "draft" | "over" };
type StripePaymentAnswer = { ok: true } | { ok: false; reason: "not-found" | "draft" | "over" | "duplicate" };

const toInvoiceOrNull = (row: InvoiceAnswer | null) => (row === null ? null : toInvoice(row, row));

export function supabaseInvoiceStore(service: SupabaseClient): InvoiceStore {
  return {
    async addItems(items, now) {
      if (items.length === 0) return 0;
      const rows = items.map((item) => ({
        source: item.source,
        customer_id: item.customerId,
        work_day: item.workDay,
        currency: item.currency,
        amount_minor: item.amountMinor,
        rate_line_id: item.rateLineId,
        language_id: item.languageId,
        computation: item.computation,
      }));
      return int(check<Num>(await service.rpc("push_add_billable_items", { p_items: rows, p_now: now })));
    },

    async createDraft({ customerId, currency, from, to, by }, now) {
      const answer = check<DraftAnswer>(
        await service.rpc("push_create_invoice_draft", { p_customer_id: customerId, p_currency: currency, p_from: from, p_to: to, p_by: by, p_now: now }),
      );
      return answer.ok ? { ok: true, id: int(answer.id) } : answer;
    },

    async issue(id, { basedOn, taxBasisPoints, year, by }, now) {
      return check<IssueAnswer>(
        await service.rpc("push_issue_invoice", { p_id: id, p_based_on: basedOn, p_tax_bp: taxBasisPoints, p_year: year, p_by: by, p_now: now }),
      );
    },

    async send(id, { link, locale, mail, by }, now) {
      const p_mail = { kind: mail.kind, to_email: mail.to, subject: mail.subject, body: mail.body };
      return check<SendAnswer>(
        await service.rpc("push_send_invoice", { p_id: id, p_hash: link.hash, p_sealed: link.sealed, p_locale: locale, p_mail, p_by: by, p_now: now }),
      );
    },

    async recordPayment(id, { amountMinor, paidOn, method, reference, by }, now) {
      return check<PaymentAnswer>(
        await service.rpc("push_record_invoice_payment", {
          ...{ p_id: id, p_amount_minor: amountMinor, p_paid_on: paidOn, p_method: method, p_reference: reference },
          ...{ p_by: by, p_now: now },
        }),
      );
    },

    async credit(id, { amountMinor, reason, year, by }, now) {
      return check<CreditAnswer>(
        await service.rpc("push_credit_invoice", { p_id: id, p_amount_minor: amountMinor, p_reason: reason, p_year: year, p_by: by, p_now: now }),
      );
    },

    async recordStripePayment(id, { amountMinor, paidOn, reference, eventId }, now) {
      return check<StripePaymentAnswer>(
        await service.rpc("push_record_stripe_payment", {
          ...{ p_id: id, p_amount_minor: amountMinor, p_paid_on: paidOn, p_reference: reference, p_event_id: eventId, p_now: now },
        }),
      );
    },

    async get(id) {
      return toInvoiceOrNull(check<InvoiceAnswer | null>(await service.rpc("push_invoice", { p_id: id })));
    },

    async paymentsAfter(afterId, limit) {
      return check<ListedPaymentRow[]>(await service.rpc("push_payments_after", { p_after: afterId, p_limit: limit })).map(toListedPayment);
    },

    async byLink(tokenHash) {
      return toInvoiceOrNull(check<InvoiceAnswer | null>(await service.rpc("push_invoice_by_link", { p_hash: tokenHash })));
    },

    async unbilled(lateCancellationHours) {
      const answer = check<{ appointments: UnbilledAppointmentRow[]; orders: UnbilledOrderRow[]; calls: UnbilledCallRow[] }>(
        await service.rpc("push_unbilled_work", { p_late_hours: lateCancellationHours, p_limit: UNBILLED_AT_ONCE }),
      );
      return {
        appointments: answer.appointments.map(toUnbilledAppointment),
        orders: answer.orders.map(toUnbilledOrder),
        calls: answer.calls.map(toUnbilledCall),
      };
    },

    async list(page) {
      const answer = check<{ total: Num; items: InvoiceSummaryRow[] }>(
        await service.rpc("push_invoices_page", { p_page_size: INVOICES_PAGE_SIZE, p_offset: (page - 1) * INVOICES_PAGE_SIZE }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(toInvoiceSummary), total, page, pageCount: pageCountOf(total, INVOICES_PAGE_SIZE) };
    },
  };
}
