// supabase/migrations/20261205000300_push_payments_export.sql on real Postgres (issue 26, build item 6): the payments'
// export is the service role's alone, reads the payments after a given one in the order recorded, at most as many as
// asked, each with its invoice's number and currency and its customer.
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL } from "./support/appointments";
import { createWithFixtures } from "./support/fixtures";
import { rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

// Invoice 1 issued (PUSH-2026-0001, $200.00) to customer 1, with two payments.
const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await db.exec(`
    insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                 subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
      (1, 1, 'USD', '2026-11-01', '2026-11-30', 'issued', 2, 2026, 1, 'PUSH-2026-0001', 0, 20000, 0, 20000, '2026-12-01T09:00:00Z',
       'admin@push.test', 'admin@push.test', '2026-12-01T08:00:00Z');
    insert into public.invoice_payments (invoice_id, amount_minor, paid_on, method, reference, recorded_by, recorded_at, stripe_event_id) values
      (1, 5000, '2026-12-05', 'bank-transfer', 'TRX 1', 'admin@push.test', '2026-12-05T10:00:00Z', null),
      (1, 15000, '2026-12-06', 'card', 'pi_1', 'stripe', '2026-12-06T10:00:00Z', 'evt_1');
  `);
});

describe("push_payments_after", () => {
  itIsTheServiceRolesAlone(() => db, { push_payments_after: "public.push_payments_after(0, 10)" });

  it("the payments after one, in the order recorded, at most as many as asked, with their invoice and customer", async () => {
    await within(db, serviceRole, async (tx) => {
      const read = async (after: number, limit: number) =>
        (await rowsOf(tx, "select public.push_payments_after($1, $2) as page", [after, limit]))[0]!.page as Record<string, unknown>[];
      const all = await read(0, 10);
      expect(all.map((row) => [row.amount_minor, row.method, row.reference, row.invoice_number, row.currency, row.customer_email])).toEqual([
        [5000, "bank-transfer", "TRX 1", "PUSH-2026-0001", "USD", expect.stringContaining("@")],
        [15000, "card", "pi_1", "PUSH-2026-0001", "USD", expect.stringContaining("@")],
      ]);
      expect((await read(0, 1)).map((row) => row.amount_minor)).toEqual([5000]);
      expect((await read(Number(all[0]!.id), 10)).map((row) => row.amount_minor)).toEqual([15000]);
      expect(await read(Number(all[1]!.id), 10)).toEqual([]);
    });
  });
});
