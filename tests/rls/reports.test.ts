// supabase/migrations/20261205000510_push_reports.sql on real Postgres (issue 26, build item 7; docs/decisions/0038):
// the report is the service role's alone (anon, an interpreter and an admin may not call it), and sums a period as
// D1 does — revenue before tax of issued invoices' items by month, customer (the first p_top, then the rest) and
// language; appointments counted, leaving out those cancelled a day or more before their start, and filled; calls and
// answered calls per month of the company's calendar (its instants given; here across the change to daylight saving).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL, insertSql } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, LANGUAGE, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const MONTHS = [
  { month: "2034-02", from: Date.UTC(2034, 1, 1, 7), until: Date.UTC(2034, 2, 1, 7) },
  { month: "2034-03", from: Date.UTC(2034, 2, 1, 7), until: Date.UTC(2034, 3, 1, 6) },
];
const REPORT_SQL = "public.push_report(p_first_day => $1, p_last_day => $2, p_months => $3, p_top => $4, p_unneeded_ms => $5)";
const DAY = 24 * 3_600_000;

const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await asSuperuser(
    db,
    "insert into public.customers (id, name, email) overriding system value values (2, 'Ben Ode', 'ben@customer.test'), (3, 'Cy Lam', 'cy@customer.test')",
  );
  // Invoices 1–3 issued, 4 a draft; their items (language 99 is no language there is: summed with none).
  await db.exec(`
    insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                 subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
      (1, 1, 'USD', '2034-01-01', '2034-03-31', 'issued', 2, 2034, 1, 'PUSH-2034-0001', 1000, 15000, 1500, 16500, '2034-04-01T09:00:00Z', 'a', 'a', '2034-04-01T08:00:00Z'),
      (2, 2, 'USD', '2034-01-01', '2034-03-31', 'issued', 2, 2034, 2, 'PUSH-2034-0002', 1000, 2500, 250, 2750, '2034-04-01T09:00:00Z', 'a', 'a', '2034-04-01T08:00:00Z'),
      (3, 3, 'USD', '2034-01-01', '2034-03-31', 'issued', 2, 2034, 3, 'PUSH-2034-0003', 0, 1699, 0, 1699, '2034-04-01T09:00:00Z', 'a', 'a', '2034-04-01T08:00:00Z');
    insert into public.invoices (id, customer_id, currency, period_from, period_to, created_by, created_at) overriding system value values
      (4, 2, 'USD', '2034-01-01', '2034-03-31', 'a', '2034-04-01T08:00:00Z');
    insert into public.billable_items (source, customer_id, work_day, currency, amount_minor, language_id, computation, invoice_id, created_at) values
      ('appointment:1', 1, '2034-02-10', 'USD', 10000, ${LANGUAGE.arabic}, '{}', 1, '2034-04-01T08:00:00Z'),
      ('appointment:2', 1, '2034-03-31', 'USD', 5000, ${LANGUAGE.spanish}, '{}', 1, '2034-04-01T08:00:00Z'),
      ('order:3', 2, '2034-03-01', 'USD', 2500, null, '{}', 2, '2034-04-01T08:00:00Z'),
      ('call:c1', 3, '2034-03-02', 'USD', 700, 99, '{}', 3, '2034-04-01T08:00:00Z'),
      ('call:c2', 3, '2034-01-31', 'USD', 999, ${LANGUAGE.arabic}, '{}', 3, '2034-04-01T08:00:00Z'),
      ('order:4', 2, '2034-03-03', 'USD', 40000, null, '{}', 4, '2034-04-01T08:00:00Z');
  `);
  // Appointments: February filled; March one requested and one cancelled 2 hours before (counted, not filled), one
  // cancelled 3 days before (left out).
  for (const row of [
    { status: "confirmed", interpreter: INTERPRETER_ID, from: "2034-02-10T17:00:00Z", to: "2034-02-10T18:00:00Z" },
    { from: "2034-03-15T17:00:00Z", to: "2034-03-15T18:00:00Z" },
    { id: 71, from: "2034-03-16T17:00:00Z", to: "2034-03-16T18:00:00Z" },
    { id: 72, from: "2034-03-20T17:00:00Z", to: "2034-03-20T18:00:00Z" },
  ]) {
    const [sql, params] = insertSql(row);
    await asSuperuser(db, sql, params);
  }
  await asSuperuser(
    db,
    "update public.appointments set status = 'cancelled', cancelled_by = 'customer', cancelled_at = starts_at - interval '2 hours' where id = 71",
  );
  await asSuperuser(
    db,
    "update public.appointments set status = 'cancelled', cancelled_by = 'customer', cancelled_at = starts_at - interval '3 days' where id = 72",
  );
  // Calls: 23:30 on 31 January (outside); 23:30 on 28 February MST (February's); 23:30 on 31 March MDT (March's).
  await db.exec(`
    insert into public.call_log (id, language, type, caller_name, outcome, requested_at, answered_at, ended_at) values
      ('c1', 'English', 'video', 'One', 'answered', '2034-02-01T06:30:00Z', '2034-02-01T06:30:10Z', '2034-02-01T06:35:00Z'),
      ('c2', 'English', 'video', 'Two', 'answered', '2034-03-01T06:30:00Z', '2034-03-01T06:30:10Z', '2034-03-01T06:35:00Z'),
      ('c3', 'English', 'video', 'Three', 'missed', '2034-02-15T12:00:00Z', null, '2034-02-15T12:01:00Z'),
      ('c4', 'English', 'video', 'Four', 'missed', '2034-04-01T05:30:00Z', null, '2034-04-01T05:31:00Z');
  `);
});

const report = async (top: number) =>
  within(db, serviceRole, async (tx) => {
    const [row] = await rowsOf(tx, `select ${REPORT_SQL} as report`, ["2034-02-01", "2034-03-31", JSON.stringify(MONTHS), top, DAY]);
    return row!.report as Record<string, unknown>;
  });

describe("push_report", () => {
  itIsTheServiceRolesAlone(() => db, { push_report: `public.push_report('2034-02-01', '2034-03-31', '${JSON.stringify(MONTHS)}', 8, ${DAY})` });

  it("interpreter cost (20261205000800_push_report_costs.sql): every pay line of the period's months, by month and currency", async () => {
    const cost = await within(db, null, async (tx) => {
      await tx.exec(`
        insert into public.pay_items (source, interpreter_id, work_day, month, currency, amount_minor, computation, created_at) values
          ('appointment:c1', '${INTERPRETER_ID}', '2034-02-10', '2034-02', 'USD', 4000, '{}', now()),
          ('appointment:c2', '${OTHER_INTERPRETER_ID}', '2034-02-28', '2034-02', 'USD', 1500, '{}', now()),
          ('call:c3', '${INTERPRETER_ID}', '2034-03-31', '2034-03', 'KWD', 500, '{}', now()),
          ('order:c4', '${INTERPRETER_ID}', '2034-01-31', '2034-01', 'USD', 900, '{}', now()),
          ('order:c5', '${INTERPRETER_ID}', '2034-04-01', '2034-04', 'USD', 900, '{}', now())`);
      await tx.exec("set local role service_role");
      const [row] = await rowsOf(tx, `select ${REPORT_SQL} as report`, ["2034-02-01", "2034-03-31", JSON.stringify(MONTHS), 8, DAY]);
      return (row!.report as Record<string, unknown>).cost_by_month;
    });
    expect(cost).toEqual([
      { month: "2034-02", currency: "USD", amount_minor: 5500 },
      { month: "2034-03", currency: "KWD", amount_minor: 500 },
    ]);
  });

  it("revenue: issued invoices' items before tax in the period, by month, customer and language", async () => {
    const answer = await report(2);
    expect(answer.revenue_by_month).toEqual([
      { month: "2034-02", currency: "USD", amount_minor: 10000 },
      { month: "2034-03", currency: "USD", amount_minor: 8200 },
    ]);
    expect(answer.revenue_by_customer).toEqual([
      { currency: "USD", customer_id: 1, customer_name: "Ana Ruiz", amount_minor: 15000, customers: 1 },
      { currency: "USD", customer_id: 2, customer_name: "Ben Ode", amount_minor: 2500, customers: 1 },
      { currency: "USD", customer_id: null, customer_name: null, amount_minor: 700, customers: 1 },
    ]);
    expect((await report(8)).revenue_by_customer).toHaveLength(3);
    expect(answer.revenue_by_language).toEqual([
      { currency: "USD", language_id: LANGUAGE.arabic, language: "Arabic", amount_minor: 10000 },
      { currency: "USD", language_id: LANGUAGE.spanish, language: "Spanish", amount_minor: 5000 },
      { currency: "USD", language_id: null, language: null, amount_minor: 3200 },
    ]);
  });

  it("appointments counted and filled, calls and answered, per month", async () => {
    const answer = await report(2);
    expect(answer.appointments).toEqual([
      { month: "2034-02", counted: 1, filled: 1 },
      { month: "2034-03", counted: 2, filled: 0 },
    ]);
    expect(answer.calls).toEqual([
      { month: "2034-02", calls: 2, answered: 1 },
      { month: "2034-03", calls: 1, answered: 0 },
    ]);
  });
});

// 20261205000500 fills in the language of the items made before it, from their source (re-runnable: run again here over
// rows it did not see), and puts back the guard of issued invoices' items it lifted for that.
describe("the items' languages, filled in from their source", () => {
  const upgraded = fileDatabase(createWithFixtures, async () => {
    await asSuperuser(upgraded, CUSTOMER_SQL);
    const [sql, params] = insertSql({ id: 81, from: "2034-02-10T17:00:00Z", to: "2034-02-10T18:00:00Z" });
    await asSuperuser(upgraded, sql, params);
    await upgraded.exec(`
      insert into public.call_log (id, language_id, language, type, caller_name, outcome, requested_at, answered_at, ended_at) values
        ('c9', ${LANGUAGE.arabic}, 'Arabic', 'audio', 'Nine', 'answered', '2034-02-01T10:00:00Z', '2034-02-01T10:00:10Z', '2034-02-01T10:05:00Z');
      insert into public.invoices (id, customer_id, currency, period_from, period_to, status, version, year, sequence, number, tax_bp,
                                   subtotal_minor, tax_minor, total_minor, issued_at, issued_by, created_by, created_at) overriding system value values
        (1, 1, 'USD', '2034-01-01', '2034-03-31', 'issued', 2, 2034, 1, 'PUSH-2034-0001', 0, 300, 0, 300, '2034-04-01T09:00:00Z', 'a', 'a', '2034-04-01T08:00:00Z');
      insert into public.billable_items (source, customer_id, work_day, currency, amount_minor, computation, invoice_id, created_at) values
        ('appointment:81', 1, '2034-02-10', 'USD', 100, '{}', 1, '2034-04-01T08:00:00Z'),
        ('call:c9', 1, '2034-02-01', 'USD', 100, '{}', 1, '2034-04-01T08:00:00Z'),
        ('order:5', 1, '2034-02-02', 'USD', 100, '{}', 1, '2034-04-01T08:00:00Z');
    `);
    await upgraded.exec(readFileSync("supabase/migrations/20261205000500_push_billable_item_languages.sql", "utf8"));
  });

  it("an appointment's and a call's language; an order none", async () => {
    expect(await asSuperuser(upgraded, "select source, language_id from public.billable_items order by source")).toEqual([
      { source: "appointment:81", language_id: LANGUAGE.spanish },
      { source: "call:c9", language_id: LANGUAGE.arabic },
      { source: "order:5", language_id: null },
    ]);
  });

  it("an issued invoice's items are guarded again", async () => {
    await expect(asSuperuser(upgraded, "update public.billable_items set amount_minor = 1 where source = 'order:5'")).rejects.toThrow(
      "an issued invoice never changes",
    );
  });
});
