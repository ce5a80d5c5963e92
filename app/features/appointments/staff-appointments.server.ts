// What staff read and do on /Dashboard/Appointments (issue 25): the list with its filters and the week calendar, one
// appointment, and cancelling it with a reason the customer (and the interpreter, when one is assigned) is told — a compare-and-set on the version the page
// showed, stored with its e-mail in one write.
import { data } from "react-router";
import type { Backend } from "~/backend/port.server";
import { appointmentQueryFrom, filterOf, weekFrom, weekParam, type AppointmentQuery } from "~/domain/appointment-lists";
import { staffCancelSchema } from "~/domain/appointment-forms";
import { isCancellable, type Appointment } from "~/domain/appointments";
import { choosePerson, firstSuggestions, personFieldError } from "~/features/people/person-choice.server";
import type { Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { load } from "~/request/page-loads.server";
import { redirectWithToast } from "~/request/toast.server";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { staffCancelMails } from "./appointment-mail.server";
import { assignedInterpreter, interpreterCancelMails } from "./appointment-change-mail.server";
import { relayAppointmentMails } from "./appointment-mail-relay.server";

/**
 * The list and the week the address asks for. `?interpreter=` is what was typed in the person field (or an id): it
 * narrows both; a text that names nobody, or several people, is said under the field and narrows nothing.
 */
export async function readAppointments(backend: Backend, url: URL, t: Messages, now: number) {
  const asked = appointmentQueryFrom(url);
  const typed = (url.searchParams.get("interpreter") ?? "").trim();
  const pick = typed ? await choosePerson(backend, typed) : null;
  const query: AppointmentQuery = { ...asked, interpreterId: pick?.ok ? pick.person.id : null };
  const week = weekFrom(weekParam(url, now));
  const [page, calendar, languages, suggestions] = await Promise.all([
    load("the appointments", () => backend.appointments.list(filterOf(query))),
    load("the week", () => backend.appointments.between(week.from, week.to, query.interpreterId)),
    load("the languages", () => backend.languages.list()),
    firstSuggestions(backend),
  ]);
  const personError = pick && !pick.ok ? personFieldError(t, typed, pick) : null;
  return { query, typed, personError, page, calendar, week: { monday: week.days[0]!, days: week.days }, languages, suggestions };
}

/** The appointment a staff page is about, or a 404. */
export async function appointmentOr404(backend: Backend, id: string | undefined): Promise<Appointment> {
  const appointmentId = Number(id);
  const appointment = Number.isSafeInteger(appointmentId) && appointmentId > 0 ? await backend.appointments.get(appointmentId) : null;
  if (!appointment) throw data(null, { status: 404 });
  return appointment;
}

export async function staffCancel(input: IntentInput, appointment: Appointment) {
  const { app, messages: t, formData, request, url } = input;
  const form = parseFormData(formData, staffCancelSchema(t));
  if (!form.ok) return formFailure({ ...form, intent: "cancel" });
  const now = Date.now();
  const refused = (formError: string, status: 409 | 503) => formFailure({ values: keptValues(formData), formError, intent: "cancel" }, { status });
  if (form.data.basedOn !== appointment.version) return refused(t.appointments.cancel.stale, 409);
  if (!isCancellable(appointment.status)) return refused(t.appointments.cancel.notCancellable, 409);
  const context = { appointment, origin: url.origin, staffEmail: null };
  const mails = [...staffCancelMails(context, form.data.reason), ...interpreterCancelMails(context, await assignedInterpreter(app.backend, appointment))];
  const cancelled = await unlessWriteFails("A staff cancellation", () =>
    app.backend.appointments.cancel(appointment.id, { basedOn: form.data.basedOn, by: "staff", reason: form.data.reason }, now, mails),
  );
  if (cancelled === "unavailable") return refused(t.orders.refusals.unavailable, 503);
  if (!cancelled.ok) {
    if (cancelled.reason === "not-found") throw data(null, { status: 404 });
    return refused(cancelled.reason === "stale" ? t.appointments.cancel.stale : t.appointments.cancel.notCancellable, 409);
  }
  relayAppointmentMails(app, appointment.id);
  return redirectWithToast(url.pathname, { type: "success", message: t.appointments.cancel.done }, { request, config: app.config });
}
