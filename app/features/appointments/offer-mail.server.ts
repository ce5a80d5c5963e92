// The e-mails of offers (issue 25): an offer to each interpreter ticked, the confirmation to the customer (their link
// and the .ics) and to the interpreter who accepted, and the staff's notice of an appointment still unfilled when its
// offers close. Stored with the change in the outbox and relayed after (docs/decisions/0020). Interpreters and staff
// read English, as every staff e-mail does; the customer reads the language they booked in.
import { firstNameOf } from "~/domain/appointments";
import type { NewMail } from "~/domain/mail";
import type { ReminderKind } from "~/domain/reminders";
import { format, type Locale } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { appointmentMail, appointmentMailValues, customerLink, type AppointmentMailContext } from "./appointment-mail.server";
import { appointmentWhen } from "./appointment-text";

type Person = { name: string; email: string };

/** The appointment's place, as a sentence of the interpreter's e-mail (on site only). */
function whereLine(context: AppointmentMailContext & { appointment: { address?: string } }, locale: Locale) {
  const address = context.appointment.address ?? "";
  return address ? format(messagesFor(locale).offers.mail.where, { address }) : "";
}

type OfferContext = AppointmentMailContext & { appointment: AppointmentMailContext["appointment"] & { address: string } };

/** One offer e-mail to each interpreter ticked, with the deadline and where to answer. */
export function offerMails(context: OfferContext, interpreters: Person[], deadline: number): NewMail[] {
  const t = messagesFor("en").offers.mail;
  const values = {
    ...appointmentMailValues(context, "en"),
    where: whereLine(context, "en"),
    deadline: appointmentWhen("en", deadline),
    jobsLink: `${context.origin}/Dashboard/Jobs`,
  };
  return interpreters.map((person) => {
    const mine = { ...values, interpreter: person.name };
    return appointmentMail(context, "appointment-offer", person.email, format(t.offerSubject, mine), format(t.offerBody, mine));
  });
}

/** Confirmed: the customer (with their page and the .ics, by the link the relay fills in) and the interpreter. */
export function confirmedMails(context: OfferContext, interpreter: Person): NewMail[] {
  const { appointment } = context;
  const customer = messagesFor(appointment.locale);
  const link = customerLink(context);
  const theirs = {
    ...appointmentMailValues(context, appointment.locale),
    interpreter: firstNameOf(interpreter.name),
    link,
    icsLink: `${link}/appointment.ics`,
  };
  const staff = messagesFor("en").offers.mail;
  const mine = {
    ...appointmentMailValues(context, "en"),
    interpreter: interpreter.name,
    where: whereLine(context, "en"),
    notes: appointment.notes || "—",
    jobsLink: `${context.origin}/Dashboard/Jobs`,
    // Theirs to download once signed in (routes/dashboard/job-appointment-ics.ts): no secret in the address.
    icsLink: `${context.origin}${interpreterIcsPath(appointment.id)}`,
  };
  return [
    appointmentMail(
      context,
      "appointment-confirmed",
      appointment.contact.email,
      format(customer.book.mail.confirmedSubject, theirs),
      `${format(customer.book.mail.confirmedBody, theirs)}\n\n${customer.orders.mail.signature}`,
    ),
    appointmentMail(
      context,
      "appointment-confirmed-interpreter",
      interpreter.email,
      format(staff.confirmedInterpreterSubject, mine),
      format(staff.confirmedInterpreterBody, mine),
    ),
  ];
}

/** Still unfilled when its offers closed: staff are told once (the cron writes it with the flag). */
export function unfilledMails(context: AppointmentMailContext): NewMail[] {
  if (!context.staffEmail) return [];
  const t = messagesFor("en").offers.mail;
  const values = { ...appointmentMailValues(context, "en"), staffPath: `${context.origin}/Dashboard/Appointments/${context.appointment.id}` };
  return [appointmentMail(context, "appointment-unfilled", context.staffEmail, format(t.unfilledSubject, values), format(t.unfilledBody, values))];
}

/** A reminder, a day or an hour before: to the customer (their page, when the site's address is known) and the interpreter. */
export function reminderMails(context: OfferContext, kind: ReminderKind, interpreter: Person | null): NewMail[] {
  const { appointment } = context;
  const customer = messagesFor(appointment.locale);
  const staff = messagesFor("en").offers.mail;
  const theirs = {
    ...appointmentMailValues(context, appointment.locale),
    interpreter: firstNameOf(interpreter?.name ?? ""),
    soon: customer.offers.mail.reminderLead[kind],
    linkLine: context.origin ? format(customer.book.mail.linkLine, { link: customerLink(context) }) : customer.book.mail.noLink,
  };
  const mails = [
    appointmentMail(
      context,
      "appointment-reminder",
      appointment.contact.email,
      format(customer.book.mail.reminderSubject, theirs),
      `${format(customer.book.mail.reminderBody, theirs)}\n\n${customer.orders.mail.signature}`,
    ),
  ];
  if (!interpreter) return mails;
  const mine = {
    ...appointmentMailValues(context, "en"),
    interpreter: interpreter.name,
    soon: staff.reminderLead[kind],
    where: whereLine(context, "en"),
    notes: appointment.notes || "—",
  };
  return [
    ...mails,
    appointmentMail(
      context,
      "appointment-reminder-interpreter",
      interpreter.email,
      format(staff.reminderInterpreterSubject, mine),
      format(staff.reminderInterpreterBody, mine),
    ),
  ];
}

/** Where the interpreter an appointment is confirmed to downloads it as an .ics (signed in). */
export const interpreterIcsPath = (appointmentId: number) => `/Dashboard/Jobs/appointments/${appointmentId}/appointment.ics`;
