// The shared schema of the after-the-appointment form (issue 25): what happened — it took place, or the customer or the
// interpreter did not come — and, when it took place, the actual start and end on the company's clock; for on-site
// work the travel minutes. The interpreter posts it under My jobs; staff post the same fields, corrected or not, to
// approve it. Times are typed as the company's wall clock and stored as instants.
import { z } from "zod";
import { format, type Messages } from "~/i18n";
import { MAX_ACTUAL_MS, MAX_TRAVEL_MINUTES, NO_SHOWS, type AttendanceEntry } from "./appointment-records";
import { COMPANY_TIME_ZONE, isCalendarDate } from "./orders";
import { instantOf, wallClockOf } from "./zoned-time";

export const OUTCOMES = ["held", ...NO_SHOWS] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** What the form needs to know of the appointment and the moment. */
export type AttendanceContext = { now: number; onSite: boolean };

const DAY_MS = 24 * 3_600_000;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A wall-clock time as one instant. The hour the clocks repeat names two: a start is read as the first, an end as the
 * last, so a record across the autumn change keeps its whole length; the hour they skip names none (null).
 */
function instantAt(date: string, time: string, end: boolean): number | null {
  const zoned = instantOf({ date, time }, COMPANY_TIME_ZONE);
  if (zoned.kind === "exact") return zoned.instant;
  if (zoned.kind === "repeated") return end ? zoned.later : zoned.earlier;
  return null;
}

/** The day after a calendar date (YYYY-MM-DD). */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The instants of a start and an end typed on one day; an end at or before the start is on the next day. */
const actualSpan = (date: string, start: string, end: string) => ({
  from: instantAt(date, start, false),
  to: instantAt(end > start ? date : nextDay(date), end, true),
});

const text = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());

/**
 * The form's fields in, the record out. An end at or before the start is on the next day (work past midnight). The
 * travel minutes count for on-site work only; elsewhere they are 0 whatever was sent.
 */
export function attendanceSchema(t: Messages, context: AttendanceContext) {
  const m = t.records.form;
  return z
    .object({
      outcome: z.enum(OUTCOMES, { error: m.outcomeRequired }),
      date: text,
      start: text,
      end: text,
      travel: z.preprocess(
        (value) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? 0 : value),
        z.coerce
          .number({ error: format(m.travelRange, { max: MAX_TRAVEL_MINUTES }) })
          .int({ error: format(m.travelRange, { max: MAX_TRAVEL_MINUTES }) })
          .min(0, { error: format(m.travelRange, { max: MAX_TRAVEL_MINUTES }) })
          .max(MAX_TRAVEL_MINUTES, { error: format(m.travelRange, { max: MAX_TRAVEL_MINUTES }) }),
      ),
    })
    .check((payload) => {
      const { outcome, date, start, end } = payload.value;
      if (outcome !== "held") return;
      const issue = (path: "date" | "start" | "end", message: string) => {
        payload.issues.push({ code: "custom", path: [path], message, input: payload.value[path] });
      };
      if (!isCalendarDate(date)) issue("date", m.dateRequired);
      if (!CLOCK.test(start)) issue("start", m.timeRequired);
      if (!CLOCK.test(end)) issue("end", m.timeRequired);
      if (!isCalendarDate(date) || !CLOCK.test(start) || !CLOCK.test(end)) return;
      const { from, to } = actualSpan(date, start, end);
      if (from === null) return issue("start", m.skipped);
      if (to === null) return issue("end", m.skipped);
      if (from > context.now) return issue("start", m.future);
      if (to > context.now) return issue("end", m.future);
      if (to - from > MAX_ACTUAL_MS) issue("end", m.tooLong);
    })
    .transform(({ outcome, date, start, end, travel }): AttendanceEntry => {
      const travelMinutes = context.onSite ? travel : 0;
      if (outcome !== "held") return { actualStart: null, actualEnd: null, travelMinutes, noShow: outcome };
      const { from, to } = actualSpan(date, start, end);
      return { actualStart: from!, actualEnd: to!, travelMinutes, noShow: null };
    });
}

/** The interpreter's post under My jobs: which of their appointments, and the record. */
export const recordSchema = (t: Messages, context: AttendanceContext) => z.object({ appointment: id }).and(attendanceSchema(t, context));

/** Staff approve: the version their page showed (compare-and-set), and the record as they approve it. */
export const approveSchema = (t: Messages, context: AttendanceContext) => z.object({ basedOn: id }).and(attendanceSchema(t, context));

/** The form's values for a record (or, when there is none yet, for the appointment as booked): what the fields show. */
export function attendanceValues(entry: AttendanceEntry | null, scheduled: { startsAt: number; minutes: number }): Record<string, string> {
  const start = wallClockOf(entry?.actualStart ?? scheduled.startsAt, COMPANY_TIME_ZONE);
  const end = wallClockOf(entry?.actualEnd ?? scheduled.startsAt + scheduled.minutes * 60_000, COMPANY_TIME_ZONE);
  return {
    outcome: entry?.noShow ?? "held",
    date: start.date,
    start: start.time,
    end: end.time,
    travel: String(entry?.travelMinutes ?? 0),
  };
}
