// Who can be offered an appointment, for the page that offers it (issue 25): the interpreters who speak its language,
// each eligible or not with the reasons (app/domain/eligibility.ts), and how many others do not speak it. Read only
// while the appointment is still to be filled (requested or offered).
import type { Backend } from "~/backend/port.server";
import type { Appointment } from "~/domain/appointments";
import { REQUIRED_CREDENTIALS } from "~/domain/availability";
import { sortCandidates, type Eligibility } from "~/domain/eligibility";
import { COMPANY_TIME_ZONE } from "~/domain/orders";

export async function eligibilityFor(backend: Backend, appointment: Appointment): Promise<Eligibility | null> {
  if (appointment.languageId === null || (appointment.status !== "requested" && appointment.status !== "offered")) return null;
  const { linked, unlinked } = await backend.availability.candidates(
    appointment.languageId,
    { from: appointment.blockedFrom, to: appointment.blockedTo },
    appointment.id,
  );
  const { eligible, ineligible } = sortCandidates(appointment, linked, COMPANY_TIME_ZONE);
  return {
    eligible: eligible.map(({ id, name }) => ({ id, name })),
    ineligible: ineligible.map(({ candidate, reasons }) => ({ id: candidate.id, name: candidate.name, reasons })),
    unlinked,
    credential: REQUIRED_CREDENTIALS[appointment.setting] ?? null,
  };
}
