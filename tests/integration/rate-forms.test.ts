// The rate-line form's schema (issue 26, build item 1): what a valid line becomes, and every refusal with the field
// it names. A new price starts today or later on the company's calendar (America/Denver).
import { describe, expect, it } from "vitest";
import { en } from "~/i18n";
import { parsePercent, rateLineSchema } from "~/domain/rate-forms";
import { sampleRateLine, sampleRateLineFields } from "../support/rate-line-samples";

const now = new Date("2026-12-08T17:00:00Z"); // 10:00 on 8 December in Denver
const choices = { languageIds: [1, 2, 7] };
const schema = rateLineSchema(en, now, choices);

const valid = sampleRateLineFields();

/** The field messages a posted form gets, by field. */
function refusals(fields: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("a rate line as posted", () => {
  it("becomes a line in minor units and basis points", () => {
    // The form's fields and the store's line of tests/support/rate-line-samples.ts are the same line.
    expect(schema.parse(valid)).toEqual(sampleRateLine());
  });

  it("a customer's contract rate for one language, in KWD with 3 digits, a surcharge of 12.5 %", () => {
    const line = schema.parse({
      ...valid,
      language: "7",
      customer: " Ana@Example.com ",
      currency: "KWD",
      price: "12.345",
      rush: "12.5",
      afterHours: "",
      weekend: "",
      holiday: "",
      lateCancellation: "",
    });
    expect(line).toMatchObject({
      languageId: 7,
      customerEmail: "ana@example.com",
      priceMinor: 12345,
      surcharges: { rush: 1250, afterHours: 0, weekend: 0, holiday: 0 },
      lateCancellationMinor: 0,
    });
  });

  it("a flat translation price ignores the minimum and increment fields", () => {
    expect(schema.parse({ ...valid, service: "translation", unit: "flat", minimum: "", increment: "" })).toMatchObject({
      unit: "flat",
      minimum: 1,
      increment: 1,
    });
  });

  it("an interpreter's pay rate names an interpreter, never a customer; a customer's price never an interpreter", () => {
    const v = en.billing.rates.validation;
    expect(schema.parse({ ...valid, side: "pay", interpreter: " Daniel.Reyes@Example.com " })).toMatchObject({
      side: "pay",
      interpreterEmail: "daniel.reyes@example.com",
      customerEmail: null,
    });
    expect(refusals({ ...valid, side: "pay", customer: "ana@example.com" })).toEqual({ customer: v.customer });
    expect(refusals({ ...valid, side: "bill", interpreter: "amira@example.com" })).toEqual({ interpreter: v.interpreter });
  });
});

describe("refused, each with its field's message", () => {
  const v = en.billing.rates.validation;
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ["a unit the work is not priced in (on site per word)", { unit: "word" }, { unit: v.unit }],
    ["an unknown service", { service: "courier" }, { service: v.service }],
    ["a language that is not offered", { language: "99" }, { language: v.language }],
    ["a customer that is not an e-mail", { customer: "Ana Ruiz" }, { customer: v.customer }],
    ["an interpreter that is not an e-mail", { side: "pay", interpreter: "Amira" }, { interpreter: v.interpreter }],
    ["a currency not in the list", { currency: "XYZ" }, { currency: v.currency }],
    ["a price of zero", { price: "0" }, { price: "Enter a price above zero, with at most 2 digits after the point." }],
    ["a price with 3 decimals in USD", { price: "65.001" }, { price: "Enter a price above zero, with at most 2 digits after the point." }],
    ["a negative minimum", { minimum: "-5" }, { minimum: "Enter a whole number from 0 to 1440 (at least 1 for an increment)." }],
    ["an increment of zero", { increment: "0" }, { increment: "Enter a whole number from 0 to 1440 (at least 1 for an increment)." }],
    ["a minimum over a day", { minimum: "1441" }, { minimum: "Enter a whole number from 0 to 1440 (at least 1 for an increment)." }],
    ["a surcharge over 500 %", { weekend: "501" }, { weekend: "Enter a percentage from 0 to 500, with at most two decimals, or leave it empty." }],
    ["a surcharge with three decimals", { rush: "12.125" }, { rush: "Enter a percentage from 0 to 500, with at most two decimals, or leave it empty." }],
    [
      "a late-cancellation charge that is not an amount",
      { lateCancellation: "a lot" },
      { lateCancellation: "Enter an amount above zero, with at most 2 digits after the point, or leave it empty." },
    ],
    ["a price back-dated to yesterday", { effectiveFrom: "2026-12-07" }, { effectiveFrom: v.effectiveFrom }],
    ["a date that does not exist", { effectiveFrom: "2026-02-30" }, { effectiveFrom: v.effectiveFrom }],
  ];
  it.each(cases)("%s", (_name, change, expected) => expect(refusals({ ...valid, ...change })).toEqual(expected));

  it("a field left out altogether, and several wrong at once, each get their message", () => {
    const { price: _price, ...withoutPrice } = valid;
    expect(refusals(withoutPrice)).toEqual({ price: v.price });
    expect(Object.keys(refusals({ ...valid, price: "x", increment: "0", holiday: "x" })).sort()).toEqual(["holiday", "increment", "price"]);
  });
});

describe("percentages", () => {
  it.each([
    ["25", 2500],
    ["12.5", 1250],
    ["0.01", 1],
    ["", 0],
    [" 500 ", 50000],
    ["500.01", null],
    ["-1", null],
    ["1e2", null],
    ["25%", null],
  ] as const)("%j → %j basis points", (text, basisPoints) => expect(parsePercent(text)).toBe(basisPoints));
});
