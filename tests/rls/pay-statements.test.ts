// supabase/migrations/20261205000600_push_pay_statements.sql on real Postgres (issue 26, build item 6; ADR 0039): who
// reaches interpreters' pay through the public API — anon nothing; an interpreter their own items and payouts only; an
// admin every row; nobody but the worker writes — what the tables refuse whoever writes (a paid item changing, a
// payout changing, a month that is not the day's), and the functions: items made once, the statements with exact
// figures, and marking one paid only at the lines and amount seen.
import { describe, expect, it } from "vitest";
import { anon, rowsAs, serviceRole, within, fileDatabase, type Actor } from "./support/db";
import { attempt } from "./support/appointments";
import { itRefusesByPrivileges } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, interpreter, INTERPRETER_ID, otherInterpreter, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

// The interpreter's November: item 1 paid by payout 1, item 2 not yet; the other interpreter's item 3.
const db = fileDatabase(createWithFixtures, async () => {
  await db.exec(`
    insert into public.pay_payouts (id, interpreter_id, month, amount_minor, item_count, paid_by, paid_at) overriding system value values
      (1, '${INTERPRETER_ID}', '2026-11', 9000, 1, 'admin', '2026-12-01T09:00:00Z');
    insert into public.pay_items (id, source, interpreter_id, work_day, month, currency, amount_minor, rate_line_id, computation, payout_id, created_at)
      overriding system value values
      (1, 'appointment:1', '${INTERPRETER_ID}', '2026-11-08', '2026-11', 'USD', 9000, null, '{"kind":"customer-no-show"}', 1, '2026-11-09T00:00:00Z'),
      (2, 'call:c-2', '${INTERPRETER_ID}', '2026-11-20', '2026-11', 'USD', 100, null, '{"kind":"customer-no-show"}', null, '2026-11-21T00:00:00Z'),
      (3, 'order:3', '${OTHER_INTERPRETER_ID}', '2026-11-09', '2026-11', 'USD', 2500, null, '{"kind":"customer-no-show"}', null, '2026-11-10T00:00:00Z');
    select setval(pg_get_serial_sequence('public.pay_payouts', 'id'), 1);
    select setval(pg_get_serial_sequence('public.pay_items', 'id'), 3);
  `);
});

const TABLES = ["pay_items", "pay_payouts"] as const;
const WRITES: Record<(typeof TABLES)[number], Record<string, string>> = {
  pay_items: {
    insert: `insert into public.pay_items (source, interpreter_id, work_day, month, currency, amount_minor, computation, created_at)
             values ('order:9', '${INTERPRETER_ID}', '2026-12-02', '2026-12', 'USD', 1, '{}', now())`,
    update: "update public.pay_items set rate_line_id = 7 where id = 2",
    delete: "delete from public.pay_items where id = 3",
  },
  pay_payouts: {
    insert: `insert into public.pay_payouts (interpreter_id, month, amount_minor, item_count, paid_by, paid_at) values ('${INTERPRETER_ID}', '2026-12', 1, 1, 'x', now())`,
    update: "update public.pay_payouts set amount_minor = 1 where id = 1",
    delete: "delete from public.pay_payouts where id = 1",
  },
};

const idsOf = async (actor: Actor, table: string) => (await rowsAs(db, actor, `select id from public.${table} order by 1`)).map((row) => row.id);

describe("anon reaches nothing", () => {
  for (const table of TABLES) itRefusesByPrivileges(() => db, table, { select: `select * from public.${table}`, ...WRITES[table] }, [["anon", anon]]);
});

describe("who reads what", () => {
  it("admins (and the worker) every row", async () => {
    for (const actor of [admin, serviceRole]) {
      expect(await idsOf(actor, "pay_items")).toEqual([1, 2, 3]);
      expect(await idsOf(actor, "pay_payouts")).toEqual([1]);
    }
  });

  it("an interpreter their own only; an account without a users row nothing", async () => {
    expect(await idsOf(interpreter, "pay_items")).toEqual([1, 2]);
    expect(await idsOf(interpreter, "pay_payouts")).toEqual([1]);
    expect(await idsOf(otherInterpreter, "pay_items")).toEqual([3]);
    expect(await idsOf(otherInterpreter, "pay_payouts")).toEqual([]);
    for (const table of TABLES) expect(await idsOf(accountWithoutProfile, table)).toEqual([]);
  });
});

describe("nobody but the worker writes: not an interpreter, nor an admin", () => {
  for (const table of TABLES) {
    itRefusesByPrivileges(() => db, table, WRITES[table], [
      ["an interpreter", interpreter],
      ["an admin", admin],
    ]);
  }
});

describe("money paid never changes, whoever writes", () => {
  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: not a paid item, not an item's amount, not a payout; nor a month that is not the day's", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      const NEVER = (what: string) => ({ ok: false, code: "P0001", message: `${what} never changes` });
      expect(await attempt(tx, "update public.pay_items set payout_id = null where id = 1")).toEqual(NEVER("a pay item"));
      expect(await attempt(tx, "update public.pay_items set amount_minor = 1 where id = 2")).toEqual(NEVER("a pay item"));
      expect(await attempt(tx, "update public.pay_payouts set amount_minor = 1 where id = 1")).toEqual(NEVER("a payout"));
      expect(await attempt(tx, WRITES.pay_items.insert!.replace("'2026-12',", "'2026-11',"))).toMatchObject({
        ok: false,
        code: "23514",
        message: expect.stringContaining("pay_items_month_check"),
      });
    });
  });
});

describe("the functions", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_add_pay_items: "public.push_add_pay_items('[]'::jsonb, 0)",
    push_unpaid_work: "public.push_unpaid_work(24, 10)",
    push_pay_statements: "public.push_pay_statements(null, null, 50, 0)",
    push_pay_statement: `public.push_pay_statement('${INTERPRETER_ID}', '2026-11')`,
    push_mark_pay_statement_paid: `public.push_mark_pay_statement_paid('${INTERPRETER_ID}', '2026-01', 1, 1, 'x', 0)`,
  });

  it("statements with exact figures; marked paid only at the lines and amount seen; an item made later still to pay", async () => {
    await within(db, serviceRole, async (tx) => {
      const one = async (sql: string, params: unknown[] = []) => (await rowsOf(tx, `select ${sql} as value`, params))[0]!.value as Record<string, unknown>;
      const page = await one("public.push_pay_statements(null, '2026-11', 50, 0)");
      expect((page.items as Record<string, unknown>[]).map((row) => [row.interpreter_id, row.item_count, row.total_minor, row.paid_minor])).toEqual(
        expect.arrayContaining([
          [INTERPRETER_ID, 2, 9100, 9000],
          [OTHER_INTERPRETER_ID, 1, 2500, 0],
        ]),
      );
      expect(page.total).toBe(2);
      const statement = await one("public.push_pay_statement($1, '2026-11')", [INTERPRETER_ID]);
      expect((statement.items as Record<string, unknown>[]).map((row) => [row.id, row.work_day, row.paid_at !== null])).toEqual([
        [1, "2026-11-08", true],
        [2, "2026-11-20", false],
      ]);
      expect(await one("public.push_pay_statement($1, '2026-10')", [INTERPRETER_ID])).toBeNull();

      const mark = (count: number, toPay: number) =>
        one(`public.push_mark_pay_statement_paid($1, '2026-11', ${count}, ${toPay}, 'admin', 1796000000000)`, [INTERPRETER_ID]);
      expect(await mark(1, 100)).toEqual({ ok: false, reason: "stale" });
      expect(await mark(2, 9100)).toEqual({ ok: false, reason: "stale" });
      expect(await mark(2, 100)).toEqual({ ok: true });
      expect(await mark(2, 100)).toEqual({ ok: false, reason: "nothing-to-pay" });

      const added = await one(`public.push_add_pay_items($1::jsonb, 1796000000000)`, [
        JSON.stringify([
          { source: "call:c-2", interpreter_id: INTERPRETER_ID, work_day: "2026-11-20", currency: "USD", amount_minor: 1, rate_line_id: null, computation: {} },
          {
            source: "call:c-4",
            interpreter_id: INTERPRETER_ID,
            work_day: "2026-11-30",
            currency: "USD",
            amount_minor: 1234,
            rate_line_id: null,
            computation: {},
          },
        ]),
      ]);
      expect(added).toBe(1);
      const later = await one("public.push_pay_statement($1, '2026-11')", [INTERPRETER_ID]);
      expect([later.item_count, later.total_minor, later.paid_minor]).toEqual([3, 10334, 9100]);
    });
  });
});
