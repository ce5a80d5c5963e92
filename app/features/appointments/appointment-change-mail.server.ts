// The e-mails of a staff change (issue 25): the customer's notice of every change (in their language, with their page),
// and the assigned interpreter's — still theirs at the new time, or released because the change means they cannot take
// it — and the interpreter's notice of a cancellation. Stored with the change in the outbox and relayed after
// (docs/decisions/0020); interpreters read English, as every staff e-mail does.
import type { Backend } from "~/backend/port.server";
import type { Appointment } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import { format } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { appointmentMail, appointmentMailValues, customerLink, type AppointmentMailContext } from "./appointment-mail.server";

export type Interpreter = { name: string; email: string };
type ChangeContext = AppointmentMailContext & { appointment: AppointmentMailContext["appointment"] & { address: string } };

/** The interpreter assigned to it, with the e-mail address to tell them at; null when none (or their account is gone). */
export async function assignedInterpreter(backend: Pick<Backend, "accounts">, appointment: Pick<Appointment, "interpreter">): Promise<Interpreter | null> {
  if (!appointment.interpreter) return null;
  const email = await backend.accounts.emailOf(appointment.interpreter.id);
  return email ? { name: appointment.interpreter.name, email } : null;
}

const whereLine = (address: string) => (address ? format(messagesFor("en").offers.mail.where, { address }) : "");

/** A change, as stored: the customer is told; the interpreter who had it is told it is still theirs, or that it is not. */
export function changeMails(context: ChangeContext, interpreter: Interpreter | null, released: boolean): NewMail[] {
  const { appointment } = context;
  const t = messagesFor(appointment.locale);
  const mine = {
    ...appointmentMailValues(context, appointment.locale),
    released: released ? t.appointments.mail.changedReleased : "",
    linkLine: format(t.book.mail.linkLine, { link: customerLink(context) }),
  };
  const mails = [
    appointmentMail(
      context,
      "appointment-changed",
      appointment.contact.email,
      format(t.appointments.mail.changedSubject, mine),
      `${format(t.appointments.mail.changedBody, mine)}\n\n${t.orders.mail.signature}`,
    ),
  ];
  if (!interpreter) return mails;
  const staff = messagesFor("en").appointments.mail;
  const theirs = {
    ...appointmentMailValues(context, "en"),
    interpreter: interpreter.name,
    where: whereLine(appointment.address),
    notes: appointment.notes || "—",
    jobsLink: `${context.origin}/Dashboard/Jobs`,
  };
  return [
    ...mails,
    released
      ? appointmentMail(context, "appointment-released", interpreter.email, format(staff.releasedSubject, theirs), format(staff.releasedBody, theirs))
      : appointmentMail(
          context,
          "appointment-changed-interpreter",
          interpreter.email,
          format(staff.changedInterpreterSubject, theirs),
          format(staff.changedInterpreterBody, theirs),
        ),
  ];
}

/** A cancellation of an appointment with an interpreter: they are told it is no longer theirs. */
export function interpreterCancelMails(context: AppointmentMailContext, interpreter: Interpreter | null): NewMail[] {
  if (!interpreter) return [];
  const t = messagesFor("en").appointments.mail;
  const values = { ...appointmentMailValues(context, "en"), interpreter: interpreter.name };
  return [
    appointmentMail(
      context,
      "appointment-cancelled-interpreter",
      interpreter.email,
      format(t.cancelledInterpreterSubject, values),
      format(t.cancelledInterpreterBody, values),
    ),
  ];
}
