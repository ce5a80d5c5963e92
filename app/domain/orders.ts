// Quote requests that become orders (issue 13): an order's states, who may move it from one to the next, and the
// rules every adapter and route applies the same way (docs/decisions/0018). Pure: no storage, no clock of its own.
import { INTL_LOCALE, type Locale } from "~/i18n";

export const ORDER_STATUSES = ["new", "quoted", "accepted", "declined", "in_progress", "delivered", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** States an order can still move on from (and be cancelled in). */
export const OPEN_STATUSES = ["new", "quoted", "accepted", "in_progress", "delivered"] as const satisfies readonly OrderStatus[];

/** Who acts: staff (an admin), the customer (through their status link), or the interpreter assigned to the order. */
export type OrderActor = "staff" | "customer" | "interpreter";

/**
 * Every transition, by the button that makes it. `deliver` is the assigned interpreter's (staff may do it for them);
 * `accept` and `decline` are the customer's alone.
 */
export const ORDER_TRANSITIONS = {
  quote: { from: ["new"], to: "quoted", by: ["staff"] },
  accept: { from: ["quoted"], to: "accepted", by: ["customer"] },
  decline: { from: ["quoted"], to: "declined", by: ["customer"] },
  assign: { from: ["accepted"], to: "in_progress", by: ["staff"] },
  deliver: { from: ["in_progress"], to: "delivered", by: ["interpreter", "staff"] },
  complete: { from: ["delivered"], to: "completed", by: ["staff"] },
  cancel: { from: OPEN_STATUSES, to: "cancelled", by: ["staff"] },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; by: readonly OrderActor[] }>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;
export const ORDER_TRANSITION_NAMES = Object.keys(ORDER_TRANSITIONS) as OrderTransition[];

/**
 * Why a transition is refused (each a 409 or 403 for the route, with words of its own):
 * - `not-yours`: this actor may not make this transition;
 * - `not-allowed`: not from the order's current state;
 * - `stale`: the page it came from showed an older version of the order (someone acted in between);
 * - `quote-expired`: the customer accepts after the quote's last valid day.
 */
export type TransitionRefusal = "not-yours" | "not-allowed" | "stale" | "quote-expired";

export type OrderState = { status: OrderStatus; version: number; quote: Quote | null };

/** The price and dates staff quote. Amounts in the currency's minor unit (cents); dates as YYYY-MM-DD. */
export type Quote = { amountMinor: number; currency: string; dueDate: string; validUntil: string };

/**
 * Whether `actor` may make `transition` on an order in `state`, from a page that showed version `basedOn`, at `now`.
 * The stored change must also be conditional on that version (compare-and-set), so two clicks in the same instant
 * cannot both pass: this function decides what is allowed, the adapter makes it atomic.
 */
export function checkTransition(
  state: OrderState,
  transition: OrderTransition,
  context: { actor: OrderActor; basedOn: number; now: Date },
): { ok: true; to: OrderStatus } | { ok: false; reason: TransitionRefusal } {
  const rule = ORDER_TRANSITIONS[transition];
  if (!(rule.by as readonly OrderActor[]).includes(context.actor)) return { ok: false, reason: "not-yours" };
  if (context.basedOn !== state.version) return { ok: false, reason: "stale" };
  if (!(rule.from as readonly OrderStatus[]).includes(state.status)) return { ok: false, reason: "not-allowed" };
  if (transition === "accept" && (!state.quote || !quoteIsValid(state.quote, context.now))) return { ok: false, reason: "quote-expired" };
  return { ok: true, to: rule.to };
}

/** The transitions `actor` can make now: the buttons a page shows. */
export function availableTransitions(state: OrderState, actor: OrderActor, now: Date): OrderTransition[] {
  return ORDER_TRANSITION_NAMES.filter((name) => checkTransition(state, name, { actor, basedOn: state.version, now }).ok);
}

export const isOpen = (status: OrderStatus) => (OPEN_STATUSES as readonly OrderStatus[]).includes(status);

// ---- dates: the company's calendar ----

/** The company is in Wyoming: "today", a deadline's day and a quote's last valid day are days there. */
export const COMPANY_TIME_ZONE = "America/Denver";

/** The date (YYYY-MM-DD) it is at `now` in the company's time zone. */
export function companyToday(now: Date): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: COMPANY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/**
 * The instant (epoch ms) a day (YYYY-MM-DD) begins on the company's calendar: lists filtered "from" a day start there.
 * The offset is read at 07:00 UTC, which is always before 02:00 in Wyoming, where daylight saving switches.
 */
export function startOfCompanyDay(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, 7));
  const name = new Intl.DateTimeFormat("en-US", { timeZone: COMPANY_TIME_ZONE, timeZoneName: "longOffset" })
    .formatToParts(probe)
    .find((part) => part.type === "timeZoneName")!.value; // "GMT-07:00"
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMinutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return Date.UTC(year, month - 1, day) - offsetMinutes * 60_000;
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** A quote can be accepted through the whole of its last valid day in the company's time zone. */
export function quoteIsValid(quote: Pick<Quote, "validUntil">, now: Date): boolean {
  return companyToday(now) <= quote.validUntil;
}

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A list's ?from= or ?to= day: a real calendar date whose next day still has four digits (a filter "to" a day reads
 * up to the start of the next one), or null. A day that only looks like one (9999-99-99) answered 500 before.
 */
export function filterDay(value: string | null): string | null {
  return value && isCalendarDate(value) && value < "9999-12-31" ? value : null;
}

// ---- money ----

/** The currencies staff can quote in: the company's own, and those of the customers it serves most. */
export const QUOTE_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AED", "SAR", "QAR", "KWD", "EGP"] as const;
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];

/** Digits after the decimal point in a currency (2 for USD, 3 for KWD), as Intl knows them. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * "1,250.5" in USD → 125050 (cents). Null for anything that is not a positive amount with at most the currency's
 * digits after the point. Thousands separators (commas) are allowed; exponents, signs and spaces inside are not.
 */
export function parseAmount(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2]?.length ?? 0) > digits) return null;
  const minor = Number(match[1]!.replaceAll(",", "")) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0") || 0);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** An amount as a person reads it in the page's language: "$1,250.50"; in Arabic "1,250.50 US$" (Western digits). */
export function formatAmount(amountMinor: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency }).format(amountMinor / 10 ** minorDigits(currency));
}

// ---- who can take the work ----

/**
 * The interpreters staff may assign: those linked to the source language and to every target language. The only
 * people the assign form offers, and the only ids its action accepts.
 */
export function eligibleInterpreters<P extends { id: string }>(
  people: readonly P[],
  languagesOf: (person: P) => readonly number[],
  order: { sourceLanguageId: number; targetLanguageIds: readonly number[] },
): P[] {
  return people.filter((person) => {
    const spoken = new Set(languagesOf(person));
    return spoken.has(order.sourceLanguageId) && order.targetLanguageIds.every((id) => spoken.has(id));
  });
}
