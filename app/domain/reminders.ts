// Reminders of a confirmed appointment (issue 25): a day and an hour before its start, to the customer and to the
// interpreter, each written once by the cron (a row per appointment and kind is the proof it went).

export const REMINDER_KINDS = ["day", "hour"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const HOUR_MS = 3_600_000;
/** How long before the start each is due. */
export const REMINDER_LEAD_MS: Record<ReminderKind, number> = { day: 24 * HOUR_MS, hour: HOUR_MS };

/**
 * The starts a reminder is due for at `now`: (after, by]. The day's reminder is due from 24 hours before the start
 * until the hour's is (a cron that ran late still sends it, unless the hour's has become due instead); the hour's
 * until the start.
 */
export function dueStarts(kind: ReminderKind, now: number): { after: number; by: number } {
  return kind === "day" ? { after: now + REMINDER_LEAD_MS.hour, by: now + REMINDER_LEAD_MS.day } : { after: now, by: now + REMINDER_LEAD_MS.hour };
}

export type SentReminder = { kind: ReminderKind; sentAt: number };
