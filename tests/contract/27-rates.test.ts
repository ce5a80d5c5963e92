// Rate cards on Supabase (issue 26; supabase/migrations/20261204000000_push_rate_lines.sql), through the adapter against
// the double: a line is added by one call of a function with the service-role key, its customer found by e-mail and
// its interpreter by e-mail ignoring case, or refused (unknown-customer before unknown-interpreter) storing nothing; a
// page is one call. And the double's table refuses, as Postgres does, what its CHECKs refuse and any update, and
// follows the removal of its customer, interpreter or language.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backendFor, double, languageIdOf, step, who, bookedCustomer } from "./helpers";
import { sampleRateLine } from "../support/rate-line-samples";

/** 2026-12-08 17:00:00.123 UTC: a millisecond that must survive the round trip through timestamptz. */
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
const ADMIN = "admin@example.com";
const rates = () => backendFor().rates;
type StoredLine = { id: number; customer_id: number | null; interpreter_id: string | null; price_minor: number; created_at: string };
const stored = async () => await double.table<StoredLine>("rate_lines");

const line = sampleRateLine;

let spanish = 0;
let ana = "";
let hashes = 0;

/** A customer, as a booking makes one (found or created by its lower-cased e-mail); answers the e-mail. */
async function customer(email = "ruth@example.com") {
  await bookedCustomer({ name: "Ruth Reyes", email }, spanish, NOW + 86_400_000, (hashes++).toString(16).padStart(64, "0"));
  return email;
}

beforeAll(async () => {
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await double.reset();
  ana = (await double.people([{ full_name: "Ana Rates", email: "ana.rates@example.com", languages: ["Spanish"] }]))[0]!.id;
});

describe("adding a line: one call", () => {
  it("a list price stored as given, by whom and when to the millisecond; listed in one call", async () => {
    const added = await step(() => rates().add(line(), ADMIN, NOW));
    expect(who(added.requests)).toEqual(["rpc.push_add_rate_line service"]);
    if (!added.result.ok) throw new Error(added.result.reason);
    expect(await stored()).toEqual([
      expect.objectContaining({ id: added.result.id, customer_id: null, interpreter_id: null, price_minor: 6500, created_at: "2026-12-08T17:00:00.123+00:00" }),
    ]);
    const page = await step(() => rates().list("bill", 1));
    expect(who(page.requests)).toEqual(["rpc.push_rate_lines_page service"]);
    // The line as given (its customer's e-mail, null here, where the form had it), with its ids and who added it when.
    const { interpreterEmail: _, ...given } = line();
    expect(page.result).toEqual({
      items: [{ ...given, id: added.result.id, customerId: null, interpreterId: null, interpreterName: null, createdAt: NOW, createdBy: ADMIN }],
      total: 1,
      page: 1,
      pageCount: 1,
    });
  });

  it("a customer's price and an interpreter's pay find them by e-mail (the interpreter's in any case)", async () => {
    const email = await customer();
    const price = await rates().add(line({ customerEmail: email, languageId: spanish }), ADMIN, NOW);
    const pay = await rates().add(line({ side: "pay", interpreterEmail: "ANA.Rates@example.com" }), ADMIN, NOW);
    if (!price.ok || !pay.ok) throw new Error("refused");
    expect((await rates().list("bill", 1)).items).toEqual([expect.objectContaining({ id: price.id, customerEmail: email, languageId: spanish })]);
    expect((await rates().list("pay", 1)).items).toEqual([expect.objectContaining({ id: pay.id, interpreterId: ana, interpreterName: "Ana Rates" })]);
  });

  it("refused, one call each, storing nothing: an unknown customer first, then an unknown interpreter", async () => {
    for (const [fields, reason] of [
      [{ customerEmail: "nobody@example.com" }, "unknown-customer"],
      [{ side: "pay", interpreterEmail: "nobody@example.com" }, "unknown-interpreter"],
      [{ customerEmail: "nobody@example.com", interpreterEmail: "nobody@example.com" }, "unknown-customer"],
    ] as const) {
      const refused = await step(() => rates().add(line(fields), ADMIN, NOW));
      expect([refused.result, who(refused.requests)], reason).toEqual([{ ok: false, reason }, ["rpc.push_add_rate_line service"]]);
    }
    expect(await stored()).toEqual([]);
  });

  it("a line the table refuses fails the call, storing nothing: a unit the service has no price in, a customer on pay, a negative price", async () => {
    const email = await customer();
    await expect(rates().add(line({ service: "call", unit: "hour" }), ADMIN, NOW)).rejects.toThrow(/rate_lines_unit_check/);
    await expect(rates().add(line({ side: "pay", customerEmail: email }), ADMIN, NOW)).rejects.toThrow(/rate_lines_customer_check/);
    await expect(rates().add(line({ priceMinor: -1 }), ADMIN, NOW)).rejects.toThrow(/rate_lines_price_minor_check/);
    expect(await stored()).toEqual([]);
  });
});

describe("the table", () => {
  it("refuses any update, even of one line's price (a new price is a new line)", async () => {
    const added = await rates().add(line(), ADMIN, NOW);
    if (!added.ok) throw new Error(added.reason);
    await expect(double.patch("rate_lines", { id: added.id }, { price_minor: 1 })).rejects.toThrow(/rate lines never change/);
    expect(await stored()).toEqual([expect.objectContaining({ price_minor: 6500 })]);
  });

  it("goes with its customer, its interpreter or its language (the foreign keys' cascades)", async () => {
    const email = await customer();
    const list = await rates().add(line(), ADMIN, NOW);
    const price = await rates().add(line({ customerEmail: email }), ADMIN, NOW);
    const pay = await rates().add(line({ side: "pay", interpreterEmail: "ana.rates@example.com" }), ADMIN, NOW);
    const spanishPay = await rates().add(line({ side: "pay", languageId: spanish }), ADMIN, NOW);
    if (!list.ok || !price.ok || !pay.ok || !spanishPay.ok) throw new Error("refused");
    const ids = async () => (await stored()).map((row) => row.id).sort((a, b) => a - b);

    expect((await backendFor().interpreters.remove(ana)).ok).toBe(true);
    expect(await ids()).toEqual([list.id, price.id, spanishPay.id]);
    await double.empty("appointments");
    await double.empty("customers");
    expect(await ids()).toEqual([list.id, spanishPay.id]);
    await double.empty("languages");
    expect(await ids()).toEqual([list.id]);
  });
});
