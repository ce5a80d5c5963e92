// supabase/migrations/20261204000000_push_rate_lines.sql on real Postgres (issue 26, rate cards): who reaches the lines
// through the public API — anon nothing; an admin reads every one; an interpreter none, not even their own pay; nobody
// writes, not even an admin (the worker adds lines with the service role) — and what the table refuses on its own,
// whoever writes: any update (a line may have priced work: a new price is a new line), a unit the service is not
// priced in, a customer on a pay line or an interpreter on a price, a price of nothing or less, a surcharge over
// 500 %, a lower-case currency, a customer or interpreter that does not exist; the cascades when a customer, an
// interpreter or a language goes. The functions are in rate-line-functions.test.ts.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, run, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED, permissionDenied } from "./support/expect";
import {
  accountWithoutProfile,
  admin,
  createWithFixtures,
  INTERPRETER_ID,
  interpreter,
  LANGUAGE,
  OTHER_INTERPRETER_ID,
  otherInterpreter,
} from "./support/fixtures";
import { insertLineSql } from "./support/rates";

// #1 the list price; #2 the customer's contract price in Arabic; #3 the interpreter's own pay; #4 the default pay;
// #5 the other interpreter's pay in English.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await db.exec(`
    insert into public.rate_lines (id, side, service, unit, language_id, customer_id, interpreter_id, currency, price_minor, minimum,
                                   increment, effective_from, created_by, created_at) overriding system value values
      (1, 'bill', 'onsite', 'hour', null, null, null, 'USD', 6500, 120, 15, '2026-12-08', 'admin@push.test', '2026-12-01T09:00:00Z'),
      (2, 'bill', 'translation', 'word', ${LANGUAGE.arabic}, 1, null, 'USD', 18, 250, 1, '2026-12-08', 'admin@push.test', '2026-12-01T09:00:00Z'),
      (3, 'pay', 'onsite', 'hour', null, null, '${INTERPRETER_ID}', 'USD', 4500, 120, 15, '2026-12-08', 'admin@push.test', '2026-12-01T09:00:00Z'),
      (4, 'pay', 'call', 'minute', null, null, null, 'USD', 90, 1, 1, '2026-12-08', 'admin@push.test', '2026-12-01T09:00:00Z'),
      (5, 'pay', 'remote', 'minute', ${LANGUAGE.english}, null, '${OTHER_INTERPRETER_ID}', 'USD', 95, 15, 1, '2026-12-08', 'admin@push.test',
       '2026-12-01T09:00:00Z');
    select setval(pg_get_serial_sequence('public.rate_lines', 'id'), 5);
  `);
});

const WRITES = {
  insert: insertLineSql("'bill', 'onsite', 'hour', null, null, 7000"),
  update: "update public.rate_lines set price_minor = 1",
  delete: "delete from public.rate_lines",
};

/** The ids of the lines the actor reads. */
const lineIds = async (actor: Actor) => (await rowsAs(db, actor, "select id from public.rate_lines order by id")).map((row) => row.id);
const prices = () => asSuperuser(db, "select id, price_minor from public.rate_lines order by id");
const PRICES = [6500, 18, 4500, 90, 95].map((price_minor, index) => ({ id: index + 1, price_minor }));

describe("anon reaches nothing", () => {
  itRefusesByPrivileges(() => db, "rate_lines", { select: "select * from public.rate_lines", ...WRITES }, [["anon", anon]]);
});

describe("who reads what", () => {
  it("admins (and the worker) every line", async () => {
    expect(await lineIds(admin)).toEqual([1, 2, 3, 4, 5]);
    expect(await lineIds(serviceRole)).toEqual([1, 2, 3, 4, 5]);
  });

  it("an interpreter none, not even their own pay; an account without a users row none", async () => {
    expect(await lineIds(interpreter)).toEqual([]);
    expect(await lineIds(otherInterpreter)).toEqual([]);
    expect(await lineIds(accountWithoutProfile)).toEqual([]);
  });
});

describe("nobody but the worker adds them: not an interpreter, nor an admin", () => {
  itRefusesByPrivileges(() => db, "rate_lines", WRITES, [
    ["an interpreter", interpreter],
    ["an admin", admin],
  ]);

  it("an interpreter raising their own pay straight in the table is refused; every price stays", async () => {
    const sql = "update public.rate_lines set price_minor = 9000 where id = 3";
    expect(await run(db, interpreter, sql)).toEqual(permissionDenied("table rate_lines"));
    expect(await prices()).toEqual(PRICES);
  });

  it("the service role adds and deletes lines", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, WRITES.insert)).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, "delete from public.rate_lines where id = 1")).toEqual(ONE_ROW_AFFECTED);
    });
  });
});

describe("what the table refuses, whoever writes", () => {
  const refusedBy = (constraint: string) => ({ ok: false, code: "23514", message: expect.stringContaining(`"${constraint}"`) });
  const NEVER_CHANGE = { ok: false, code: "P0001", message: "rate lines never change: add a new line" };

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: any update of a line, even to the same values", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      for (const sql of [
        "update public.rate_lines set price_minor = 1 where id = 1",
        "update public.rate_lines set effective_from = '2020-01-01'",
        "update public.rate_lines set price_minor = price_minor where id = 4",
      ]) {
        expect(await attempt(tx, sql), sql).toEqual(NEVER_CHANGE);
      }
      expect((await tx.query("select id, price_minor from public.rate_lines order by id")).rows).toEqual(PRICES);
    });
  });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: units the service has no price in, the wrong party on a line, bad amounts, nobody named", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      const cases: [string, object][] = [
        // Units: on-site work by the word, a call by the hour, translation by the minute, a unit nobody prices in.
        ["'bill', 'onsite', 'word', null, null, 100", refusedBy("rate_lines_unit_check")],
        ["'bill', 'call', 'hour', null, null, 100", refusedBy("rate_lines_unit_check")],
        ["'bill', 'translation', 'minute', null, null, 100", refusedBy("rate_lines_unit_check")],
        ["'bill', 'remote', 'day', null, null, 100", refusedBy("rate_lines_unit_check")],
        // A customer on a pay line; an interpreter on a price; a side that is neither.
        ["'pay', 'onsite', 'hour', 1, null, 100", refusedBy("rate_lines_customer_check")],
        [`'bill', 'onsite', 'hour', null, '${INTERPRETER_ID}', 100`, refusedBy("rate_lines_interpreter_check")],
        ["'refund', 'onsite', 'hour', null, null, 100", refusedBy("rate_lines_side_check")],
        // A negative price, or none.
        ["'bill', 'onsite', 'hour', null, null, -100", refusedBy("rate_lines_price_minor_check")],
        ["'bill', 'onsite', 'hour', null, null, 0", refusedBy("rate_lines_price_minor_check")],
        // A customer or an interpreter that does not exist.
        ["'bill', 'onsite', 'hour', 99, null, 100", { ok: false, code: "23503" }],
        ["'pay', 'onsite', 'hour', null, '00000000-0000-4000-8000-00000000dead', 100", { ok: false, code: "23503" }],
      ];
      for (const [values, refusal] of cases) expect(await attempt(tx, insertLineSql(values)), values).toMatchObject(refusal);

      const insert = (set: string) =>
        `insert into public.rate_lines (side, service, unit, currency, price_minor, minimum, increment, effective_from, created_by, created_at,
           rush_bp, late_cancellation_minor) values ('bill', 'onsite', 'hour', ${set}, '2026-12-08', 'x', now(), $1, $2)`;
      const others: [string, unknown[], object][] = [
        // Over 500 %, a negative surcharge, a negative late-cancellation charge, a lower-case or long currency,
        // a negative minimum, an increment of nothing.
        [insert("'USD', 100, 0, 1"), [50001, 0], refusedBy("rate_lines_rush_bp_check")],
        [insert("'USD', 100, 0, 1"), [-1, 0], refusedBy("rate_lines_rush_bp_check")],
        [insert("'USD', 100, 0, 1"), [0, -1], refusedBy("rate_lines_late_cancellation_minor_check")],
        [insert("'usd', 100, 0, 1"), [0, 0], refusedBy("rate_lines_currency_check")],
        [insert("'USDX', 100, 0, 1"), [0, 0], refusedBy("rate_lines_currency_check")],
        [insert("'USD', 100, -1, 1"), [0, 0], refusedBy("rate_lines_minimum_check")],
        [insert("'USD', 100, 0, 0"), [0, 0], refusedBy("rate_lines_increment_check")],
      ];
      for (const [sql, params, refusal] of others) expect(await attempt(tx, sql, params), JSON.stringify(params) + sql).toMatchObject(refusal);

      // The controls: each service in each of its units; 500 % exactly; a customer's price; an interpreter's pay.
      for (const [service, unit] of [
        ["translation", "word"],
        ["translation", "page"],
        ["translation", "flat"],
        ["onsite", "hour"],
        ["remote", "minute"],
        ["remote", "hour"],
        ["call", "minute"],
      ]) {
        expect(await attempt(tx, insertLineSql(`'bill', '${service}', '${unit}', null, null, 1`)), `${service} ${unit}`).toEqual(ONE_ROW_AFFECTED);
      }
      expect(await attempt(tx, insert("'KWD', 100, 0, 1"), [50000, 0])).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, insertLineSql("'bill', 'onsite', 'hour', 1, null, 100"))).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, insertLineSql(`'pay', 'onsite', 'hour', null, '${INTERPRETER_ID}', 100`))).toEqual(ONE_ROW_AFFECTED);
    });
  });
});

describe("the cascades", () => {
  const remaining = async (sql: string) =>
    within(db, null, async (tx) => {
      await tx.query(sql);
      return (await tx.query<{ id: number }>("select id from public.rate_lines order by id")).rows.map((row) => row.id);
    });

  it("deleting a customer deletes their prices", async () => {
    expect(await remaining("delete from public.customers where id = 1")).toEqual([1, 3, 4, 5]);
  });

  it("deleting an interpreter (their sign-in account) deletes their pay, and nobody else's", async () => {
    expect(await remaining(`delete from auth.users where id = '${INTERPRETER_ID}'`)).toEqual([1, 2, 4, 5]);
  });

  it("deleting a language deletes its lines", async () => {
    expect(await remaining(`delete from public.languages where id = ${LANGUAGE.arabic}`)).toEqual([1, 3, 4, 5]);
    expect(await remaining(`delete from public.languages where id = ${LANGUAGE.english}`)).toEqual([1, 2, 3, 4]);
  });

  it("rolled back: every line is still there", async () => {
    expect(await prices()).toEqual(PRICES);
  });
});
