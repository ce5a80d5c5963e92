// Days on the company's calendar for the booking tests (issue 25): a day from today, and the next days on which the
// clocks of America/Denver go forward or back — found at run time, so the tests meet the real next changes.
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { offsetAt, wallClockOf } from "~/domain/zoned-time";

const DAY = 24 * 3_600_000;

/** The company's calendar day `days` from now. */
export const dayFromNow = (days: number) => wallClockOf(Date.now() + days * DAY, COMPANY_TIME_ZONE).date;

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
