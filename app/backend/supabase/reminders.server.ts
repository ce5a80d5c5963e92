// Reminders on Supabase (issue 25), with the service-role client (the cron is the only caller). Writing a reminder and
// each read is ONE call of a SQL function (supabase/migrations/20261203000200_push_appointment_reminders.sql), so the
// reminder's row and its e-mails are one transaction, as the D1 adapter's batch is (d1/reminders.server.ts; the same
// semantics, held to the same contract by tests/port-contract/reminders-suite.ts): the e-mails are stored only by the
// call that stored the row, so a reminder goes once however often the cron asks.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { ReminderStore } from "~/backend/port-reminders.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import { instant } from "~/backend/rows/order.server";
import type { ReminderKind } from "~/domain/reminders";
import { check } from "./clients.server";
import { mailArgument } from "./orders.server";

/** One of public.push_appointment_reminders' answers. */
type SentRow = { kind: ReminderKind; sent_at: string };

export function supabaseReminderStore(service: SupabaseClient): ReminderStore {
  return {
    async due(kind, after, by) {
      return check<AppointmentRow[]>(await service.rpc("push_reminders_due", { p_kind: kind, p_after: after, p_by: by })).map(toAppointment);
    },

    async remind(appointmentId, kind, now, mails = []) {
      return check<boolean>(
        await service.rpc("push_remind_appointment", { p_appointment_id: appointmentId, p_kind: kind, p_mails: mailArgument(mails), p_now: now }),
      );
    },

    async sent(appointmentId) {
      const rows = check<SentRow[]>(await service.rpc("push_appointment_reminders", { p_appointment_id: appointmentId }));
      return rows.map((row) => ({ kind: row.kind, sentAt: instant(row.sent_at) }));
    },
  };
}
