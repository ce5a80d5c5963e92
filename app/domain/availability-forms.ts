// The shared schemas of the availability forms (issue 25): a week's working hours (one text per weekday, "09:00-12:00,
// 13:00-17:00"), a span of time off, a credential, and the id of a row to remove. Profile and an interpreter's page
// post the same forms.
import { z } from "zod";
import { format, localized, type Messages } from "~/i18n";
import { MINUTES_PER_DAY, mergeIntervals, WEEKDAYS, type WorkingInterval } from "./availability";
import { isCalendarDate } from "./orders";
import { isSingleLine } from "./single-line";

export const AVAILABILITY_LIMITS = { hoursText: 200, note: 200, credential: 80, timeOffDays: 366 } as const;

/** The form field of a weekday's hours: "hours-1" (Monday) … "hours-7". */
export const hoursField = (weekday: number) => `hours-${weekday}`;

const CLOCK = /^([01]?\d|2[0-4]):([0-5]\d)$/;
const clockMinutes = (text: string): number | null => {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= MINUTES_PER_DAY ? minutes : null;
};

/** A weekday's text as intervals ("" is none); null when any part is not "HH:MM-HH:MM" with the end after the start. */
export function parseDayHours(text: string): { startMinute: number; endMinute: number }[] | null {
  const parts = text
    .split(/[,;،]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const intervals: { startMinute: number; endMinute: number }[] = [];
  for (const part of parts) {
    const ends = part.split(/\s*[-–—]\s*|\s+to\s+/i);
    if (ends.length !== 2) return null;
    const [startMinute, endMinute] = ends.map((end) => clockMinutes(end));
    if (startMinute == null || endMinute == null || startMinute >= endMinute || startMinute >= MINUTES_PER_DAY) return null;
    intervals.push({ startMinute, endMinute });
  }
  return mergeIntervals(intervals);
}

const dayText = z.preprocess((value) => value ?? "", z.string());

/** The week: seven texts in, the merged intervals of every weekday out. */
export const workingHoursSchema = localized((t: Messages) =>
  z
    .object(
      Object.fromEntries(
        WEEKDAYS.map((weekday) => [
          hoursField(weekday),
          dayText.pipe(
            z
              .string()
              .max(AVAILABILITY_LIMITS.hoursText, { error: format(t.validation.tooLong, { max: AVAILABILITY_LIMITS.hoursText }) })
              .refine((text) => parseDayHours(text) !== null, { error: t.availability.hours.invalid }),
          ),
        ]),
      ) as Record<string, z.ZodType<string>>,
    )
    .transform((days): WorkingInterval[] =>
      WEEKDAYS.flatMap((weekday) => parseDayHours(days[hoursField(weekday)] ?? "")!.map((interval) => ({ weekday, ...interval }))),
    ),
);

const calendarDate = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, { error: message });
const daysBetween = (first: string, last: string) => (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;

/**
 * Control characters other than a tab are never typed into a one-line field, and a NUL breaks the stores: SQLite's
 * length() stops at it (a credential's CHECK then fails: a 500), Postgres refuses it in text.
 */
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/;

const oneLine = (t: Messages, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: format(t.validation.tooLong, { max }) })
    .refine((text) => isSingleLine(text) && !CONTROL.test(text), { error: t.validation.oneLine });

export const timeOffSchema = localized((t: Messages) => {
  const m = t.availability.timeOff;
  return z
    .object({
      firstDay: calendarDate(m.dayRequired),
      lastDay: calendarDate(m.dayRequired),
      note: z.preprocess((value) => value ?? "", oneLine(t, AVAILABILITY_LIMITS.note)),
    })
    .check((payload) => {
      const { firstDay, lastDay } = payload.value;
      if (!isCalendarDate(firstDay) || !isCalendarDate(lastDay)) return;
      if (lastDay < firstDay) payload.issues.push({ code: "custom", path: ["lastDay"], message: m.lastBeforeFirst, input: lastDay });
      else if (daysBetween(firstDay, lastDay) >= AVAILABILITY_LIMITS.timeOffDays)
        payload.issues.push({ code: "custom", path: ["lastDay"], message: format(m.tooLong, { days: AVAILABILITY_LIMITS.timeOffDays }), input: lastDay });
    });
});

export const credentialSchema = localized((t: Messages) => {
  const m = t.availability.credentials;
  return z.object({
    name: z.preprocess((value) => value ?? "", oneLine(t, AVAILABILITY_LIMITS.credential).pipe(z.string().min(1, { error: m.nameRequired }))),
    // Empty: does not expire.
    expiresOn: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      calendarDate(t.availability.timeOff.dayRequired).nullable(),
    ),
  });
});

/** "Remove": the row's id (the handler removes it only from the person the page is about). */
export const removeRowSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
