// Order e-mails in Supabase (table mail_outbox, the worker's alone: the service role); relaying them is
// supabaseRelayQueue's, as for the contact outbox.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { MailOutboxStore } from "~/backend/port.server";
import { MAIL_COLUMNS, toOutgoingMail, type MailRow } from "~/backend/rows/order.server";
import { check } from "./clients.server";
import { supabaseRelayQueue } from "./relay-queue.server";

export function supabaseMailOutboxStore(service: SupabaseClient): MailOutboxStore {
  const table = () => service.from("mail_outbox");
  /** The mails about one order, appointment or invoice, newest first. */
  const mailsOf = (column: "order_id" | "appointment_id" | "invoice_id") => async (id: number) => {
    const rows = check<MailRow[]>(
      await table().select(MAIL_COLUMNS).eq(column, id).order("created_at", { ascending: false }).order("id", { ascending: false }),
    );
    return rows.map(toOutgoingMail);
  };

  return {
    ...supabaseRelayQueue(service, "mail_outbox", MAIL_COLUMNS, toOutgoingMail),

    async enqueue(mails, now) {
      if (mails.length === 0) return;
      // One insert of every row: they are stored together or not at all.
      check(
        await table().insert(
          mails.map((mail) => ({
            kind: mail.kind,
            to_email: mail.to,
            subject: mail.subject,
            body: mail.body,
            order_id: mail.orderId,
            created_at: now,
            next_attempt_at: now,
          })),
        ),
      );
    },

    forAppointment: mailsOf("appointment_id"),
    forInvoice: mailsOf("invoice_id"),
    forOrder: mailsOf("order_id"),
  };
}
