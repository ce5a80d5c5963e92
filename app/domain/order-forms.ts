// The shared schemas of the order forms (issue 13): the thread's message, and staff's quote, assign, cancel and note.
// Each form also carries `basedOn`, the order's version its page showed (docs/decisions/0018).
import { z } from "zod";
import { PERSON_FIELD_MAX_LENGTH } from "./people";
import { format, localized, type Messages } from "~/i18n";
import { companyToday, isCalendarDate, minorDigits, parseAmount, QUOTE_CURRENCIES } from "./orders";

export const ORDER_LIMITS = { message: 5000, note: 2000, reason: 500 } as const;

const basedOn = z.coerce.number().int().positive();
const text = (t: Messages, required: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(max, { error: format(t.validation.tooLong, { max }) }),
  );

export const messageSchema = localized((t) => z.object({ body: text(t, t.orders.thread.required, ORDER_LIMITS.message) }));

/** A quote: a price in the currency's minor unit, and two days on the company's calendar, from today on. */
export function quoteFormSchema(t: Messages, now: Date) {
  const v = t.orders.detail.validation;
  const today = companyToday(now);
  const day = (message: string) => z.string({ error: message }).refine((value) => isCalendarDate(value) && value >= today, { error: message });
  return z
    .object({
      basedOn,
      currency: z.enum(QUOTE_CURRENCIES, { error: v.currencyInvalid }),
      amount: z.string({ error: v.amountInvalid }),
      dueDate: day(v.dueDateInvalid),
      validUntil: day(v.validUntilInvalid),
    })
    .transform((form, context) => {
      const amountMinor = parseAmount(form.amount, form.currency);
      if (amountMinor === null) {
        context.addIssue({ code: "custom", path: ["amount"], message: format(v.amountInvalid, { digits: minorDigits(form.currency) }) });
        return z.NEVER;
      }
      if (form.validUntil > form.dueDate) {
        context.addIssue({ code: "custom", path: ["validUntil"], message: v.validUntilInvalid });
        return z.NEVER;
      }
      return { basedOn: form.basedOn, quote: { amountMinor, currency: form.currency, dueDate: form.dueDate, validUntil: form.validUntil } };
    });
}

export const assignSchema = localized((t) =>
  z.object({
    basedOn,
    interpreterId: z
      .string({ error: t.orders.detail.validation.interpreterInvalid })
      .trim()
      .min(1, { error: t.orders.detail.validation.interpreterInvalid })
      .max(PERSON_FIELD_MAX_LENGTH, { error: t.orders.detail.validation.interpreterInvalid }),
  }),
);

export const cancelSchema = localized((t) => z.object({ basedOn, reason: text(t, t.orders.detail.validation.reasonRequired, ORDER_LIMITS.reason) }));

export const noteSchema = localized((t) =>
  z.object({
    note: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
      z
        .string()
        .trim()
        .max(ORDER_LIMITS.note, { error: format(t.orders.detail.validation.noteTooLong, { max: ORDER_LIMITS.note }) }),
    ),
  }),
);

/** The forms whose only field is the version: complete, deliver (its files are read apart). */
export const versionSchema = z.object({ basedOn });
