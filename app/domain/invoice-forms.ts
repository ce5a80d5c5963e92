// The Invoices pages' forms (issue 26, build item 3; docs/decisions/0037): a new draft names its customer by e-mail
// (there may be thousands: no list to choose from) and its month, whose first to last day is the draft's period; an
// issue names the version the page showed, so a draft changed since is not issued unseen.
import { z } from "zod";
import { format, LOCALES, type Messages } from "~/i18n";
import { isCalendarDate, minorDigits, parseAmount, QUOTE_CURRENCIES } from "./orders";
import { CREDIT_REASON_MAX } from "./invoices";
import { isBillingEmail } from "./rate-forms";
import { isSingleLine } from "./single-line";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-10" → the period 2026-10-01 to 2026-10-31; null for anything that is not a month from 2000 to 9999. */
export function monthPeriod(text: string): { from: string; to: string } | null {
  const match = MONTH.exec(text.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000) return null;
  // Day 0 of the next month is the last day of this one.
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${match[1]}-${match[2]}-01`, to: `${match[1]}-${match[2]}-${String(last).padStart(2, "0")}` };
}

export type DraftInput = { customerEmail: string; from: string; to: string };

export function draftSchema(t: Messages) {
  const v = t.billing.invoices.validation;
  return z.object({ customer: z.string({ error: v.customer }), month: z.string({ error: v.month }) }).transform((form, context): DraftInput => {
    const refuse = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    const customerEmail = form.customer.trim().toLowerCase();
    if (!isBillingEmail(customerEmail)) refuse("customer", v.customer);
    const period = monthPeriod(form.month);
    if (!period) refuse("month", v.month);
    return { customerEmail, from: period?.from ?? "", to: period?.to ?? "" };
  });
}

/** The issue form: the version the page showed (a whole number from 1). */
export function issueSchema(t: Messages) {
  const stale = t.billing.invoices.issue.stale;
  return z.object({
    basedOn: z
      .string({ error: stale })
      .regex(/^[1-9]\d{0,8}$/, { error: stale })
      .transform(Number),
  });
}

/** The send form: the language the customer reads the e-mail, the page and the PDF in. */
export function sendSchema(t: Messages) {
  return z.object({ locale: z.enum(LOCALES, { error: t.billing.invoices.send.chooseLanguage }) });
}

/** An amount typed in `currency` ("40", "40.5", "1,250.00") as minor units, more than zero, at most its minor digits. */
const amountField = (currency: string, message: string) =>
  z
    .string({ error: message })
    .transform((text) => parseAmount(text, currency))
    .refine((minor) => minor !== null && minor > 0, { error: message });

/** The most a payment's reference holds (the table's CHECK). */
export const PAYMENT_REFERENCE_MAX = 200;
/** How a payment came in (the table's CHECK): bank transfer, card, cash, cheque, other. */
export const PAYMENT_METHOD_VALUES = ["bank-transfer", "card", "cash", "cheque", "other"] as const;

export type PaymentInput = { amountMinor: number; paidOn: string; method: (typeof PAYMENT_METHOD_VALUES)[number]; reference: string };

/**
 * "Record a payment": an amount in the invoice's currency (more than zero, at most its minor digits), the calendar day
 * it was paid (not after the company's today), how, and a reference. Whether it is more than what is open is the
 * store's to say, in the write that stores it.
 */
export function paymentSchema(t: Messages, { currency, today }: { currency: string; today: string }) {
  const v = t.billing.invoices.payments.validation;
  const amountMessage = format(v.amount, { digits: minorDigits(currency) });
  // Each field checked on its own, so a form wrong in several places is told about each at once.
  const isPayDay = (text: string) => isCalendarDate(text) && text >= "2000-01-01" && text <= today;
  return z
    .object({
      amount: amountField(currency, amountMessage),
      paidOn: z
        .string({ error: v.paidOn })
        .transform((text) => text.trim())
        .refine(isPayDay, { error: v.paidOn }),
      method: z.enum(PAYMENT_METHOD_VALUES, { error: v.method }),
      reference: z
        .string()
        .default("")
        .transform((text) => text.trim())
        .pipe(z.string().max(PAYMENT_REFERENCE_MAX, { error: v.reference })),
    })
    .transform((form): PaymentInput => ({ amountMinor: form.amount ?? 0, paidOn: form.paidOn, method: form.method, reference: form.reference }));
}

export type CreditInput = { amountMinor: number; reason: string };

/**
 * "Issue a credit note": an amount in the invoice's currency (more than zero, at most its minor digits) and the reason
 * printed for the customer (one line). Whether it is more than what is open is the store's to say, in the write.
 */
export function creditSchema(t: Messages, { currency }: { currency: string }) {
  const v = t.billing.invoices.credits.validation;
  const amountMessage = format(v.amount, { digits: minorDigits(currency) });
  const reasonMessage = format(v.reason, { max: CREDIT_REASON_MAX });
  return z
    .object({
      amount: amountField(currency, amountMessage),
      reason: z
        .string({ error: reasonMessage })
        .transform((text) => text.trim())
        .pipe(z.string().min(1, { error: reasonMessage }).max(CREDIT_REASON_MAX, { error: reasonMessage }).refine(isSingleLine, { error: reasonMessage })),
    })
    .transform((form): CreditInput => ({ amountMinor: form.amount ?? 0, reason: form.reason }));
}

/** A customer's billing currency (issue 26, build item 3): one of the currencies quotes are made in, nothing else. */
export function customerCurrencySchema(t: Messages) {
  const invalid = t.orders.customers.currency.invalid;
  return z.object({ currency: z.enum(QUOTE_CURRENCIES, { error: invalid }) });
}
