// /Dashboard/Jobs/appointments/<id>/appointment.ics — a confirmed appointment as an iCalendar file for the interpreter
// it is confirmed to (issue 25: "confirmation to the customer and the interpreter, with an .ics"): the link in their
// confirmation e-mail. Anyone else signed in, staff included, learns only that there is no such file (404). The same
// event (UID, SEQUENCE) as the customer's file and the interpreter's feed, in the interpreter's language.
import { data } from "react-router";
import { appointmentNumber } from "~/domain/appointments";
import { appointmentsCalendar } from "~/features/appointments/appointment-ics.server";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import type { Route } from "./+types/job-appointment-ics";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const id = Number(args.params.appointmentId);
  const appointment = Number.isSafeInteger(id) && id > 0 ? await appContext(args.context).backend.appointments.get(id) : null;
  if (!appointment || appointment.interpreter?.id !== user.id) throw data(null, { status: 404 });
  return new Response(appointmentsCalendar([appointment], user.locale), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${appointmentNumber(appointment.id)}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
