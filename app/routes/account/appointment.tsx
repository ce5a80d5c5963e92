// /Account/Appointments/<id> (issue 27): one of the organisation's appointments as its private page shows it — where
// it stands, its details, its calendar file and a cancellation that says when it is late — reached through the
// organisation (another organisation's appointment is a 404), with the private page's action.
import { Link } from "react-router";
import { Facts, type Fact } from "~/components/Facts";
import { AppointmentCancelPanel } from "~/features/appointments/AppointmentCancelPanel";
import { appointmentNumber, customerCanCancel, isLateCancellation } from "~/domain/appointments";
import { appointmentView } from "~/features/account/portal-views";
import { portalAppointmentOf } from "~/features/account/portal-records.server";
import { appointmentWhen, durationText } from "~/features/appointments/appointment-text";
import { customerAppointmentStep } from "~/features/appointments/appointment-status.server";
import { format } from "~/i18n";
import { localeOfPath, useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/appointment";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const appointment = await portalAppointmentOf(appContext(args.context), user, args.params.appointmentId);
  const now = Date.now();
  // Once it has taken place (its end passed, not cancelled) it can be rated; the rating page checks the rest.
  const canRate = appointment.status !== "cancelled" && appointment.interpreter !== null && appointment.startsAt + appointment.minutes * 60_000 <= now;
  return {
    appointment: appointmentView(appointment),
    canCancel: customerCanCancel(appointment, now),
    late: isLateCancellation(appointment, now),
    canRate,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args);
  const app = appContext(args.context);
  const appointment = await portalAppointmentOf(app, user, args.params.appointmentId);
  return customerAppointmentStep({ request: args.request, app, locale: localeOfPath(args.url.pathname), appointment });
}

export default function AccountAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const s = t.book.status;
  const locale = useLocale();
  const href = useLocalizedPath();
  const { appointment, canCancel, late, canRate } = loaderData;
  const facts: Fact[] = [
    [s.when, appointmentWhen(locale, appointment.startsAt)],
    [s.duration, durationText(t, appointment.minutes)],
    [s.language, appointment.language],
    [s.mode, t.book.modes[appointment.mode]],
    [s.setting, t.book.settings[appointment.setting]],
    [t.account.appointments.columns.contact, appointment.contactName],
    ...(appointment.address ? [[s.address, appointment.address] as Fact] : []),
    ...(appointment.callNumber ? [[s.callNumber, appointment.callNumber] as Fact] : []),
  ];
  return (
    <div className="order-page">
      <p>
        <Link to={`${href("/Account")}#account-appointments`}>{t.account.appointments.back}</Link>
      </p>
      <h1>{format(s.heading, { number: appointmentNumber(appointment.id) })}</h1>
      <p className="appointment-status" data-status={appointment.status}>
        <strong>{s.states[appointment.status]}</strong>
        {appointment.interpreter && <> · {format(s.interpreter, { name: appointment.interpreter })}</>}
      </p>
      <Facts items={facts} />
      <p>
        <a href={href(`/Account/Appointments/${appointment.id}/appointment.ics`)} download>
          {t.account.appointments.calendar}
        </a>
      </p>
      {canRate && (
        <p>
          <Link to={href(`/Account/Rate/appointment/${appointment.id}`)}>{t.account.appointments.rate}</Link>
        </p>
      )}
      {appointment.status === "cancelled" && <p>{s.cancelledText}</p>}
      {canCancel && (
        <AppointmentCancelPanel version={appointment.version} late={late} formError={actionData?.intent === "cancel" ? actionData.formError : null} />
      )}
    </div>
  );
}
