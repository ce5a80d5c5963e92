// Offering an appointment and answering offers (issue 25): staff offer it to interpreters who can take it (checked
// again here, against the page as it stands now), and each interpreter accepts or declines under My jobs. The first
// accept wins in the database (OfferStore.accept); the others are told it was taken.
import { data } from "react-router";
import { isOfferable, offerDeadline, workView, type OfferedWork } from "~/domain/offers";
import type { Appointment } from "~/domain/appointments";
import { offerAnswerSchema, offerFields, offerSchema } from "~/domain/offer-forms";
import { plural, format } from "~/i18n";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { formFailure } from "~/request/action-result.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { appointmentNumber } from "~/domain/appointments";
import { eligibilityFor } from "./appointment-eligibility.server";
import { relayAppointmentMails } from "./appointment-mail-relay.server";
import { confirmedMails, offerMails } from "./offer-mail.server";

const WEEK_MS = 7 * 24 * 3_600_000;

/** Staff press "Offer": every interpreter ticked must still be able to take it; each gets an e-mail and the offer. */
export async function staffOffer(input: IntentInput, appointment: Appointment) {
  const { app, messages, formData, request, url, user } = input;
  const t = messages.offers.panel;
  const parsed = offerSchema(messages).safeParse(offerFields(formData));
  const refused = (formError: string, status: 400 | 409 | 503) => formFailure({ formError, intent: "offer" }, { status });
  if (!parsed.success) return formFailure({ errors: { interpreter: t.chooseRequired }, intent: "offer" });
  const { basedOn, interpreters } = parsed.data;
  if (basedOn !== appointment.version) return refused(t.stale, 409);
  if (!isOfferable(appointment.status)) return refused(t.notOfferable, 409);

  const now = Date.now();
  const eligibility = await eligibilityFor(app.backend, appointment, { now, windowMinutes: app.config.preferredOfferWindowMinutes });
  const eligible = new Map((eligibility?.eligible ?? []).map((person) => [person.id, person.name]));
  const chosen = [...new Set(interpreters)];
  const outsider = chosen.find((id) => !eligible.has(id));
  if (outsider) {
    const name = eligibility?.ineligible.find((person) => person.id === outsider)?.name;
    return refused(name ? format(t.notEligible, { name }) : t.unknown, 409);
  }
  const emails = await Promise.all(chosen.map((id) => app.backend.accounts.emailOf(id)));
  if (emails.some((email) => !email)) return refused(t.unknown, 409);

  const deadline = offerDeadline(now, appointment.startsAt);
  const people = chosen.map((id, index) => ({ name: eligible.get(id)!, email: emails[index]! }));
  const mails = offerMails({ appointment, origin: url.origin, staffEmail: null }, people, deadline);
  const offered = await unlessWriteFails("An offer", () =>
    app.backend.offers.offer(appointment.id, { basedOn, interpreterIds: chosen, expiresAt: deadline }, now, mails),
  );
  if (offered === "unavailable") return refused(messages.orders.refusals.unavailable, 503);
  if (!offered.ok) {
    if (offered.reason === "not-found") throw data(null, { status: 404 });
    return refused(offered.reason === "stale" ? t.stale : offered.reason === "not-offerable" ? t.notOfferable : t.unknown, 409);
  }
  relayAppointmentMails(app, appointment.id);
  const message = plural(user.locale, t.done, chosen.length);
  return redirectWithToast(`${url.pathname}#offers`, { type: "success", message }, { request, config: app.config });
}

/** My jobs' offers: open ones, and those answered or taken in the last week, of appointments still ahead. */
export const offersOf = async (input: { backend: IntentInput["app"]["backend"]; userId: string; now: number }): Promise<OfferedWork[]> =>
  (await input.backend.offers.forInterpreter(input.userId, input.now, input.now - WEEK_MS)).map((job) => ({ ...job, appointment: workView(job.appointment) }));

/** The offer a post names, of the signed-in interpreter; null when the id is unreadable or not theirs. */
async function ownOffer({ app, formData, user }: IntentInput) {
  const parsed = offerAnswerSchema.safeParse({ offer: formData.get("offer") });
  return parsed.success ? app.backend.offers.get(parsed.data.offer, user.id) : null;
}

export async function acceptOffer(input: IntentInput) {
  const { app, messages, request, url, user } = input;
  const t = messages.offers.jobs;
  const job = await ownOffer(input);
  if (!job) return formFailure({ formError: t.refused["not-found"], intent: "accept-offer" }, { status: 404 });
  const interpreter = { name: user.profile?.fullName ?? job.interpreter.name, email: user.email };
  const mails = confirmedMails({ appointment: job.appointment, origin: url.origin, staffEmail: null }, interpreter);
  const accepted = await unlessWriteFails("An accept", () => app.backend.offers.accept(job.id, user.id, Date.now(), mails));
  if (accepted === "unavailable") return formFailure({ formError: messages.orders.refusals.unavailable, intent: "accept-offer" }, { status: 503 });
  if (!accepted.ok) return formFailure({ formError: t.refused[accepted.reason], intent: "accept-offer", id: String(job.id) }, { status: 409 });
  relayAppointmentMails(app, job.appointment.id);
  const message = format(t.accepted, { number: appointmentNumber(job.appointment.id) });
  return redirectWithToast("/Dashboard/Jobs#your-appointments", { type: "success", message }, { request, config: app.config });
}

export async function declineOffer(input: IntentInput) {
  const { app, messages, request, user } = input;
  const t = messages.offers.jobs;
  const job = await ownOffer(input);
  if (!job) return formFailure({ formError: t.refused["not-found"], intent: "decline-offer" }, { status: 404 });
  const declined = await app.backend.offers.decline(job.id, user.id, Date.now());
  if (!declined.ok) return formFailure({ formError: t.refused[declined.reason], intent: "decline-offer", id: String(job.id) }, { status: 409 });
  const message = format(t.declined, { number: appointmentNumber(job.appointment.id) });
  return redirectWithToast("/Dashboard/Jobs#offers", { type: "success", message }, { request, config: app.config });
}
