// Order e-mails in D1 (table mail_outbox); relaying them is d1RelayQueue's, as for the contact outbox.
import type { NewMail } from "~/domain/mail";
import type { MailOutboxStore } from "~/backend/port.server";
import { MAIL_COLUMNS, toOutgoingMail, type MailRow } from "~/backend/rows/order.server";
import { query } from "./query.server";
import { d1RelayQueue } from "./relay-queue.server";

/** What an outbox row can be about: the table it is found in, and the outbox column that names it. */
const OWNERS = {
  order: { table: "orders", column: "order_id" },
  appointment: { table: "appointments", column: "appointment_id" },
  invoice: { table: "invoices", column: "invoice_id" },
} as const;

/**
 * The statements that store a change's e-mails in the change's own batch (issue 21): each row is inserted only where
 * `where` finds the order or appointment (`FROM orders WHERE …`), so a change that is refused or lost its race stores none.
 */
export function mailStatements(
  db: D1Database,
  owner: keyof typeof OWNERS,
  mails: NewMail[],
  now: number,
  where: string,
  ...binds: unknown[]
): D1PreparedStatement[] {
  const { table, column } = OWNERS[owner];
  return mails.map((mail) =>
    db
      .prepare(
        `INSERT INTO mail_outbox (kind, to_email, subject, body, ${column}, created_at, next_attempt_at) SELECT ?, ?, ?, ?, id, ?, ? FROM ${table} WHERE ${where}`,
      )
      .bind(mail.kind, mail.to, mail.subject, mail.body, now, now, ...binds),
  );
}

export function d1MailOutboxStore(db: D1Database): MailOutboxStore {
  /** The mails about one order, appointment or invoice, newest first. */
  const mailsOf = (column: "order_id" | "appointment_id" | "invoice_id") => async (id: number) => {
    const { results } = await query(() =>
      db.prepare(`SELECT ${MAIL_COLUMNS} FROM mail_outbox WHERE ${column} = ? ORDER BY created_at DESC, id DESC`).bind(id).all<MailRow>(),
    );
    return results.map(toOutgoingMail);
  };

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

    forAppointment: mailsOf("appointment_id"),
    forInvoice: mailsOf("invoice_id"),
    forOrder: mailsOf("order_id"),
  };
}
