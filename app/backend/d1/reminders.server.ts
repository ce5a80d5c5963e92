// Reminders on D1 (issue 25; migrations/0021_appointment_reminders.sql): a reminder's row and its e-mails in one batch,
// the e-mails stored only with the write that made the row, so a reminder goes once however often the cron asks.
import type { ReminderStore } from "~/backend/port-reminders.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import type { ReminderKind } from "~/domain/reminders";
import { APPOINTMENT_SQL } from "./appointments.server";
import { mailStatements } from "./mail-outbox.server";
import { query } from "./query.server";

export function d1ReminderStore(db: D1Database): ReminderStore {
  return {
    async due(kind, after, by) {
      const { results } = await query(() =>
        db
          .prepare(
            `${APPOINTMENT_SQL} WHERE a.status = 'confirmed' AND a.starts_at > ? AND a.starts_at <= ?
               AND NOT EXISTS (SELECT 1 FROM appointment_reminders r WHERE r.appointment_id = a.id AND r.kind = ?)
             ORDER BY a.starts_at, a.id LIMIT 100`,
          )
          .bind(after, by, kind)
          .all<AppointmentRow>(),
      );
      return results.map(toAppointment);
    },

    async remind(appointmentId, kind, now, mails = []) {
      const changeId = crypto.randomUUID();
      await query(() =>
        db.batch([
          db
            .prepare(
              `INSERT INTO appointment_reminders (appointment_id, kind, sent_at, change_id)
               SELECT id, ?, ?, ? FROM appointments WHERE id = ? AND status = 'confirmed'
               ON CONFLICT (appointment_id, kind) DO NOTHING`,
            )
            .bind(kind, now, changeId, appointmentId),
          ...mailStatements(
            db,
            "appointment",
            mails,
            now,
            "id = ? AND EXISTS (SELECT 1 FROM appointment_reminders WHERE appointment_id = ? AND kind = ? AND change_id = ?)",
            appointmentId,
            appointmentId,
            kind,
            changeId,
          ),
        ]),
      );
      const row = await query(() =>
        db
          .prepare("SELECT change_id FROM appointment_reminders WHERE appointment_id = ? AND kind = ?")
          .bind(appointmentId, kind)
          .first<{ change_id: string }>(),
      );
      return row?.change_id === changeId;
    },

    async sent(appointmentId) {
      const { results } = await query(() =>
        db
          .prepare("SELECT kind, sent_at FROM appointment_reminders WHERE appointment_id = ? ORDER BY sent_at, kind")
          .bind(appointmentId)
          .all<{ kind: ReminderKind; sent_at: number }>(),
      );
      return results.map((row) => ({ kind: row.kind, sentAt: row.sent_at }));
    },
  };
}
