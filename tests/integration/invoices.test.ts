// Invoice rules (issue 26, build item 3): numbers in an unbroken yearly sequence, totals with the tax rounded once on
// the subtotal, and the state an issued invoice's payments and credit notes put it in.
import { describe, expect, it } from "vitest";
import { creditAllowed, invoiceNumber, invoiceState, invoiceTotals, openBalance, parseInvoiceNumber } from "~/domain/invoices";

describe("invoice numbers", () => {
  it("PUSH-<year>-<sequence>, four digits at least, more when a year needs them", () => {
    expect(invoiceNumber(2026, 1)).toBe("PUSH-2026-0001");
    expect(invoiceNumber(2026, 42)).toBe("PUSH-2026-0042");
    expect(invoiceNumber(2027, 9999)).toBe("PUSH-2027-9999");
    expect(invoiceNumber(2027, 10000)).toBe("PUSH-2027-10000");
  });

  it("no number for a sequence below 1, a fraction or a year out of range", () => {
    for (const [year, sequence] of [
      [2026, 0],
      [2026, -1],
      [2026, 1.5],
      [1999, 1],
      [10000, 1],
    ] as const)
      expect(() => invoiceNumber(year, sequence)).toThrow(RangeError);
  });

  it("reads back what it writes, and nothing else", () => {
    expect(parseInvoiceNumber("PUSH-2026-0001")).toEqual({ year: 2026, sequence: 1 });
    expect(parseInvoiceNumber("PUSH-2027-10000")).toEqual({ year: 2027, sequence: 10000 });
    for (const text of ["PUSH-2026-0000", "PUSH-2026-001", "PUSH-2026-00001", "push-2026-0001", "PUSH-26-0001", " PUSH-2026-0001", "PUSH-2026-0001 "])
      expect(parseInvoiceNumber(text)).toBeNull();
  });
});

describe("totals", () => {
  it("the subtotal is the lines' printed amounts; no tax by default", () => {
    expect(invoiceTotals([18281, 300, 25000], 0)).toEqual({ subtotalMinor: 43581, taxMinor: 0, totalMinor: 43581 });
  });

  it("the tax is computed on the subtotal and rounded once, half-up: 7.5 % of $435.81 is 3268.575 cents → $32.69", () => {
    expect(invoiceTotals([18281, 300, 25000], 750)).toEqual({ subtotalMinor: 43581, taxMinor: 3269, totalMinor: 46850 });
  });

  it("exactly half a minor unit rounds up: 5 % of 10 cents is 0.5 → 1", () => {
    expect(invoiceTotals([10], 500)).toEqual({ subtotalMinor: 10, taxMinor: 1, totalMinor: 11 });
  });

  it("an empty invoice is zero; a negative line or tax rate is refused", () => {
    expect(invoiceTotals([], 750)).toEqual({ subtotalMinor: 0, taxMinor: 0, totalMinor: 0 });
    expect(() => invoiceTotals([-1], 0)).toThrow(RangeError);
    expect(() => invoiceTotals([100], -1)).toThrow(RangeError);
    expect(() => invoiceTotals([100], 10_001)).toThrow(RangeError);
  });
});

describe("an invoice's state from its money", () => {
  const issued = { issued: true, sent: false, totalMinor: 10000, paidMinor: 0, creditedMinor: 0 };
  it.each([
    ["a draft, whatever it holds", { ...issued, issued: false, paidMinor: 10000 }, "draft"],
    ["issued", issued, "issued"],
    ["e-mailed", { ...issued, sent: true }, "sent"],
    ["paid in part", { ...issued, sent: true, paidMinor: 2500 }, "partly-paid"],
    ["paid in full", { ...issued, sent: true, paidMinor: 10000 }, "paid"],
    ["paid more than owed (a double payment to refund)", { ...issued, paidMinor: 12000 }, "paid"],
    ["credited in part", { ...issued, creditedMinor: 3000 }, "partly-paid"],
    ["credited in part, the rest paid", { ...issued, creditedMinor: 3000, paidMinor: 7000 }, "paid"],
    ["credited in full", { ...issued, sent: true, creditedMinor: 10000 }, "credited"],
  ] as const)("%s → %s", (_name, invoice, state) => expect(invoiceState(invoice)).toBe(state));

  it("the open balance never goes below zero", () => {
    expect(openBalance(10000, 2500, 1000)).toBe(6500);
    expect(openBalance(10000, 12000, 0)).toBe(0);
  });

  it("a credit note takes off at most what is neither paid nor credited", () => {
    expect(creditAllowed(10000, 2500, 1000, 6500)).toBe(true);
    expect(creditAllowed(10000, 2500, 1000, 6501)).toBe(false);
    expect(creditAllowed(10000, 0, 0, 0)).toBe(false);
    expect(creditAllowed(10000, 0, 0, 10.5)).toBe(false);
  });
});
