// Values of the booking form's own fields (surface-kinds.ts: "bookingLanguage" … "genderPreference"): what the form
// sends, so the fuzzed field is the only bad one and a plausible booking succeeds, and what each field's check must
// refuse where a generic hostile value would not reach it (a day in the past or beyond the horizon, a time the clocks
// skip or repeat, a duration off the 15-minute steps, a mode or setting not on the list). Days are on the company's
// calendar (America/Denver), as the product counts them.
import { durationChoices } from "../../app/domain/appointment-times";
import { APPOINTMENT_MODES, APPOINTMENT_SETTINGS, GENDER_PREFERENCES } from "../../app/domain/appointments";
import { COMPANY_TIME_ZONE } from "../../app/domain/orders";
import { instantOf } from "../../app/domain/zoned-time";
import type { HostileSource } from "./files";
import type { IdPools } from "./params";
import { dayFromToday } from "./payloads-orders";
import type { Rng } from "./prng";
import type { FieldKind } from "./surface-kinds";
import { text, type Payload } from "./values";

let changeDays: { spring: string | null; autumn: string | null } | null = null;
/** The next days (within a year) the company's clocks go forward (02:30 never happens) and back (01:30 happens twice). */
export function clockChangeDays(): { spring: string | null; autumn: string | null } {
  if (changeDays) return changeDays;
  let spring: string | null = null;
  let autumn: string | null = null;
  for (let days = 1; days <= 366 && !(spring && autumn); days++) {
    const date = dayFromToday(days);
    if (!spring && instantOf({ date, time: "02:30" }, COMPANY_TIME_ZONE).kind === "skipped") spring = date;
    if (!autumn && instantOf({ date, time: "01:30" }, COMPANY_TIME_ZONE).kind === "repeated") autumn = date;
  }
  changeDays = { spring, autumn };
  return changeDays;
}

const two = (n: number) => String(n).padStart(2, "0");

/** A plausible value of a booking field, or null when the kind is not one of them. */
export function plausibleAppointmentValue(kind: FieldKind, rng: Rng, ids: IdPools): string | null {
  switch (kind) {
    // Mostly a language someone is linked to (the only ones accepted); now and then any language.
    case "bookingLanguage": {
      const pool = ids.linkedLanguageIds.length && rng.chance(0.9) ? ids.linkedLanguageIds : ids.languageIds;
      return String(pool.length ? rng.pick(pool) : rng.int(1, 20));
    }
    case "appointmentMode":
      return rng.pick(APPOINTMENT_MODES);
    case "appointmentSetting":
      return rng.pick(APPOINTMENT_SETTINGS);
    // From tomorrow to well inside the year's horizon, in office hours: past the lead time whatever the hour now.
    case "bookingDate":
      return dayFromToday(rng.int(1, 300));
    case "bookingTime":
      return `${two(rng.int(8, 17))}:${rng.pick(["00", "15", "30", "45"])}`;
    // Only the autumn-change night asks which; elsewhere the form does not send it (a value is ignored).
    case "occurrence":
      return rng.weighted([
        [8, ""],
        [1, "earlier"],
        [1, "later"],
      ]);
    case "duration":
      return String(rng.pick(durationChoices()));
    case "genderPreference":
      return rng.pick(["", "", ...GENDER_PREFERENCES]);
    // No set-up makes offers: an id that may be one the campaign's own offers made, mostly none of the interpreter's.
    case "offerId":
      return String(rng.int(1, 40));
    // Mostly one of the campaign's own bookings (never confirmed, never the interpreter's), now and then none.
    case "appointmentId":
      return String(rng.int(1, 40));
    default:
      return null;
  }
}

const IDS = ["0", "-1", "1.5", "1e1", "01", " 1", "1 ", "99999", "9999999999", "10000000000", "0x1", "١", "NaN", "", "1,2"];
const TIMES = ["24:00", "2:30", "10:00:00", "10.00", "25:61", "10:60", "-01:00", "10h00", "１０:００", "10:00 AM", "10:00Z", "", " 10:00", "T10:00"];
const DURATIONS = ["29", "31", "45.0", "481", "495", "0", "-60", "075", "1e2", "120 ", "60,5", "Infinity", "١٢٠", "0x3c", ""];
const MODES = ["ON_SITE", "onsite", "on-site", "fax", "video ", "phone,video", "", "__proto__", "toString"];
const SETTINGS = ["MEDICAL", "court", "medical ", "legal,medical", "", "__proto__", "constructor"];
const GENDERS = ["Female", "FEMALE", "other", "female ", "none", "0", "__proto__"];
const OCCURRENCES = ["EARLIER", "first", "both", "earlier,later", "later ", "1", "__proto__"];

/** Days each check of the start has to refuse: past, today (inside the lead time, mostly), beyond the horizon, not a day. */
function days(): string[] {
  const { spring, autumn } = clockChangeDays();
  return [
    dayFromToday(-1),
    dayFromToday(-400),
    dayFromToday(0),
    dayFromToday(366),
    dayFromToday(3650),
    "2026-02-30",
    "2027-02-29",
    "2026-13-01",
    "0000-00-00",
    "9999-12-31",
    "12/31/2026",
    "2026-1-5",
    `${dayFromToday(3)}T10:00`,
    "２０２６-１２-０１",
    "+275760-09-13",
    ...[spring, autumn].filter((day): day is string => day !== null),
  ];
}

/** A hostile value aimed at a booking field's own check, or null for a generic one (payloads.ts). */
export function appointmentHostile(kind: FieldKind, source: HostileSource): Payload | null {
  const { rng } = source;
  const aimed = (values: readonly string[], label: string): Payload | null => (rng.chance(0.65) ? { value: text(rng.pick(values)), label } : null);
  switch (kind) {
    case "bookingLanguage":
      return aimed(IDS, "language id");
    case "appointmentMode":
      return aimed(MODES, "mode");
    case "appointmentSetting":
      return aimed(SETTINGS, "setting");
    case "bookingDate":
      return aimed(days(), "day");
    // The clocks-skip hour and the repeated one are plausible times on two days of the year: aimed at any day here.
    case "bookingTime":
      return aimed([...TIMES, "02:30", "01:30", "00:00", "23:59"], "time");
    case "occurrence":
      return aimed(OCCURRENCES, "occurrence");
    case "duration":
      return aimed(DURATIONS, "duration");
    case "genderPreference":
      return aimed(GENDERS, "gender");
    case "offerId":
      return aimed(IDS, "offer id");
    case "appointmentId":
      return aimed(IDS, "appointment id");
    default:
      return null;
  }
}

/**
 * A start on a clock-change night, for the date and time fields together (each alone is plausible): 02:30 on the
 * spring-change day (never happens), or 01:30 on the autumn-change day (happens twice) with no choice, either
 * choice or a hostile one. Null when neither day is within a year.
 */
export function clockChangeStart(rng: Rng): { date: string; time: string; occurrence: string; label: string } | null {
  const { spring, autumn } = clockChangeDays();
  const choices = [...(spring ? ["spring" as const] : []), ...(autumn ? ["autumn" as const] : [])];
  if (!choices.length) return null;
  if (rng.pick(choices) === "spring") return { date: spring!, time: "02:30", occurrence: "", label: "start the clocks skip" };
  const occurrence = rng.pick(["", "earlier", "later", ...OCCURRENCES]);
  return { date: autumn!, time: "01:30", occurrence, label: `start the clocks repeat, occurrence ${JSON.stringify(occurrence)}` };
}
