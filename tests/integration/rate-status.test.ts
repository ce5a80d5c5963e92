// The Rates page's status word for each line (app/domain/rate-status.ts): in effect, from a later date, or replaced by a
// newer line of the same side, work, unit, language, customer or interpreter and currency.
import { describe, expect, it } from "vitest";
import type { RateLine } from "~/domain/pricing";
import { rateStatuses } from "~/domain/rate-status";

const TODAY = "2026-11-27";
let ids = 0;
const line = (fields: Partial<RateLine> = {}): RateLine => ({
  id: ++ids,
  side: "bill",
  service: "onsite",
  unit: "hour",
  languageId: null,
  customerId: null,
  interpreterId: null,
  currency: "USD",
  priceMinor: 6500,
  minimum: 120,
  increment: 15,
  surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 },
  lateCancellationMinor: 0,
  effectiveFrom: TODAY,
  ...fields,
});

describe("rate line statuses", () => {
  it("a lone line from today or earlier is in effect; one from a later day says from when", () => {
    const past = line({ effectiveFrom: "2026-01-01" });
    const later = line({ effectiveFrom: "2026-12-01", service: "call", unit: "minute" });
    const statuses = rateStatuses([later, past], TODAY);
    expect(statuses.get(past.id)).toEqual({ kind: "in-effect" });
    expect(statuses.get(later.id)).toEqual({ kind: "future", from: "2026-12-01" });
  });

  it("a later date replaces an earlier one; a future line replaces nothing yet", () => {
    const old = line({ effectiveFrom: "2026-01-01" });
    const current = line({ effectiveFrom: "2026-06-01" });
    const coming = line({ effectiveFrom: "2027-01-01" });
    const statuses = rateStatuses([coming, current, old], TODAY);
    expect(statuses.get(old.id)).toEqual({ kind: "replaced" });
    expect(statuses.get(current.id)).toEqual({ kind: "in-effect" });
    expect(statuses.get(coming.id)?.kind).toBe("future");
  });

  it("two lines of the same day: the newer one is in effect", () => {
    const first = line();
    const second = line();
    const statuses = rateStatuses([second, first], TODAY);
    expect(statuses.get(first.id)).toEqual({ kind: "replaced" });
    expect(statuses.get(second.id)).toEqual({ kind: "in-effect" });
  });

  it("lines that differ in language, customer, interpreter, unit, currency or side do not replace each other", () => {
    const base = line({ effectiveFrom: "2026-01-01" });
    const others = [
      line({ languageId: 3 }),
      line({ customerId: 7 }),
      line({ side: "pay" }),
      line({ side: "pay", interpreterId: "u-1" }),
      line({ service: "remote", unit: "minute" }),
      line({ service: "remote", unit: "hour" }),
      line({ currency: "EUR" }),
    ];
    const statuses = rateStatuses([...others, base], TODAY);
    for (const each of [base, ...others]) expect(statuses.get(each.id), `line ${each.id}`).toEqual({ kind: "in-effect" });
  });
});
