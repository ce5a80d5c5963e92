// Values of the availability forms' own fields (surface-kinds.ts: "workingHours" … "credentialId", issue 25): what
// Profile and an interpreter's page send, so the fuzzed field is the only bad one and a plausible post succeeds, and
// what each field's check must refuse where a generic hostile value would not reach it (times past 24:00 or ending
// before they start, digits that are not ASCII, a list longer than the field, dates that do not exist, time off
// reversed or longer than a year, a credential name that SQLite counts differently from JavaScript). Days are on the
// company's calendar, as the product counts them.
import { addDays } from "../../app/domain/availability";
import { AVAILABILITY_LIMITS } from "../../app/domain/availability-forms";
import type { HostileSource } from "./files";
import type { IdPools, OwnedRow } from "./params";
import { dayFromToday, type OrderContext } from "./payloads-orders";
import type { Rng } from "./prng";
import type { FieldKind } from "./surface-kinds";
import { text, type Payload } from "./values";

/** What people type for a weekday: mostly one or two intervals, often nothing (a day off). */
const WEEKDAY_TEXTS: readonly (readonly [number, string])[] = [
  [6, ""],
  [6, "09:00-17:00"],
  [4, "09:00-12:00, 13:00-17:00"],
  [2, "08:30-12:00; 12:30-16:30"],
  [1, "7:00-11:00"],
  [1, "09:00 - 12:00"],
  [1, "09:00–12:00, 11:00-14:00"],
  [1, "10:00 to 14:00"],
  [1, "09:00-12:00، 13:00-17:00"],
  [1, "18:00-24:00"],
  [1, "00:00-24:00"],
];

const two = (n: number) => String(n).padStart(2, "0");
const clock = (minute: number) => `${two(Math.floor(minute / 60))}:${two(minute % 60)}`;

/**
 * A weekday's text of as many intervals as the field holds (an hour each, half an hour apart): valid, and a week of
 * them is over a hundred rows in one batch. `extra` more intervals make it longer than the field allows.
 */
export function crowdedDay(extra = 0): string {
  const intervals: string[] = [];
  for (let start = 0; start + 60 <= 24 * 60; start += 90) {
    const next = [...intervals, `${clock(start)}-${clock(start + 60)}`];
    if (next.join(",").length > AVAILABILITY_LIMITS.hoursText) break;
    intervals.push(next.at(-1)!);
  }
  const more = Array.from({ length: extra }, (_, i) => `23:${two(i * 2)}-23:${two(i * 2 + 1)}`);
  return [...intervals, ...more].join(",");
}

/** A row to remove: mostly one of the person's own (the form's page lists them), sometimes anyone's, or an id nobody has. */
function rowId(rng: Rng, rows: OwnedRow[], person: string | undefined): string {
  const own = person ? rows.filter((row) => row.userId === person) : [];
  const pool = own.length && rng.chance(0.8) ? own : rows;
  if (pool.length && rng.chance(0.85)) return String(rng.pick(pool).id);
  return String(rng.int(1, Math.max(0, ...rows.map((row) => row.id)) + 20));
}

/** A plausible value of an availability field, or null when the kind is not one of them. */
export function plausibleAvailabilityValue(kind: FieldKind, rng: Rng, ids: IdPools, context: OrderContext): string | null {
  switch (kind) {
    case "workingHours":
      return rng.weighted(WEEKDAY_TEXTS);
    // Time off: the first day from a month ago to most of a year ahead; the last one the same day or after it, up to a
    // year (the form's own limit is 366 days).
    case "calendarDay":
      if (context.day) return addDays(context.day, rng.pick([0, 0, 1, 2, 4, 6, 13, 20, 45, 365]));
      return dayFromToday(rng.int(-30, 300));
    // A credential's expiry: none, within the warning's 30 days, later, or already past (recorded all the same).
    case "expiryDay":
      return rng.weighted([
        [3, ""],
        [3, dayFromToday(rng.int(0, 30))],
        [3, dayFromToday(rng.int(31, 900))],
        [1, dayFromToday(-rng.int(1, 60))],
      ]);
    case "credentialName":
      return rng.pick(["Court certified", "Medical (CCHI)", "court certified ", "Certified Medical Interpreter (CMI)", `Fuzz credential ${rng.int(1, 999)}`]);
    case "note":
      return rng.pick(["", "", "Family", "Conference in Denver", `Fuzz note ${rng.int(1, 999)}`]);
    case "timeOffId":
      return rowId(rng, ids.timeOff, context.person);
    case "credentialId":
      return rowId(rng, ids.credentials, context.person);
    default:
      return null;
  }
}

const HOURS = [
  "25:00-26:00",
  "17:00-09:00",
  "09:00-",
  "-17:00",
  "09:00-09:00",
  "24:00-24:30",
  "23:00-24:01",
  "24:00-00:00",
  "09:60-10:00",
  "9:5-10:00",
  "9-17",
  "0900-1700",
  "9am-5pm",
  "09:00-12:00-13:00",
  "09:00 to",
  "to 17:00",
  "09:00 to 12:00 to 13:00",
  "０９:００-１７:００",
  "٠٩:٠٠-١٧:٠٠",
  "۰۹:۰۰-۱۷:۰۰",
  "09:00\u201217:00",
  "09:00\u221217:00",
  "NaN:00-10:00",
  "1e1:00-11:00",
  "-01:00-02:00",
  "+09:00-10:00",
  "09:00:00-17:00:00",
  "09.00-17.00",
  "09:00-17:00\u0000",
  "09:00-17:00\n10:00-11:00",
  "09:00-12:00;;13:00-17:00",
  ",",
  "-",
  "—",
  " ",
  "00:00-24:00, 24:00-24:00",
  "__proto__",
  "constructor",
];

/** Dates each date check has to refuse (or, for the made-up ones that still parse, must not crash on). */
const DAYS = (): string[] => [
  "2026-02-30",
  "2027-02-29",
  "2026-13-01",
  "2026-00-10",
  "2026-01-32",
  "2026-01-00",
  "0000-00-00",
  "0000-01-01",
  "9999-12-31",
  "9999-99-99",
  "12/31/2026",
  "2026-1-5",
  "20261231",
  `${dayFromToday(3)}T00:00`,
  `${dayFromToday(3)}Z`,
  ` ${dayFromToday(3)} `,
  "２０２６-１２-０１",
  "٢٠٢٦-١٢-٠١",
  "+275760-09-13",
  "-000001-01-01",
  "2026-W50-1",
  "today",
  "",
  "1970-01-01",
];

const NAMES = [
  "",
  "   ",
  "\u0000",
  "\u0000Court certified",
  "Court certified\u0000",
  "a".repeat(AVAILABILITY_LIMITS.credential + 1),
  "é".repeat(AVAILABILITY_LIMITS.credential),
  // 80 UTF-16 units but 40 characters (JavaScript and SQLite count differently), and one more: 82 units.
  "😀".repeat(AVAILABILITY_LIMITS.credential / 2),
  "😀".repeat(AVAILABILITY_LIMITS.credential / 2 + 1),
  "e\u0301".repeat(AVAILABILITY_LIMITS.credential / 2),
  "Court\ncertified",
  "Court\u2028certified",
  "\u200B",
  "\u202Eyfitrec truoC",
  "COURT CERTIFIED",
  "__proto__",
];

const NOTES = [
  "\u0000",
  "x".repeat(AVAILABILITY_LIMITS.note),
  "x".repeat(AVAILABILITY_LIMITS.note + 1),
  "Away\nback Monday",
  "Away\u2029back",
  "   ",
  "😀".repeat(AVAILABILITY_LIMITS.note / 2 + 1),
];

const ROW_IDS = ["0", "-1", "1.5", "1e1", "01", " 1", "+1", "-0", "0x1", "١", "NaN", "", "1,2", "9007199254740991", "9007199254740992", "1e308", "Infinity"];

/** A hostile value aimed at an availability field's own check, or null for a generic one (payloads.ts). */
export function availabilityHostile(kind: FieldKind, source: HostileSource): Payload | null {
  const { rng } = source;
  const aimed = (values: readonly string[], label: string): Payload | null => (rng.chance(0.65) ? { value: text(rng.pick(values)), label } : null);
  switch (kind) {
    case "workingHours": {
      const long = [crowdedDay(), crowdedDay(1), "09:00-10:00, ".repeat(1_000), "00:00-24:00,".repeat(16)];
      return aimed([...HOURS, ...long], "hours");
    }
    case "calendarDay":
    case "expiryDay":
      return aimed(DAYS(), "day");
    case "credentialName":
      return aimed(NAMES, "credential");
    case "note":
      return aimed(NOTES, "note");
    case "timeOffId":
    case "credentialId":
      return aimed(ROW_IDS, "row id");
    default:
      return null;
  }
}

/**
 * Time off's two days together (each alone is plausible): reversed, a year and a day (refused) or exactly the limit
 * (accepted), ten years, across a leap day, or one day that does not exist.
 */
export function timeOffSpan(rng: Rng): { firstDay: string; lastDay: string; label: string } {
  const first = dayFromToday(rng.int(1, 200));
  const span = (days: number, label: string) => ({ firstDay: first, lastDay: addDays(first, days), label });
  return rng.pick([
    () => ({ firstDay: addDays(first, rng.int(1, 30)), lastDay: first, label: "time off reversed" }),
    () => span(AVAILABILITY_LIMITS.timeOffDays, "time off a day too long"),
    () => span(AVAILABILITY_LIMITS.timeOffDays - 1, "time off as long as allowed"),
    () => span(3650, "time off for ten years"),
    () => ({ firstDay: "2028-02-28", lastDay: "2029-02-28", label: "time off a leap year long" }),
    () => ({ firstDay: first, lastDay: rng.pick(["2026-02-30", "2026-13-01", "9999-12-31"]), label: "time off to a day that does not exist" }),
  ])();
}
