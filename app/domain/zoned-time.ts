// Wall-clock times in the company's time zone and the instants (UTC) they name (issue 25; docs/decisions/0030).
// Appointments are stored as instants; a person types and reads a date and a time in the company's zone. Around a
// daylight-saving change a wall-clock time can name no instant (the spring gap) or two (the autumn repeat): both are
// answered as such, never guessed, and every time shown names its zone's abbreviation, so no shown time is ambiguous.
// Built on Intl alone (ICU's zone data, in every browser and in Workers): no library ships a zone database smaller.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A date and a time as typed: "2026-11-03" and "10:00". */
export type WallClock = { date: string; time: string };

export type ZonedInstant =
  /** The wall-clock time names exactly one instant. */
  | { kind: "exact"; instant: number }
  /** It happens twice (clocks turned back): the first time, at summer time, and the second. */
  | { kind: "repeated"; earlier: number; later: number }
  /** It never happens (clocks turned forward past it). */
  | { kind: "skipped" }
  /** Not a real date or time. */
  | { kind: "invalid" };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's wall clock at an instant, read by ICU (cached per zone: building a formatter is the costly part). */
function wallPartsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `instant`, as milliseconds of a UTC calendar (so two wall clocks subtract). */
function wallAt(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    wallPartsFormatter(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The zone's offset from UTC at `instant`, in milliseconds (Denver in winter: −7 h). */
export const offsetAt = (instant: number, zone: string): number => wallAt(instant, zone) - Math.floor(instant / 1000) * 1000;

/** Whether the zone is one ICU knows ("America/Denver"); a setting is checked with it before it is stored. */
export function isTimeZone(zone: string): boolean {
  try {
    wallPartsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The instant(s) a wall-clock time in `zone` names. */
export function instantOf({ date, time }: WallClock, zone: string): ZonedInstant {
  const day = DATE.exec(date);
  const clock = TIME.exec(time);
  if (!day || !clock) return { kind: "invalid" };
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const wall = Date.UTC(year, month - 1, dayOfMonth, Number(clock[1]), Number(clock[2]));
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== dayOfMonth) return { kind: "invalid" };
  // The offsets in force a day either side: a zone changes its offset at most once within two days, so the wall
  // time maps through one of them, both (a repeat) or neither (a gap).
  const offsets = [...new Set([offsetAt(wall - DAY_MS, zone), offsetAt(wall + DAY_MS, zone)])];
  const instants = offsets
    .map((offset) => wall - offset)
    .filter((instant) => wallAt(instant, zone) === wall)
    .sort((a, b) => a - b);
  if (instants.length === 0) return { kind: "skipped" };
  if (instants.length === 1) return { kind: "exact", instant: instants[0]! };
  return { kind: "repeated", earlier: instants[0]!, later: instants[instants.length - 1]! };
}

/** The wall-clock date and time of `instant` in `zone`. */
export function wallClockOf(instant: number, zone: string): WallClock {
  const iso = new Date(wallAt(instant, zone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The zone's short name at `instant` as the locale writes it ("MST", "MDT"; where ICU has none, "GMT-7"). */
export function zoneNameAt(instant: number, zone: string, locale = "en-US"): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
    .formatToParts(new Date(instant))
    .find((item) => item.type === "timeZoneName");
  return part?.value ?? zone;
}
