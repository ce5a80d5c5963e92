// supabase/migrations/20261205000600_push_pay_statements.sql's push_unpaid_work on real Postgres (issue 26, build item 6;
// the same query as D1's PayStore.unpaid): the work with an interpreter and nothing on their pay — approved appointments
// (not the interpreter's own no-show), customers' late cancellations, answered calls of a user, delivered or completed
// orders with the instant they were first done — in order and at most p_limit of each, leaving out work without an
// interpreter, a staff cancellation, an early one, a missed call, an order not done, and what already has a pay item.
// Rows are written straight to the tables as the superuser, then read as the service role, in a rolled-back transaction.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, becomeActor, fileDatabase, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL } from "./support/appointments";
import { createWithFixtures, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { call, rowsOf } from "./support/orders";

const db = fileDatabase(createWithFixtures, async () => {
  await asSuperuser(db, CUSTOMER_SQL);
});

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 1, 15);
const day = (n: number) => START + n * 24 * HOUR;
type Json = Record<string, unknown> & { id: number | string };
type Unpaid = { appointments: Json[]; calls: Json[]; orders: Json[] };
const unpaid = (tx: Transaction, limit = 100) => call<Unpaid>(tx, "public.push_unpaid_work(p_late_hours => 24, p_limit => $1)", [limit]);
const ids = (rows: Json[]) => rows.map((row) => row.id);
let tokens = 0;

type Appointment = { startsAt: number; status: string; interpreter?: string | null; cancelledAt?: number; cancelledBy?: string };
async function appointment(tx: Transaction, a: Appointment): Promise<number> {
  const [row] = await rowsOf(
    tx,
    `insert into public.appointments (customer_id, contact_name, contact_email, language_id, language, mode, setting, starts_at,
       minutes, blocked, token_hash, status, interpreter_id, cancelled_at, cancelled_by, created_at)
     values (1, 'Ana Ruiz', 'ana@customer.test', $1, 'Spanish', 'on_site', 'business', to_timestamp($2 / 1000.0), 60,
       tstzrange(to_timestamp($2 / 1000.0), to_timestamp($2 / 1000.0) + interval '1 hour', '[)'), $3, $4, $5,
       to_timestamp($6 / 1000.0), $7, to_timestamp($8 / 1000.0))
     returning id`,
    [
      ...[LANGUAGE.spanish, a.startsAt, (++tokens).toString(16).padStart(64, "0"), a.status, a.interpreter === undefined ? INTERPRETER_ID : a.interpreter],
      ...[a.cancelledAt ?? null, a.cancelledBy ?? null, a.startsAt - 7 * 24 * HOUR],
    ],
  );
  return Number(row!.id);
}

/** Its approved record: held for the hour, or a no-show. */
async function record(tx: Transaction, id: number, startsAt: number, noShow: string | null = null) {
  await tx.query(
    `insert into public.appointment_records (appointment_id, actual_start, actual_end, no_show, travel_minutes, recorded_by, recorded_at,
       approved_by, approved_at)
     values ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), $4, 0, $5, to_timestamp($6 / 1000.0), 'admin', to_timestamp($6 / 1000.0))`,
    [id, noShow ? null : startsAt, noShow ? null : startsAt + HOUR, noShow, INTERPRETER_ID, startsAt + 2 * HOUR],
  );
}

async function logged(tx: Transaction, id: string, outcome: string, answeredAt: number | null, interpreter: string | null = INTERPRETER_ID) {
  await tx.query(
    `insert into public.call_log (id, language_id, language, type, caller_name, interpreter_id, interpreter_name, outcome, requested_at,
       answered_at, ended_at)
     values ($1, $2, 'Spanish', 'video', 'Caller', $3, 'Daniel', $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0))`,
    [id, LANGUAGE.spanish, interpreter, outcome, START, answeredAt, (answeredAt ?? START) + 61_000],
  );
}

async function order(tx: Transaction, status: string, interpreter: string | null, doneAt: number[] = []): Promise<number> {
  const [row] = await rowsOf(
    tx,
    `insert into public.orders (customer_id, service_title, source_language_id, source_language, deadline, status, interpreter_id, token_hash)
     values (1, 'Translation', $1, 'Spanish', '2026-12-20', $2, $3, $4) returning id`,
    [LANGUAGE.spanish, status, interpreter, (++tokens).toString(16).padStart(64, "0")],
  );
  const id = Number(row!.id);
  for (const [index, at] of doneAt.entries()) {
    await tx.query(
      `insert into public.order_events (order_id, at, actor, action, from_status, to_status) values ($1, to_timestamp($2 / 1000.0), 'staff', 'x', 'in_progress', $3)`,
      [id, at, index === 0 ? "delivered" : "completed"],
    );
  }
  return id;
}

describe("push_unpaid_work (as the service role)", () => {
  it("approved appointments (not the interpreter's own no-show) and late cancellations with an interpreter, by start; nothing else", async () => {
    await within(db, null, async (tx) => {
      const late = await appointment(tx, { startsAt: day(2), status: "cancelled", cancelledAt: day(2) - 5 * HOUR, cancelledBy: "customer" });
      const held = await appointment(tx, { startsAt: day(0), status: "completed" });
      await record(tx, held, day(0));
      const customerNoShow = await appointment(tx, { startsAt: day(1), status: "completed" });
      await record(tx, customerNoShow, day(1), "customer");
      const ownNoShow = await appointment(tx, { startsAt: day(1), status: "completed" });
      await record(tx, ownNoShow, day(1), "interpreter");
      const nobody = await appointment(tx, { startsAt: day(3), status: "cancelled", cancelledAt: day(3) - HOUR, cancelledBy: "customer", interpreter: null });
      const byStaff = await appointment(tx, { startsAt: day(3), status: "cancelled", cancelledAt: day(3) - HOUR, cancelledBy: "staff" });
      const early = await appointment(tx, { startsAt: day(4), status: "cancelled", cancelledAt: day(4) - 48 * HOUR, cancelledBy: "customer" });
      const paid = await appointment(tx, { startsAt: day(5), status: "completed" });
      await record(tx, paid, day(5));
      await becomeActor(tx, serviceRole);
      const item = {
        source: `appointment:${paid}`,
        interpreter_id: INTERPRETER_ID,
        work_day: "2026-12-06",
        currency: "USD",
        amount_minor: 1,
        rate_line_id: null,
        computation: {},
      };
      expect(await call<number>(tx, "public.push_add_pay_items($1::jsonb, 1)", [JSON.stringify([item, item])])).toBe(1);

      const answer = await unpaid(tx);
      expect(ids(answer.appointments)).toEqual([held, customerNoShow, late]);
      for (const left of [ownNoShow, nobody, byStaff, early, paid]) expect(ids(answer.appointments)).not.toContain(left);
      expect(answer.appointments[0]).toMatchObject({ interpreter_id: INTERPRETER_ID, mode: "on_site", status: "completed", no_show: null });
      expect(ids((await unpaid(tx, 1)).appointments)).toEqual([held]);
    });
  });

  it("answered calls of a user, by answer; delivered or completed orders with an interpreter, at their first done instant", async () => {
    await within(db, null, async (tx) => {
      await logged(tx, "call-b", "answered", START + 9_000);
      await logged(tx, "call-a", "answered", START + 5_000);
      await logged(tx, "call-missed", "missed", null);
      await logged(tx, "call-nobody", "answered", START + 1_000, null);
      const delivered = await order(tx, "delivered", INTERPRETER_ID, [day(2)]);
      const completed = await order(tx, "completed", INTERPRETER_ID, [day(1), day(3)]);
      const unassigned = await order(tx, "completed", null, [day(0)]);
      const working = await order(tx, "in_progress", INTERPRETER_ID);
      await becomeActor(tx, serviceRole);

      const answer = await unpaid(tx);
      expect(
        answer.calls.map((row) => [row.id, row.interpreter_id, row.language_id, Date.parse(String(row.answered_at)), Date.parse(String(row.ended_at))]),
      ).toEqual([
        ["call-a", INTERPRETER_ID, LANGUAGE.spanish, START + 5_000, START + 66_000],
        ["call-b", INTERPRETER_ID, LANGUAGE.spanish, START + 9_000, START + 70_000],
      ]);
      expect(answer.orders.map((row) => [row.id, row.interpreter_id, row.language_id, row.deadline, Date.parse(String(row.done_at))])).toEqual([
        [completed, INTERPRETER_ID, LANGUAGE.spanish, "2026-12-20", day(1)],
        [delivered, INTERPRETER_ID, LANGUAGE.spanish, "2026-12-20", day(2)],
      ]);
      for (const left of [unassigned, working]) expect(ids(answer.orders)).not.toContain(left);
    });
  });
});
