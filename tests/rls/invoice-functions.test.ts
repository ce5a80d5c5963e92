// supabase/migrations/20261204000100_push_invoices.sql, its functions on real Postgres (issue 26, invoices; ADR 0037):
// only the service role executes them; an item is stored once per source; a draft takes a customer's unbilled items of
// the period in its currency, or is not made; issuing takes the year's next number (PUSH-<year>-0001, unbroken: a
// refused issue takes none), totals with the tax rounded once, half-up, and is refused in D1's order (not-found, issued,
// stale). Who reaches the tables, and what they refuse on their own: invoices.test.ts.
//
// PGlite is one connection: two transactions cannot run at once here, so two issuers racing is shown through what
// orders them — each takes the counter row with the upsert after locking its own draft, one after the other, and they
// get consecutive numbers (the port's contract suite issues two at once on D1 and the double).
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { createWithFixtures } from "./support/fixtures";
import { rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { addItems, BY, COMPUTATION, createDraft, issueInvoice, ISSUE_SQL, issueParams, item, NOW, readInvoice } from "./support/invoices";

const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await asSuperuser(db, "insert into public.customers (id, name, email) overriding system value values (2, 'Ben Ode', 'ben@customer.test')");
});

const refusal = (reason: string) => ({ ok: false, reason });
const counter = async (tx: Transaction, year: number) =>
  (await rowsOf(tx, "select last from public.invoice_counters where year = $1", [year]))[0]?.last ?? null;

/** A draft of customer 1's December items, failing the test when it is refused. */
async function drafted(tx: Transaction, fields: Parameters<typeof createDraft>[1] = {}): Promise<number> {
  const answer = await createDraft(tx, fields);
  if (!answer.ok || answer.id === undefined) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.id;
}

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_add_billable_items: "public.push_add_billable_items('[]', 1)",
    push_create_invoice_draft: "public.push_create_invoice_draft(1, 'USD', '2026-12-01', '2026-12-31', 'x', 1)",
    push_invoice: "public.push_invoice(1)",
    push_issue_invoice: "public.push_issue_invoice(1, 1, 0, 2031, 'x', 1)",
  });
});

describe("push_add_billable_items and push_create_invoice_draft (as the service role)", () => {
  it("an item is stored once per source; a draft takes the period's unbilled items in its currency, in day order, once", async () => {
    await within(db, serviceRole, async (tx) => {
      const december = [item("appointment:1", { work_day: "2026-12-31", amount_minor: 300 }), item("appointment:2")];
      const others = [item("appointment:3", { work_day: "2027-01-01" }), item("appointment:4", { currency: "KWD" }), item("appointment:5", { customer_id: 2 })];
      expect(await addItems(tx, [...december, ...others])).toBe(5);
      // Again (a second click, a retried request), and twice in one call: nothing new, nothing changed.
      expect(await addItems(tx, [{ ...december[0]!, amount_minor: 1 }, item("appointment:6"), item("appointment:6", { amount_minor: 2 })])).toBe(1);

      const id = await drafted(tx);
      const invoice = await readInvoice(tx, id);
      expect(invoice).toMatchObject({
        ...{ id, customer_id: 1, currency: "USD", period_from: "2026-12-01", period_to: "2026-12-31", status: "draft", version: 1 },
        ...{ number: null, year: null, sequence: null, tax_bp: null, subtotal_minor: null, tax_minor: null, total_minor: null },
        ...{ issued_at: null, issued_by: null, created_by: BY },
      });
      expect(Date.parse(String(invoice!.created_at))).toBe(NOW);
      expect(invoice!.items.map((each) => [each.source, each.work_day, each.amount_minor, each.invoice_id])).toEqual([
        ["appointment:2", "2026-12-08", 18281, id],
        ["appointment:6", "2026-12-08", 18281, id],
        ["appointment:1", "2026-12-31", 300, id],
      ]);
      expect(invoice!.items[0]).toMatchObject({ customer_id: 1, currency: "USD", rate_line_id: null, computation: COMPUTATION });
      expect(Date.parse(String(invoice!.items[0]!.created_at))).toBe(NOW);

      // Nothing left to bill: no second draft is made. The items outside the period, the currency or the customer wait.
      const invoices = async () => (await rowsOf(tx, "select count(*)::int as n from public.invoices"))[0]!.n;
      expect(await createDraft(tx)).toEqual(refusal("nothing-to-bill"));
      expect(await createDraft(tx, { from: "2026-12-31", to: "2026-12-01" })).toEqual(refusal("nothing-to-bill"));
      expect(await invoices()).toBe(1);
      const kwd = await drafted(tx, { currency: "KWD" });
      expect((await readInvoice(tx, kwd))!.items.map((each) => each.source)).toEqual(["appointment:4"]);
      expect(await readInvoice(tx, 999_999)).toBeNull();
    });
  });

  it("an item the table refuses is the error of the whole call, storing nothing", async () => {
    await within(db, serviceRole, async (tx) => {
      const bad = [item("order:1"), item("order:2", { currency: "usd" })];
      expect(await attempt(tx, "select public.push_add_billable_items($1, $2)", [JSON.stringify(bad), NOW])).toMatchObject({
        ok: false,
        code: "23514",
        message: expect.stringContaining('"billable_items_currency_check"'),
      });
      expect(await rowsOf(tx, "select source from public.billable_items")).toEqual([]);
    });
  });
});

describe("push_issue_invoice (as the service role)", () => {
  it("numbers the draft and totals it with the tax rounded once, half-up; then it is issued, once", async () => {
    await within(db, serviceRole, async (tx) => {
      await addItems(tx, [item("a:1"), item("a:2", { amount_minor: 300 }), item("a:3", { amount_minor: 25000 })]);
      const id = await drafted(tx);
      expect(await issueInvoice(tx, id, 1, 750, 2031, NOW + 1000)).toEqual({ ok: true, number: "PUSH-2031-0001" });
      // 182.81 + 3.00 + 250.00 = 435.81; 7.5 % of it is 32.68575 → 32.69.
      const invoice = await readInvoice(tx, id);
      expect(invoice).toMatchObject({
        ...{ status: "issued", version: 2, year: 2031, sequence: 1, number: "PUSH-2031-0001", tax_bp: 750 },
        ...{ subtotal_minor: 43581, tax_minor: 3269, total_minor: 46850, issued_by: BY },
      });
      expect(Date.parse(String(invoice!.issued_at))).toBe(NOW + 1000);
      expect(await issueInvoice(tx, id, 2, 750, 2031)).toEqual(refusal("issued"));
      // Already issued is said whatever version the page showed.
      expect(await issueInvoice(tx, id, 1, 750, 2031)).toEqual(refusal("issued"));
      expect(await counter(tx, 2031)).toBe(1);
    });
  });

  it("half a minor unit rounds up, less rounds down; an empty subtotal is no tax", async () => {
    await within(db, serviceRole, async (tx) => {
      // 10 % of 5 is 0.5 → 1; 10 % of 4 is 0.4 → 0.
      const cases: [number, number, number][] = [
        [5, 1000, 1],
        [4, 1000, 0],
        [0, 1000, 0],
        [99_999_999_999, 10000, 99_999_999_999],
      ];
      for (const [index, [amount, taxBp, tax]] of cases.entries()) {
        await addItems(tx, [item(`t:${index}`, { amount_minor: amount, customer_id: 2, work_day: `2026-0${index + 1}-01` })]);
        const id = await drafted(tx, { customer: 2, from: `2026-0${index + 1}-01`, to: `2026-0${index + 1}-01` });
        await issueInvoice(tx, id, 1, taxBp, 2040);
        expect(await readInvoice(tx, id), `${amount} at ${taxBp}`).toMatchObject({ subtotal_minor: amount, tax_minor: tax, total_minor: amount + tax });
      }
    });
  });

  it("refused in D1's order, taking no number: not-found, then issued, then stale", async () => {
    await within(db, serviceRole, async (tx) => {
      await addItems(tx, [item("r:1")]);
      const id = await drafted(tx);
      expect(await issueInvoice(tx, 999_999, 1, 0, 2032)).toEqual(refusal("not-found"));
      expect(await issueInvoice(tx, id, 7, 0, 2032)).toEqual(refusal("stale"));
      expect(await issueInvoice(tx, id, 0, 0, 2032)).toEqual(refusal("stale"));
      // The refusals took no number: the counter of the year was never made, and the draft is untouched.
      expect(await counter(tx, 2032)).toBeNull();
      expect(await readInvoice(tx, id)).toMatchObject({ status: "draft", version: 1, number: null });
      expect(await issueInvoice(tx, id, 1, 0, 2032)).toEqual({ ok: true, number: "PUSH-2032-0001" });
    });
  });

  it("an issue the table refuses (a tax over 100 %, a year out of range) is an error that takes no number", async () => {
    await within(db, serviceRole, async (tx) => {
      await addItems(tx, [item("e:1")]);
      const id = await drafted(tx);
      await issueInvoice(tx, id, 1, 0, 2033).then(() => undefined);
      await addItems(tx, [item("e:2")]);
      const next = await drafted(tx);
      expect(await attempt(tx, `select ${ISSUE_SQL}`, issueParams(next, 1, 10001, 2033))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, `select ${ISSUE_SQL}`, issueParams(next, 1, 0, 1999))).toMatchObject({ ok: false, code: "23514" });
      expect(await counter(tx, 2033)).toBe(1);
      expect(await issueInvoice(tx, next, 1, 0, 2033)).toEqual({ ok: true, number: "PUSH-2033-0002" });
    });
  });

  it("two issuers, one after the other through the counter row, get consecutive numbers; past 9999 the number grows", async () => {
    await within(db, serviceRole, async (tx) => {
      await addItems(tx, [item("c:1"), item("c:2", { customer_id: 2 })]);
      const first = await drafted(tx);
      const second = await drafted(tx, { customer: 2 });
      const numbers = [await issueInvoice(tx, second, 1, 0, 2034), await issueInvoice(tx, first, 1, 0, 2034)];
      expect(numbers).toEqual([
        { ok: true, number: "PUSH-2034-0001" },
        { ok: true, number: "PUSH-2034-0002" },
      ]);

      await tx.query("insert into public.invoice_counters (year, last) values (2035, 9998)");
      for (const [index, expected] of ["PUSH-2035-9999", "PUSH-2035-10000", "PUSH-2035-10001"].entries()) {
        await addItems(tx, [item(`n:${index}`, { work_day: `2026-11-0${index + 1}` })]);
        const id = await drafted(tx, { from: `2026-11-0${index + 1}`, to: `2026-11-0${index + 1}` });
        expect(await issueInvoice(tx, id, 1, 0, 2035)).toEqual({ ok: true, number: expected });
      }
    });
  });
});
