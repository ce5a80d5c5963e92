// Order e-mails in D1 (table mail_outbox); relaying them is d1RelayQueue's, as for the contact outbox.
import type { MailOutboxStore } from "../port.server";
import { MAIL_COLUMNS, toOutgoingMail, type MailRow } from "../rows/order.server";
import { query } from "./query.server";
import { d1RelayQueue } from "./relay-queue.server";

export function d1MailOutboxStore(db: D1Database): MailOutboxStore {
  return {
    ...d1RelayQueue(db, "mail_outbox", MAIL_COLUMNS, toOutgoingMail),

    async enqueue(mails, now) {
      if (mails.length === 0) return;
      await query(() =>
        db.batch(
          mails.map((mail) =>
            db
              .prepare("INSERT INTO mail_outbox (kind, to_email, subject, body, order_id, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
              .bind(mail.kind, mail.to, mail.subject, mail.body, mail.orderId, now, now),
          ),
        ),
      );
    },

    async forOrder(orderId) {
      const { results } = await query(() =>
        db.prepare(`SELECT ${MAIL_COLUMNS} FROM mail_outbox WHERE order_id = ? ORDER BY created_at DESC, id DESC`).bind(orderId).all<MailRow>(),
      );
      return results.map(toOutgoingMail);
    },
  };
}
