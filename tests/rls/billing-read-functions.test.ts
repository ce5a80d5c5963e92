// supabase/migrations/20261204000200_push_billing_reads.sql, its functions on real Postgres (issue 26; the same queries
// as D1's): only the service role executes them; the work to bill and no item yet — approved appointments with their
// record, customers' late cancellations, completed orders at their quote with the instant of their completion — in
// start (completion) order and at most p_limit of each, leaving out an unapproved record, a staff cancellation, an early
// customer cancellation and what already has an item; a page of the invoices, newest first, with the customer and the
// count and sum of the items; a side's every rate line by id. The rows are written straight to the tables as the
// superuser (any state the other functions can reach), then read as the service role, in one rolled-back transaction.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, becomeActor, fileDatabase, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";
import { addItems, BY, createDraft, item, NOW } from "./support/invoices";
import { addRateLine } from "./support/rates";

const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
  await asSuperuser(db, "insert into public.customers (id, name, email) overriding system value values (2, 'Ben Ode', 'ben@customer.test')");
});

const HOUR = 3_600_000;
/** 2026-12-01 15:00:00.123 UTC: the start of the first appointment (a millisecond that must survive the round trip). */
const START = Date.UTC(2026, 11, 1, 15) + 123;
const LATE_HOURS = 24;

type Json = Record<string, unknown> & { id: number };
type Unbilled = { appointments: Json[]; orders: Json[]; calls: (Omit<Json, "id"> & { id: string })[] };
type Page = { total: number; items: Json[] };

const unbilled = (tx: Transaction, limit = 100, lateHours = LATE_HOURS) =>
  call<Unbilled>(tx, "public.push_unbilled_work(p_late_hours => $1, p_limit => $2)", [lateHours, limit]);
const invoicesPage = (tx: Transaction, size: number, offset: number) =>
  call<Page>(tx, "public.push_invoices_page(p_page_size => $1, p_offset => $2)", [size, offset]);
const forPricing = (tx: Transaction, side: string) => call<Json[]>(tx, "public.push_rate_lines_for_pricing(p_side => $1)", [side]);
const ids = (rows: Json[]) => rows.map((row) => row.id);
const ms = (value: unknown) => Date.parse(String(value));

let tokens = 0;
type Appointment = { startsAt: number; status: string; cancelledAt?: number; cancelledBy?: string; customer?: number };
/** An hour on site at `startsAt` for customer 1, written straight to the table; answers its id. */
async function appointment(tx: Transaction, a: Appointment): Promise<number> {
  const [row] = await rowsOf(
    tx,
    `insert into public.appointments (customer_id, contact_name, contact_email, language_id, language, mode, setting, starts_at,
       minutes, blocked, token_hash, status, cancelled_at, cancelled_by, created_at)
     values ($1, 'Ana Ruiz', 'ana@customer.test', $2, 'Spanish', 'on_site', 'business', to_timestamp($3 / 1000.0), 60,
       tstzrange(to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0) + interval '1 hour', '[)'), $4, $5,
       to_timestamp($6 / 1000.0), $7, to_timestamp($8 / 1000.0))
     returning id`,
    [
      ...[a.customer ?? 1, LANGUAGE.spanish, a.startsAt, (++tokens).toString(16).padStart(64, "0"), a.status],
      ...[a.cancelledAt ?? null, a.cancelledBy ?? null, a.startsAt - 7 * 24 * HOUR],
    ],
  );
  return Number(row!.id);
}

/** Its record: held for the hour, approved an hour after the end unless `approved` is false. */
async function record(tx: Transaction, id: number, startsAt: number, approved = true) {
  await tx.query(
    `insert into public.appointment_records (appointment_id, actual_start, actual_end, travel_minutes, recorded_by, recorded_at,
       approved_by, approved_at)
     values ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), 20, $4, to_timestamp($3 / 1000.0), $5, to_timestamp($6 / 1000.0))`,
    [id, startsAt, startsAt + HOUR, INTERPRETER_ID, approved ? BY : null, approved ? startsAt + 2 * HOUR : null],
  );
}

/** An order of customer 1 at `status`, quoted `amount` USD unless null, with an event into each of `completions`. */
async function order(tx: Transaction, status: string, amount: number | null, completions: number[] = []): Promise<number> {
  const [row] = await rowsOf(
    tx,
    `insert into public.orders (customer_id, service_title, source_language, deadline, status, token_hash)
     values (1, 'Translation', 'English', '2026-12-20', $1, $2) returning id`,
    [status, (++tokens).toString(16).padStart(64, "0")],
  );
  const id = Number(row!.id);
  if (amount !== null) {
    await tx.query(
      "insert into public.order_quotes (order_id, amount_minor, currency, due_date, valid_until) values ($1, $2, 'USD', '2026-12-18', '2026-12-10')",
      [id, amount],
    );
  }
  for (const at of completions) {
    await tx.query(
      `insert into public.order_events (order_id, at, actor, action, from_status, to_status)
       values ($1, to_timestamp($2 / 1000.0), 'staff', 'complete', 'delivered', 'completed')`,
      [id, at],
    );
  }
  return id;
}

describe("the functions: only the service role executes them", () => {
  itIsTheServiceRolesAlone(() => db, {
    push_invoices_page: "public.push_invoices_page(50, 0)",
    push_rate_lines_for_pricing: "public.push_rate_lines_for_pricing('bill')",
    push_unbilled_work: "public.push_unbilled_work(24, 100)",
  });
});

describe("push_unbilled_work (as the service role)", () => {
  it("approved appointments with their record and customers' late cancellations, by start, then id; nothing else", async () => {
    await within(db, null, async (tx) => {
      const day = (n: number) => START + n * 24 * HOUR;
      // Written out of order: the answer is by start, then id.
      const lateCancel = await appointment(tx, { startsAt: day(2), status: "cancelled", cancelledAt: day(2) - 5 * HOUR, cancelledBy: "customer" });
      const approved = await appointment(tx, { startsAt: day(0), status: "completed" });
      await record(tx, approved, day(0));
      const sameStart = await appointment(tx, { startsAt: day(0), status: "completed", customer: 2 });
      await record(tx, sameStart, day(0));
      // Left out: a record not approved, no record, a cancellation by staff, one by the customer a day or more before
      // the start (exactly 24 hours is not late), work not done, and what already has an item.
      const unapproved = await appointment(tx, { startsAt: day(1), status: "completed" });
      await record(tx, unapproved, day(1), false);
      const noRecord = await appointment(tx, { startsAt: day(1), status: "completed" });
      const byStaff = await appointment(tx, { startsAt: day(3), status: "cancelled", cancelledAt: day(3) - HOUR, cancelledBy: "staff" });
      const early = await appointment(tx, { startsAt: day(4), status: "cancelled", cancelledAt: day(4) - 48 * HOUR, cancelledBy: "customer" });
      const atTheWindow = await appointment(tx, { startsAt: day(5), status: "cancelled", cancelledAt: day(5) - 24 * HOUR, cancelledBy: "customer" });
      const confirmed = await appointment(tx, { startsAt: day(6), status: "confirmed" });
      const itemized = await appointment(tx, { startsAt: day(7), status: "completed" });
      await record(tx, itemized, day(7));
      await becomeActor(tx, serviceRole);
      await addItems(tx, [item(`appointment:${itemized}`)]);

      const answer = await unbilled(tx);
      expect(ids(answer.appointments)).toEqual([approved, sameStart, lateCancel]);
      for (const left of [unapproved, noRecord, byStaff, early, atTheWindow, confirmed, itemized]) expect(ids(answer.appointments)).not.toContain(left);
      // The columns of UnbilledAppointmentRow: the appointment's with its customer's currency, and its record's beside them.
      const [first] = answer.appointments;
      const instants = ["starts_at", "created_at", "actual_start", "actual_end", "recorded_at", "approved_at"] as const;
      expect({ ...first, ...Object.fromEntries(instants.map((name) => [name, ms(first![name])])) }).toEqual({
        ...{ id: approved, customer_id: 1, currency: "USD", mode: "on_site", language_id: LANGUAGE.spanish, status: "completed" },
        ...{ starts_at: day(0), created_at: day(0) - 7 * 24 * HOUR, cancelled_at: null, cancelled_by: null },
        ...{ appointment_id: approved, actual_start: day(0), actual_end: day(0) + HOUR, travel_minutes: 20, no_show: null },
        ...{ recorded_by: INTERPRETER_ID, recorded_at: day(0) + HOUR, approved_by: BY, approved_at: day(0) + 2 * HOUR },
      });
      // A cancellation has no record: its record's columns are all null.
      expect(answer.appointments[2]).toMatchObject({ cancelled_by: "customer", appointment_id: null, recorded_at: null, approved_at: null });
      expect(ms(answer.appointments[2]!.cancelled_at)).toBe(day(2) - 5 * HOUR);

      // A window of 48 hours makes the cancellation of 48 hours before still early, and one of 49 late.
      expect(ids((await unbilled(tx, 100, 49)).appointments)).toContain(early);
      expect(ids((await unbilled(tx, 100, 48)).appointments)).not.toContain(early);
      // At most p_limit, the oldest.
      expect(ids((await unbilled(tx, 2)).appointments)).toEqual([approved, sameStart]);
    });
  });

  it("completed orders with a quote, at their latest completion, by it, then id; nothing else", async () => {
    await within(db, null, async (tx) => {
      const later = await order(tx, "completed", 125_050, [NOW + 5 * HOUR]);
      // Completed, reopened and completed again: its completion is the latest.
      const twice = await order(tx, "completed", 9_900, [NOW, NOW + 2 * HOUR]);
      const first = await order(tx, "completed", 300, [NOW + HOUR]);
      // Left out: no quote, not completed, already itemized.
      const unquoted = await order(tx, "completed", null, [NOW]);
      const delivered = await order(tx, "delivered", 500);
      const itemized = await order(tx, "completed", 700, [NOW]);
      await becomeActor(tx, serviceRole);
      await addItems(tx, [item(`order:${itemized}`)]);

      const { orders } = await unbilled(tx);
      expect(ids(orders)).toEqual([first, twice, later]);
      for (const left of [unquoted, delivered, itemized]) expect(ids(orders)).not.toContain(left);
      expect(orders.map((row) => ({ ...row, completed_at: ms(row.completed_at) }))).toEqual([
        { id: first, customer_id: 1, amount_minor: 300, currency: "USD", completed_at: NOW + HOUR },
        { id: twice, customer_id: 1, amount_minor: 9_900, currency: "USD", completed_at: NOW + 2 * HOUR },
        { id: later, customer_id: 1, amount_minor: 125_050, currency: "USD", completed_at: NOW + 5 * HOUR },
      ]);
      expect(ids((await unbilled(tx, 1)).orders)).toEqual([first]);
      // Nothing at all to bill: two empty lists.
      expect(await unbilled(tx, 0)).toEqual({ appointments: [], orders: [], calls: [] });
    });
  });
});

describe("push_unbilled_work's calls (20261205000400_push_call_customers.sql, as the service role)", () => {
  it("a customer's answered calls, by when answered, then id; nobody's, unanswered, an unknown customer's or itemized ones not", async () => {
    await within(db, null, async (tx) => {
      const logged = async (id: string, customer: number | null, outcome: string, answeredAt: number | null) =>
        rowsOf(
          tx,
          `insert into public.call_log (id, language_id, language, type, caller_name, customer_id, outcome, requested_at, answered_at, ended_at)
           values ($1, $2, 'Spanish', 'audio', 'Ana Ruiz', $3, $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0))`,
          [id, LANGUAGE.spanish, customer, outcome, NOW - 30_000, answeredAt, (answeredAt ?? NOW) + 61_000],
        );
      const id = (n: number) => `6f1c2b9e-3a4d-4e5f-8a9b-${String(n).padStart(12, "0")}`;
      await logged(id(2), 2, "answered", NOW + HOUR);
      await logged(id(1), 1, "answered", NOW);
      await logged(id(3), 1, "answered", NOW);
      await logged(id(4), null, "answered", NOW);
      await logged(id(5), 1, "missed", null);
      await logged(id(6), 99, "answered", NOW);
      await logged(id(7), 1, "answered", NOW);
      // Each call comes with its customer's billing currency (20261205000900_push_customer_currency.sql).
      await tx.query("update public.customers set currency = 'EUR' where id = 2");
      await becomeActor(tx, serviceRole);
      await addItems(tx, [item(`call:${id(7)}`)]);

      const { calls } = await unbilled(tx);
      expect(calls.map((row) => ({ ...row, answered_at: ms(row.answered_at), ended_at: ms(row.ended_at) }))).toEqual([
        { id: id(1), customer_id: 1, currency: "USD", language_id: LANGUAGE.spanish, answered_at: NOW, ended_at: NOW + 61_000 },
        { id: id(3), customer_id: 1, currency: "USD", language_id: LANGUAGE.spanish, answered_at: NOW, ended_at: NOW + 61_000 },
        { id: id(2), customer_id: 2, currency: "EUR", language_id: LANGUAGE.spanish, answered_at: NOW + HOUR, ended_at: NOW + HOUR + 61_000 },
      ]);
      expect((await unbilled(tx, 1)).calls.map((row) => row.id)).toEqual([id(1)]);
    });
  });
});

describe("push_invoices_page (as the service role)", () => {
  it("newest first, with the total, the customer, and the count and sum of the items", async () => {
    await within(db, serviceRole, async (tx) => {
      await addItems(tx, [item("appointment:1", { amount_minor: 13_000 }), item("appointment:2", { amount_minor: 300 }), item("order:3", { customer_id: 2 })]);
      const ana = await createDraft(tx);
      const ben = await createDraft(tx, { customer: 2 });
      // A draft whose items went (a draft may lose them): none, and a sum of 0.
      await addItems(tx, [item("order:4", { currency: "KWD" })]);
      const emptied = await createDraft(tx, { currency: "KWD" });
      await tx.query("reset role");
      await tx.query("update public.billable_items set invoice_id = null where invoice_id = $1", [emptied.id]);
      await becomeActor(tx, serviceRole);

      const page = await invoicesPage(tx, 50, 0);
      expect(page.total).toBe(3);
      expect(ids(page.items)).toEqual([emptied.id, ben.id, ana.id]);
      expect(page.items.map((row) => [row.customer_name, row.customer_email, row.item_count, row.items_minor])).toEqual([
        ["Ana Ruiz", "ana@customer.test", 0, 0],
        ["Ben Ode", "ben@customer.test", 1, 18_281],
        ["Ana Ruiz", "ana@customer.test", 2, 13_300],
      ]);
      // The columns of InvoiceSummaryRow.
      expect(page.items[2]).toMatchObject({
        ...{ customer_id: 1, currency: "USD", period_from: "2026-12-01", period_to: "2026-12-31", status: "draft", version: 1 },
        ...{ number: null, tax_bp: null, subtotal_minor: null, tax_minor: null, total_minor: null, issued_at: null },
      });
      expect(ms(page.items[2]!.created_at)).toBe(NOW);

      // A page of two, and the one after it; past the end, none (the total still counts them all).
      expect(ids((await invoicesPage(tx, 2, 0)).items)).toEqual([emptied.id, ben.id]);
      expect(ids((await invoicesPage(tx, 2, 2)).items)).toEqual([ana.id]);
      expect(await invoicesPage(tx, 2, 4)).toEqual({ total: 3, items: [] });
    });
  });
});

describe("push_rate_lines_for_pricing (as the service role)", () => {
  it("every line of the side, by id, in the RateLineRow columns", async () => {
    await within(db, serviceRole, async (tx) => {
      const added = async (fields: Parameters<typeof addRateLine>[1]) => {
        const answer = await addRateLine(tx, fields, BY, NOW);
        if (!answer.ok || answer.id === undefined) throw new Error(`refused: ${JSON.stringify(answer)}`);
        return answer.id;
      };
      const list = await added({});
      const pay = await added({ side: "pay", interpreterEmail: "daniel@push.test", priceMinor: 4500 });
      // Effective earlier, added later: the order is by id all the same.
      const customers = await added({ customerEmail: "ana@customer.test", effectiveFrom: "2026-12-01", languageId: LANGUAGE.arabic });

      expect(await forPricing(tx, "pay")).toEqual([expect.objectContaining({ id: pay, side: "pay", price_minor: 4500 })]);
      const bill = await forPricing(tx, "bill");
      expect(ids(bill)).toEqual([list, customers]);
      expect({ ...bill[1], created_at: ms(bill[1]!.created_at) }).toEqual({
        ...{ id: customers, side: "bill", service: "onsite", unit: "hour", language_id: LANGUAGE.arabic, customer_id: 1 },
        ...{ interpreter_id: null, currency: "USD", price_minor: 6500, minimum: 120, increment: 15, rush_bp: 2000 },
        ...{ after_hours_bp: 1500, weekend_bp: 2500, holiday_bp: 5000, late_cancellation_minor: 13000, effective_from: "2026-12-01" },
        ...{ created_by: BY, created_at: NOW },
      });
      expect(await forPricing(tx, "neither")).toEqual([]);
    });
  });
});
