// Dates and times on the company's calendar (America/Denver) for the booking tests (issue 25), computed here with
// Intl alone, apart from the product's own helpers: next Tuesday, the next clock changes, the instant of a wall time.
export const ZONE = "America/Denver";

/** Today on the company's calendar, as y/m/d numbers. */
export function companyToday(): [number, number, number] {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return parts.split("-").map(Number) as [number, number, number];
}

/** The day `days` after today on the company's calendar, as the date field takes it (YYYY-MM-DD). */
export function companyDay(days: number): string {
  const [year, month, day] = companyToday();
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time in the company's zone names (a time that happens once). */
export function companyInstant(date: string, time: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const offsetMinutes = (at: Date) => {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")!.value;
    const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(name)!;
    return (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  };
  return new Date(guess.getTime() - offsetMinutes(guess) * 60_000);
}

/** The company's wall-clock time (HH:MM) at an instant, as a time field shows it. */
export function companyClock(at: number): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}

/**
 * The next day within a year whose wall clock skips `time` (spring: the clocks go forward) or repeats it (autumn: they
 * go back), found by the zone's offset changing between the two ends of that day.
 */
export function nextClockChange(kind: "spring" | "autumn"): string {
  const offsetAt = (at: number) =>
    new Intl.DateTimeFormat("en-US", { timeZone: ZONE, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")!.value;
  for (let days = 1; days <= 366; days++) {
    const date = companyDay(days);
    const noon = Date.parse(`${date}T12:00:00Z`);
    const before = offsetAt(noon - 24 * 3_600_000);
    const after = offsetAt(noon);
    // Denver: GMT-07:00 in winter, GMT-06:00 in summer.
    if (before !== after && (kind === "spring" ? after === "GMT-06:00" : after === "GMT-07:00")) return date;
  }
  throw new Error(`no ${kind} clock change within a year in ${ZONE}`);
}

/** Next Tuesday on the company's calendar (a week ahead when today is one). */
export function nextTuesday(): string {
  const [year, month, day] = companyToday();
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return companyDay((2 - weekday + 7) % 7 || 7);
}
