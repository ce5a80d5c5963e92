// Invoices on Supabase (issue 26, ADR 0037; supabase/migrations/20261204000100_push_invoices.sql), through the adapter
// against the double: each method is one call of a function with the service-role key — items stored once per source,
// a draft of a customer's unbilled items of a period in one currency (or refused nothing-to-bill, making none), issuing
// with the year's next number and the totals (refused not-found, issued or stale taking no number; two at once get
// consecutive numbers), an invoice read with its items. And the double's tables refuse, as Postgres does, what their
// CHECKs refuse, any change of an issued invoice or of its items, and deleting an issued invoice. The same SQL on
// Postgres: tests/rls/invoice-functions.test.ts and invoices.test.ts.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewBillableItem } from "~/backend/port-invoices.server";
import type { Computation } from "~/domain/pricing";
import { backendFor, double, languageIdOf, step, who, bookedCustomer } from "./helpers";

/** 2026-12-08 17:00:00.123 UTC: a millisecond that must survive the round trip through timestamptz. */
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
const ADMIN = "admin@example.com";
const invoices = () => backendFor().invoices;
const computation: Computation = { kind: "late-cancellation", hoursBefore: 20, windowHours: 24 };
const DECEMBER = { currency: "USD", from: "2026-12-01", to: "2026-12-31", by: ADMIN };

let spanish = 0;
let hashes = 0;
let customerId = 0;

/** A customer, as a booking makes one; answers its id. */
async function customer(email: string) {
  return bookedCustomer({ name: "Ruth Reyes", email }, spanish, NOW + 86_400_000, (hashes++).toString(16).padStart(64, "0"));
}

const item = (source: string, fields: Partial<NewBillableItem> = {}): NewBillableItem => ({
  source,
  customerId,
  workDay: "2026-12-08",
  currency: "USD",
  amountMinor: 18281,
  rateLineId: null,
  languageId: null,
  computation,
  ...fields,
});

/** A draft of the customer's December items in USD, failing the test when refused. */
async function drafted(customer = customerId) {
  const draft = await invoices().createDraft({ customerId: customer, ...DECEMBER }, NOW);
  if (!draft.ok) throw new Error(draft.reason);
  return draft.id;
}

beforeAll(async () => {
  // The file before may have left the double without its languages (27-rates removes them).
  await double.reset();
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await double.reset();
  customerId = await customer("ruth@example.com");
});

describe("items and drafts: one call each", () => {
  it("items are stored once per source; a draft takes the period's unbilled items in its currency; read in day order", async () => {
    const added = await step(() =>
      invoices().addItems(
        [item("appointment:1", { workDay: "2026-12-31", amountMinor: 300, rateLineId: 4 }), item("appointment:2"), item("order:3", { currency: "KWD" })],
        NOW,
      ),
    );
    expect([added.result, who(added.requests)]).toEqual([3, ["rpc.push_add_billable_items service"]]);
    expect(await invoices().addItems([item("appointment:1", { amountMinor: 1 }), item("call:4", { workDay: "2027-01-01" })], NOW)).toBe(1);
    // Nothing to add: no call at all.
    expect((await step(() => invoices().addItems([], NOW))).requests).toEqual([]);

    const draft = await step(() => invoices().createDraft({ customerId, ...DECEMBER }, NOW));
    expect(who(draft.requests)).toEqual(["rpc.push_create_invoice_draft service"]);
    if (!draft.result.ok) throw new Error(draft.result.reason);
    const read = await step(() => invoices().get(draft.result.ok ? draft.result.id : 0));
    expect(who(read.requests)).toEqual(["rpc.push_invoice service"]);
    expect(read.result).toEqual({
      ...{ id: draft.result.id, customerId, currency: "USD", periodFrom: "2026-12-01", periodTo: "2026-12-31", status: "draft", version: 1 },
      ...{
        number: null,
        taxBasisPoints: null,
        subtotalMinor: null,
        taxMinor: null,
        totalMinor: null,
        issuedAt: null,
        createdAt: NOW,
        link: null,
        payments: [],
        paidMinor: 0,
        credits: [],
        creditedMinor: 0,
      },
      items: [
        { ...item("appointment:2"), id: expect.any(Number), invoiceId: draft.result.id, createdAt: NOW },
        {
          ...item("appointment:1", { workDay: "2026-12-31", amountMinor: 300, rateLineId: 4 }),
          id: expect.any(Number),
          invoiceId: draft.result.id,
          createdAt: NOW,
        },
      ],
    });

    const again = await step(() => invoices().createDraft({ customerId, ...DECEMBER }, NOW));
    expect([again.result, who(again.requests)]).toEqual([{ ok: false, reason: "nothing-to-bill" }, ["rpc.push_create_invoice_draft service"]]);
    expect(await double.table("invoices")).toHaveLength(1);
    expect(await invoices().get(999_999)).toBeNull();
  });

  it("an item the table refuses fails the call, storing none of the call's items", async () => {
    await expect(invoices().addItems([item("order:1"), item("order:2", { currency: "usd" })], NOW)).rejects.toThrow(/billable_items_currency_check/);
    await expect(invoices().addItems([item("order:3", { amountMinor: -1 })], NOW)).rejects.toThrow(/billable_items_amount_minor_check/);
    expect(await double.table("billable_items")).toEqual([]);
  });
});

describe("issuing: one call", () => {
  it("numbers the draft and totals it, the tax rounded once, half-up; refused not-found, issued, stale, taking no number", async () => {
    await invoices().addItems([item("appointment:a1"), item("appointment:a2", { amountMinor: 300 }), item("appointment:a3", { amountMinor: 25000 })], NOW);
    const id = await drafted();
    const stale = await step(() => invoices().issue(id, { basedOn: 7, taxBasisPoints: 750, year: 2031, by: ADMIN }, NOW));
    expect([stale.result, who(stale.requests)]).toEqual([{ ok: false, reason: "stale" }, ["rpc.push_issue_invoice service"]]);
    expect(await invoices().issue(999_999, { basedOn: 1, taxBasisPoints: 0, year: 2031, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "not-found" });
    expect(await double.table("invoice_counters")).toEqual([]);

    expect(await invoices().issue(id, { basedOn: 1, taxBasisPoints: 750, year: 2031, by: ADMIN }, NOW + 1000)).toEqual({ ok: true, number: "PUSH-2031-0001" });
    expect(await invoices().get(id)).toMatchObject({
      ...{ status: "issued", version: 2, number: "PUSH-2031-0001", taxBasisPoints: 750 },
      ...{ subtotalMinor: 43581, taxMinor: 3269, totalMinor: 46850, issuedAt: NOW + 1000 },
    });
    expect(await invoices().issue(id, { basedOn: 1, taxBasisPoints: 750, year: 2031, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "issued" });
    expect(await double.table("invoice_counters")).toEqual([{ year: 2031, last: 1 }]);
  });

  it("two drafts issued at once get consecutive numbers; past 9999 the number grows", async () => {
    const other = await customer("ben@example.com");
    await invoices().addItems([item("appointment:b1"), item("appointment:b2", { customerId: other })], NOW);
    const drafts = [await drafted(), await drafted(other)];
    const both = await Promise.all(drafts.map((id) => invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: 2032, by: ADMIN }, NOW)));
    expect(both.map((answer) => (answer.ok ? answer.number : answer.reason)).sort()).toEqual(["PUSH-2032-0001", "PUSH-2032-0002"]);

    await double.patch("invoice_counters", { year: 2032 }, { last: 9999 });
    await invoices().addItems([item("appointment:b3")], NOW);
    expect(await invoices().issue(await drafted(), { basedOn: 1, taxBasisPoints: 0, year: 2032, by: ADMIN }, NOW)).toEqual({
      ok: true,
      number: "PUSH-2032-10000",
    });
  });

  it("an issue the tables refuse (a tax over 100 %) fails the call and takes no number", async () => {
    await invoices().addItems([item("appointment:c1")], NOW);
    const id = await drafted();
    await expect(invoices().issue(id, { basedOn: 1, taxBasisPoints: 10_001, year: 2033, by: ADMIN }, NOW)).rejects.toThrow(/invoices_tax_bp_check/);
    expect(await double.table("invoice_counters")).toEqual([]);
    expect(await invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: 2033, by: ADMIN }, NOW)).toEqual({ ok: true, number: "PUSH-2033-0001" });
  });
});

describe("the tables", () => {
  it("an issued invoice never changes nor goes, nor do its items; a draft may change (and a page that showed it is then stale)", async () => {
    await invoices().addItems([item("appointment:d1"), item("appointment:d2", { workDay: "2026-11-02" })], NOW);
    const issued = await drafted();
    await invoices().issue(issued, { basedOn: 1, taxBasisPoints: 0, year: 2034, by: ADMIN }, NOW);
    await expect(double.patch("invoices", { id: issued }, { tax_minor: 0, total_minor: 18281 })).rejects.toThrow(/an issued invoice never changes/);
    const [billed] = await double.table<{ id: number }>("billable_items");
    await expect(double.patch("billable_items", { id: billed!.id }, { amount_minor: 1 })).rejects.toThrow(/an issued invoice never changes/);
    await expect(double.empty("invoices")).rejects.toThrow(/an issued invoice never changes/);

    const draft = await invoices().createDraft({ customerId, ...DECEMBER, from: "2026-11-01", to: "2026-11-30" }, NOW);
    if (!draft.ok) throw new Error(draft.reason);
    await double.patch("invoices", { id: draft.id }, { version: 2 });
    expect(await invoices().issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2034, by: ADMIN }, NOW)).toEqual({ ok: false, reason: "stale" });
    expect(await double.table<{ invoice_id: number | null }>("billable_items")).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: "appointment:d2", invoice_id: draft.id })]),
    );
  });
});
