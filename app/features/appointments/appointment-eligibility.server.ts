// Who can be offered an appointment, for the page that offers it (issue 25): the interpreters who speak its language,
// each eligible or not with the reasons (app/domain/eligibility.ts), and how many others do not speak it. Read only
// while the appointment is still to be filled (requested or offered). Its organisation's blocked interpreters are left
// out by the query itself; its preferred ones come first, alone while the window after booking holds (issue 27,
// docs/decisions/0041), as of `now` — the page's and the offer action's clock, so a test can name the instant.
import type { Backend } from "~/backend/port.server";
import type { Appointment } from "~/domain/appointments";
import { REQUIRED_CREDENTIALS } from "~/domain/availability";
import { preferredFirst, sortCandidates, type Eligibility } from "~/domain/eligibility";
import { preferredUntil } from "~/domain/preferences";
import { COMPANY_TIME_ZONE } from "~/domain/orders";

/** When it is asked, and how long preferred interpreters have alone (PREFERRED_OFFER_WINDOW_MINUTES). */
export type OfferClock = { now: number; windowMinutes: number };

export async function eligibilityFor(backend: Backend, appointment: Appointment, clock: OfferClock): Promise<Eligibility | null> {
  if (appointment.languageId === null || (appointment.status !== "requested" && appointment.status !== "offered")) return null;
  const { linked, unlinked } = await backend.availability.candidates(
    appointment.languageId,
    { from: appointment.blockedFrom, to: appointment.blockedTo },
    appointment.id,
  );
  const sorted = sortCandidates(appointment, linked, COMPANY_TIME_ZONE);
  const until = preferredUntil({ createdAt: appointment.createdAt, ...clock, anyPreferredEligible: sorted.eligible.some((person) => person.preferred) });
  const { eligible, ineligible } = preferredFirst(sorted, until);
  return {
    eligible: eligible.map(({ id, name, preferred }) => ({ id, name, preferred })),
    ineligible: ineligible.map(({ candidate, reasons }) => ({ id: candidate.id, name: candidate.name, reasons })),
    unlinked,
    credential: REQUIRED_CREDENTIALS[appointment.setting] ?? null,
    preferredUntil: until,
  };
}
