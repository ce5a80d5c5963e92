// The relay side of D1's two e-mail queues (contact_messages and mail_outbox share these columns): what is due, the
// claim a run takes before sending, and the outcome of an attempt, written only while the run's claim still holds.
// A claim is the record of an attempt: only an outcome releases it, so a claim whose lease passed is settled as
// unconfirmed, never taken again (EmailJS has no idempotency key; issue 21).
import type { RelayQueue } from "~/backend/port.server";
import { query } from "./query.server";

export function d1RelayQueue<Row, M>(db: D1Database, table: "contact_messages" | "mail_outbox", columns: string, toItem: (row: Row) => M): RelayQueue<M> {
  const mine = "id = ? AND claim_id = ?";
  return {
    async due(now, limit) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT ${columns} FROM ${table}
             WHERE status = 'pending' AND next_attempt_at <= ?1 AND claimed_until IS NULL
             ORDER BY next_attempt_at, id LIMIT ?2`,
          )
          .bind(now, limit)
          .all<Row>(),
      );
      return results.map(toItem);
    },

    async claim(id, now, leaseMs) {
      const claim = crypto.randomUUID();
      const { meta } = await query(() =>
        db
          .prepare(
            `UPDATE ${table} SET claim_id = ?1, claimed_until = ?2
             WHERE id = ?3 AND status = 'pending' AND next_attempt_at <= ?4 AND claimed_until IS NULL`,
          )
          .bind(claim, now + leaseMs, id, now)
          .run(),
      );
      return meta.changes === 1 ? claim : null;
    },

    async get(id) {
      const row = await query(() => db.prepare(`SELECT ${columns} FROM ${table} WHERE id = ?`).bind(id).first<Row>());
      return row ? toItem(row) : null;
    },

    async markSent(id, claim, now) {
      await query(() =>
        db
          .prepare(
            `UPDATE ${table} SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
             claim_id = NULL, claimed_until = NULL WHERE ${mine}`,
          )
          .bind(now, id, claim)
          .run(),
      );
    },

    async markAttemptFailed(id, claim, error, retryAt) {
      await query(() =>
        db
          .prepare(
            `UPDATE ${table} SET attempts = attempts + 1, last_error = ?,
             status = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = COALESCE(?, next_attempt_at),
             claim_id = NULL, claimed_until = NULL WHERE ${mine}`,
          )
          .bind(error, retryAt, retryAt, id, claim)
          .run(),
      );
    },

    async markWaiting(id, reason) {
      await query(() => db.prepare(`UPDATE ${table} SET last_error = ? WHERE id = ? AND status = 'pending' AND claimed_until IS NULL`).bind(reason, id).run());
    },

    async settleAbandoned(now, reason) {
      const { meta } = await query(() =>
        db
          .prepare(
            `UPDATE ${table} SET status = 'failed', last_error = ?, claim_id = NULL, claimed_until = NULL WHERE status = 'pending' AND claimed_until < ?`,
          )
          .bind(reason, now)
          .run(),
      );
      return meta.changes;
    },
  };
}
