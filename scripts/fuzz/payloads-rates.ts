// Values of the Rates page's "Add a line" fields (surface-kinds.ts: "rateSide" … "rateDay"; the price, the
// late-cancellation charge and the currency are the orders' "amount" and "currency"): what the page's own forms send,
// so the fuzzed field is the only bad one, and what each check of app/domain/rate-forms.ts must refuse where a generic
// hostile value would not reach it (a unit the work is not priced in, a count past its limit, a percentage with three
// decimals or over 500, a day before today or that does not exist, an e-mail that is almost one).
import { SERVICES, UNITS, UNITS_OF } from "../../app/domain/pricing";
import type { HostileSource } from "./files";
import type { IdPools } from "./params";
import { dayFromToday, type OrderContext } from "./payloads-orders";
import type { Rng } from "./prng";
import type { FieldKind } from "./surface-kinds";
import { text, type Payload } from "./values";

/**
 * A plausible value of a rate-line field, or null when the kind is not one of them. The side and the work come first
 * in the form (surface-rates.ts), so the unit is mostly one the work is priced in and only the side's own party is
 * named: an untwisted post mostly adds a line.
 */
export function plausibleRateValue(kind: FieldKind, rng: Rng, ids: IdPools, context: OrderContext): string | null {
  switch (kind) {
    case "rateSide":
      return rng.pick(["bill", "pay"]);
    case "rateService":
      return rng.pick(SERVICES);
    case "rateUnit": {
      const service = SERVICES.find((each) => each === context.rateService);
      return service && rng.chance(0.9) ? rng.pick(UNITS_OF[service]) : rng.pick(UNITS);
    }
    case "rateLanguage":
      return ids.languageIds.length && rng.chance(0.6) ? String(rng.pick(ids.languageIds)) : "";
    // Mostly the list price; now and then a customer that does not exist (400, nothing stored).
    case "rateCustomer":
      return context.rateSide === "bill" && rng.chance(0.15) ? "nobody-rates@example.com" : "";
    // Mostly the default pay; now and then the sample interpreter's own rate, or nobody's.
    case "rateInterpreter":
      return context.rateSide === "pay"
        ? rng.weighted([
            [6, ""],
            [3, "interpreter@example.com"],
            [1, "nobody-rates@example.com"],
          ])
        : "";
    case "rateQuantity":
      return String(rng.pick([1, 15, 30, 60, 120, 500, rng.int(1, 1440)]));
    case "ratePercent":
      return rng.pick(["", "", "25", "12.5", "0", "100"]);
    case "rateDay":
      return dayFromToday(rng.chance(0.5) ? 0 : rng.int(1, 365));
    default:
      return null;
  }
}

const CHOICES = ["", "BILL", "bill ", "both", "__proto__", "constructor", "hour,word", "Translation", "per hour"];
const LANGUAGES = ["0", "-1", "1.5", "1e2", "0x10", " 1", "9007199254740993", "١", "any"];
const QUANTITIES = ["-1", "1441", "100001", "1.5", "1e3", "0x10", "１２０", "Infinity", "", "99999999999999999999"];
const PERCENTS = ["500.01", "-5", "12.345", "1e2", "25%", "%25", "NaN", "1,5", "٢٥", "0.001"];
const PARTIES = ["a@b", "@example.com", "x@", `${"x".repeat(250)}@example.com`, "a b@example.com", "admin@example.com\nBcc: x@example.com"];

function days(): string[] {
  return [dayFromToday(-1), dayFromToday(-400), "2026-02-30", "2026-13-01", "9999-12-31", "0000-01-01", "12/31/2026", "2026-1-5", "+275760-09-13"];
}

/** A hostile value aimed at a rate-line field's own check, or null for a generic one (payloads.ts). */
export function rateHostile(kind: FieldKind, source: HostileSource): Payload | null {
  const { rng } = source;
  const aimed = (values: readonly string[], label: string): Payload | null => (rng.chance(0.65) ? { value: text(rng.pick(values)), label } : null);
  switch (kind) {
    case "rateSide":
    case "rateService":
    case "rateUnit":
      return aimed(CHOICES, "rate choice");
    case "rateLanguage":
      return aimed(LANGUAGES, "language");
    case "rateCustomer":
    case "rateInterpreter":
      return aimed(PARTIES, "e-mail");
    case "rateQuantity":
      return aimed(QUANTITIES, "quantity");
    case "ratePercent":
      return aimed(PERCENTS, "percent");
    case "rateDay":
      return aimed(days(), "day");
    default:
      return null;
  }
}
