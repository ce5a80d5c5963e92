// Interpreters' pay on D1 (issue 26, build item 6; migrations/0031_pay_statements.sql; docs/decisions/0039). Marking a
// statement paid is one batch, which D1 runs as one transaction, one writer at a time: the payout is inserted only where
// the statement still has the items and the amount to pay its page showed, and the items take the payout in the same
// batch only when it was inserted, so an item made since is never marked paid blindly.
import { PAY_STATEMENTS_PAGE_SIZE, UNPAID_AT_ONCE, type PayStore } from "~/backend/port-pay.server";
import {
  toPayItem,
  toPayStatementSummary,
  toUnpaidAppointment,
  toUnpaidCall,
  toUnpaidOrder,
  type PayItemRow,
  type PayStatementRow,
  type UnpaidAppointmentRow,
  type UnpaidCallRow,
  type UnpaidOrderRow,
} from "~/backend/rows/pay.server";
import { pageCountOf } from "~/domain/paging";
import { query } from "./query.server";

/** A statement's figures, grouped by interpreter and month (the WHERE names the rows). */
const STATEMENT_COLUMNS = `p.interpreter_id, u.full_name AS interpreter_name, u.email AS interpreter_email, p.month, max(p.currency) AS currency,
  count(*) AS item_count, sum(p.amount_minor) AS total_minor,
  coalesce(sum(CASE WHEN p.payout_id IS NOT NULL THEN p.amount_minor END), 0) AS paid_minor,
  (SELECT max(o.paid_at) FROM pay_payouts o WHERE o.interpreter_id = p.interpreter_id AND o.month = p.month) AS paid_at`;

export function d1PayStore(db: D1Database): PayStore {
  return {
    async addItems(items, now) {
      if (items.length === 0) return 0;
      const results = await query(() =>
        db.batch(
          items.map((item) =>
            db
              .prepare(
                `INSERT INTO pay_items (source, interpreter_id, work_day, currency, amount_minor, rate_line_id, computation, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source) DO NOTHING`,
              )
              .bind(item.source, item.interpreterId, item.workDay, item.currency, item.amountMinor, item.rateLineId, JSON.stringify(item.computation), now),
          ),
        ),
      );
      return results.reduce((sum, result) => sum + result.meta.changes, 0);
    },

    async unpaid(lateCancellationHours) {
      const [appointments, calls, orders] = await query(() =>
        db.batch([
          db
            .prepare(
              `SELECT a.id, a.customer_id, a.interpreter_id, a.mode, a.language_id, a.starts_at, a.created_at, a.status, a.cancelled_at,
                 a.cancelled_by, r.appointment_id, r.actual_start, r.actual_end, r.travel_minutes, r.no_show, r.recorded_by, r.recorded_at,
                 r.approved_by, r.approved_at
               FROM appointments a LEFT JOIN appointment_records r ON r.appointment_id = a.id
               WHERE a.interpreter_id IS NOT NULL
                 AND ((a.status = 'completed' AND r.approved_at IS NOT NULL AND r.no_show IS NOT 'interpreter')
                      OR (a.status = 'cancelled' AND a.cancelled_by = 'customer' AND a.cancelled_at > a.starts_at - ?1 * 3600000))
                 AND NOT EXISTS (SELECT 1 FROM pay_items p WHERE p.source = 'appointment:' || a.id)
               ORDER BY a.starts_at, a.id LIMIT ?2`,
            )
            .bind(lateCancellationHours, UNPAID_AT_ONCE),
          // The call log keeps the id of an interpreter deleted since: only a user's calls are paid.
          db
            .prepare(
              `SELECT c.id, c.interpreter_id, c.language_id, c.answered_at, c.ended_at FROM call_log c
               WHERE c.outcome = 'answered' AND c.answered_at IS NOT NULL
                 AND EXISTS (SELECT 1 FROM users u WHERE u.id = c.interpreter_id)
                 AND NOT EXISTS (SELECT 1 FROM pay_items p WHERE p.source = 'call:' || c.id)
               ORDER BY c.answered_at, c.id LIMIT ?`,
            )
            .bind(UNPAID_AT_ONCE),
          db
            .prepare(
              `SELECT * FROM (
                 SELECT o.id, o.interpreter_id, o.source_language_id AS language_id, o.created_at, o.deadline,
                   coalesce((SELECT min(e.at) FROM order_events e WHERE e.order_id = o.id AND e.to_status IN ('delivered', 'completed')),
                            o.updated_at) AS done_at
                 FROM orders o
                 WHERE o.status IN ('delivered', 'completed') AND o.interpreter_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM pay_items p WHERE p.source = 'order:' || o.id))
               ORDER BY done_at, id LIMIT ?`,
            )
            .bind(UNPAID_AT_ONCE),
        ]),
      );
      return {
        appointments: (appointments!.results as UnpaidAppointmentRow[]).map(toUnpaidAppointment),
        calls: (calls!.results as UnpaidCallRow[]).map(toUnpaidCall),
        orders: (orders!.results as UnpaidOrderRow[]).map(toUnpaidOrder),
      };
    },

    async statements({ interpreterId, month }, page) {
      const where = "(?1 IS NULL OR p.interpreter_id = ?1) AND (?2 IS NULL OR p.month = ?2)";
      const [counted, rows] = await query(() =>
        db.batch([
          db.prepare(`SELECT count(*) AS total FROM (SELECT 1 FROM pay_items p WHERE ${where} GROUP BY p.interpreter_id, p.month)`).bind(interpreterId, month),
          db
            .prepare(
              `SELECT ${STATEMENT_COLUMNS} FROM pay_items p JOIN users u ON u.id = p.interpreter_id WHERE ${where}
               GROUP BY p.interpreter_id, p.month ORDER BY p.month DESC, u.full_name, p.interpreter_id LIMIT ?3 OFFSET ?4`,
            )
            .bind(interpreterId, month, PAY_STATEMENTS_PAGE_SIZE, (page - 1) * PAY_STATEMENTS_PAGE_SIZE),
        ]),
      );
      const total = (counted!.results[0] as { total: number }).total;
      return {
        items: (rows!.results as PayStatementRow[]).map(toPayStatementSummary),
        total,
        page,
        pageCount: pageCountOf(total, PAY_STATEMENTS_PAGE_SIZE),
      };
    },

    async statement(interpreterId, month) {
      const [summary, items] = await query(() =>
        db.batch([
          db
            .prepare(
              `SELECT ${STATEMENT_COLUMNS} FROM pay_items p JOIN users u ON u.id = p.interpreter_id
               WHERE p.interpreter_id = ? AND p.month = ? GROUP BY p.interpreter_id, p.month`,
            )
            .bind(interpreterId, month),
          db
            .prepare(
              `SELECT p.*, o.paid_at FROM pay_items p LEFT JOIN pay_payouts o ON o.id = p.payout_id
               WHERE p.interpreter_id = ? AND p.month = ? ORDER BY p.work_day, p.id`,
            )
            .bind(interpreterId, month),
        ]),
      );
      const row = summary!.results[0] as PayStatementRow | undefined;
      return row ? { ...toPayStatementSummary(row), items: (items!.results as PayItemRow[]).map(toPayItem) } : null;
    },

    async markPaid(interpreterId, month, { itemCount, toPayMinor, by }, now) {
      const statement = "interpreter_id = ?1 AND month = ?2";
      const unpaid = `${statement} AND payout_id IS NULL`;
      const [made] = await query(() =>
        db.batch([
          db
            .prepare(
              `INSERT INTO pay_payouts (interpreter_id, month, amount_minor, item_count, paid_by, paid_at)
               SELECT ?1, ?2, t.amount, t.items, ?5, ?6 FROM (SELECT count(*) AS items, sum(amount_minor) AS amount FROM pay_items WHERE ${unpaid}) t
               WHERE t.items > 0 AND t.amount = CAST(?4 AS INTEGER)
                 AND (SELECT count(*) FROM pay_items WHERE ${statement}) = CAST(?3 AS INTEGER)
               RETURNING id`,
            )
            .bind(interpreterId, month, itemCount, toPayMinor, by, now),
          db.prepare(`UPDATE pay_items SET payout_id = last_insert_rowid() WHERE ${unpaid} AND changes() = 1`).bind(interpreterId, month),
        ]),
      );
      if (made!.results.length > 0) return { ok: true };
      const left = await query(() => db.prepare(`SELECT count(*) AS n FROM pay_items WHERE ${unpaid}`).bind(interpreterId, month).first<{ n: number }>());
      return { ok: false, reason: (left?.n ?? 0) === 0 ? "nothing-to-pay" : "stale" };
    },
  };
}
