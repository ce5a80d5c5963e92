// Who may be offered an appointment, and why the others may not (issue 25, "Offers"). Eligible means: linked to the
// language; holding the credential the setting requires, valid on the appointment's date; working hours covering the
// whole appointment; not on time off; no overlapping confirmed appointment (blocked spans, travel buffers counted).
// A pure rule over what the backend answers (AvailabilityStore.candidates); the database re-checks the last one on
// its own when an offer is accepted (docs/decisions/0030).
import { isValidOn, mergeIntervals, REQUIRED_CREDENTIALS, sameCredential, weekdayOf, type Availability } from "./availability";
import { overlaps, type Blocked } from "./appointment-times";
import type { AppointmentSetting } from "./appointments";
import { offsetAt } from "./zoned-time";

/**
 * In the order the page lists them. "preferred-window": the appointment's organisation prefers other interpreters who
 * can take it, and its window for them has not passed (docs/decisions/0041).
 */
export const INELIGIBLE_REASONS = ["not-linked", "no-credential", "credential-expired", "outside-hours", "time-off", "busy", "preferred-window"] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

/**
 * An interpreter as the offers see them: their availability, the spans their other confirmed appointments block, and
 * whether the appointment's organisation prefers them. One it blocks is never a candidate (left out by the query).
 */
export type Candidate = { id: string; name: string; linked: boolean; preferred: boolean; availability: Availability; busy: Blocked[] };

/** What the rule reads of an appointment. */
export type OfferedAppointment = { setting: AppointmentSetting; startsAt: number; minutes: number; blockedFrom: number; blockedTo: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** [from, to) cut where the zone's offset changes inside it (a span of hours meets at most one change). */
function piecesByOffset(from: number, to: number, zone: string): [number, number][] {
  const after = offsetAt(to, zone);
  if (offsetAt(from, zone) === after) return [[from, to]];
  // The first minute already on the new offset: offsets change on a minute.
  let [low, high] = [from, to];
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(middle, zone) === after) high = middle;
    else low = middle;
  }
  return [
    [from, high],
    [high, to],
  ].filter(([a, b]) => b! > a!) as [number, number][];
}

/**
 * The appointment on the company's wall clock: each stretch of a day it takes, in minutes from that day's midnight.
 * Across the spring change 01:00 MST to 04:00 MDT is 01:00–02:00 and 03:00–04:00; across the autumn change an
 * appointment can take the repeated hour twice. Ending at midnight takes nothing of the next day.
 */
export function wallClockDays(appointment: Pick<OfferedAppointment, "startsAt" | "minutes">, zone: string): { day: string; from: number; to: number }[] {
  const days: { day: string; from: number; to: number }[] = [];
  for (const [from, to] of piecesByOffset(appointment.startsAt, appointment.startsAt + appointment.minutes * MINUTE_MS, zone)) {
    // Within a piece the offset is constant: its wall clock is the instant moved by it.
    const offset = offsetAt(from, zone);
    let wall = from + offset;
    const wallEnd = to + offset;
    while (wall < wallEnd) {
      const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
      const stretchEnd = Math.min(wallEnd, midnight + DAY_MS);
      const day = new Date(midnight).toISOString().slice(0, 10);
      days.push({ day, from: Math.floor((wall - midnight) / MINUTE_MS), to: Math.ceil((stretchEnd - midnight) / MINUTE_MS) });
      wall = stretchEnd;
    }
  }
  return days;
}

/** Whether the weekly hours cover every minute of the appointment's wall-clock time. */
function hoursCover(availability: Availability, days: { day: string; from: number; to: number }[]): boolean {
  return days.every(({ day, from, to }) => {
    const weekday = weekdayOf(day);
    return mergeIntervals(availability.hours.filter((interval) => interval.weekday === weekday)).some(
      (interval) => interval.startMinute <= from && interval.endMinute >= to,
    );
  });
}

/** Why this interpreter may not be offered the appointment; empty when they may. */
export function ineligibility(
  appointment: OfferedAppointment,
  candidate: Candidate,
  zone: string,
  required: Partial<Record<AppointmentSetting, string>> = REQUIRED_CREDENTIALS,
): IneligibleReason[] {
  const reasons: IneligibleReason[] = [];
  if (!candidate.linked) reasons.push("not-linked");
  const days = wallClockDays(appointment, zone);
  const calendar = days.map((stretch) => stretch.day).sort();
  const firstDay = calendar[0]!;
  const lastDay = calendar[calendar.length - 1]!;
  const credential = required[appointment.setting];
  if (credential) {
    const held = candidate.availability.credentials.filter((item) => sameCredential(item.name, credential));
    if (held.length === 0) reasons.push("no-credential");
    else if (!held.some((item) => isValidOn(item, firstDay))) reasons.push("credential-expired");
  }
  if (!hoursCover(candidate.availability, days)) reasons.push("outside-hours");
  if (candidate.availability.timeOff.some((span) => span.firstDay <= lastDay && span.lastDay >= firstDay)) reasons.push("time-off");
  const blocked = { from: appointment.blockedFrom, to: appointment.blockedTo };
  if (candidate.busy.some((span) => overlaps(span, blocked))) reasons.push("busy");
  return reasons;
}

/** The candidates split: those who may be offered it, and the others with their reasons. */
export function sortCandidates(appointment: OfferedAppointment, candidates: Candidate[], zone: string) {
  const eligible: Candidate[] = [];
  const ineligible: { candidate: Candidate; reasons: IneligibleReason[] }[] = [];
  for (const candidate of candidates) {
    const reasons = ineligibility(appointment, candidate, zone);
    if (reasons.length === 0) eligible.push(candidate);
    else ineligible.push({ candidate, reasons });
  }
  return { eligible, ineligible };
}

/**
 * Preferred interpreters first: while the window holds (`until`, an instant, or null when it does not) everyone else
 * who could take it is held back with the reason "preferred-window"; after it, everyone eligible is, preferred first.
 */
export function preferredFirst(
  sorted: ReturnType<typeof sortCandidates>,
  until: number | null,
): { eligible: Candidate[]; ineligible: { candidate: Candidate; reasons: IneligibleReason[] }[] } {
  const eligible = [...sorted.eligible.filter((person) => person.preferred), ...sorted.eligible.filter((person) => !person.preferred)];
  if (until === null) return { eligible, ineligible: sorted.ineligible };
  const waiting: IneligibleReason[] = ["preferred-window"];
  return {
    eligible: eligible.filter((person) => person.preferred),
    ineligible: [...eligible.filter((person) => !person.preferred).map((candidate) => ({ candidate, reasons: waiting })), ...sorted.ineligible],
  };
}

/** What the page that offers an appointment shows: who can take it, who cannot and why, and how many others there are. */
export type Eligibility = {
  eligible: { id: string; name: string; preferred: boolean }[];
  ineligible: { id: string; name: string; reasons: IneligibleReason[] }[];
  unlinked: number;
  /** The credential the appointment's setting requires, named in the reasons. */
  credential: string | null;
  /** Until when only preferred interpreters may be offered it; null when the window does not hold. */
  preferredUntil: number | null;
};
