// Values of the quote request's and the orders' own fields (surface-kinds.ts: "company" … "interpreterId", and the
// order list's filters): what the product's own forms send, so the fuzzed field is the only bad one, and what each
// field's check must refuse where a generic hostile value would not reach it (a past day, a target equal to the
// source, an amount with a digit too many, a currency not on the list). Days are on the company's calendar, as the
// product counts them (companyToday, America/Denver).
import { companyToday, ORDER_STATUSES, QUOTE_CURRENCIES } from "../../app/domain/orders";
import { QUOTE_LIMITS } from "../../app/domain/quote-request";
import type { HostileSource } from "./files";
import type { AppointmentFixture, IdPools, OrderFixture } from "./params";
import type { Rng } from "./prng";
import type { FieldKind, QueryKind } from "./surface-kinds";
import { text, type Payload } from "./values";

/**
 * What a field's value may depend on: the order or appointment its path names (a plausible `basedOn` is its version),
 * the form's source language (targets differ), the person an availability form is about (a plausible row to remove
 * is theirs) and the form's first calendar day (a plausible last day of time off comes after it).
 */
/** What a form's earlier fields chose, for its later plausible values: `rateSide` and `rateService` a rate line's. */
export type OrderContext = {
  order?: OrderFixture;
  appointment?: AppointmentFixture;
  source?: string;
  person?: string;
  day?: string;
  rateSide?: string;
  rateService?: string;
};

/** The day `days` after today on the company's calendar. */
export function dayFromToday(days: number, now = new Date()): string {
  const [year, month, day] = companyToday(now).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const uuid = (rng: Rng) => `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`;
const known = (rng: Rng, pool: number[], share: number, spread: number) =>
  String(pool.length && rng.chance(share) ? rng.pick(pool) : rng.int(1, Math.max(0, ...pool) + spread));

/** A plausible value of an order field, or null when the kind is not one of them. */
export function plausibleOrderValue(kind: FieldKind, rng: Rng, ids: IdPools, context: OrderContext): string | null {
  switch (kind) {
    case "company":
      return rng.chance(0.5) ? "" : `Fuzz Company ${rng.int(1, 999)}`;
    case "serviceId":
      return known(rng, ids.serviceIds, 0.85, 6);
    case "sourceLanguage":
      return known(rng, ids.languageIds, 0.9, 20);
    case "targetLanguages": {
      const others = ids.languageIds.filter((id) => String(id) !== context.source);
      return known(rng, others, 0.9, 20);
    }
    // Mostly days ahead; today itself now and then (the first day the form allows).
    case "deadline":
      return dayFromToday(rng.chance(0.1) ? 0 : rng.int(1, 90));
    case "dueDate":
      return dayFromToday(rng.int(8, 60));
    case "validUntil":
      return dayFromToday(rng.int(0, 7));
    case "amount":
      return rng.pick(["1,250.50", "80", "99.90", "12,000", "0.50", "1999.99", "350.5"]);
    case "currency":
      return rng.pick(QUOTE_CURRENCIES);
    case "consent":
      return "on";
    // The sample interpreter is the one the set-up's orders are eligible for (orders.ts); others are not.
    case "interpreterId":
      if (ids.sampleInterpreterId && rng.chance(0.6)) return ids.sampleInterpreterId;
      return ids.userIds.length && rng.chance(0.7) ? rng.pick(ids.userIds) : uuid(rng);
    // A text part where a file input is sent without multipart: what a browser sends is the file's name.
    case "documents":
      return "";
    default:
      return null;
  }
}

const IDS = ["0", "-1", "1.5", "1e1", "01", " 1", "1 ", "99999", "9999999999", "10000000000", "0x1", "١", "NaN", "", "1,2"];
const DAYS = (): string[] => [
  dayFromToday(-1),
  dayFromToday(-400),
  "2026-02-30",
  "2026-13-01",
  "0000-00-00",
  "9999-12-31",
  "12/31/2026",
  "2026-1-5",
  "20261231",
  `${dayFromToday(3)}T00:00`,
  ` ${dayFromToday(3)}`,
  "２０２６-１２-０１",
  "+275760-09-13",
  "2026-W50-1",
  "today",
  "9999-99-99",
];
const AMOUNTS = [
  "1.005",
  "1,25",
  "1,2345.00",
  "-5",
  "0",
  "0.00",
  "1e3",
  "Infinity",
  "NaN",
  "99999999999999999999",
  "1 000",
  "١٢٣",
  "$5",
  "5.",
  ".5",
  "90071992547409.93",
  "1,000,00",
  ",100",
  "0x10",
  "12.3456",
  "1.000",
  "+5",
];
const CURRENCIES = ["usd", "XXX", "BTC", "US", "USD ", "", "JPY", "EURO", "€", "KWD\u0000", "Usd"];
const CONSENTS = ["off", "", "ON", "true", "on ", "1", "yes"];
const STATUSES = ["NEW", "new ", "all", "new,quoted", "in progress", "in_progress\u0000", "__proto__", "constructor", "toString", ""];

/**
 * A hostile value aimed at an order field's own check, or null for a generic one (payloads.ts). `context.source`
 * lets a target language be the source itself.
 */
export function orderHostile(kind: FieldKind, source: HostileSource, ids: IdPools, context: OrderContext): Payload | null {
  const { rng } = source;
  const aimed = (values: readonly string[], label: string): Payload | null => (rng.chance(0.65) ? { value: text(rng.pick(values)), label } : null);
  switch (kind) {
    case "targetLanguages":
      if (context.source && rng.chance(0.4)) return { value: text(context.source), label: "target = source" };
      return aimed(IDS, "language id");
    case "serviceId":
    case "sourceLanguage":
      return aimed(IDS, "id");
    case "deadline":
    case "dueDate":
      return aimed(DAYS(), "day");
    // Also after the due date (a quote valid longer than the work takes is refused).
    case "validUntil":
      return aimed([...DAYS(), dayFromToday(365)], "day");
    case "amount":
      return aimed(AMOUNTS, "amount");
    case "currency":
      return aimed(CURRENCIES, "currency");
    case "consent":
      return aimed(CONSENTS, "consent");
    // Nobody, someone not eligible (any other person), or not an id at all.
    case "interpreterId":
      return aimed(["", " ", "x".repeat(65), "00000000-0000-0000-0000-000000000000", uuid(rng), ...ids.userIds.slice(0, 3)], "interpreter");
    default:
      return null;
  }
}

/** One target language more than a request may name, all distinct (the languages there are, then made-up ids). */
export function tooManyTargets(ids: IdPools): string[] {
  const count = QUOTE_LIMITS.targets + 1;
  const made = Array.from({ length: count }, (_, i) => 100_000 + i);
  return [...ids.languageIds, ...made].slice(0, count).map(String);
}

/** Plausible values of the order list's filters; null for the other query kinds. */
export function plausibleOrderQuery(kind: QueryKind, rng: Rng, ids: IdPools): string | null {
  switch (kind) {
    case "orderStatus":
      return rng.pick(ORDER_STATUSES);
    case "date":
      return dayFromToday(rng.int(-30, 1));
    case "languageId":
      return known(rng, ids.languageIds, 0.8, 10);
    default:
      return null;
  }
}

/** A hostile filter value its reader (orderQueryFrom) has to refuse, or null for a generic one. */
export function orderQueryHostile(kind: QueryKind, rng: Rng): Payload | null {
  if (!["orderStatus", "date", "languageId"].includes(kind) || !rng.chance(0.6)) return null;
  switch (kind) {
    case "orderStatus":
      return { value: text(rng.pick(STATUSES)), label: "status" };
    case "date":
      return { value: text(rng.pick(DAYS())), label: "day" };
    case "languageId":
      return { value: text(rng.pick(IDS)), label: "id" };
    default:
      return null;
  }
}
