// Invoices (issue 26, build item 3; docs/decisions/0035): the number an issued invoice gets, its totals, and the state
// its payments and credit notes put it in. Pure: the stores keep the rows, these rules say what they mean.
import { roundHalfUp } from "./pricing";

/** The prefix of every invoice number: PUSH-2026-0001. */
export const INVOICE_PREFIX = "PUSH";

/**
 * The number of the `sequence`-th invoice issued in `year`: PUSH-2026-0001, …, PUSH-2026-9999, PUSH-2026-10000. The
 * sequence is unbroken per year and assigned atomically at issue (the stores' concern); this only writes it.
 */
export function invoiceNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(year) || year < 2000 || year > 9999) throw new RangeError(`not an invoice year: ${year}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`not an invoice sequence: ${sequence}`);
  return `${INVOICE_PREFIX}-${year}-${String(sequence).padStart(4, "0")}`;
}

/** The longest reason a credit note gives (it is printed on the invoice). */
export const CREDIT_REASON_MAX = 300;

/** The year and sequence of an invoice number, or null for anything that is not one. */
export function parseInvoiceNumber(text: string): { year: number; sequence: number } | null {
  const match = /^PUSH-(\d{4})-(\d{4,9})$/.exec(text);
  if (!match) return null;
  const sequence = Number(match[2]);
  // 0001 is the first; a number written with more padding than it needs (00001) is not one we issue.
  if (sequence < 1 || (match[2]!.length > 4 && match[2]!.startsWith("0"))) return null;
  return { year: Number(match[1]), sequence };
}

export type InvoiceTotals = { subtotalMinor: number; taxMinor: number; totalMinor: number };

/**
 * The subtotal is the sum of the lines' amounts as printed (each rounded once already); the tax, at the company's
 * rate in basis points, is computed on the subtotal and rounded once, half-up; the total is their sum.
 */
export function invoiceTotals(lineAmounts: readonly number[], taxBasisPoints: number): InvoiceTotals {
  if (!Number.isSafeInteger(taxBasisPoints) || taxBasisPoints < 0 || taxBasisPoints > 10_000) throw new RangeError(`not a tax rate: ${taxBasisPoints}`);
  const subtotalMinor = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  if (!Number.isSafeInteger(subtotalMinor) || subtotalMinor < 0) throw new RangeError("an invoice's lines add up to a whole, non-negative amount");
  const taxMinor = roundHalfUp(BigInt(subtotalMinor) * BigInt(taxBasisPoints), 10_000n);
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}

export type InvoiceState = "draft" | "issued" | "sent" | "partly-paid" | "paid" | "credited";

/** What is still owed: the total less what was paid and what credit notes took off (never below zero). */
export function openBalance(totalMinor: number, paidMinor: number, creditedMinor: number): number {
  return Math.max(0, totalMinor - paidMinor - creditedMinor);
}

/**
 * An issued invoice's state from its money: credited in full → credited; nothing open → paid; something paid or
 * credited but not all → partly paid; otherwise sent once e-mailed, else issued. A draft is a draft whatever it holds.
 */
export function invoiceState(invoice: { issued: boolean; sent: boolean; totalMinor: number; paidMinor: number; creditedMinor: number }): InvoiceState {
  if (!invoice.issued) return "draft";
  if (invoice.totalMinor > 0 && invoice.creditedMinor >= invoice.totalMinor) return "credited";
  if (openBalance(invoice.totalMinor, invoice.paidMinor, invoice.creditedMinor) === 0) return "paid";
  if (invoice.paidMinor > 0 || invoice.creditedMinor > 0) return "partly-paid";
  return invoice.sent ? "sent" : "issued";
}

/**
 * How much a new credit note may take off: at most what is neither paid nor credited yet, so an invoice is never
 * credited below zero (a refund of a paid invoice is a payment's matter, not a credit note's).
 */
export function creditAllowed(totalMinor: number, paidMinor: number, creditedMinor: number, amountMinor: number): boolean {
  return Number.isSafeInteger(amountMinor) && amountMinor > 0 && amountMinor <= openBalance(totalMinor, paidMinor, creditedMinor);
}
