// A priced line in words (issue 26): what was done, what is billed and why, in the reader's language, e.g.
// "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h + 25 % weekend = $182.81".
// The words are made from the stored computation, so an invoice reads in its customer's language whoever priced it.
import { format, formatNumber, plural, type Locale, type Messages } from "~/i18n";
import { orderNumber } from "./order-records";
import { formatAmount } from "./orders";
import type { Computation, Priced, Unit } from "./pricing";

type Words = Messages["billing"]["line"];

/** A duration of whole seconds: "2 h 10 min", "1 min 1 s"; `compact` joins a single part for use as an adjective ("15-min"). */
function duration(words: Words, locale: Locale, seconds: number, compact = false): string {
  const parts: string[] = [];
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const part = (template: string, count: number) => format(template, { count: formatNumber(locale, count) });
  if (hours) parts.push(part(words.duration.hours, hours));
  if (minutes) parts.push(part(words.duration.minutes, minutes));
  if (rest || parts.length === 0) parts.push(part(words.duration.seconds, rest));
  if (compact && parts.length === 1) return parts[0]!.replace(" ", words.duration.compactJoiner);
  return parts.join(words.duration.joiner);
}

/** A quantity in the line's measure: a duration (in seconds) for time units, else words or pages; also the Rates page's. */
export function quantity(words: Words, locale: Locale, unit: Unit, amount: number, compact = false): string {
  if (unit === "hour" || unit === "minute") return duration(words, locale, amount, compact);
  if (unit === "page") return plural(locale, words.pages, amount);
  return plural(locale, words.words, amount);
}

function percent(words: Words, locale: Locale, basisPoints: number): string {
  return format(words.percent, { number: formatNumber(locale, basisPoints / 100, { maximumFractionDigits: 2 }) });
}

function surchargeWords(words: Words, locale: Locale, computation: Extract<Computation, { kind: "measured" }>): string {
  return computation.surcharges
    .map((surcharge) =>
      format(words.surcharge, {
        percent: percent(words, locale, surcharge.basisPoints),
        name: format(words.surcharges[surcharge.kind], { name: surcharge.holiday ?? "" }),
      }),
    )
    .join("");
}

/**
 * The line's explanation in `locale`, ending with its amount: a customer's bill line ("billed"), or an interpreter's pay
 * line ("paid", on their statement).
 */
export function explainPriced(priced: Priced, locale: Locale, t: Messages, side: "bill" | "pay" = "bill"): string {
  const words = side === "pay" ? { ...t.billing.line, ...t.billing.line.pay } : t.billing.line;
  const amount = formatAmount(priced.amountMinor, priced.currency, locale);
  const { computation } = priced;
  switch (computation.kind) {
    case "customer-no-show":
      return format(words.customerNoShow, { amount });
    case "interpreter-no-show":
      return words.interpreterNoShow;
    case "quote":
      return format(words.quote, { number: orderNumber(computation.orderId), amount });
    case "late-cancellation":
      return format(words.lateCancellation, {
        hours: plural(locale, words.hoursBefore, computation.hoursBefore),
        window: plural(locale, words.hoursBefore, computation.windowHours),
        amount,
      });
    case "measured": {
      const surcharges = surchargeWords(words, locale, computation);
      if (computation.unit === "flat") return format(words.flat, { what: words.flatWhat, surcharges, amount });
      const { unit } = computation;
      const rules = [format(words.minimum, { quantity: quantity(words, locale, unit, computation.minimum) })];
      // An increment of one word or page says nothing; a time increment always says how time is counted.
      if (unit === "hour" || unit === "minute" || computation.increment > 1)
        rules.push(format(words.increments, { quantity: quantity(words, locale, unit, computation.increment, true) }));
      return format(words.measured, {
        actual: quantity(words, locale, unit, computation.actual),
        what: words.what[computation.what],
        billed: quantity(words, locale, unit, computation.billed),
        rules: rules.join(words.rulesJoiner),
        price: formatAmount(computation.priceMinor, priced.currency, locale),
        unit: words.unit[unit],
        surcharges,
        amount,
      });
    }
  }
}
