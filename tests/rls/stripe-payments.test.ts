// supabase/migrations/20261205000200_push_stripe_payments.sql on real Postgres (issue 26, build item 5): the payments
// Stripe's webhook reports. push_record_stripe_payment is the service role's alone; it records a paid Checkout session
// once per event (by card, by "stripe", the event's id kept), or is refused storing nothing: the event already
// recorded (whatever it says now), no invoice, a draft, more than the open balance. Whoever writes, the unique index
// on the event's id refuses a second payment of the same event; payments recorded by hand (no event) are not held to it.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { attempt, CUSTOMER_SQL } from "./support/appointments";
import { ONE_ROW_AFFECTED } from "./support/expect";
import { createWithFixtures } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { BY, NOW } from "./support/invoices";

/** Invoice 1's total, and the payment by hand the fixture records of it. */
const TOTAL_1 = 19652;
const PAID_1 = 5000;

// Invoice 1 issued and partly paid by hand; invoice 2 a draft; invoice 3 issued, for 3.00, nothing paid.
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
      overriding system value values (1, 1, ${PAID_1}, '2026-12-04', 'bank-transfer', 'TRX-1', '${BY}', '2026-12-04T10:00:00Z');
    select setval(pg_get_serial_sequence('public.invoices', 'id'), 3);
    select setval(pg_get_serial_sequence('public.invoice_payments', 'id'), 1);
  `);
});

type Answer = { ok: boolean; reason?: string };
type StripeArguments = { amount?: number; paidOn?: string; reference?: string; eventId?: string };
const RECORD_SQL = "public.push_record_stripe_payment(p_id => $1, p_amount_minor => $2, p_paid_on => $3, p_reference => $4, p_event_id => $5, p_now => $6)";

const record = (tx: Transaction, id: number, fields: StripeArguments = {}, now = NOW) =>
  call<Answer>(tx, RECORD_SQL, [id, fields.amount ?? 100, fields.paidOn ?? "2026-12-07", fields.reference ?? "pi_3Q", fields.eventId ?? "evt_1", now]);
const everyPayment = (tx: Transaction) =>
  rowsOf(
    tx,
    `select id, invoice_id, amount_minor, paid_on::text as paid_on, method, reference, recorded_by, stripe_event_id,
            (extract(epoch from recorded_at) * 1000)::bigint as recorded_ms
     from public.invoice_payments order by id`,
  );
const FIXTURE_PAYMENT = {
  ...{ id: 1, invoice_id: 1, amount_minor: PAID_1, paid_on: "2026-12-04", method: "bank-transfer", reference: "TRX-1", recorded_by: BY },
  ...{ stripe_event_id: null, recorded_ms: Date.parse("2026-12-04T10:00:00Z") },
};

describe("push_record_stripe_payment: only the service role executes it", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_record_stripe_payment: "public.push_record_stripe_payment(3, 1, '2026-12-07', 'pi_1', 'evt_rights', 1)",
  });
});

describe("push_record_stripe_payment (as the service role)", () => {
  it("records the payment once: by card, by stripe, its reference and event, at the exact millisecond", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await record(tx, 3, { amount: 300, paidOn: "2026-12-06", reference: "pi_3QxYz", eventId: "evt_1QaB" })).toEqual({ ok: true });
      const stripePayment = {
        ...{ id: expect.any(Number), invoice_id: 3, amount_minor: 300, paid_on: "2026-12-06", method: "card", reference: "pi_3QxYz" },
        ...{ recorded_by: "stripe", stripe_event_id: "evt_1QaB", recorded_ms: NOW },
      };
      expect(await everyPayment(tx)).toEqual([FIXTURE_PAYMENT, stripePayment]);

      // The same event again — as it was, for another amount, or naming another invoice — changes nothing.
      expect(await record(tx, 3, { amount: 300, paidOn: "2026-12-06", reference: "pi_3QxYz", eventId: "evt_1QaB" })).toEqual({
        ok: false,
        reason: "duplicate",
      });
      expect(await record(tx, 1, { amount: 1, eventId: "evt_1QaB" })).toEqual({ ok: false, reason: "duplicate" });
      expect(await everyPayment(tx)).toEqual([FIXTURE_PAYMENT, stripePayment]);
    });
  });

  it("refuses an invoice that is not there, a draft, and more than the open balance, storing nothing", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await record(tx, 999_999, { eventId: "evt_a" })).toEqual({ ok: false, reason: "not-found" });
      expect(await record(tx, 2, { eventId: "evt_b" })).toEqual({ ok: false, reason: "draft" });
      expect(await record(tx, 1, { amount: TOTAL_1 - PAID_1 + 1, eventId: "evt_c" })).toEqual({ ok: false, reason: "over" });
      expect(await record(tx, 3, { amount: 301, eventId: "evt_d" })).toEqual({ ok: false, reason: "over" });
      expect(await everyPayment(tx)).toEqual([FIXTURE_PAYMENT]);
      // A refused event was not recorded: delivered again once it can be, it is.
      expect(await record(tx, 3, { amount: 300, eventId: "evt_d" })).toEqual({ ok: true });
      expect((await everyPayment(tx)).map((row) => row.stripe_event_id)).toEqual([null, "evt_d"]);
    });
  });

  it("a payment recorded by hand meanwhile counts: Stripe's payment of the whole total is then over the balance", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await record(tx, 1, { amount: TOTAL_1, eventId: "evt_whole" })).toEqual({ ok: false, reason: "over" });
      expect(await record(tx, 1, { amount: TOTAL_1 - PAID_1, eventId: "evt_rest" })).toEqual({ ok: true });
      expect((await everyPayment(tx)).map((row) => [row.amount_minor, row.method, row.stripe_event_id])).toEqual([
        [PAID_1, "bank-transfer", null],
        [TOTAL_1 - PAID_1, "card", "evt_rest"],
      ]);
    });
  });
});

describe("one payment per event, whoever writes", () => {
  const insert = (eventId: string | null, invoice = 3) =>
    `insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at, stripe_event_id)
     values (${invoice}, 1, '2026-12-05', 'card', 'pi_x', 'stripe', now(), ${eventId === null ? "null" : `'${eventId}'`})`;

  it.each([
    ["the service role", serviceRole],
    ["the superuser (the SQL editor)", null],
  ] as const)("%s: a second row with the same event id is refused, on any invoice; rows without one are not held to it", async (_name, actor) => {
    await within(db, actor, async (tx) => {
      expect(await attempt(tx, insert("evt_same"))).toEqual(ONE_ROW_AFFECTED);
      for (const invoice of [3, 1]) {
        expect(await attempt(tx, insert("evt_same", invoice)), String(invoice)).toMatchObject({
          ok: false,
          code: "23505",
          message: expect.stringContaining("invoice_payments_stripe_event_idx"),
        });
      }
      expect(await attempt(tx, insert(null))).toEqual(ONE_ROW_AFFECTED);
      expect(await attempt(tx, insert(null))).toEqual(ONE_ROW_AFFECTED);
      expect((await everyPayment(tx)).map((row) => row.stripe_event_id)).toEqual([null, "evt_same", null, null]);
    });
  });

  it("what the column refuses: an empty event id, one over 255 characters", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await attempt(tx, insert(""))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert("e".repeat(256)))).toMatchObject({ ok: false, code: "23514" });
      expect(await attempt(tx, insert("e".repeat(255)))).toEqual(ONE_ROW_AFFECTED);
    });
  });
});
