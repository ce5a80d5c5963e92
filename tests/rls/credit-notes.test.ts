// supabase/migrations/20261205000700_push_credit_notes.sql on real Postgres (issue 26, credit notes): who reaches
// credit_notes through the public API — anon nothing; an admin reads every credit note; an interpreter and an account
// without a users row nothing; nobody but the worker writes — and what the table refuses whoever writes: a credit note
// of an invoice that is not issued, any change or removal. The functions, the service role's alone: a credit note takes
// the year's next number and at most what is neither paid nor credited (a refusal stores nothing and takes no number);
// payments are checked against what credit notes took off; an invoice is read with its credit notes and listed with
// what they add up to.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { anon, asSuperuser, fileDatabase, rowsAs, serviceRole, within, type Actor } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { itRefusesByPrivileges, ONE_ROW_AFFECTED } from "./support/expect";
import { accountWithoutProfile, admin, createWithFixtures, interpreter, otherInterpreter } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { BY, NOW, readInvoice } from "./support/invoices";

// Invoice 1 issued for $100.00 and $40.00 of it paid, with credit note PUSH-CN-2026-0001 of $10.00; invoice 2 a draft.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await db.exec(`
    insert into public.invoice_counters (year, last) values (2026, 1);
    insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                 subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
      (1, 1, 'USD', '2026-11-01', '2026-11-30', 'issued', 2, 2026, 1, 'PUSH-2026-0001', 0, 10000, 0, 10000, '2026-12-01T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-01T08:00:00Z'),
      (2, 1, 'USD', '2026-12-01', '2026-12-31', 'draft', 1, null, null, null, null, null, null, null, null, null, 'admin@push.test',
       '2026-12-20T08:00:00Z');
    insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at)
      values (1, 4000, '2026-12-04', 'bank-transfer', 'TRX-1', 'admin@push.test', '2026-12-04T10:00:00Z');
    insert into public.credit_note_counters (year, last) values (2026, 1);
    insert into public.credit_notes (id, invoice_id, year, sequence, number, amount_minor, reason, created_by, created_at)
      overriding system value values (1, 1, 2026, 1, 'PUSH-CN-2026-0001', 1000, 'Goodwill', 'admin@push.test', '2026-12-05T10:00:00Z');
    select setval(pg_get_serial_sequence('public.invoices', 'id'), 2);
    select setval(pg_get_serial_sequence('public.credit_notes', 'id'), 1);
  `);
});

const FIXTURE_NOTE = { id: 1, invoice_id: 1, number: "PUSH-CN-2026-0001", amount_minor: 1000, reason: "Goodwill" };
const WRITES = {
  insert: `insert into public.credit_notes (invoice_id, year, sequence, number, amount_minor, reason, created_by, created_at)
           values (1, 2026, 2, 'PUSH-CN-2026-0002', 100, 'x', 'x', now())`,
  update: "update public.credit_notes set amount_minor = amount_minor + 1",
  delete: "delete from public.credit_notes",
};
const readable = (actor: Actor) => rowsAs(db, actor, "select id, invoice_id, number, amount_minor, reason from public.credit_notes order by id");

describe("anon reaches nothing", () => {
  itRefusesByPrivileges(() => db, "credit_notes", { select: "select * from public.credit_notes", ...WRITES }, [["anon", anon]]);
  itRefusesByPrivileges(() => db, "credit_note_counters", { select: "select * from public.credit_note_counters" }, [["anon", anon]]);
});

describe("who reads what", () => {
  it("an admin every credit note; an interpreter and an account without a users row none", async () => {
    expect(await readable(admin)).toEqual([FIXTURE_NOTE]);
    for (const actor of [interpreter, otherInterpreter, accountWithoutProfile]) expect(await readable(actor)).toEqual([]);
  });
});

describe("nobody but the worker writes; only an issued invoice is credited and a credit note never changes", () => {
  itRefusesByPrivileges(() => db, "credit_notes", WRITES, [
    ["an interpreter", interpreter],
    ["an admin", admin],
  ]);

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: no credit note of a draft; no change and no removal", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, WRITES.insert)).toEqual(ONE_ROW_AFFECTED);
      const refused = (message: string) => ({ ok: false, code: "P0001", message });
      expect(await attempt(tx, WRITES.insert.replace("values (1, 2026, 2, 'PUSH-CN-2026-0002'", "values (2, 2026, 3, 'PUSH-CN-2026-0003'"))).toEqual(
        refused("only an issued invoice is credited"),
      );
      for (const sql of ["update public.credit_notes set reason = 'changed' where id = 1", "delete from public.credit_notes where id = 1"])
        expect(await attempt(tx, sql), sql).toEqual(refused("a credit note never changes"));
    });
  });
});

// ─── The functions ─────────────────────────────────────────────────────────────────────────────────────────────

type Answer = { ok: boolean; number?: string; reason?: string };
const credit = (tx: Transaction, id: number, amount: number, year = 2026, now = NOW) =>
  call<Answer>(tx, "public.push_credit_invoice(p_id => $1, p_amount_minor => $2, p_reason => $3, p_year => $4, p_by => $5, p_now => $6)", [
    ...[id, amount, "Correction", year, BY, now],
  ]);
const pay = (tx: Transaction, id: number, amount: number) =>
  call<Answer>(
    tx,
    "public.push_record_invoice_payment(p_id => $1, p_amount_minor => $2, p_paid_on => $3, p_method => $4, p_reference => $5, p_by => $6, p_now => $7)",
    [id, amount, "2026-12-07", "cash", "", BY, NOW],
  );
const notes = (tx: Transaction) => rowsOf(tx, "select invoice_id, number, amount_minor from public.credit_notes order by id");

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(
    () => db,
    { push_credit_invoice: "public.push_credit_invoice(1, 1, 'x', 2026, 'x', 1)" },
    { invoice_open_minor: "private.invoice_open_minor(1)" },
  );
});

describe("push_credit_invoice (as the service role)", () => {
  it("refuses an invoice that is not there, a draft and more than is open ($100.00 − $40.00 paid − $10.00 credited), taking no number", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await credit(tx, 999_999, 100)).toEqual({ ok: false, reason: "not-found" });
      expect(await credit(tx, 2, 100)).toEqual({ ok: false, reason: "draft" });
      expect(await credit(tx, 1, 5001)).toEqual({ ok: false, reason: "over" });
      expect(await notes(tx)).toEqual([{ invoice_id: 1, number: "PUSH-CN-2026-0001", amount_minor: 1000 }]);
      expect(await rowsOf(tx, "select year, last from public.credit_note_counters")).toEqual([{ year: 2026, last: 1 }]);
    });
  });

  it("numbers in the year's sequence (a new year from 0001), at the exact millisecond; then a payment of what was credited is over", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await credit(tx, 1, 2000)).toEqual({ ok: true, number: "PUSH-CN-2026-0002" });
      expect(await credit(tx, 1, 1000, 2027)).toEqual({ ok: true, number: "PUSH-CN-2027-0001" });
      // $20.00 is open now: a payment of $20.01 is over, $20.00 pays it; a credit note of one cent then is over.
      expect(await pay(tx, 1, 2001)).toEqual({ ok: false, reason: "over" });
      expect(await pay(tx, 1, 2000)).toEqual({ ok: true });
      expect(await credit(tx, 1, 1)).toEqual({ ok: false, reason: "over" });
      expect(
        await rowsOf(
          tx,
          "select number, (extract(epoch from created_at) * 1000)::bigint as created_ms, created_by from public.credit_notes where id > 1 order by id",
        ),
      ).toEqual([
        { number: "PUSH-CN-2026-0002", created_ms: NOW, created_by: BY },
        { number: "PUSH-CN-2027-0001", created_ms: NOW, created_by: BY },
      ]);
    });
  });

  it("the invoice is read with its credit notes in the order issued, and listed with what they add up to", async () => {
    await within(db, serviceRole, async (tx) => {
      await credit(tx, 1, 500);
      const invoice = (await readInvoice(tx, 1)) as unknown as { credits: { number: string; amount_minor: number; reason: string }[] };
      expect(invoice.credits.map(({ number, amount_minor, reason }) => ({ number, amount_minor, reason }))).toEqual([
        { number: "PUSH-CN-2026-0001", amount_minor: 1000, reason: "Goodwill" },
        { number: "PUSH-CN-2026-0002", amount_minor: 500, reason: "Correction" },
      ]);
      const page = await call<{ items: { id: number; credited_minor: number; paid_minor: number }[] }>(
        tx,
        "public.push_invoices_page(p_page_size => $1, p_offset => $2)",
        [10, 0],
      );
      expect(page.items.find((each) => each.id === 1)).toMatchObject({ credited_minor: 1500, paid_minor: 4000 });
    });
  });
});
