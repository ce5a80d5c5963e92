// Rates and the price of one piece of work (issue 26; docs/decisions/0035-money-and-rounding.md). Pure: the rate lines,
// the company's billing calendar and the work come in; the amount and the computation that explains it come out.
// Money is integer minor units throughout; each line is computed exactly (BigInt) and rounded once, half-up.
import { wallClockOf } from "./zoned-time";

/** What a rate line prices. Video and phone interpreting share one kind ("remote"). */
export const SERVICES = ["translation", "onsite", "remote", "call"] as const;
export type Service = (typeof SERVICES)[number];

export const UNITS = ["word", "page", "flat", "hour", "minute"] as const;
export type Unit = (typeof UNITS)[number];

/** The units each service may be priced in. */
export const UNITS_OF = {
  translation: ["word", "page", "flat"],
  onsite: ["hour"],
  remote: ["minute", "hour"],
  call: ["minute"],
} as const satisfies Record<Service, readonly Unit[]>;

export const SURCHARGES = ["rush", "afterHours", "weekend", "holiday"] as const;
export type Surcharge = (typeof SURCHARGES)[number];

/** Seconds in one unit of a time-priced line; one for the counted units. */
const SECONDS_PER_UNIT: Record<Unit, number> = { hour: 3600, minute: 60, word: 1, page: 1, flat: 1 };
const isTimeUnit = (unit: Unit) => unit === "hour" || unit === "minute";

/**
 * One price: a customer's bill ("bill") or an interpreter's pay ("pay"). A line is never edited once work used it; a
 * new price is a new line with a later effective date, so work already done keeps the price of its day.
 */
export type RateLine = {
  id: number;
  side: "bill" | "pay";
  service: Service;
  unit: Unit;
  /** The language it prices, or null for any language. */
  languageId: number | null;
  /** A customer's contract rate (bill lines only); null for the list. */
  customerId: number | null;
  /** One interpreter's own pay rate (pay lines only); null for the default. */
  interpreterId: string | null;
  currency: string;
  /** The price of one unit (an hour, a minute, a word, a page, or the whole job), in minor units. */
  priceMinor: number;
  /** The least billed: minutes for time units, else words, pages or 1. */
  minimum: number;
  /** What is billed in after the minimum, in the same measure as the minimum (at least 1). */
  increment: number;
  /** Surcharges in basis points of the line (2500 = 25 %); 0 = none. */
  surcharges: Record<Surcharge, number>;
  /** Charged instead of the work for a late cancellation or a customer's no-show, in minor units. */
  lateCancellationMinor: number;
  /** The company's calendar day from which the line prices work (YYYY-MM-DD). */
  effectiveFrom: string;
};

/** The company's calendar as billing reads it. */
export type BillingCalendar = {
  /** The company's time zone: days, weekends, holidays and hours are its wall clock. */
  zone: string;
  /** Days of the week (0 = Sunday … 6 = Saturday) billed as the weekend. */
  weekendDays: readonly number[];
  /** Work starting before `from` or at or after `to` (HH:MM) is after hours. */
  businessHours: { from: string; to: string };
  holidays: readonly { date: string; name: string }[];
  /** Work asked for less than this many hours before its start (or due) is rush work. */
  rushNoticeHours: number;
  /** A cancellation less than this many hours before the start is late. */
  lateCancellationHours: number;
};

/** What happened, in the measures billing reads. Instants are milliseconds since the epoch. */
export type Work =
  | {
      kind: "appointment";
      mode: "onsite" | "video" | "phone";
      /** Null once the language was deleted: only a line for any language prices it. */
      languageId: number | null;
      /** The actual start when it took place; the booked start otherwise. */
      start: number;
      bookedAt: number;
      outcome: { kind: "held"; seconds: number } | { kind: "customer-no-show" } | { kind: "interpreter-no-show" } | { kind: "cancelled"; at: number };
    }
  | { kind: "call"; languageId: number | null; start: number; seconds: number }
  | { kind: "translation"; languageId: number | null; requestedAt: number; dueAt: number; words?: number; pages?: number };

/** Whose price applies: a customer's (bill) or an interpreter's (pay), in a currency. */
export type PriceParty = { side: "bill"; customerId: number; currency: string } | { side: "pay"; interpreterId: string; currency: string };

/** How an amount was reached: enough to say it in either language (pricing-words.ts) and to check it. */
export type Computation =
  | {
      kind: "measured";
      what: "onsite" | "video" | "phone" | "call" | "translation";
      unit: Unit;
      /** What was done and what is billed: seconds for time units, else words, pages or 1. */
      actual: number;
      billed: number;
      /** In the same measure as actual. */
      minimum: number;
      increment: number;
      priceMinor: number;
      surcharges: { kind: Surcharge; basisPoints: number; holiday?: string }[];
    }
  | { kind: "late-cancellation"; hoursBefore: number; windowHours: number }
  /** An order, billed at the quote the customer accepted (not priced from rates). */
  | { kind: "quote"; orderId: number }
  | { kind: "customer-no-show" }
  | { kind: "interpreter-no-show" };

export type Priced = { amountMinor: number; currency: string; rateLineId: number | null; computation: Computation };

export type PriceRefusal = "no-rate" | "no-quantity";

const serviceOf = (work: Work): Service =>
  work.kind === "appointment" ? (work.mode === "onsite" ? "onsite" : "remote") : work.kind === "call" ? "call" : "translation";

/** The company calendar day of an instant. */
const dayOf = (instant: number, zone: string) => wallClockOf(instant, zone).date;

/**
 * The line that prices `service` in `languageId` on `day` for `party`: the party's own line before the list, a line
 * for the language before one for any language, and of those the one in effect on the day (the latest effective date
 * on or before it). Lines in another currency never apply.
 */
export function rateFor(lines: readonly RateLine[], party: PriceParty, service: Service, languageId: number | null, day: string): RateLine | null {
  const own = (line: RateLine) => (party.side === "bill" ? line.customerId : line.interpreterId);
  const partyOf = party.side === "bill" ? party.customerId : party.interpreterId;
  const rank = (line: RateLine) => (own(line) !== null ? 2 : 0) + (line.languageId !== null ? 1 : 0);
  const candidates = lines.filter(
    (line) =>
      line.side === party.side &&
      line.service === service &&
      line.currency === party.currency &&
      line.effectiveFrom <= day &&
      (own(line) === null || own(line) === partyOf) &&
      (line.languageId === null || line.languageId === languageId),
  );
  candidates.sort((a, b) => rank(b) - rank(a) || b.effectiveFrom.localeCompare(a.effectiveFrom) || b.id - a.id);
  return candidates[0] ?? null;
}

/** The billed quantity: the minimum, or the minimum and as many whole increments as it takes to cover the rest. */
export function billedQuantity(actual: number, minimum: number, increment: number): number {
  if (actual <= minimum) return minimum;
  return minimum + Math.ceil((actual - minimum) / increment) * increment;
}

/** numerator / denominator rounded half-up (both non-negative), exactly. */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

type Applied = Extract<Computation, { kind: "measured" }>["surcharges"];

/**
 * The surcharges on work starting at `start`, asked for `noticeMs` before it (null: on demand, never rush). Rush and
 * after hours add to the rest; a public holiday and the weekend do not both count (the larger does). A translation has
 * no hours or days of its own (`timed` false): only rush applies to it.
 */
function surchargesFor(line: RateLine, calendar: BillingCalendar, start: number, noticeMs: number | null, timed = true): Applied {
  const applied: Applied = [];
  if (line.surcharges.rush > 0 && noticeMs !== null && noticeMs < calendar.rushNoticeHours * 3_600_000)
    applied.push({ kind: "rush", basisPoints: line.surcharges.rush });
  if (!timed) return applied;
  const wall = wallClockOf(start, calendar.zone);
  if (line.surcharges.afterHours > 0 && (wall.time < calendar.businessHours.from || wall.time >= calendar.businessHours.to))
    applied.push({ kind: "afterHours", basisPoints: line.surcharges.afterHours });
  const holiday = calendar.holidays.find((day) => day.date === wall.date);
  const weekday = new Date(`${wall.date}T00:00:00Z`).getUTCDay();
  const holidayShare = holiday ? line.surcharges.holiday : 0;
  const weekendShare = calendar.weekendDays.includes(weekday) ? line.surcharges.weekend : 0;
  if (holidayShare > 0 && holidayShare >= weekendShare) applied.push({ kind: "holiday", basisPoints: holidayShare, holiday: holiday!.name });
  else if (weekendShare > 0) applied.push({ kind: "weekend", basisPoints: weekendShare });
  return applied;
}

/** The price of a measured piece of work on a line: billed quantity × unit price, plus surcharges, rounded once. */
function measured(line: RateLine, what: Extract<Computation, { kind: "measured" }>["what"], actual: number, surcharges: Applied): Priced {
  const scale = isTimeUnit(line.unit) ? 60 : 1; // minimum and increment of time units are minutes; actual is seconds
  const minimum = line.unit === "flat" ? 1 : line.minimum * scale;
  const increment = line.unit === "flat" ? 1 : Math.max(1, line.increment) * scale;
  const billed = line.unit === "flat" ? 1 : billedQuantity(actual, minimum, increment);
  const basisPoints = surcharges.reduce((sum, surcharge) => sum + surcharge.basisPoints, 0);
  const amountMinor = roundHalfUp(BigInt(line.priceMinor) * BigInt(billed) * BigInt(10_000 + basisPoints), BigInt(SECONDS_PER_UNIT[line.unit]) * 10_000n);
  return {
    amountMinor,
    currency: line.currency,
    rateLineId: line.id,
    computation: { kind: "measured", what, unit: line.unit, actual, billed, minimum, increment, priceMinor: line.priceMinor, surcharges },
  };
}

/**
 * The price of one piece of work for a customer (bill) or an interpreter (pay), or why it has none: no line prices it,
 * or a translation priced per word or page does not say how many. A cancellation in good time prices nothing (null).
 */
export function priceWork(work: Work, lines: readonly RateLine[], party: PriceParty, calendar: BillingCalendar): Priced | null | { refused: PriceRefusal } {
  const line = rateFor(lines, party, serviceOf(work), work.languageId, dayOf(work.kind === "translation" ? work.requestedAt : work.start, calendar.zone));
  if (!line) return { refused: "no-rate" };
  if (work.kind === "call") return measured(line, "call", work.seconds, surchargesFor(line, calendar, work.start, null));
  if (work.kind === "translation") {
    const quantity = line.unit === "word" ? work.words : line.unit === "page" ? work.pages : 1;
    if (quantity === undefined || quantity <= 0) return { refused: "no-quantity" };
    return measured(line, "translation", quantity, surchargesFor(line, calendar, work.requestedAt, work.dueAt - work.requestedAt, false));
  }
  const { outcome } = work;
  const charge = (computation: Computation, amountMinor: number): Priced => ({ amountMinor, currency: line.currency, rateLineId: line.id, computation });
  switch (outcome.kind) {
    case "held":
      return measured(line, work.mode, outcome.seconds, surchargesFor(line, calendar, work.start, work.start - work.bookedAt));
    case "customer-no-show":
      return charge({ kind: "customer-no-show" }, line.lateCancellationMinor);
    case "interpreter-no-show":
      return charge({ kind: "interpreter-no-show" }, 0);
    case "cancelled": {
      const hoursBefore = (work.start - outcome.at) / 3_600_000;
      if (hoursBefore >= calendar.lateCancellationHours) return null;
      return charge(
        { kind: "late-cancellation", hoursBefore: Math.max(0, Math.floor(hoursBefore)), windowHours: calendar.lateCancellationHours },
        line.lateCancellationMinor,
      );
    }
  }
}
