// The e-mails about an appointment (issue 25): written here in the reader's language (the customer's is the one they
// booked in; staff read English), stored with the change in the outbox and relayed after (docs/decisions/0020). As for
// orders, a stored mail never holds a working link: the relay fills the token in from its sealed copy (withAppointmentLink).
import { appointmentNumber, isLateCancellation, LATE_CANCELLATION_HOURS, type Appointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { format, type Locale } from "~/i18n";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { unsealStatusToken } from "~/features/orders/status-token.server";
import { appointmentWhen, durationText } from "./appointment-text";

/** Where a stored customer mail's link goes: filled in by the relay as the mail leaves (never stored working). */
export const APPOINTMENT_TOKEN_SLOT = "{appointment-link-token}";

/** What the mails say of an appointment: as stored, or as a booking is about to store it (its id comes with the write). */
export type MailAppointment = Pick<
  Appointment,
  "locale" | "contact" | "language" | "mode" | "setting" | "startsAt" | "minutes" | "notes" | "status" | "cancelReason" | "cancelledBy"
>;

export type AppointmentMailContext = { appointment: MailAppointment & { id: number }; origin: string; staffEmail: string | null };

export const customerLink = ({ appointment, origin }: AppointmentMailContext) =>
  `${origin}${localizedPath(appointment.locale, "/Book/")}${APPOINTMENT_TOKEN_SLOT}`;

/** What every appointment e-mail can name, in `locale`. */
export function appointmentMailValues(context: AppointmentMailContext, locale: Locale) {
  const { appointment } = context;
  const t = messagesFor(locale);
  return {
    number: appointmentNumber(appointment.id),
    name: appointment.contact.name,
    email: appointment.contact.email,
    phone: appointment.contact.phone,
    organisation: appointment.contact.organisation || "—",
    language: appointment.language,
    mode: t.book.modes[appointment.mode],
    setting: t.book.settings[appointment.setting],
    when: appointmentWhen(locale, appointment.startsAt),
    duration: durationText(t, appointment.minutes),
    notes: appointment.notes,
  };
}

export function appointmentMail(context: AppointmentMailContext, kind: NewMail["kind"], to: string, subject: string, body: string): NewMail {
  return { kind, to, subject, body, orderId: null, appointmentId: context.appointment.id };
}

/** A new booking: the customer's acknowledgement with their link, and the staff's notice. */
export function bookingMails(context: AppointmentMailContext): NewMail[] {
  const { appointment } = context;
  const t = messagesFor(appointment.locale);
  const staff = messagesFor("en");
  const mine = { ...appointmentMailValues(context, appointment.locale), link: customerLink(context) };
  // (The staff's appointment screens come next in issue 25; until then the notice carries no dashboard link.)
  const theirs = appointmentMailValues(context, "en");
  return [
    appointmentMail(
      context,
      "appointment-received",
      appointment.contact.email,
      format(t.book.mail.receivedSubject, mine),
      `${format(t.book.mail.receivedBody, mine)}\n\n${t.orders.mail.signature}`,
    ),
    ...(context.staffEmail
      ? [
          appointmentMail(
            context,
            "appointment-new-for-staff",
            context.staffEmail,
            format(staff.book.mail.staffNewSubject, theirs),
            format(staff.book.mail.staffNewBody, theirs),
          ),
        ]
      : []),
  ];
}

/** The customer cancelled (at `now`): both sides are told, and whether it was late. */
export function customerCancelMails(context: AppointmentMailContext, now: number): NewMail[] {
  const { appointment } = context;
  const late = isLateCancellation(appointment, now);
  const t = messagesFor(appointment.locale);
  const staff = messagesFor("en");
  const mine = {
    ...appointmentMailValues(context, appointment.locale),
    late: late ? format(t.book.mail.cancelledLate, { hours: LATE_CANCELLATION_HOURS }) : "",
    linkLine: format(t.book.mail.linkLine, { link: customerLink(context) }),
  };
  const theirs = {
    ...appointmentMailValues(context, "en"),
    late: late ? format(staff.book.mail.cancelledLate, { hours: LATE_CANCELLATION_HOURS }) : "",
  };
  return [
    appointmentMail(
      context,
      "appointment-cancelled",
      appointment.contact.email,
      format(t.book.mail.cancelledSubject, mine),
      `${format(t.book.mail.cancelledBody, mine)}\n\n${t.orders.mail.signature}`,
    ),
    ...(context.staffEmail
      ? [
          appointmentMail(
            context,
            "appointment-cancelled",
            context.staffEmail,
            format(staff.book.mail.staffCancelledSubject, theirs),
            format(staff.book.mail.staffCancelledBody, theirs),
          ),
        ]
      : []),
  ];
}

/** Staff cancelled, with a reason: the customer is told it, in their language. */
export function staffCancelMails(context: AppointmentMailContext, reason: string): NewMail[] {
  const { appointment } = context;
  const t = messagesFor(appointment.locale);
  const mine = { ...appointmentMailValues(context, appointment.locale), reason, linkLine: format(t.book.mail.linkLine, { link: customerLink(context) }) };
  const body = `${format(t.appointments.mail.staffCancelledBody, mine)}\n\n${t.orders.mail.signature}`;
  return [appointmentMail(context, "appointment-cancelled", appointment.contact.email, format(t.appointments.mail.staffCancelledSubject, mine), body)];
}

/** The e-mails whose reader is the customer: the only ones whose link slot is filled. */
const TO_CUSTOMER: readonly NewMail["kind"][] = [
  "appointment-received",
  "appointment-cancelled",
  "appointment-confirmed",
  "appointment-reminder",
  "appointment-changed",
];

/**
 * The body to send: the slot filled with the appointment's token, unsealed now. A mail to staff keeps its text as it is;
 * a link that cannot be unsealed (a rotated secret) becomes the sentence that points to the first e-mail.
 */
export async function withAppointmentLink(
  mail: Pick<NewMail, "kind" | "body" | "appointmentId">,
  appointments: { get(id: number): Promise<Pick<Appointment, "tokenSealed" | "locale"> | null> },
  secret: string,
): Promise<string> {
  if (!mail.appointmentId || !TO_CUSTOMER.includes(mail.kind) || !mail.body.includes(APPOINTMENT_TOKEN_SLOT)) return mail.body;
  const appointment = await appointments.get(mail.appointmentId);
  const token = appointment ? await unsealStatusToken(appointment.tokenSealed, secret) : null;
  if (token) return mail.body.replaceAll(APPOINTMENT_TOKEN_SLOT, token);
  return mail.body.replace(/\S*\{appointment-link-token\}/g, messagesFor(appointment?.locale ?? "en").orders.mail.noLink);
}
