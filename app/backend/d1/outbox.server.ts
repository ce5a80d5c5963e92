// The contact outbox in D1 (table contact_messages); relaying it is d1RelayQueue's.
import type { OutboxStore } from "~/backend/port.server";
import { MESSAGE_COLUMNS as COLUMNS, toMessage, type MessageRow } from "~/backend/rows/contact-message.server";
import { listPage, query, type Filter } from "./query.server";
import { d1RelayQueue } from "./relay-queue.server";

export function d1OutboxStore(db: D1Database): OutboxStore {
  return {
    ...d1RelayQueue(db, "contact_messages", COLUMNS, toMessage),

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

    async page(view, before, limit) {
      const filters: Filter[] = [];
      if (view === "unread") filters.push(["read_at IS NULL", []]);
      if (view === "failed") filters.push(["status = 'failed'", []]);
      if (before) filters.push(["(received_at < ? OR (received_at = ? AND id < ?))", [before.receivedAt, before.receivedAt, before.id]]);
      const rows = await listPage<MessageRow>(db, { select: COLUMNS, from: "contact_messages", orderBy: "received_at DESC, id DESC" }, filters, limit);
      return rows.map(toMessage);
    },

    async setRead(id, read, now) {
      const { meta } = await query(() =>
        db
          .prepare("UPDATE contact_messages SET read_at = ? WHERE id = ?")
          .bind(read ? now : null, id)
          .run(),
      );
      return meta.changes === 1;
    },

    async retryNow(id, now) {
      const { meta } = await query(() =>
        db.prepare("UPDATE contact_messages SET status = 'pending', next_attempt_at = ? WHERE id = ? AND status <> 'sent'").bind(now, id).run(),
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
