// Who may be offered an appointment, and why the others may not (issue 25, "Offers"). Eligible means: linked to the
// language; holding the credential the setting requires, valid on the appointment's date; working hours covering the
// whole appointment; not on time off; no overlapping confirmed appointment (blocked spans, travel buffers counted).
// A pure rule over what the backend answers (AvailabilityStore.candidates); the database re-checks the last one on
// its own when an offer is accepted (docs/decisions/0030).
import { isValidOn, mergeIntervals, MINUTES_PER_DAY, REQUIRED_CREDENTIALS, sameCredential, weekdayOf, addDays, type Availability } from "./availability";
import { overlaps, type Blocked } from "./appointment-times";
import type { AppointmentSetting } from "./appointments";
import { wallClockOf } from "./zoned-time";

/** In the order the page lists them. */
export const INELIGIBLE_REASONS = ["not-linked", "no-credential", "credential-expired", "outside-hours", "time-off", "busy"] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

/** An interpreter as the offers see them: their availability and the spans their other confirmed appointments block. */
export type Candidate = { id: string; name: string; linked: boolean; availability: Availability; busy: Blocked[] };

/** What the rule reads of an appointment. */
export type OfferedAppointment = { setting: AppointmentSetting; startsAt: number; minutes: number; blockedFrom: number; blockedTo: number };

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The appointment on the company's calendar: each day it touches, with the part of that day's wall clock it takes. */
export function wallClockDays(appointment: Pick<OfferedAppointment, "startsAt" | "minutes">, zone: string): { day: string; from: number; to: number }[] {
  const start = wallClockOf(appointment.startsAt, zone);
  const end = wallClockOf(appointment.startsAt + appointment.minutes * 60_000, zone);
  const days: { day: string; from: number; to: number }[] = [];
  for (let day = start.date; day <= end.date; day = addDays(day, 1)) {
    const from = day === start.date ? minuteOf(start.time) : 0;
    const to = day === end.date ? minuteOf(end.time) : MINUTES_PER_DAY;
    // Ending at midnight takes nothing of the next day.
    if (to > from) days.push({ day, from, to });
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
  const firstDay = days[0]!.day;
  const lastDay = days[days.length - 1]!.day;
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
