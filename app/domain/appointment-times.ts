// When a booked appointment may start, how long it may last, and the time it takes from an interpreter's day
// (issue 25; docs/decisions/0030). Pure rules over instants (UTC milliseconds): the booking form, the staff's changes
// and the offers use them; the database enforces the same "no overlap" rule on its own (the ADR says how).

const MINUTE_MS = 60_000;

/** Expected duration: 30 minutes to 8 hours, in 15-minute steps (the booking form's choices). */
export const DURATION = { minMinutes: 30, maxMinutes: 8 * 60, stepMinutes: 15 } as const;

/** Company settings the rules read, with the defaults. */
export type BookingSettings = {
  /** The earliest start is this far from now. */
  leadMinutes: number;
  /** The latest start is this far ahead. */
  horizonDays: number;
  /** Blocked before and after on-site work, for travel. */
  travelBufferMinutes: number;
};

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = { leadMinutes: 120, horizonDays: 365, travelBufferMinutes: 30 };

/** Every duration a booking may choose, in minutes. */
export const durationChoices = (): number[] =>
  Array.from(
    { length: (DURATION.maxMinutes - DURATION.minMinutes) / DURATION.stepMinutes + 1 },
    (_, index) => DURATION.minMinutes + index * DURATION.stepMinutes,
  );

export const isDuration = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= DURATION.minMinutes && minutes <= DURATION.maxMinutes && (minutes - DURATION.minMinutes) % DURATION.stepMinutes === 0;

/** Why a start is refused, or null: in the past, inside the lead time, or beyond the horizon. */
export type StartRefusal = "past" | "lead" | "horizon";

export function startRefusal(start: number, now: number, settings: BookingSettings = DEFAULT_BOOKING_SETTINGS): StartRefusal | null {
  if (start <= now) return "past";
  if (start < now + settings.leadMinutes * MINUTE_MS) return "lead";
  if (start > now + settings.horizonDays * 24 * 60 * MINUTE_MS) return "horizon";
  return null;
}

export type AppointmentMode = "on_site" | "video" | "phone";

/** An appointment's time on the interpreter's day: its start and end, widened by the travel buffer when on site. */
export type Blocked = { from: number; to: number };

/** The instants an appointment takes from its interpreter: [from, to), half-open, so back-to-back jobs fit. */
export function blockedBy(
  appointment: { start: number; minutes: number; mode: AppointmentMode },
  settings: BookingSettings = DEFAULT_BOOKING_SETTINGS,
): Blocked {
  const end = appointment.start + appointment.minutes * MINUTE_MS;
  const travel = appointment.mode === "on_site" ? settings.travelBufferMinutes * MINUTE_MS : 0;
  return { from: appointment.start - travel, to: end + travel };
}

/** Whether two blocked spans share an instant (the same test as Postgres's `&&` on two '[)' ranges). */
export const overlaps = (a: Blocked, b: Blocked): boolean => a.from < b.to && b.from < a.to;
