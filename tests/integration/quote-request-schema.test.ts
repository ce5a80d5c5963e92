// The quote request form's shared schema (issue 13): what a visitor may send, each refusal with its words in the
// page's language, dates on the company's calendar. Runs inside workerd, where the action runs it.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ar, en, format, type Messages } from "~/i18n";
import { quoteRequestFields, quoteRequestSchema } from "~/domain/quote-request";

const NOW = new Date("2026-11-24T18:00:00Z"); // the 24th in Wyoming
const valid = {
  name: "Lina Haddad",
  email: "lina@example.com",
  phone: "+1 (307) 555-0150",
  company: "",
  service: "2",
  source: "1",
  targets: ["3", "4"],
  deadline: "2026-11-24",
  details: "Two contracts,\r\nabout 12 pages.",
  consent: "on",
};

const errorsOf = (input: Record<string, unknown>, t: Messages = en) => {
  const result = quoteRequestSchema(t, NOW).safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe("quoteRequestSchema", () => {
  it("accepts a whole request, with ids as numbers, targets without repeats and line breaks normalised", () => {
    expect(quoteRequestSchema(en, NOW).parse({ ...valid, targets: ["3", "4", "3"] })).toEqual({
      ...valid,
      service: 2,
      source: 1,
      targets: [3, 4],
      details: "Two contracts,\nabout 12 pages.",
    });
    expect(errorsOf({ ...valid, phone: "", company: "", details: "" })).toEqual({});
  });

  it("says what is missing, field by field", () => {
    expect(errorsOf({ consent: null, targets: [] })).toEqual({
      name: [en.quote.validation.nameRequired],
      email: [en.quote.validation.emailRequired],
      phone: expect.any(Array),
      company: expect.any(Array),
      service: [en.quote.validation.serviceRequired],
      source: [en.quote.validation.sourceRequired],
      targets: [en.quote.validation.targetsRequired],
      deadline: [en.quote.validation.deadlineRequired],
      details: expect.any(Array),
      consent: [en.quote.validation.consentRequired],
    });
  });

  it("refuses a bad email or phone, unknown-looking ids, the source among the targets, and a past or impossible date", () => {
    expect(errorsOf({ ...valid, email: "lina at example.com" })).toEqual({ email: [en.quote.validation.emailInvalid] });
    expect(errorsOf({ ...valid, phone: "call me" })).toEqual({ phone: [en.quote.validation.phoneInvalid] });
    expect(errorsOf({ ...valid, phone: "+1 23" })).toEqual({ phone: [en.quote.validation.phoneInvalid] });
    expect(errorsOf({ ...valid, service: "0" })).toEqual({ service: [en.quote.validation.serviceRequired] });
    expect(errorsOf({ ...valid, source: "1; drop table" })).toEqual({ source: [en.quote.validation.sourceRequired] });
    expect(errorsOf({ ...valid, targets: ["4", "1"] })).toEqual({ targets: [en.quote.validation.sameLanguage] });
    expect(errorsOf({ ...valid, targets: Array.from({ length: 11 }, (_, i) => String(i + 2)) })).toEqual({ targets: [en.quote.validation.targetsRequired] });
    expect(errorsOf({ ...valid, deadline: "2026-11-23" })).toEqual({ deadline: [en.quote.validation.deadlinePast] });
    expect(errorsOf({ ...valid, deadline: "2026-02-30" })).toEqual({ deadline: [en.quote.validation.deadlineRequired] });
    expect(errorsOf({ ...valid, consent: "yes" })).toEqual({ consent: [en.quote.validation.consentRequired] });
  });

  it("bounds every text: details up to 5,000 characters, counting a line break as one", () => {
    expect(errorsOf({ ...valid, details: "a\r\n".repeat(2500) })).toEqual({});
    expect(errorsOf({ ...valid, details: "a".repeat(5001) })).toEqual({ details: [format(en.validation.tooLong, { max: 5000 })] });
    expect(Object.keys(errorsOf({ ...valid, name: "n".repeat(101), company: "c".repeat(201), phone: "1".repeat(41) }))).toEqual(["name", "phone", "company"]);
  });

  it("words its refusals in Arabic on the Arabic page", () => {
    expect(errorsOf({ ...valid, targets: ["1"], consent: null }, ar)).toEqual({
      targets: [ar.quote.validation.sameLanguage],
      consent: [ar.quote.validation.consentRequired],
    });
  });
});

describe("quoteRequestFields", () => {
  it("reads a posted form: repeated targets, files left out, consent null when unticked", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...valid, targets: undefined, consent: undefined })) if (typeof value === "string") form.set(name, value);
    form.append("targets", "3");
    form.append("targets", "4");
    form.append("files", new File(["x"], "a.txt"));
    expect(quoteRequestFields(form)).toEqual({ ...valid, consent: null });
  });
});
