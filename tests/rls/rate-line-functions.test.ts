// supabase/migrations/20261204000000_push_rate_lines.sql, its functions on real Postgres (issue 26, rate cards): only
// the service role executes them; a line is added with its customer found by lower-cased e-mail and its interpreter by
// e-mail ignoring case, or refused in D1's order (unknown-customer, then unknown-interpreter) storing nothing; a line the
// table refuses is an error, storing nothing; a page of one side's lines, the latest effective date first, then the
// newest, with the total, the customer's e-mail and the interpreter's name. Who reaches the table, and what it refuses
// on its own: rate-lines.test.ts.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { ADD_SQL, addParams, addRateLine, ratesPage, type LineArguments } from "./support/rates";

const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

const BY = "admin@push.test";
/** 2026-12-08 17:00:00.123 UTC: a millisecond that must survive the round trip. */
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
const refusal = (reason: string) => ({ ok: false, reason });
const lineCount = async (tx: Transaction) => (await rowsOf(tx, "select count(*)::int as n from public.rate_lines"))[0]!.n;

/** Adds a line and answers its id, failing the test when it is refused. */
async function added(tx: Transaction, fields: Partial<LineArguments> = {}, now = NOW): Promise<number> {
  const answer = await addRateLine(tx, fields, BY, now);
  if (!answer.ok || answer.id === undefined) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.id;
}

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_add_rate_line: "public.push_add_rate_line(null, null, 'bill', 'call', 'minute', null, 'USD', 1, 0, 1, 0, 0, 0, 0, 0, '2026-12-08', 'x', 1)",
    push_rate_lines_page: "public.push_rate_lines_page('bill', 50, 0)",
  });
});

describe("push_add_rate_line (as the service role)", () => {
  it("a list price is stored as given, by whom and when (to the millisecond), and listed in the RateLineRow columns", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await added(tx);
      const page = await ratesPage(tx, "bill", 50, 0);
      expect(page.total).toBe(1);
      expect(page.items).toHaveLength(1);
      const [item] = page.items;
      expect({ ...item, created_at: Date.parse(item!.created_at) }).toEqual({
        ...{ id, side: "bill", service: "onsite", unit: "hour", language_id: null, customer_id: null, interpreter_id: null, currency: "USD" },
        ...{ price_minor: 6500, minimum: 120, increment: 15, rush_bp: 2000, after_hours_bp: 1500, weekend_bp: 2500, holiday_bp: 5000 },
        ...{ late_cancellation_minor: 13000, effective_from: "2026-12-08", created_by: BY, created_at: NOW },
        ...{ customer_email: null, interpreter_name: null },
      });
    });
  });

  it("a customer's price finds the customer by e-mail, lower-cased; an interpreter's pay finds them ignoring case", async () => {
    await within(db, serviceRole, async (tx) => {
      const price = await added(tx, { customerEmail: "Ana@Customer.test", languageId: LANGUAGE.arabic, currency: "KWD", priceMinor: 12345 });
      const pay = await added(tx, { side: "pay", interpreterEmail: "DANIEL@push.TEST", priceMinor: 4500 });
      expect((await ratesPage(tx, "bill", 50, 0)).items).toEqual([
        expect.objectContaining({ id: price, customer_id: 1, customer_email: "ana@customer.test", language_id: LANGUAGE.arabic, price_minor: 12345 }),
      ]);
      expect((await ratesPage(tx, "pay", 50, 0)).items).toEqual([
        expect.objectContaining({ id: pay, interpreter_id: INTERPRETER_ID, interpreter_name: "Daniel Interpreter", customer_email: null }),
      ]);
    });
  });

  it("refused in D1's order, storing nothing: the customer first, then the interpreter", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await addRateLine(tx, { customerEmail: "nobody@customer.test" }, BY, NOW)).toEqual(refusal("unknown-customer"));
      expect(await addRateLine(tx, { side: "pay", interpreterEmail: "nobody@push.test" }, BY, NOW)).toEqual(refusal("unknown-interpreter"));
      // Both unknown (a line the form never sends: the table would refuse it anyway): the customer is said first.
      expect(await addRateLine(tx, { customerEmail: "nobody@customer.test", interpreterEmail: "nobody@push.test" }, BY, NOW)).toEqual(
        refusal("unknown-customer"),
      );
      // A customer's e-mail is not an interpreter's, nor the other way round.
      expect(await addRateLine(tx, { customerEmail: "daniel@push.test" }, BY, NOW)).toEqual(refusal("unknown-customer"));
      expect(await addRateLine(tx, { side: "pay", interpreterEmail: "ana@customer.test" }, BY, NOW)).toEqual(refusal("unknown-interpreter"));
      expect(await lineCount(tx)).toBe(0);
    });
  });

  it("a line the table refuses is an error, storing nothing: a customer on a pay line, a unit the service has no price in, no price", async () => {
    await within(db, serviceRole, async (tx) => {
      const bad: [Partial<LineArguments>, string][] = [
        [{ side: "pay", customerEmail: "ana@customer.test" }, "rate_lines_customer_check"],
        [{ side: "bill", interpreterEmail: "daniel@push.test" }, "rate_lines_interpreter_check"],
        [{ service: "call", unit: "hour" }, "rate_lines_unit_check"],
        [{ priceMinor: -1 }, "rate_lines_price_minor_check"],
        [{ rush: 50001 }, "rate_lines_rush_bp_check"],
      ];
      for (const [fields, constraint] of bad) {
        expect(await attempt(tx, `select ${ADD_SQL}`, addParams(fields, BY, NOW)), constraint).toMatchObject({
          ok: false,
          code: "23514",
          message: expect.stringContaining(`"${constraint}"`),
        });
      }
      // Not a calendar day.
      expect(await attempt(tx, `select ${ADD_SQL}`, addParams({ effectiveFrom: "2026-02-30" }, BY, NOW))).toMatchObject({ ok: false, code: "22008" });
      expect(await lineCount(tx)).toBe(0);
    });
  });
});

describe("push_rate_lines_page (as the service role)", () => {
  it("one side's lines, the latest effective date first, then the newest line; pages by size and offset, with the total", async () => {
    await within(db, serviceRole, async (tx) => {
      const call = { service: "call", unit: "minute", minimum: 1, increment: 1 };
      const march = await added(tx, { ...call, effectiveFrom: "2027-03-01" });
      const may = await added(tx, { ...call, effectiveFrom: "2027-05-01" });
      const april = await added(tx, { ...call, effectiveFrom: "2027-04-01" });
      const mayAgain = await added(tx, { ...call, effectiveFrom: "2027-05-01" });
      await added(tx, { ...call, side: "pay" });
      const ids = async (size: number, offset: number) => (await ratesPage(tx, "bill", size, offset)).items.map((item) => item.id);

      expect(await ids(50, 0)).toEqual([mayAgain, may, april, march]);
      expect(await ids(2, 0)).toEqual([mayAgain, may]);
      expect(await ids(2, 2)).toEqual([april, march]);
      expect(await ratesPage(tx, "bill", 2, 4)).toEqual({ total: 4, items: [] });
      expect((await ratesPage(tx, "pay", 50, 0)).total).toBe(1);
      expect(await ratesPage(tx, "refund", 50, 0)).toEqual({ total: 0, items: [] });
    });
  });
});
