// Whether a staff change sends an appointment back to offering (issue 25, "A change that breaks the assigned
// interpreter's eligibility sends the appointment back to offering and tells both people"). A pure rule over the
// appointment before and after the change and what the backend answers of its interpreter (docs/decisions/0032).
import type { Appointment, AppointmentDetails } from "./appointments";
import { ineligibility, type Candidate } from "./eligibility";

/** What the eligibility rule reads of an appointment: a change to anything else keeps whoever has or was offered it. */
export const changesEligibility = (before: AppointmentDetails, after: AppointmentDetails): boolean =>
  before.startsAt !== after.startsAt || before.minutes !== after.minutes || before.mode !== after.mode || before.setting !== after.setting;

/**
 * Whether the change releases the appointment (back to requested, its offers withdrawn):
 * - offered: when its time, length, mode or setting change — the open offers were made for what it was;
 * - confirmed: when those change and its interpreter is no longer eligible for what it is now (`candidate` is them as
 *   the backend answers for the new span, their other work without this appointment; null when they no longer speak
 *   its language or it has none left);
 * - requested, or a change to other details: never.
 */
export function changeReleases(
  before: Pick<Appointment, "status"> & AppointmentDetails,
  after: AppointmentDetails,
  candidate: Candidate | null,
  zone: string,
): boolean {
  if (!changesEligibility(before, after)) return false;
  if (before.status === "offered") return true;
  if (before.status !== "confirmed") return false;
  return candidate === null || ineligibility(after, candidate, zone).length > 0;
}
