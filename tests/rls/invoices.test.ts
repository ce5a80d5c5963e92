// supabase/migrations/20261204000100_push_invoices.sql on real Postgres (issue 26, invoices; ADR 0037): who reaches the
// tables through the public API — anon nothing; an admin reads every row; an interpreter none; nobody writes, not even
// an admin (the worker does, with the service role) — and what the tables refuse on their own, whoever writes: any
// change or deletion of an issued invoice and any change of its items (corrections are credit notes); a draft with a
// number or totals, an issued invoice without; a total that is not the subtotal plus the tax; a tax over 100 %; a
// period ending before it starts; a lower-case currency; a second item of one source or a second invoice of one number;
// deleting a customer who has items or invoices. A draft may change and go, letting its items go back to unbilled.
// The functions are in invoice-functions.test.ts.
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, interpreter, otherInterpreter } from "./support/fixtures";

// Invoice 1 issued (PUSH-2026-0001) with item 1; invoice 2 a draft with item 2; item 3 unbilled.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await db.exec(`
    insert into public.invoice_counters (year, last) values (2026, 1);
    insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                 subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
      (1, 1, 'USD', '2026-11-01', '2026-11-30', 'issued', 2, 2026, 1, 'PUSH-2026-0001', 750, 18281, 1371, 19652, '2026-12-01T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-01T08:00:00Z'),
      (2, 1, 'USD', '2026-12-01', '2026-12-31', 'draft', 1, null, null, null, null, null, null, null, null, null, 'admin@push.test',
       '2026-12-20T08:00:00Z');
    insert into public.billable_items (id, source, customer_id, work_day, currency, amount_minor, rate_line_id, computation, invoice_id, created_at)
      overriding system value values
      (1, 'appointment:1', 1, '2026-11-08', 'USD', 18281, null, '{"kind":"customer-no-show"}', 1, '2026-11-09T00:00:00Z'),
      (2, 'appointment:2', 1, '2026-12-08', 'USD', 300, null, '{"kind":"customer-no-show"}', 2, '2026-12-09T00:00:00Z'),
      (3, 'appointment:3', 1, '2027-01-08', 'USD', 500, null, '{"kind":"customer-no-show"}', null, '2027-01-09T00:00:00Z');
    select setval(pg_get_serial_sequence('public.invoices', 'id'), 2);
    select setval(pg_get_serial_sequence('public.billable_items', 'id'), 3);
  `);
});

const TABLES = ["invoice_counters", "invoices", "billable_items"] as const;
const WRITES: Record<(typeof TABLES)[number], Record<string, string>> = {
  invoice_counters: {
    insert: "insert into public.invoice_counters (year, last) values (2027, 1)",
    update: "update public.invoice_counters set last = last + 1",
    delete: "delete from public.invoice_counters",
  },
  invoices: {
    insert:
      "insert into public.invoices (customer_id, currency, period_from, period_to, created_by, created_at) values (1, 'USD', '2027-01-01', '2027-01-31', 'x', now())",
    update: "update public.invoices set version = version + 1 where id = 2",
    delete: "delete from public.invoices where id = 2",
  },
  billable_items: {
    insert: `insert into public.billable_items (source, customer_id, work_day, currency, amount_minor, computation, created_at)
             values ('order:9', 1, '2027-01-02', 'USD', 1, '{}', now())`,
    update: "update public.billable_items set invoice_id = 2 where id = 3",
    delete: "delete from public.billable_items where id = 3",
  },
};

const idsOf = async (actor: Actor, table: string) =>
  (await rowsAs(db, actor, `select ${table === "invoice_counters" ? "year" : "id"} as key from public.${table} order by 1`)).map((row) => row.key);

describe("anon reaches nothing", () => {
  for (const table of TABLES) itRefusesByPrivileges(() => db, table, { select: `select * from public.${table}`, ...WRITES[table] }, [["anon", anon]]);
});

describe("who reads what", () => {
  it("admins (and the worker) every row", async () => {
    for (const actor of [admin, serviceRole]) {
      expect(await idsOf(actor, "invoice_counters")).toEqual([2026]);
      expect(await idsOf(actor, "invoices")).toEqual([1, 2]);
      expect(await idsOf(actor, "billable_items")).toEqual([1, 2, 3]);
    }
  });

  it("an interpreter none; an account without a users row none", async () => {
    for (const actor of [interpreter, otherInterpreter, accountWithoutProfile]) {
      for (const table of TABLES) expect(await idsOf(actor, table), `${table}`).toEqual([]);
    }
  });
});

describe("nobody but the worker writes: not an interpreter, nor an admin", () => {
  for (const table of TABLES) {
    itRefusesByPrivileges(() => db, table, WRITES[table], [
      ["an interpreter", interpreter],
      ["an admin", admin],
    ]);
  }

  it("the service role writes a draft and unbilled items: adds, changes and deletes them", async () => {
    await within(db, serviceRole, async (tx) => {
      // The items first: their update puts item 3 on draft 2, which the invoices' delete then removes.
      for (const table of [...TABLES].reverse()) {
        for (const operation of ["insert", "update", "delete"]) {
          expect(await attempt(tx, WRITES[table][operation]!), `${table} ${operation}`).toMatchObject({ ok: true });
        }
      }
    });
  });
});

describe("an issued invoice never changes, whoever writes", () => {
  const NEVER_CHANGE = { ok: false, code: "P0001", message: "an issued invoice never changes" };

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: not its amounts, its number, its status; nor its items; nor may it be deleted", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      for (const sql of [
        "update public.invoices set tax_minor = 0, total_minor = 18281 where id = 1",
        "update public.invoices set number = 'PUSH-2026-0009' where id = 1",
        "update public.invoices set status = 'draft', number = null, year = null, sequence = null, total_minor = null, issued_at = null where id = 1",
        "update public.invoices set version = version where id = 1",
        "delete from public.invoices where id = 1",
        "update public.billable_items set amount_minor = 1 where id = 1",
        "update public.billable_items set invoice_id = null where id = 1",
      ]) {
        expect(await attempt(tx, sql), sql).toEqual(NEVER_CHANGE);
      }
      expect((await tx.query("select total_minor, number from public.invoices where id = 1")).rows).toEqual([{ total_minor: 19652, number: "PUSH-2026-0001" }]);
    });
  });

  it("a draft changes, and deleting it lets its items go back to unbilled", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, "update public.billable_items set amount_minor = 301 where id = 2")).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, "delete from public.invoices where id = 2")).toEqual(ONE_ROW_AFFECTED);
      expect((await tx.query("select id, invoice_id from public.billable_items order by id")).rows).toEqual([
        { id: 1, invoice_id: 1 },
        { id: 2, invoice_id: null },
        { id: 3, invoice_id: null },
      ]);
    });
  });
});

describe("what the tables refuse, whoever writes", () => {
  const refusedBy = (constraint: string, code = "23514") => ({ ok: false, code, message: expect.stringContaining(`"${constraint}"`) });
  const invoice = (columns: string, values: string) =>
    `insert into public.invoices (customer_id, currency, period_from, period_to, created_by, created_at, ${columns})
     values (1, 'USD', '2027-01-01', '2027-01-31', 'x', now(), ${values})`;
  const issued = (values: string) => invoice("status, year, sequence, number, tax_bp, subtotal_minor, tax_minor, total_minor, issued_at", values);

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: drafts with numbers, issued invoices without, totals that do not add up, bad rates, periods and currencies", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      const cases: [string, object][] = [
        [invoice("number", "'PUSH-2027-0001'"), refusedBy("invoices_numbered_check")],
        [invoice("total_minor, subtotal_minor, tax_minor", "1, 1, 0"), refusedBy("invoices_numbered_check")],
        [invoice("status", "'issued'"), refusedBy("invoices_numbered_check")],
        [issued("'issued', 2027, 1, 'PUSH-2027-0001', 0, 100, 0, 101, now()"), refusedBy("invoices_total_minor_check")],
        [issued("'issued', 2027, 1, 'PUSH-2027-0001', 10001, 100, 0, 100, now()"), refusedBy("invoices_tax_bp_check")],
        [issued("'issued', 2027, 0, 'PUSH-2027-0000', 0, 100, 0, 100, now()"), refusedBy("invoices_sequence_check")],
        [issued("'issued', 2027, 1, 'PUSH-2026-0001', 0, 100, 0, 100, now()"), refusedBy("invoices_number_key", "23505")],
        [issued("'issued', 2026, 1, 'PUSH-2026-1', 0, 100, 0, 100, now()"), refusedBy("invoices_year_sequence_key", "23505")],
        [issued("'issued', 2027, 1, 'PUSH-2027-0001', 0, -1, 0, -1, now()"), refusedBy("invoices_subtotal_minor_check")],
        [invoice("version", "0"), refusedBy("invoices_version_check")],
        [
          "insert into public.invoices (customer_id, currency, period_from, period_to, created_by, created_at) values (1, 'USD', '2027-01-31', '2027-01-01', 'x', now())",
          refusedBy("invoices_period_check"),
        ],
        [
          "insert into public.invoices (customer_id, currency, period_from, period_to, created_by, created_at) values (1, 'usd', '2027-01-01', '2027-01-31', 'x', now())",
          refusedBy("invoices_currency_check"),
        ],
        [
          "insert into public.invoices (customer_id, currency, period_from, period_to, created_by, created_at) values (99, 'USD', '2027-01-01', '2027-01-31', 'x', now())",
          { ok: false, code: "23503" },
        ],
        ["insert into public.invoice_counters (year, last) values (1999, 1)", refusedBy("invoice_counters_year_check")],
        ["insert into public.invoice_counters (year, last) values (2027, 0)", refusedBy("invoice_counters_last_check")],
        [WRITES.billable_items.insert!.replace("'order:9'", "'appointment:1'"), refusedBy("billable_items_source_key", "23505")],
        [WRITES.billable_items.insert!.replace("'USD', 1,", "'USD', -1,"), refusedBy("billable_items_amount_minor_check")],
        [WRITES.billable_items.insert!.replace("'USD'", "'US'"), refusedBy("billable_items_currency_check")],
        [WRITES.billable_items.insert!.replace("'2027-01-02'", "'2027-02-30'"), { ok: false, code: "22008" }],
      ];
      for (const [sql, refusal] of cases) expect(await attempt(tx, sql), sql).toMatchObject(refusal);

      // The controls: a draft, an issued invoice that adds up, an item.
      expect(await attempt(tx, invoice("version", "1"))).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, issued("'issued', 2027, 1, 'PUSH-2027-0001', 10000, 100, 100, 200, now()"))).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, WRITES.billable_items.insert!)).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it("a customer with invoices or items is not deleted", async () => {
    await within(db, null, async (tx) => {
      // ON DELETE RESTRICT: restrict_violation.
      expect(await attempt(tx, "delete from public.customers where id = 1")).toMatchObject({ ok: false, code: "23001" });
    });
  });
});
