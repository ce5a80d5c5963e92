// The cron's reminders (issue 25): a day and an hour before each confirmed appointment, to the customer and the
// interpreter — each written once (ReminderStore.remind writes the reminder's row and its e-mails together, only the
// first time), so a cron that runs late or twice sends nothing twice. The e-mails leave with the outbox's relay.
import type { Backend } from "~/backend/port.server";
import { dueStarts, REMINDER_KINDS, type ReminderKind } from "~/domain/reminders";
import { reminderMails } from "./offer-mail.server";

/** Writes every reminder due at `now`; answers what this run wrote. `siteUrl`: the links' origin (null: none). */
export async function sendReminders(
  backend: Pick<Backend, "reminders" | "accounts">,
  now: number,
  siteUrl: string | null,
): Promise<{ appointmentId: number; kind: ReminderKind }[]> {
  const written: { appointmentId: number; kind: ReminderKind }[] = [];
  for (const kind of REMINDER_KINDS) {
    const { after, by } = dueStarts(kind, now);
    for (const appointment of await backend.reminders.due(kind, after, by)) {
      const email = appointment.interpreter ? await backend.accounts.emailOf(appointment.interpreter.id) : null;
      const interpreter = appointment.interpreter && email ? { name: appointment.interpreter.name, email } : null;
      const mails = reminderMails({ appointment, origin: siteUrl ?? "", staffEmail: null }, kind, interpreter);
      if (await backend.reminders.remind(appointment.id, kind, now, mails)) written.push({ appointmentId: appointment.id, kind });
    }
  }
  return written;
}
