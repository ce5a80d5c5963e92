// Days on the company's calendar for the booking tests (issue 25): a day from today, and the next days on which the
// clocks of America/Denver go forward or back — found at run time, so the tests meet the real next changes.
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { offsetAt, wallClockOf } from "~/domain/zoned-time";

/**
 * The company's calendar day `days` after today, counted in calendar days. (Adding `days` × 24 hours to now skipped the
 * spring change's day when run between 23:00 and midnight in Denver: that day has 23 hours.)
 */
export function dayFromNow(days: number): string {
  const [year, month, day] = wallClockOf(Date.now(), COMPANY_TIME_ZONE).date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first Tuesday at least 8 days from today (the offers' tests book on Tuesdays some weeks on from it). */
export function tuesdayAWeekOn(): string {
  for (let days = 8; ; days++) {
    const day = dayFromNow(days);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 2) return day;
  }
}

/** The next day (within a year) on which the clocks go forward (`spring`) or back. */
export function nextChange(kind: "spring" | "autumn"): string {
  for (let days = 2; days < 360; days++) {
    const date = dayFromNow(days);
    const before = offsetAt(Date.parse(`${date}T06:00:00Z`), COMPANY_TIME_ZONE);
    const after = offsetAt(Date.parse(`${date}T18:00:00Z`), COMPANY_TIME_ZONE);
    if (kind === "spring" ? after > before : after < before) return date;
  }
  throw new Error(`no ${kind} change within a year`);
}
