// One rate line for the tests of rate cards (issue 26) to start from: an on-site hour at $65.00, a 2 h minimum in
// 15-minute increments, 20 % rush, 15 % after hours, 25 % at weekends, 50 % on public holidays, $130.00 for a late
// cancellation, from 8 December 2026 — as the store takes it, and as the Rates page's form posts it.
import type { Computation } from "~/domain/pricing";
import type { RateLineInput } from "~/domain/rate-forms";

/** The line as the store takes it, `fields` typed over it. */
export const sampleRateLine = (fields: Partial<RateLineInput> = {}): RateLineInput => ({
  side: "bill",
  service: "onsite",
  unit: "hour",
  languageId: null,
  customerEmail: null,
  interpreterEmail: null,
  currency: "USD",
  priceMinor: 6500,
  minimum: 120,
  increment: 15,
  surcharges: { rush: 2000, afterHours: 1500, weekend: 2500, holiday: 5000 },
  lateCancellationMinor: 13000,
  effectiveFrom: "2026-12-08",
  ...fields,
});

/** The same line as the "Add a line" form posts it (the fields rateLineSchema reads), `fields` typed over it. */
export const sampleRateLineFields = (fields: Record<string, string> = {}): Record<string, string> => ({
  side: "bill",
  service: "onsite",
  unit: "hour",
  language: "",
  customer: "",
  interpreter: "",
  currency: "USD",
  price: "65.00",
  minimum: "120",
  increment: "15",
  rush: "20",
  afterHours: "15",
  weekend: "25",
  holiday: "50",
  lateCancellation: "130",
  effectiveFrom: "2026-12-08",
  ...fields,
});

/** How an item of that line was priced: 2 h 10 min on site, 2 h 15 min billed at $65.00/h, 25 % at the weekend. */
export const sampleComputation: Computation = {
  kind: "measured",
  what: "onsite",
  unit: "hour",
  actual: 7800,
  billed: 8100,
  minimum: 7200,
  increment: 900,
  priceMinor: 6500,
  surcharges: [{ kind: "weekend", basisPoints: 2500 }],
};
