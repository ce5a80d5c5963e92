// When an interpreter works and what they are certified for (issue 25): weekly working hours, time off and
// credentials. Hours and days are the company's wall clock and calendar (app/domain/zoned-time.ts): "Monday 09:00 to
// 17:00" means that in America/Denver, summer or winter. Pure types and rules; the offers read them (eligibility.ts).
import type { AppointmentSetting } from "./appointments";

/** ISO weekdays: Monday 1 … Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MINUTES_PER_DAY = 24 * 60;

/** One working interval of a weekday, in minutes from the wall clock's midnight: [startMinute, endMinute). */
export type WorkingInterval = { weekday: Weekday; startMinute: number; endMinute: number };

/** Days away, inclusive, as the company's calendar dates ("2026-12-24" to "2026-12-26"). */
export type TimeOff = { id: number; firstDay: string; lastDay: string; note: string };
export type NewTimeOff = Omit<TimeOff, "id">;

/** A certification staff recorded ("Court certified"); valid through its expiry date, or for good when it has none. */
export type Credential = { id: number; name: string; expiresOn: string | null };
export type NewCredential = Omit<Credential, "id">;

export type Availability = { hours: WorkingInterval[]; timeOff: TimeOff[]; credentials: Credential[] };
export type PersonAvailability = Availability & { name: string };

/** A credential about to lapse, for the admins' warning list. */
export type ExpiringCredential = Credential & { expiresOn: string; interpreter: { id: string; name: string } };

/** Admins are warned of credentials that expire within this many days (the figure). */
export const CREDENTIAL_WARNING_DAYS = 30;

/**
 * The credential a setting requires (a company setting; these are its defaults): an interpreter is offered legal or
 * medical work only while they hold it. Names compare without regard to case or surrounding spaces.
 */
export const REQUIRED_CREDENTIALS: Partial<Record<AppointmentSetting, string>> = { legal: "Court certified", medical: "Medical (CCHI)" };

export const sameCredential = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the credential is valid on `day` (a calendar date): valid through its expiry date itself. */
export const isValidOn = (credential: Pick<Credential, "expiresOn">, day: string): boolean => credential.expiresOn === null || credential.expiresOn >= day;

/** The ISO weekday of a calendar date. */
export function weekdayOf(day: string): Weekday {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** A calendar date `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "09:00" from 540; 1440 reads "24:00" (the end of the day). */
export function clockOf(minute: number): string {
  const hours = Math.floor(minute / 60);
  return `${String(hours).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** One weekday's intervals, sorted, overlapping or touching ones joined: "09:00-12:00, 12:00-17:00" is one interval. */
export function mergeIntervals<T extends { startMinute: number; endMinute: number }>(intervals: T[]): { startMinute: number; endMinute: number }[] {
  const sorted = [...intervals].sort((a, b) => a.startMinute - b.startMinute);
  const merged: { startMinute: number; endMinute: number }[] = [];
  for (const { startMinute, endMinute } of sorted) {
    const last = merged[merged.length - 1];
    if (last && startMinute <= last.endMinute) last.endMinute = Math.max(last.endMinute, endMinute);
    else merged.push({ startMinute, endMinute });
  }
  return merged;
}

/** The week's hours as people read them: each weekday's intervals, merged and in order. */
export function hoursByWeekday(hours: WorkingInterval[]): Record<Weekday, { startMinute: number; endMinute: number }[]> {
  return Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, mergeIntervals(hours.filter((interval) => interval.weekday === weekday))])) as Record<
    Weekday,
    { startMinute: number; endMinute: number }[]
  >;
}

/** A users row's id as both backends make them (a UUID): anything else in a URL names nobody. */
export const isUserId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
