// The staff's list of appointments (issue 25): each row a link to the appointment, its time in the company's zone with
// the zone named, and unfilled appointments close to their start marked in words (never by colour alone).
import { Link } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { isUnfilledSoon, UNFILLED_WARNING_HOURS } from "~/domain/appointment-lists";
import { appointmentNumber, type Appointment } from "~/domain/appointments";
import { format } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appointmentWhen, durationText } from "./appointment-text";

type Row = Pick<Appointment, "id" | "status" | "startsAt" | "minutes" | "language" | "mode" | "contact" | "interpreter">;

export function AppointmentStatus({ appointment, now }: { appointment: Pick<Appointment, "status" | "startsAt">; now: number }) {
  const t = useMessages().appointments;
  return (
    <>
      <span className={`status-badge status-badge--${appointment.status}`}>{t.statuses[appointment.status]}</span>
      {isUnfilledSoon(appointment, now) && (
        <span className="unfilled-soon">
          <br />
          {format(t.list.unfilledSoon, { hours: UNFILLED_WARNING_HOURS })}
        </span>
      )}
    </>
  );
}

export function AppointmentTable({ rows, labelledBy, now }: { rows: Row[]; labelledBy: string; now: number }) {
  const t = useMessages();
  const a = t.appointments;
  const locale = useLocale();
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={[a.columns.number, a.columns.when, a.columns.language, a.columns.mode, a.columns.customer, a.columns.interpreter, a.columns.status]}
    >
      {rows.map((appointment) => (
        <tr key={appointment.id}>
          <th scope="row">
            <Link to={`/Dashboard/Appointments/${appointment.id}`}>
              <bdi dir="ltr">{appointmentNumber(appointment.id)}</bdi>
            </Link>
          </th>
          <Cell label={a.columns.when}>
            <time dateTime={new Date(appointment.startsAt).toISOString()}>{appointmentWhen(locale, appointment.startsAt)}</time>
            <br />
            <span className="muted">{durationText(t, appointment.minutes)}</span>
          </Cell>
          <Cell label={a.columns.language}>
            <bdi>{appointment.language}</bdi>
          </Cell>
          <Cell label={a.columns.mode}>{t.book.modes[appointment.mode]}</Cell>
          <Cell label={a.columns.customer}>
            <bdi>{appointment.contact.name}</bdi>
            {appointment.contact.organisation && (
              <>
                <br />
                <bdi className="muted">{appointment.contact.organisation}</bdi>
              </>
            )}
          </Cell>
          <Cell label={a.columns.interpreter}>{appointment.interpreter ? <bdi>{appointment.interpreter.name}</bdi> : a.detail.unassigned}</Cell>
          <Cell label={a.columns.status}>
            <AppointmentStatus appointment={appointment} now={now} />
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
