// The invoice document (issue 26, build item 4): everything the customer's page and the PDF print, already in the
// reader's language. One function of the invoice makes it for both, so the PDF can never say something the page
// does not; the PDF's code only lays these strings out (app/features/billing/invoice-pdf/).
import type { Locale } from "~/i18n";

/** A label and its value, printed "Label: value" in the reader's direction. */
export type DocumentFact = { label: string; value: string };

export type InvoiceDocument = {
  locale: Locale;
  /** "Invoice PUSH-2026-0001" (the PDF's title and the page's heading). */
  title: string;
  /** The company's name and the lines under it (its address, e-mail). */
  company: { name: string; lines: string[] };
  /** Number, issued, period, customer, status, in this order. */
  facts: DocumentFact[];
  /** The column headings of the lines. */
  columns: { work: string; amount: string };
  /** Each billed item: its computation in words ("2 h 10 min on site → … = $182.81") and its amount. */
  lines: { words: string; amount: string }[];
  /** Subtotal, tax, total; then paid and the open balance once anything is paid or credited. */
  totals: DocumentFact[];
  /** How to pay (bank-transfer details), and anything else under the totals. */
  footer: string[];
};
