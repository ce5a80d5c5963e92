// What staff do to appointments besides offering and cancelling (issue 25; docs/decisions/0032): book one on a
// customer's behalf (a phone-in booking: the /Book form's shared schema and refusals, the same port call and the same
// e-mail with the customer's private link), and change one's time or details — a compare-and-set on the version the page
// showed; kept by its interpreter while they can still take it (the database refusing an overlap on its own), released
// back to offering otherwise; the customer told of every change, the interpreter too. Each stored with its e-mails in one
// write and relayed after.
import { data } from "react-router";
import { z } from "zod";
import type { Backend } from "~/backend/port.server";
import { changeReleases } from "~/domain/appointment-changes";
import { blockedBy, DEFAULT_BOOKING_SETTINGS } from "~/domain/appointment-times";
import type { SessionUser } from "~/domain/auth";
import { isChangeable, type Appointment, type AppointmentDetails } from "~/domain/appointments";
import { bookingFields, bookingRequestSchema, changeFields, STAFF_CHANGE_SETTINGS, type BookingRequestInput } from "~/domain/booking-request";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { isLocale, type Messages } from "~/i18n";
import type { FieldErrors } from "~/platform/page/form-failure";
import { messagesFor } from "~/platform/page/locale";
import { formText } from "~/platform/page/form-text";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { keptValues, readForm } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { newStatusToken, sealStatusToken } from "~/features/orders/status-token.server";
import { assignedInterpreter, changeMails } from "./appointment-change-mail.server";
import { bookingMails } from "./appointment-mail.server";
import { relayAppointmentMails } from "./appointment-mail-relay.server";

/** The first message per field of a refused form. */
const fieldErrorsOf = (error: z.ZodError): FieldErrors =>
  Object.fromEntries(Object.entries(z.flattenError(error).fieldErrors).map(([field, messages]) => [field, (messages as string[] | undefined)?.[0]]));

/** The details a parsed booking form stores, the blocked span computed for its time and mode. */
function detailsOf(input: BookingRequestInput): AppointmentDetails {
  const blocked = blockedBy({ start: input.startsAt, minutes: input.minutes, mode: input.mode }, DEFAULT_BOOKING_SETTINGS);
  const { contact, mode, setting, startsAt, minutes, address, callNumber, notes, genderPreference } = input;
  return { contact, mode, setting, startsAt, minutes, blockedFrom: blocked.from, blockedTo: blocked.to, address, callNumber, notes, genderPreference };
}

/** /Dashboard/Appointments/New's action: a booking on the customer's behalf, then the new appointment's page. */
export async function staffBook({ request, app, user }: { request: Request; app: RequestContext; user: SessionUser }) {
  const t = messagesFor(user.locale);
  const formData = await readForm(request);
  if (!formData) return formFailure({ formError: t.errors.notAForm }, { status: 400 });
  const values = keptValues(formData);
  const now = Date.now();
  const parsed = bookingRequestSchema(t, now, DEFAULT_BOOKING_SETTINGS, COMPANY_TIME_ZONE, t.appointments.newBooking.consentRequired).safeParse(
    bookingFields(formData),
  );
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  // As on /Book: only a language someone is linked to (an interpreter can be found for it).
  const language = parsed.success ? (await app.backend.links.languages()).find((item) => item.id === parsed.data.languageId) : undefined;
  if (parsed.success && !language) errors.language = t.book.validation.languageUnknown;
  if (!parsed.success || !language) return formFailure({ errors, values, intent: "book" });
  // The language the customer reads their e-mails and their page in (English unless staff chose Arabic).
  const customerLocale = isLocale(formText(formData, "locale")) ? (formText(formData, "locale") as Appointment["locale"]) : "en";

  const input = parsed.data;
  const { token, hash } = await newStatusToken();
  const company = await app.backend.content.company().catch(() => null);
  const appointment = { ...input, language: language.name, locale: customerLocale, status: "requested" as const, cancelReason: "", cancelledBy: null };
  const origin = new URL(request.url).origin;
  const created = await unlessWriteFails("A staff booking", async () =>
    app.backend.appointments.request(
      {
        ...detailsOf(input),
        languageId: input.languageId,
        locale: customerLocale,
        tokenHash: hash,
        tokenSealed: await sealStatusToken(token, app.config.SESSION_SECRET),
      },
      now,
      (id) => bookingMails({ appointment: { ...appointment, id }, origin, staffEmail: company?.email || null }),
    ),
  );
  if (created === "unavailable") return formFailure({ formError: t.orders.refusals.unavailable, values, intent: "book" }, { status: 503 });
  if (!created.ok) return formFailure({ errors: { language: t.book.validation.languageUnknown }, values, intent: "book" });
  relayAppointmentMails(app, created.id);
  return redirectWithToast(
    `/Dashboard/Appointments/${created.id}`,
    { type: "success", message: t.appointments.newBooking.done },
    { request, config: app.config },
  );
}

/** Whether the change sends it back to offering: the interpreter asked again, by the pure rule, for what it becomes. */
async function releases(backend: Backend, before: Appointment, after: AppointmentDetails): Promise<boolean> {
  const interpreterId = before.interpreter?.id;
  const candidate =
    before.status === "confirmed" && interpreterId && before.languageId !== null
      ? ((await backend.availability.candidates(before.languageId, { from: after.blockedFrom, to: after.blockedTo }, before.id)).linked.find(
          (person) => person.id === interpreterId,
        ) ?? null)
      : null;
  return changeReleases(before, after, candidate, COMPANY_TIME_ZONE);
}

/** The done message: who was told. */
const doneMessage = (t: Messages, released: boolean, interpreter: boolean) =>
  released ? t.appointments.change.released : interpreter ? t.appointments.change.doneWithInterpreter : t.appointments.change.done;

/** The appointment page's "change" intent. */
export async function staffChange(input: IntentInput, appointment: Appointment) {
  const { app, messages: t, formData, request, url } = input;
  const c = t.appointments.change;
  const values = keptValues(formData);
  const now = Date.now();
  const refused = (formError: string, status: 409 | 503) => formFailure({ values, formError, intent: "change" }, { status });
  const parsed = bookingRequestSchema(t, now, STAFF_CHANGE_SETTINGS).safeParse(changeFields(formData));
  if (!parsed.success) return formFailure({ errors: fieldErrorsOf(parsed.error), values, intent: "change" });
  const basedOn = Number(formText(formData, "basedOn"));
  if (basedOn !== appointment.version) return refused(c.stale, 409);
  if (!isChangeable(appointment.status)) return refused(c.notChangeable, 409);

  const details = detailsOf(parsed.data);
  const release = await releases(app.backend, appointment, details);
  // Released from its interpreter (an offered one has none: its open offers are simply withdrawn).
  const released = release && appointment.status === "confirmed";
  const interpreter = await assignedInterpreter(app.backend, appointment);
  const mails = changeMails({ appointment: { ...appointment, ...details }, origin: url.origin, staffEmail: null }, interpreter, released);
  const changed = await unlessWriteFails("A staff change", () => app.backend.appointments.change(appointment.id, { basedOn, details, release }, now, mails));
  if (changed === "unavailable") return refused(t.orders.refusals.unavailable, 503);
  if (!changed.ok) {
    if (changed.reason === "not-found") throw data(null, { status: 404 });
    return refused(changed.reason === "stale" ? c.stale : changed.reason === "conflict" ? c.conflict : c.notChangeable, 409);
  }
  relayAppointmentMails(app, appointment.id);
  const message = doneMessage(t, released, interpreter !== null);
  return redirectWithToast(url.pathname, { type: "success", message }, { request, config: app.config });
}
