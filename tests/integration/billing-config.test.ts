// The billing settings a deployment keeps in its configuration (issue 26): the tax invoices are issued at
// (INVOICE_TAX_PERCENT), the public holidays billing surcharges (BILLING_HOLIDAYS), the bank-transfer details and
// Stripe's keys. Read once, checked once: a value that is not one stops the worker naming the key, rather than
// billing at a wrong rate or skipping a holiday without a word.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/platform/core/config.server";

const configWith = (values: Record<string, string>) => readConfig({ ...env, ...values });

describe("billing settings", () => {
  it("the tax rate as basis points: unset is 0, a percentage with up to two decimals, 100 at most", () => {
    expect(readConfig({ ...env }).invoiceTaxBasisPoints).toBe(0);
    expect(configWith({ INVOICE_TAX_PERCENT: "7.5" }).invoiceTaxBasisPoints).toBe(750);
    expect(configWith({ INVOICE_TAX_PERCENT: "16.25" }).invoiceTaxBasisPoints).toBe(1625);
    expect(configWith({ INVOICE_TAX_PERCENT: "100" }).invoiceTaxBasisPoints).toBe(10_000);
    expect(configWith({ INVOICE_TAX_PERCENT: " 0 " }).invoiceTaxBasisPoints).toBe(0);
    for (const wrong of ["100.01", "7.555", "-1", "7,5", "seven", "1e2"]) {
      expect(() => configWith({ INVOICE_TAX_PERCENT: wrong }), wrong).toThrow("Invalid configuration: INVOICE_TAX_PERCENT must be a percentage from 0 to 100");
    }
  });

  it("the public holidays: days with their names, separated by semicolons; a day that is not one is refused, naming it", () => {
    expect(configWith({ BILLING_HOLIDAYS: "2026-12-25 Christmas Day; 2027-01-01  New Year's Day ;" }).billingHolidays).toEqual([
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2027-01-01", name: "New Year's Day" },
    ]);
    expect(readConfig({ ...env }).billingHolidays).toEqual([]);
    for (const wrong of ["2026-02-30 Nothing", "2026-13-01 Thirteenth", "2026-12-25", "25/12/2026 Christmas Day"]) {
      expect(() => configWith({ BILLING_HOLIDAYS: wrong }), wrong).toThrow(`Invalid configuration: BILLING_HOLIDAYS has "${wrong}"`);
    }
  });

  it("Stripe's keys both or neither; the bank-transfer details with their line breaks", () => {
    expect(() => configWith({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow("Invalid configuration: Stripe is half set up; missing STRIPE_WEBHOOK_SECRET");
    expect(configWith({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_y" }).stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_y",
      apiUrl: null,
    });
    expect(configWith({ BANK_TRANSFER_DETAILS: "PUSH LLC\\nIBAN US00 1234" }).bankTransferDetails).toBe("PUSH LLC\nIBAN US00 1234");
  });
});
