// /Account/Appointments/<id>/appointment.ics (issue 27): one of the organisation's appointments as an iCalendar file,
// read through the organisation (another organisation's is a plain 404). Never cached, never indexed.
import { appointmentNumber } from "~/domain/appointments";
import { portalAppointmentOf } from "~/features/account/portal-records.server";
import { appointmentsCalendar } from "~/features/appointments/appointment-ics.server";
import { localeOfPath } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/appointment-ics";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const appointment = await portalAppointmentOf(appContext(args.context), user, args.params.appointmentId);
  return new Response(appointmentsCalendar([appointment], localeOfPath(args.url.pathname)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${appointmentNumber(appointment.id)}.ics"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
