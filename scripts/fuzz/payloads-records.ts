// Values of the after-the-appointment form's own fields (surface-kinds.ts: "attendanceOutcome" … "travelMinutes"; the
// appointment's id is payloads-appointments.ts's):
// what My jobs' To record and the appointment page's approval send, so the fuzzed field is the only bad one, and what
// each field's check must refuse where a generic hostile value would not reach it (a time past 23:59 or the clocks
// skip, a day in the future or that does not exist, travel off its range, an outcome not on the list). The set-up's
// appointments are requested or cancelled, never started: a plausible post reaches the store and is refused there.
import { OUTCOMES } from "../../app/domain/record-forms";
import type { HostileSource } from "./files";
import { clockChangeDays } from "./payloads-appointments";
import { dayFromToday } from "./payloads-orders";
import type { Rng } from "./prng";
import type { FieldKind } from "./surface-kinds";
import { text, type Payload } from "./values";

const two = (n: number) => String(n).padStart(2, "0");

/** A plausible value of a record field, or null when the kind is not one of them. */
export function plausibleRecordValue(kind: FieldKind, rng: Rng): string | null {
  switch (kind) {
    case "attendanceOutcome":
      return rng.weighted([
        [6, "held"],
        [2, "customer"],
        [1, "interpreter"],
      ]);
    // The last days, when the appointments to record took place.
    case "actualDay":
      return dayFromToday(-rng.int(1, 20));
    case "actualTime":
      return `${two(rng.int(0, 23))}:${two(rng.int(0, 59))}`;
    case "travelMinutes":
      return rng.pick(["", "0", String(rng.int(5, 180))]);
    default:
      return null;
  }
}

const TIMES = ["24:00", "2:30", "10:00:00", "10.00", "25:61", "10:60", "-01:00", "10h00", "１０:００", "10:00 AM", "", " 10:00", "T10:00"];
const TRAVEL = ["-1", "601", "1.5", "1e2", "0x10", "Infinity", "NaN", "١٠", "60 minutes", "9999999999999999999999"];
const OUTCOME_VALUES = ["HELD", "held ", "no-show", "customer,interpreter", "", "__proto__", "constructor", ...OUTCOMES.map((value) => value.toUpperCase())];

/** Days each check has to refuse: the future, days that do not exist, other spellings; and the clock-change days. */
function days(): string[] {
  const { spring, autumn } = clockChangeDays();
  return [
    dayFromToday(1),
    dayFromToday(400),
    "2026-02-30",
    "2026-13-01",
    "0000-00-00",
    "12/31/2026",
    "2026-1-5",
    "+275760-09-13",
    ...[spring, autumn].filter((day): day is string => day !== null),
  ];
}

/** A hostile value aimed at a record field's own check, or null for a generic one (payloads.ts). */
export function recordHostile(kind: FieldKind, source: HostileSource): Payload | null {
  const { rng } = source;
  const aimed = (values: readonly string[], label: string): Payload | null => (rng.chance(0.65) ? { value: text(rng.pick(values)), label } : null);
  switch (kind) {
    case "attendanceOutcome":
      return aimed(OUTCOME_VALUES, "outcome");
    case "actualDay":
      return aimed(days(), "day");
    // The hour the clocks skip and the one they repeat are plausible on two days of the year: aimed at any day here.
    case "actualTime":
      return aimed([...TIMES, "02:30", "01:30", "00:00", "23:59"], "time");
    case "travelMinutes":
      return aimed(TRAVEL, "travel");
    default:
      return null;
  }
}
