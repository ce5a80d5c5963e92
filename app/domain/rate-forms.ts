// The rate-line form's shared schema (issue 26, build item 1; docs/decisions/0035): a price for a kind of work, for a
// customer's bill or an interpreter's pay, from a day on. A line is never edited once it may have priced work: a new
// price is a new line, from today on, so no price is back-dated onto work already done.
import { z } from "zod";
import { format, type Messages } from "~/i18n";
import { companyToday, isCalendarDate, minorDigits, parseAmount, QUOTE_CURRENCIES } from "./orders";
import { SERVICES, SURCHARGES, UNITS, UNITS_OF, type RateLine, type Surcharge } from "./pricing";

export const RATE_LIMITS = {
  /** A minimum or an increment of time: at most a day, in minutes. */
  minutes: 1440,
  /** A minimum or an increment of words or pages. */
  count: 100_000,
  /** A surcharge, in percent. */
  surchargePercent: 500,
} as const;

/** "25" or "12.5" (percent, at most two decimals) → basis points (2500, 1250); "" → 0; null for anything else. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= RATE_LIMITS.surchargePercent * 100 ? basisPoints : null;
}

const wholeNumber = (text: string, min: number, max: number): number | null => {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

/** The languages there are. */
export type RateChoices = { languageIds: readonly number[] };

/**
 * A rate line as the form gives it: a customer's contract price names the customer, an interpreter's own rate the
 * interpreter, by e-mail (there may be thousands: no list of everyone to choose from), which the store looks up; null
 * for the list price or the default pay.
 */
export type RateLineInput = Omit<RateLine, "id" | "customerId" | "interpreterId"> & { customerEmail: string | null; interpreterEmail: string | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address the billing forms look a customer or an interpreter up by: name@domain.tld, at most 254 characters. */
export const isBillingEmail = (address: string) => EMAIL.test(address) && address.length <= 254;

const field = (message: string) => z.string({ error: message });

/** The form's fields as posted; the output is a rate line without its id. */
export function rateLineSchema(t: Messages, now: Date, choices: RateChoices) {
  const v = t.billing.rates.validation;
  const today = companyToday(now);
  return z
    .object({
      side: z.enum(["bill", "pay"], { error: v.side }),
      service: z.enum(SERVICES, { error: v.service }),
      unit: z.enum(UNITS, { error: v.unit }),
      language: field(v.language),
      customer: field(v.customer),
      interpreter: field(v.interpreter),
      currency: z.enum(QUOTE_CURRENCIES, { error: v.currency }),
      price: field(v.price),
      minimum: field(v.quantity),
      increment: field(v.quantity),
      rush: field(v.percent),
      afterHours: field(v.percent),
      weekend: field(v.percent),
      holiday: field(v.percent),
      lateCancellation: field(v.lateCancellation),
      effectiveFrom: field(v.effectiveFrom),
    })
    .transform((form, context): RateLineInput => {
      const refuse = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
      if (!(UNITS_OF[form.service] as readonly string[]).includes(form.unit)) refuse("unit", v.unit);

      const language = form.language.trim() === "" ? null : Number(form.language);
      if (language !== null && !choices.languageIds.includes(language)) refuse("language", v.language);
      // A price may name a customer, pay an interpreter; never the other way round.
      const email = (text: string) => (text.trim() === "" ? null : text.trim().toLowerCase());
      const customerEmail = email(form.customer);
      if (customerEmail !== null && (form.side !== "bill" || !isBillingEmail(customerEmail))) refuse("customer", v.customer);
      const interpreterEmail = email(form.interpreter);
      if (interpreterEmail !== null && (form.side !== "pay" || !isBillingEmail(interpreterEmail))) refuse("interpreter", v.interpreter);

      const digits = minorDigits(form.currency);
      const priceMinor = parseAmount(form.price, form.currency);
      if (priceMinor === null) refuse("price", format(v.price, { digits }));
      const lateCancellationMinor = form.lateCancellation.trim() === "" ? 0 : parseAmount(form.lateCancellation, form.currency);
      if (lateCancellationMinor === null) refuse("lateCancellation", format(v.lateCancellation, { digits }));

      // Time is set in minutes; words and pages in their count; a flat price has neither.
      const timed = form.unit === "hour" || form.unit === "minute";
      const most = timed ? RATE_LIMITS.minutes : RATE_LIMITS.count;
      const flat = form.unit === "flat";
      const minimum = flat ? 1 : wholeNumber(form.minimum, 0, most);
      const increment = flat ? 1 : wholeNumber(form.increment, 1, most);
      const range = format(v.quantityRange, { max: most });
      if (minimum === null) refuse("minimum", range);
      if (increment === null) refuse("increment", range);

      const surcharges = {} as Record<Surcharge, number>;
      for (const kind of SURCHARGES) {
        const basisPoints = parsePercent(form[kind]);
        if (basisPoints === null) refuse(kind, format(v.percent, { max: RATE_LIMITS.surchargePercent }));
        surcharges[kind] = basisPoints ?? 0;
      }

      if (!isCalendarDate(form.effectiveFrom) || form.effectiveFrom < today || form.effectiveFrom > "9999-12-30") refuse("effectiveFrom", v.effectiveFrom);
      if (context.issues.length > 0) return z.NEVER;
      return {
        side: form.side,
        service: form.service,
        unit: form.unit,
        languageId: language,
        customerEmail,
        interpreterEmail,
        currency: form.currency,
        priceMinor: priceMinor!,
        minimum: minimum!,
        increment: increment!,
        surcharges,
        lateCancellationMinor: lateCancellationMinor!,
        effectiveFrom: form.effectiveFrom,
      };
    });
}
