// The customer's side of an appointment (/Book/<token>, issue 25): found by the SHA-256 of the token in the URL;
// anything else is a plain 404. The customer can cancel until the start (told when it is late, and so charged); the
// cancellation is a compare-and-set on the version the page showed, stored with its e-mails in one write. A confirmed
// video appointment's page also joins its call room (appointment-room.server.ts).
import { data } from "react-router";
import { customerCanCancel, type Appointment } from "~/domain/appointments";
import type { Locale } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { formText } from "~/platform/page/form-text";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { readForm } from "~/request/forms.server";
import { refuseOverLimit } from "~/request/public-form.server";
import { redirectWithToast } from "~/request/toast.server";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { statusTokenHash } from "~/features/orders/status-token.server";
import { customerCancelMails } from "./appointment-mail.server";
import { assignedInterpreter, interpreterCancelMails } from "./appointment-change-mail.server";
import { relayAppointmentMails } from "./appointment-mail-relay.server";
import { customerJoin } from "./appointment-room.server";

/** The appointment behind a private link, or a 404 that says nothing more. */
export async function appointmentOfToken(app: RequestContext, token: string | undefined): Promise<Appointment> {
  const hash = await statusTokenHash(token ?? "");
  const appointment = hash ? await app.backend.appointments.byTokenHash(hash) : null;
  if (!appointment) throw data(null, { status: 404 });
  return appointment;
}

export async function customerAppointmentAction({ request, app, locale, token }: { request: Request; app: RequestContext; locale: Locale; token: string }) {
  const t = messagesFor(locale);
  const overLimit = await refuseOverLimit(app.cloudflare.env.STATUS_PAGE_LIMITER, request, app, t);
  if (overLimit) return overLimit;
  return customerAppointmentStep({ request, app, locale, appointment: await appointmentOfToken(app, token) });
}

/**
 * The customer's cancel (or Join) of an appointment already found for them: by its private link, or on /Account
 * through their organisation.
 */
export async function customerAppointmentStep({
  request,
  app,
  locale,
  appointment,
}: {
  request: Request;
  app: RequestContext;
  locale: Locale;
  appointment: Appointment;
}) {
  const t = messagesFor(locale);
  const formData = await readForm(request);
  if (!formData) return formFailure({ formError: t.errors.notAForm }, { status: 400 });
  const intent = formText(formData, "intent");
  if (intent === "join") return customerJoin(request, app, t, appointment);
  if (intent !== "cancel") return formFailure({ formError: t.people.unknownIntent }, { status: 400 });
  const basedOn = Number(formText(formData, "basedOn"));
  const now = Date.now();
  if (!Number.isSafeInteger(basedOn) || basedOn !== appointment.version)
    return formFailure({ formError: t.book.status.stale, intent: "cancel" }, { status: 409 });
  if (!customerCanCancel(appointment, now)) return formFailure({ formError: t.book.status.notCancellable, intent: "cancel" }, { status: 409 });

  const company = await app.backend.content.company().catch(() => null);
  const origin = new URL(request.url).origin;
  const context = { appointment, origin, staffEmail: company?.email || null };
  const mails = [...customerCancelMails(context, now), ...interpreterCancelMails(context, await assignedInterpreter(app.backend, appointment))];
  const cancelled = await unlessWriteFails("A customer's cancellation", () =>
    app.backend.appointments.cancel(appointment.id, { basedOn, by: "customer", reason: "" }, now, mails),
  );
  if (cancelled === "unavailable") return formFailure({ formError: t.orders.refusals.unavailable, intent: "cancel" }, { status: 503 });
  if (!cancelled.ok) {
    if (cancelled.reason === "not-found") throw data(null, { status: 404 });
    const message = cancelled.reason === "stale" ? t.book.status.stale : t.book.status.notCancellable;
    return formFailure({ formError: message, intent: "cancel" }, { status: 409 });
  }
  relayAppointmentMails(app, appointment.id);
  // A hydrated page (/Account) posts to the route's data URL: back to the page itself.
  return redirectWithToast(
    new URL(request.url).pathname.replace(/\.data$/, ""),
    { type: "success", message: t.book.status.cancelled },
    { request, config: app.config },
  );
}
