// The price of each piece of work, and its words (issue 26; docs/decisions/0035): one table of worked cases, each the
// line a customer or an interpreter would read and its amount in minor units. Worked by hand: 2 h 10 min at $65.00/h
// with a 2 h minimum and 15-min increments is 2.25 h × 6500 = 14625 cents; + 25 % = 18281.25 → 18281.
// Run in workerd, whose ICU data (time zones, currency formats) is what production reads.
import { describe, expect, it } from "vitest";
import { en, ar } from "~/i18n";
import { priceWork, type BillingCalendar, type PriceParty, type RateLine, type Work } from "~/domain/pricing";
import { explainPriced } from "~/domain/pricing-words";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const calendar: BillingCalendar = {
  zone: "America/Denver",
  weekendDays: [0, 6],
  businessHours: { from: "08:00", to: "18:00" },
  holidays: [
    { date: "2026-12-25", name: "Christmas Day" },
    { date: "2026-12-26", name: "Boxing Day" },
  ],
  rushNoticeHours: 24,
  lateCancellationHours: 24,
};

const NO_SURCHARGES = { rush: 0, afterHours: 0, weekend: 0, holiday: 0 };
const line = (id: number, fields: Partial<RateLine> & Pick<RateLine, "service" | "unit" | "priceMinor">): RateLine => ({
  id,
  side: "bill",
  languageId: null,
  customerId: null,
  interpreterId: null,
  currency: "USD",
  minimum: 1,
  increment: 1,
  surcharges: NO_SURCHARGES,
  lateCancellationMinor: 0,
  effectiveFrom: "2026-01-01",
  ...fields,
});

const ARABIC = 7;
const FRENCH = 8;
const SPANISH = 9;
const SOMALI = 3;

const lines: RateLine[] = [
  line(1, {
    service: "onsite",
    unit: "hour",
    priceMinor: 6500,
    minimum: 120,
    increment: 15,
    surcharges: { rush: 2000, afterHours: 1500, weekend: 2500, holiday: 5000 },
    lateCancellationMinor: 13000,
  }),
  // The list price goes up in the new year: work before it keeps $65.00.
  line(8, { service: "onsite", unit: "hour", priceMinor: 7000, minimum: 120, increment: 15, effectiveFrom: "2027-01-01" }),
  line(9, { service: "onsite", unit: "hour", languageId: SOMALI, priceMinor: 8000, minimum: 120, increment: 15 }),
  line(7, { service: "onsite", unit: "hour", customerId: 2, priceMinor: 5500, minimum: 60, increment: 30 }),
  line(2, { service: "remote", unit: "minute", priceMinor: 125, minimum: 30, increment: 1, surcharges: { ...NO_SURCHARGES, afterHours: 1000 } }),
  line(3, { service: "call", unit: "minute", priceMinor: 150, minimum: 1, increment: 1 }),
  line(4, { service: "translation", unit: "word", languageId: ARABIC, priceMinor: 12, minimum: 250, surcharges: { ...NO_SURCHARGES, rush: 5000 } }),
  line(5, { service: "translation", unit: "page", languageId: FRENCH, priceMinor: 3000 }),
  line(6, { service: "translation", unit: "flat", languageId: SPANISH, priceMinor: 25000 }),
  line(10, { service: "remote", unit: "hour", currency: "KWD", priceMinor: 12345, minimum: 60, increment: 15 }),
  line(11, { side: "pay", service: "onsite", unit: "hour", priceMinor: 4000, minimum: 120, increment: 15 }),
  line(12, { side: "pay", service: "onsite", unit: "hour", interpreterId: "interpreter-amira", priceMinor: 4500, minimum: 120, increment: 15 }),
];

const customer: PriceParty = { side: "bill", customerId: 1, currency: "USD" };
const onSite = (start: string, minutes: number, bookedBefore = 14 * DAY): Extract<Work, { kind: "appointment" }> => ({
  kind: "appointment",
  mode: "onsite",
  languageId: ARABIC,
  start: at(start),
  bookedAt: at(start) - bookedBefore,
  outcome: { kind: "held", seconds: minutes * 60 },
});

type Case = { name: string; work: Work; party?: PriceParty; words: string; amountMinor: number };

// Denver is UTC−7 in winter: 10:00 there is 17:00Z. 8 December 2026 is a Tuesday, 12 December a Saturday.
const cases: Case[] = [
  {
    name: "a weekday on site: the 2 h minimum and 15-min increments",
    work: onSite("2026-12-08T17:00:00Z", 130),
    words: "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h = $146.25",
    amountMinor: 14625,
  },
  {
    name: "shorter than the minimum: the minimum is billed",
    work: onSite("2026-12-08T17:00:00Z", 90),
    words: "1 h 30 min on site → 2 h billed (2 h minimum, 15-min increments) × $65.00/h = $130.00",
    amountMinor: 13000,
  },
  {
    name: "a Saturday: the weekend surcharge, rounded half-up once for the line (18281.25 → 18281)",
    work: onSite("2026-12-12T17:00:00Z", 130),
    words: "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h + 25 % weekend = $182.81",
    amountMinor: 18281,
  },
  {
    name: "a weekday evening (19:00): after hours",
    work: onSite("2026-12-09T02:00:00Z", 120),
    words: "2 h on site → 2 h billed (2 h minimum, 15-min increments) × $65.00/h + 15 % after hours = $149.50",
    amountMinor: 14950,
  },
  {
    name: "a public holiday the company keeps",
    work: onSite("2026-12-25T17:00:00Z", 180),
    words: "3 h on site → 3 h billed (2 h minimum, 15-min increments) × $65.00/h + 50 % public holiday (Christmas Day) = $292.50",
    amountMinor: 29250,
  },
  {
    name: "a holiday on a Saturday counts once, as the larger of the two",
    work: onSite("2026-12-26T17:00:00Z", 120),
    words: "2 h on site → 2 h billed (2 h minimum, 15-min increments) × $65.00/h + 50 % public holiday (Boxing Day) = $195.00",
    amountMinor: 19500,
  },
  {
    name: "booked 5 hours ahead: rush",
    work: onSite("2026-12-08T17:00:00Z", 120, 5 * HOUR),
    words: "2 h on site → 2 h billed (2 h minimum, 15-min increments) × $65.00/h + 20 % rush = $156.00",
    amountMinor: 15600,
  },
  {
    name: "rush, after hours and the weekend add up",
    work: onSite("2026-12-13T03:00:00Z", 150, 3 * HOUR),
    words: "2 h 30 min on site → 2 h 30 min billed (2 h minimum, 15-min increments) × $65.00/h + 20 % rush + 15 % after hours + 25 % weekend = $260.00",
    amountMinor: 26000,
  },
  {
    name: "cancelled 5 hours before the start: the late-cancellation charge",
    work: { ...onSite("2026-12-08T17:00:00Z", 0), outcome: { kind: "cancelled", at: at("2026-12-08T12:00:00Z") } },
    words: "Cancelled 5 hours before the start (under 24 hours) → late-cancellation charge $130.00",
    amountMinor: 13000,
  },
  {
    name: "the customer did not come: charged as a late cancellation",
    work: { ...onSite("2026-12-08T17:00:00Z", 0), outcome: { kind: "customer-no-show" } },
    words: "The customer did not come → late-cancellation charge $130.00",
    amountMinor: 13000,
  },
  {
    name: "the interpreter did not come: nothing billed",
    work: { ...onSite("2026-12-08T17:00:00Z", 0), outcome: { kind: "interpreter-no-show" } },
    words: "The interpreter did not come → nothing billed",
    amountMinor: 0,
  },
  {
    name: "a customer's contract rate overrides the list (1 h minimum, 30-min increments)",
    work: onSite("2026-12-08T17:00:00Z", 70),
    party: { side: "bill", customerId: 2, currency: "USD" },
    words: "1 h 10 min on site → 1 h 30 min billed (1 h minimum, 30-min increments) × $55.00/h = $82.50",
    amountMinor: 8250,
  },
  {
    name: "the rate changed after the work (on 1 January): the old rate applies to 31 December",
    work: onSite("2026-12-31T17:00:00Z", 120),
    words: "2 h on site → 2 h billed (2 h minimum, 15-min increments) × $65.00/h = $130.00",
    amountMinor: 13000,
  },
  {
    name: "… and the new rate to work from 1 January",
    work: onSite("2027-01-05T17:00:00Z", 120),
    words: "2 h on site → 2 h billed (2 h minimum, 15-min increments) × $70.00/h = $140.00",
    amountMinor: 14000,
  },
  {
    name: "a line for the language before the line for any language",
    work: { ...onSite("2026-12-08T17:00:00Z", 120), languageId: SOMALI },
    words: "2 h on site → 2 h billed (2 h minimum, 15-min increments) × $80.00/h = $160.00",
    amountMinor: 16000,
  },
  {
    name: "a call of 61 seconds with 1-minute increments: 2 minutes",
    work: { kind: "call", languageId: ARABIC, start: at("2026-12-08T17:00:00Z"), seconds: 61 },
    words: "1 min 1 s call → 2 min billed (1 min minimum, 1-min increments) × $1.50/min = $3.00",
    amountMinor: 300,
  },
  {
    name: "video after hours: half-up at exactly half a cent (4262.5 → 4263)",
    work: {
      kind: "appointment",
      mode: "video",
      languageId: ARABIC,
      start: at("2026-12-09T02:00:00Z"),
      bookedAt: at("2026-12-01T00:00:00Z"),
      outcome: { kind: "held", seconds: 31 * 60 },
    },
    words: "31 min by video → 31 min billed (30 min minimum, 1-min increments) × $1.25/min + 10 % after hours = $42.63",
    amountMinor: 4263,
  },
  {
    name: "a currency with 3 minor digits (KWD): 1.25 h × 12.345 = 15.43125 → 15.431",
    work: {
      kind: "appointment",
      mode: "phone",
      languageId: ARABIC,
      start: at("2026-12-08T17:00:00Z"),
      bookedAt: at("2026-12-01T00:00:00Z"),
      outcome: { kind: "held", seconds: 65 * 60 },
    },
    party: { side: "bill", customerId: 3, currency: "KWD" },
    words: "1 h 5 min by phone → 1 h 15 min billed (1 h minimum, 15-min increments) × KWD 12.345/h = KWD 15.431",
    amountMinor: 15431,
  },
  {
    name: "a translation per word, above the minimum",
    work: { kind: "translation", languageId: ARABIC, requestedAt: at("2026-12-01T17:00:00Z"), dueAt: at("2026-12-08T17:00:00Z"), words: 1250 },
    words: "1,250 words translated → 1,250 words billed (250 words minimum) × $0.12/word = $150.00",
    amountMinor: 15000,
  },
  {
    name: "a short translation due in 12 hours: the word minimum and rush",
    work: { kind: "translation", languageId: ARABIC, requestedAt: at("2026-12-12T17:00:00Z"), dueAt: at("2026-12-13T05:00:00Z"), words: 100 },
    words: "100 words translated → 250 words billed (250 words minimum) × $0.12/word + 50 % rush = $45.00",
    amountMinor: 4500,
  },
  {
    name: "a translation per page",
    work: { kind: "translation", languageId: FRENCH, requestedAt: at("2026-12-01T17:00:00Z"), dueAt: at("2026-12-08T17:00:00Z"), pages: 12 },
    words: "12 pages translated → 12 pages billed (1 page minimum) × $30.00/page = $360.00",
    amountMinor: 36000,
  },
  {
    name: "a translation at a flat rate",
    work: { kind: "translation", languageId: SPANISH, requestedAt: at("2026-12-01T17:00:00Z"), dueAt: at("2026-12-08T17:00:00Z") },
    words: "Document translation at a flat rate = $250.00",
    amountMinor: 25000,
  },
  {
    name: "interpreter pay: the default rate, which has no weekend surcharge",
    work: onSite("2026-12-12T17:00:00Z", 130),
    party: { side: "pay", interpreterId: "interpreter-daniel", currency: "USD" },
    words: "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $40.00/h = $90.00",
    amountMinor: 9000,
  },
  {
    name: "interpreter pay: an interpreter's own rate",
    work: onSite("2026-12-12T17:00:00Z", 130),
    party: { side: "pay", interpreterId: "interpreter-amira", currency: "USD" },
    words: "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $45.00/h = $101.25",
    amountMinor: 10125,
  },
];

describe("priced work, in words and minor units", () => {
  it.each(cases)("$name", ({ work, party, words, amountMinor }) => {
    const priced = priceWork(work, lines, party ?? customer, calendar);
    if (!priced || "refused" in priced) throw new Error(`not priced: ${JSON.stringify(priced)}`);
    expect(explainPriced(priced, "en", en).replaceAll("\u00a0", " ")).toBe(words);
    expect(priced.amountMinor).toBe(amountMinor);
  });

  it("has at least 15 worked cases", () => expect(cases.length).toBeGreaterThanOrEqual(15));
});

describe("what prices nothing, or cannot be priced", () => {
  it("a cancellation 24 hours or more before the start is not billed", () => {
    const work: Work = { ...onSite("2026-12-08T17:00:00Z", 0), outcome: { kind: "cancelled", at: at("2026-12-07T17:00:00Z") } };
    expect(priceWork(work, lines, customer, calendar)).toBeNull();
  });

  it("no line in the customer's currency: refused, not priced in another currency", () => {
    expect(priceWork(onSite("2026-12-08T17:00:00Z", 120), lines, { ...customer, currency: "EUR" }, calendar)).toEqual({ refused: "no-rate" });
  });

  it("no line in effect yet on the day of the work", () => {
    expect(priceWork(onSite("2025-12-08T17:00:00Z", 120), lines, customer, calendar)).toEqual({ refused: "no-rate" });
  });

  it("a translation priced per word that does not say how many words", () => {
    const work: Work = { kind: "translation", languageId: ARABIC, requestedAt: at("2026-12-01T17:00:00Z"), dueAt: at("2026-12-08T17:00:00Z") };
    expect(priceWork(work, lines, customer, calendar)).toEqual({ refused: "no-quantity" });
  });
});

describe("the same lines in Arabic", () => {
  const arabic = (work: Work, party: PriceParty = customer) => {
    const priced = priceWork(work, lines, party, calendar);
    if (!priced || "refused" in priced) throw new Error("not priced");
    // ICU marks each Arabic amount with a right-to-left mark (U+200F) and joins it to its currency with a no-break space.
    return explainPriced(priced, "ar", ar).replaceAll("\u200f", "").replaceAll("\u00a0", " ");
  };

  it("a weekend appointment", () => {
    expect(arabic(onSite("2026-12-12T17:00:00Z", 130))).toBe(
      "2 س و10 د حضوريًا ← 2 س و15 د مفوترة (حدّ أدنى 2 س، بزيادات 15 د) × 65.00 US$/س + 25٪ عطلة نهاية الأسبوع = 182.81 US$",
    );
  });

  it("a translation per word, and a late cancellation", () => {
    const words: Work = { kind: "translation", languageId: ARABIC, requestedAt: at("2026-12-01T17:00:00Z"), dueAt: at("2026-12-08T17:00:00Z"), words: 1250 };
    expect(arabic(words)).toBe("1,250 كلمة مترجمة ← 1,250 كلمة مفوترة (حدّ أدنى 250 كلمة) × 0.12 US$/كلمة = 150.00 US$");
    const cancelled: Work = { ...onSite("2026-12-08T17:00:00Z", 0), outcome: { kind: "cancelled", at: at("2026-12-08T12:00:00Z") } };
    expect(arabic(cancelled)).toBe("أُلغي قبل البدء بـ5 ساعات (أقل من 24 ساعة) ← رسم إلغاء متأخر 130.00 US$");
  });
});
