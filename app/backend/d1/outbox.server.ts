// The contact outbox in D1 (table contact_messages).
import type { OutboxStore } from "../port.server";
import { MESSAGE_COLUMNS as COLUMNS, toMessage, type MessageRow } from "../rows/contact-message.server";
import { query } from "./query.server";

export function d1OutboxStore(db: D1Database): OutboxStore {
  // Writes that finish an attempt apply only while the run's claim is still the message's claim.
  const mine = "id = ? AND claim_id = ?";

  return {
    async save({ name, email, subject, message, locale }, now) {
      const row = await query(() =>
        db
          .prepare(
            `INSERT INTO contact_messages (name, email, subject, message, locale, received_at, next_attempt_at)
             VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
          )
          .bind(name, email, subject, message, locale, now, now)
          .first<MessageRow>(),
      );
      return toMessage(row!);
    },

    async due(now, limit) {
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT ${COLUMNS} FROM contact_messages
             WHERE status = 'pending' AND next_attempt_at <= ?1 AND (claimed_until IS NULL OR claimed_until < ?1)
             ORDER BY next_attempt_at, id LIMIT ?2`,
          )
          .bind(now, limit)
          .all<MessageRow>(),
      );
      return results.map(toMessage);
    },

    async claim(id, now, leaseMs) {
      const claim = crypto.randomUUID();
      const { meta } = await query(() =>
        db
          .prepare(
            `UPDATE contact_messages SET claim_id = ?1, claimed_until = ?2
             WHERE id = ?3 AND status = 'pending' AND next_attempt_at <= ?4 AND (claimed_until IS NULL OR claimed_until < ?4)`,
          )
          .bind(claim, now + leaseMs, id, now)
          .run(),
      );
      return meta.changes === 1 ? claim : null;
    },

    async markSent(id, claim, now) {
      await query(() =>
        db
          .prepare(
            `UPDATE contact_messages SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL,
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
            `UPDATE contact_messages SET attempts = attempts + 1, last_error = ?,
             status = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = COALESCE(?, next_attempt_at),
             claim_id = NULL, claimed_until = NULL WHERE ${mine}`,
          )
          .bind(error, retryAt, retryAt, id, claim)
          .run(),
      );
    },

    async markWaiting(id, claim, reason) {
      await query(() =>
        db.prepare(`UPDATE contact_messages SET last_error = ?, claim_id = NULL, claimed_until = NULL WHERE ${mine}`).bind(reason, id, claim).run(),
      );
    },

    async list() {
      const { results } = await query(() =>
        db.prepare(`SELECT ${COLUMNS} FROM contact_messages ORDER BY received_at DESC, id DESC`).all<MessageRow>(),
      );
      return results.map(toMessage);
    },

    async get(id) {
      const row = await query(() => db.prepare(`SELECT ${COLUMNS} FROM contact_messages WHERE id = ?`).bind(id).first<MessageRow>());
      return row ? toMessage(row) : null;
    },

    async setRead(id, read, now) {
      const { meta } = await query(() =>
        db.prepare("UPDATE contact_messages SET read_at = ? WHERE id = ?").bind(read ? now : null, id).run(),
      );
      return meta.changes === 1;
    },

    async retryNow(id, now) {
      const { meta } = await query(() =>
        db
          .prepare("UPDATE contact_messages SET status = 'pending', next_attempt_at = ? WHERE id = ? AND status <> 'sent'")
          .bind(now, id)
          .run(),
      );
      return meta.changes === 1;
    },

    async remove(id) {
      const { meta } = await query(() => db.prepare("DELETE FROM contact_messages WHERE id = ?").bind(id).run());
      return meta.changes === 1;
    },

    async unreadCount() {
      const row = await query(() => db.prepare("SELECT COUNT(*) AS n FROM contact_messages WHERE read_at IS NULL").first<{ n: number }>());
      return row?.n ?? 0;
    },
  };
}
