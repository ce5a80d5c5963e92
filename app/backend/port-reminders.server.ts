// The reminders part of the backend port (issue 25): which confirmed appointments a reminder is due for, and writing
// a reminder — its row and its e-mails in one write, at most once per appointment and kind. Re-exported by
// port.server.ts; the cron is the only caller.
import type { Appointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import type { ReminderKind, SentReminder } from "~/domain/reminders";

export interface ReminderStore {
  /** Confirmed appointments starting in (after, by] with no `kind` reminder yet, by start (at most 100). */
  due(kind: ReminderKind, after: number, by: number): Promise<Appointment[]>;
  /** Writes the `kind` reminder with `mails`, only if the appointment is confirmed and has none: false otherwise. */
  remind(appointmentId: number, kind: ReminderKind, now: number, mails?: NewMail[]): Promise<boolean>;
  /** The reminders written for it, by kind. */
  sent(appointmentId: number): Promise<SentReminder[]>;
}
