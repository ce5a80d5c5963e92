// The invoice as its customer reads it (issue 26, build item 4): one function makes the words of the customer's page
// and of the PDF, in the reader's language, so the two never differ. Pure: the route hands it the invoice, the
// customer and the company's contact lines.
import type { Invoice } from "~/backend/port-invoices.server";
import type { InvoiceDocument } from "~/domain/invoice-document";
import { invoiceState, openBalance } from "~/domain/invoices";
import { companyToday, formatAmount } from "~/domain/orders";
import { explainPriced } from "~/domain/pricing-words";
import { format, formatDate, formatNumber, type Locale, type Messages } from "~/i18n";
import { periodWords } from "./invoice-words";

/** An issued invoice, with what the document prints of its customer and of the company. */
export type DocumentSource = {
  invoice: Invoice & { number: string; issuedAt: number };
  customer: { name: string; email: string };
  company: { name: string; address: string; email: string };
  /** The company's bank-transfer details (lines), printed while anything is open; null when it keeps none. */
  bankTransfer: string | null;
};

/** What an invoice is still owed: its total less its payments and its credit notes. */
export const openOf = (invoice: Pick<Invoice, "totalMinor" | "paidMinor" | "creditedMinor">) =>
  openBalance(invoice.totalMinor ?? 0, invoice.paidMinor, invoice.creditedMinor);

/** An invoice's state from its sending, its payments and its credit notes. */
export const staffStateOf = (invoice: Pick<Invoice, "status" | "totalMinor" | "paidMinor" | "creditedMinor"> & { sent: boolean }) =>
  invoiceState({
    issued: invoice.status === "issued",
    sent: invoice.sent,
    totalMinor: invoice.totalMinor ?? 0,
    paidMinor: invoice.paidMinor,
    creditedMinor: invoice.creditedMinor,
  });

export function invoiceDocument({ invoice, customer, company, bankTransfer }: DocumentSource, locale: Locale, m: Messages): InvoiceDocument {
  const t = m.billing.document;
  const money = (minor: number) => formatAmount(minor, invoice.currency, locale);
  const state = staffStateOf({ ...invoice, sent: invoice.link !== null });
  const open = openOf(invoice);
  return {
    locale,
    title: format(t.title, { number: invoice.number }),
    company: { name: company.name, lines: [company.address, company.email].filter((line) => line.trim() !== "") },
    facts: [
      { label: t.number, value: invoice.number },
      { label: t.issued, value: formatDate(locale, companyToday(new Date(invoice.issuedAt))) },
      { label: t.period, value: periodWords(m, locale, invoice) },
      { label: t.billedTo, value: `${customer.name} (${customer.email})` },
      { label: t.status, value: t.statuses[state === "draft" ? "issued" : state] },
    ],
    columns: t.columns,
    lines: invoice.items.map((item) => ({
      words: explainPriced({ amountMinor: item.amountMinor, currency: item.currency, rateLineId: item.rateLineId, computation: item.computation }, locale, m),
      amount: money(item.amountMinor),
    })),
    totals: [
      { label: t.subtotal, value: money(invoice.subtotalMinor ?? 0) },
      {
        label: format(t.tax, { percent: formatNumber(locale, (invoice.taxBasisPoints ?? 0) / 10_000, { style: "percent", maximumFractionDigits: 2 }) }),
        value: money(invoice.taxMinor ?? 0),
      },
      { label: t.total, value: money(invoice.totalMinor ?? 0) },
      ...invoice.credits.map((note) => ({ label: format(t.creditNote, { number: note.number, reason: note.reason }), value: money(note.amountMinor) })),
      ...(invoice.paidMinor > 0 ? [{ label: t.paid, value: money(invoice.paidMinor) }] : []),
      ...(invoice.paidMinor > 0 || invoice.creditedMinor > 0 ? [{ label: t.open, value: money(open) }] : []),
    ],
    footer: [
      ...(open > 0 && bankTransfer ? [t.bankTransfer, ...bankTransfer.split("\n").filter((line) => line.trim() !== "")] : []),
      ...(company.email.trim() === "" ? [] : [format(t.questions, { email: company.email })]),
    ],
  };
}
