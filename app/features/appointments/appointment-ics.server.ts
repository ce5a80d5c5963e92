// An appointment as an iCalendar file (issue 25): what the customer downloads from their page, and what the
// confirmation e-mails and the interpreter's feed will carry. Written by a well-kept library (ical-generator), never by
// string concatenation. Times are the stored instants in UTC, so a calendar shows them in its reader's zone; the UID
// is stable (one event per appointment, whatever changes), SEQUENCE grows with every change, and a cancelled
// appointment stays in the file as STATUS:CANCELLED so calendars remove it.
import ical, { ICalEventStatus } from "ical-generator";
import { appointmentNumber, type Appointment } from "~/domain/appointments";
import { format, type Locale } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { durationText } from "./appointment-text";

type CalendarAppointment = Pick<
  Appointment,
  "id" | "version" | "status" | "startsAt" | "minutes" | "language" | "mode" | "setting" | "address" | "callNumber" | "updatedAt"
>;

/** The event's UID: the same for the appointment's whole life (a calendar updates the event, never adds a second). */
export const appointmentUid = (id: number) => `appointment-${id}@push-languages`;

const STATUS: Record<Appointment["status"], ICalEventStatus> = {
  requested: ICalEventStatus.TENTATIVE,
  offered: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/** One or more appointments as a VCALENDAR, in the reader's language. */
export function appointmentsCalendar(appointments: CalendarAppointment[], locale: Locale): string {
  const t = messagesFor(locale);
  const calendar = ical({ prodId: { company: "PUSH", product: "Appointments", language: locale.toUpperCase() }, name: t.book.ics.calendarName });
  for (const appointment of appointments) {
    const number = appointmentNumber(appointment.id);
    const how = t.book.modes[appointment.mode];
    calendar.createEvent({
      id: appointmentUid(appointment.id),
      // Version 1 is the booking itself: SEQUENCE 0, then one more for each change.
      sequence: appointment.version - 1,
      stamp: new Date(appointment.updatedAt),
      start: new Date(appointment.startsAt),
      end: new Date(appointment.startsAt + appointment.minutes * 60_000),
      status: STATUS[appointment.status],
      summary: format(t.book.ics.summary, { number, language: appointment.language, mode: how }),
      location: appointment.mode === "on_site" ? appointment.address : appointment.mode === "phone" ? appointment.callNumber : how,
      description: format(t.book.ics.description, {
        number,
        language: appointment.language,
        mode: how,
        setting: t.book.settings[appointment.setting],
        duration: durationText(t, appointment.minutes),
      }),
    });
  }
  return calendar.toString();
}
