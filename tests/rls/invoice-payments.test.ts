// supabase/migrations/20261205000100_push_invoice_payments.sql on real Postgres (issue 26, payments recorded by hand):
// who reaches invoice_payments through the public API — anon nothing; an admin reads every payment; an interpreter and
// an account without a users row nothing; nobody but the worker writes — and what the table refuses whoever writes: a
// payment of an invoice that is not issued, any change and any removal of a payment, and what its columns do not hold.
// The functions, the service role's alone: recording a payment stores it, or is refused storing nothing (no invoice, a
// draft, more than the open balance); an invoice is read with its payments, and listed with what they add up to.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, interpreter, otherInterpreter } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { BY, NOW, readInvoice, type InvoiceJson } from "./support/invoices";

/** Invoice 1's total, and the payment the fixture records of it. */
const TOTAL_1 = 19652;
const PAID_1 = 5000;

// Invoice 1 issued and partly paid (the payment below); invoice 2 a draft; invoice 3 issued, for 3.00, nothing paid.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await db.exec(`
    insert into public.invoice_counters (year, last) values (2026, 2);
    insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                 subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
      (1, 1, 'USD', '2026-11-01', '2026-11-30', 'issued', 2, 2026, 1, 'PUSH-2026-0001', 750, 18281, 1371, ${TOTAL_1}, '2026-12-01T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-01T08:00:00Z'),
      (2, 1, 'USD', '2026-12-01', '2026-12-31', 'draft', 1, null, null, null, null, null, null, null, null, null, 'admin@push.test',
       '2026-12-20T08:00:00Z'),
      (3, 1, 'USD', '2026-10-01', '2026-10-31', 'issued', 2, 2026, 2, 'PUSH-2026-0002', 0, 300, 0, 300, '2026-12-03T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-03T08:00:00Z');
    insert into public.invoice_payments (id, invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
      overriding system value values (1, 1, ${PAID_1}, '2026-12-04', 'bank-transfer', 'TRX-1', 'admin@push.test', '2026-12-04T10:00:00Z');
    select setval(pg_get_serial_sequence('public.invoices', 'id'), 3);
    select setval(pg_get_serial_sequence('public.invoice_payments', 'id'), 1);
  `);
});

const COLUMNS = "id, invoice_id, amount_minor, paid_on::text as paid_on, method, reference, recorded_by";
const FIXTURE_PAYMENT = { id: 1, invoice_id: 1, amount_minor: PAID_1, paid_on: "2026-12-04", method: "bank-transfer", reference: "TRX-1", recorded_by: BY };
const WRITES = {
  insert: `insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
           values (3, 100, '2026-12-05', 'cash', '', 'x', now())`,
  update: "update public.invoice_payments set amount_minor = amount_minor + 1",
  delete: "delete from public.invoice_payments",
};
const readable = (actor: Actor) => rowsAs(db, actor, `select ${COLUMNS} from public.invoice_payments order by id`);

describe("anon reaches nothing", () => {
  itRefusesByPrivileges(() => db, "invoice_payments", { select: "select * from public.invoice_payments", ...WRITES }, [["anon", anon]]);
});

describe("who reads what", () => {
  it("an admin: every payment, all its columns", async () => {
    expect(await readable(admin)).toEqual([FIXTURE_PAYMENT]);
    const [row] = await rowsAs(db, admin, "select * from public.invoice_payments");
    expect(row!.recorded_at).toEqual(new Date("2026-12-04T10:00:00Z"));
  });

  it("an interpreter none; an account without a users row none", async () => {
    for (const actor of [interpreter, otherInterpreter, accountWithoutProfile]) expect(await readable(actor)).toEqual([]);
  });
});

describe("nobody but the worker writes: not an interpreter, nor an admin", () => {
  itRefusesByPrivileges(() => db, "invoice_payments", WRITES, [
    ["an interpreter", interpreter],
    ["an admin", admin],
  ]);

  it("the service role adds a payment of an issued invoice", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, WRITES.insert)).toEqual(ONE_ROW_AFFECTED);
      expect(await rowsOf(tx, "select invoice_id, amount_minor, method from public.invoice_payments where id <> 1")).toEqual([
        { invoice_id: 3, amount_minor: 100, method: "cash" },
      ]);
    });
  });
});

describe("only an issued invoice is paid, and a payment never changes nor goes, whoever writes", () => {
  const refused = (message: string) => ({ ok: false, code: "P0001", message });

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: no payment of a draft; no change and no removal of a payment", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, WRITES.insert.replace("values (3,", "values (2,"))).toEqual(refused("only an issued invoice is paid"));
      for (const sql of [
        "update public.invoice_payments set amount_minor = 1 where id = 1",
        "update public.invoice_payments set reference = 'changed' where id = 1",
        "update public.invoice_payments set invoice_id = 3 where id = 1",
        "delete from public.invoice_payments where id = 1",
      ]) {
        expect(await attempt(tx, sql), sql).toEqual(refused("a payment never changes"));
      }
      expect(await rowsOf(tx, `select ${COLUMNS} from public.invoice_payments order by id`)).toEqual([FIXTURE_PAYMENT]);
    });
  });

  it("a payment of an invoice that is not there: the guard finds no issued invoice", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, WRITES.insert.replace("values (3,", "values (99,"))).toEqual(refused("only an issued invoice is paid"));
    });
  });

  it("what the columns refuse: an amount of zero or less, another method, a reference over 200 characters", async () => {
    await within(db, serviceRole, async (tx) => {
      const insert = (amount: number, method = "cash", reference = "") =>
        `insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
         values (3, ${amount}, '2026-12-05', '${method}', '${reference}', 'x', now())`;
      expect(await attempt(tx, insert(0))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert(-100))).toMatchObject({ ok: false, code: "23514" });
      for (const method of ["paypal", "Cash", ""]) expect(await attempt(tx, insert(1, method)), method).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert(1, "cash", "r".repeat(201)))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert(1, "cash", "r".repeat(200)))).toEqual(ONE_ROW_AFFECTED);
      for (const method of ["bank-transfer", "card", "cheque", "other"]) expect(await attempt(tx, insert(1, method)), method).toEqual(ONE_ROW_AFFECTED);
    });
  });

  it("the guard is the table's: SECURITY INVOKER with an empty search_path in schema private, no API role executes it", async () => {
    expect(
      await asSuperuser(
        db,
        `select p.prosecdef as security_definer, p.proconfig as config,
                has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p where p.oid = 'private.invoice_payments_guard'::regproc`,
      ),
    ).toEqual([{ security_definer: false, config: ['search_path=""'], anon: false, authenticated: false }]);
  });
});

// ─── The functions ─────────────────────────────────────────────────────────────────────────────────────────────

type Answer = { ok: boolean; reason?: string };
type PaymentArguments = { amount?: number; paidOn?: string; method?: string; reference?: string; by?: string };
const RECORD_SQL =
  "public.push_record_invoice_payment(p_id => $1, p_amount_minor => $2, p_paid_on => $3, p_method => $4, p_reference => $5, p_by => $6, p_now => $7)";

const record = (tx: Transaction, id: number, fields: PaymentArguments = {}, now = NOW) =>
  call<Answer>(tx, RECORD_SQL, [
    id,
    fields.amount ?? 100,
    fields.paidOn ?? "2026-12-07",
    fields.method ?? "card",
    fields.reference ?? "",
    fields.by ?? BY,
    now,
  ]);
const paymentsOf = (tx: Transaction, id: number) =>
  rowsOf(
    tx,
    `select ${COLUMNS}, (extract(epoch from recorded_at) * 1000)::bigint as recorded_ms from public.invoice_payments where invoice_id = $1 order by id`,
    [id],
  );
const everyPayment = (tx: Transaction) => rowsOf(tx, "select id, invoice_id, amount_minor from public.invoice_payments order by id");

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_record_invoice_payment: "public.push_record_invoice_payment(3, 1, '2026-12-07', 'cash', '', 'x', 1)",
  });
});

describe("push_record_invoice_payment (as the service role)", () => {
  it("refuses an invoice that is not there, a draft, and more than the open balance, storing nothing", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await record(tx, 999_999)).toEqual({ ok: false, reason: "not-found" });
      expect(await record(tx, 2)).toEqual({ ok: false, reason: "draft" });
      expect(await record(tx, 1, { amount: TOTAL_1 - PAID_1 + 1 })).toEqual({ ok: false, reason: "over" });
      expect(await record(tx, 3, { amount: 301 })).toEqual({ ok: false, reason: "over" });
      expect(await everyPayment(tx)).toEqual([{ id: 1, invoice_id: 1, amount_minor: PAID_1 }]);
    });
  });

  it("stores the payment with its day, method, reference and author, recorded at the exact millisecond", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await record(tx, 3, { amount: 120, paidOn: "2026-12-06", method: "cheque", reference: "No. 4471", by: "other.admin@push.test" })).toEqual({
        ok: true,
      });
      expect(await paymentsOf(tx, 3)).toEqual([
        {
          id: expect.any(Number),
          invoice_id: 3,
          amount_minor: 120,
          paid_on: "2026-12-06",
          method: "cheque",
          reference: "No. 4471",
          recorded_by: "other.admin@push.test",
          recorded_ms: NOW,
        },
      ]);
    });
  });

  it("pays exactly the open balance, then not one minor unit more; a paid invoice takes nothing", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await record(tx, 1, { amount: TOTAL_1 - PAID_1 + 1 })).toEqual({ ok: false, reason: "over" });
      expect(await record(tx, 1, { amount: TOTAL_1 - PAID_1 })).toEqual({ ok: true });
      expect(await record(tx, 1, { amount: 1 })).toEqual({ ok: false, reason: "over" });
      expect((await paymentsOf(tx, 1)).map((row) => row.amount_minor)).toEqual([PAID_1, TOTAL_1 - PAID_1]);

      // In parts: 1.00, then 2.00 of 3.00, then the 0.01 more refused.
      expect(await record(tx, 3, { amount: 100 })).toEqual({ ok: true });
      expect(await record(tx, 3, { amount: 201 })).toEqual({ ok: false, reason: "over" });
      expect(await record(tx, 3, { amount: 200 })).toEqual({ ok: true });
      expect(await record(tx, 3, { amount: 1 })).toEqual({ ok: false, reason: "over" });
      expect((await paymentsOf(tx, 3)).map((row) => row.amount_minor)).toEqual([100, 200]);
    });
  });
});

describe("reading an invoice with its payments (as the service role)", () => {
  it("push_invoice answers the payments in the order recorded: [] before the first, then each with its columns", async () => {
    await within(db, serviceRole, async (tx) => {
      expect((await readInvoice(tx, 3))!.payments).toEqual([]);
      expect((await readInvoice(tx, 2))!.payments).toEqual([]);
      await record(tx, 3, { amount: 200, paidOn: "2026-12-06", method: "cash", reference: "till 2" }, NOW);
      await record(tx, 3, { amount: 50, paidOn: "2026-12-05", method: "card" }, NOW + 1000);
      const { payments } = (await readInvoice(tx, 3)) as InvoiceJson & { payments: Record<string, unknown>[] };
      expect(payments).toEqual([
        {
          ...{ id: expect.any(Number), invoice_id: 3, amount_minor: 200, paid_on: "2026-12-06", method: "cash", reference: "till 2" },
          ...{ recorded_by: BY, recorded_at: expect.any(String), stripe_event_id: null },
        },
        {
          ...{ id: expect.any(Number), invoice_id: 3, amount_minor: 50, paid_on: "2026-12-05", method: "card", reference: "" },
          ...{ recorded_by: BY, recorded_at: expect.any(String), stripe_event_id: null },
        },
      ]);
      expect(payments.map((payment) => Date.parse(String(payment.recorded_at)))).toEqual([NOW, NOW + 1000]);
      // In id order (the order recorded), not by the day paid: the first recorded was paid a day later.
      expect(Number(payments[0]!.id)).toBeLessThan(Number(payments[1]!.id));
      expect((await readInvoice(tx, 1))!.payments).toMatchObject([{ id: 1, amount_minor: PAID_1 }]);
    });
  });

  it("push_invoices_page: each invoice with what its payments add up to, 0 when none", async () => {
    await within(db, serviceRole, async (tx) => {
      await record(tx, 3, { amount: 100 });
      await record(tx, 3, { amount: 150 });
      const page = await call<{ total: number; items: { id: number; paid_minor: number }[] }>(
        tx,
        "public.push_invoices_page(p_page_size => 50, p_offset => 0)",
      );
      expect(page.total).toBe(3);
      expect(page.items.map(({ id, paid_minor }) => [id, paid_minor])).toEqual([
        [3, 250],
        [2, 0],
        [1, PAID_1],
      ]);
    });
  });
});
