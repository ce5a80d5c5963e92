// The invoices as CSV for the accountant (issue 26, build item 6): every invoice, newest first, read and sent a page at
// a time (a year of invoices never sits in memory at once). Amounts in the currency's units with its minor digits
// (146.25, not 14625), days as YYYY-MM-DD, the state as the staff's pages say it; what was paid, what credit notes took
// off, and what is still open. Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import { PAYMENTS_AT_ONCE, type InvoiceSummary, type ListedPayment } from "~/backend/port-invoices.server";
import { csvLines } from "~/domain/csv";
import { companyToday, minorDigits } from "~/domain/orders";
import { openOf, staffStateOf } from "./invoice-document";

const HEADER = [
  "number",
  "status",
  "issued_on",
  "customer",
  "email",
  "period_from",
  "period_to",
  "currency",
  "subtotal",
  "tax",
  "total",
  "paid",
  "credited",
  "open",
];

/** 14625 USD → "146.25"; 1000 KWD (three minor digits) → "1.000". */
export const units = (minor: number, currency: string) => (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

export function invoicesCsv(invoices: readonly InvoiceSummary[], { header }: { header: boolean }): string {
  const rows = invoices.map((invoice) => {
    const money = (minor: number | null) => (minor === null ? null : units(minor, invoice.currency));
    const total = invoice.totalMinor ?? invoice.itemsMinor;
    return [
      invoice.number ?? "",
      staffStateOf({ ...invoice, sent: invoice.sentAt !== null }),
      invoice.issuedAt === null ? null : companyToday(new Date(invoice.issuedAt)),
      invoice.customerName,
      invoice.customerEmail,
      invoice.periodFrom,
      invoice.periodTo,
      invoice.currency,
      money(invoice.subtotalMinor ?? invoice.itemsMinor),
      money(invoice.taxMinor),
      money(total),
      money(invoice.paidMinor),
      money(invoice.creditedMinor),
      money(invoice.status === "issued" ? openOf(invoice) : null),
    ];
  });
  return csvLines(header ? [HEADER, ...rows] : rows);
}

export function invoicesCsvStream(backend: Backend): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let page = 1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const listed = await backend.invoices.list(page);
      const text = invoicesCsv(listed.items, { header: page === 1 });
      if (text) controller.enqueue(encoder.encode(text));
      if (page >= listed.pageCount) return controller.close();
      page++;
    },
  });
}

const PAYMENT_HEADER = ["payment", "invoice", "customer", "email", "paid_on", "method", "reference", "currency", "amount", "recorded_by", "recorded_at"];

/** Payments as CSV: one row each, amounts in units, who recorded it ("stripe" for Stripe's, else the staff member's id). */
export function paymentsCsv(payments: readonly ListedPayment[], { header }: { header: boolean }): string {
  const rows = payments.map((payment) => [
    payment.id,
    payment.invoiceNumber,
    payment.customerName,
    payment.customerEmail,
    payment.paidOn,
    payment.method,
    payment.reference,
    payment.currency,
    units(payment.amountMinor, payment.currency),
    payment.recordedBy,
    new Date(payment.recordedAt).toISOString(),
  ]);
  return csvLines(header ? [PAYMENT_HEADER, ...rows] : rows);
}

/** Every payment as CSV, in the order recorded, read a batch at a time after the last one sent (a cursor, not pages). */
export function paymentsCsvStream(backend: Backend): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const batch = await backend.invoices.paymentsAfter(after, PAYMENTS_AT_ONCE);
      const text = first && batch.length === 0 ? csvLines([PAYMENT_HEADER]) : paymentsCsv(batch, { header: first });
      first = false;
      if (text) controller.enqueue(encoder.encode(text));
      if (batch.length < PAYMENTS_AT_ONCE) return controller.close();
      after = batch.at(-1)!.id;
    },
  });
}
