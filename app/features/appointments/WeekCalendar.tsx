// The staff's week (issue 25): a column a day, the appointments as blocks in time order, each with its time, language
// and who. Server-rendered; on a phone the columns stack into a day-by-day agenda (CSS only), content first: a day is a
// heading and a list, so a screen reader reads the same agenda.
import { Link } from "react-router";
import { dayOf } from "~/domain/appointment-lists";
import { appointmentNumber, type Appointment } from "~/domain/appointments";
import { formatDate } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { AppointmentStatus } from "./AppointmentTable";
import { clockWithZone, durationText } from "./appointment-text";

type Block = Pick<Appointment, "id" | "status" | "startsAt" | "minutes" | "language" | "mode" | "contact" | "interpreter">;

export function WeekCalendar({ days, appointments, now, labelledBy }: { days: string[]; appointments: Block[]; now: number; labelledBy: string }) {
  const t = useMessages();
  const a = t.appointments;
  const locale = useLocale();
  return (
    <ol className="week" aria-labelledby={labelledBy}>
      {days.map((day) => {
        const todays = appointments.filter((appointment) => dayOf(appointment) === day);
        const headingId = `day-${day}`;
        return (
          <li key={day} className="week__day" aria-labelledby={headingId}>
            <h3 id={headingId} className="week__date">
              <time dateTime={day}>{formatDate(locale, day, { weekday: "long", day: "numeric", month: "short" })}</time>
            </h3>
            {todays.length === 0 ? (
              <p className="week__empty muted">{a.calendar.nothing}</p>
            ) : (
              <ul className="week__blocks">
                {todays.map((appointment) => (
                  <li key={appointment.id} className={`week__block week__block--${appointment.status}`}>
                    <Link to={`/Dashboard/Appointments/${appointment.id}`} className="week__link">
                      <time dateTime={new Date(appointment.startsAt).toISOString()}>{clockWithZone(locale, appointment.startsAt)}</time>
                      {" · "}
                      {durationText(t, appointment.minutes)}
                      <span className="visually-hidden">
                        {" "}
                        <bdi dir="ltr">{appointmentNumber(appointment.id)}</bdi>
                      </span>
                    </Link>
                    <span>
                      <bdi>{appointment.language}</bdi> · {t.book.modes[appointment.mode]}
                    </span>
                    <span>
                      <bdi>{appointment.interpreter?.name ?? appointment.contact.name}</bdi>
                    </span>
                    <AppointmentStatus appointment={appointment} now={now} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
