// /Book/<token>/appointment.ics — the customer's appointment as an iCalendar file, for whoever holds the private link
// (an unknown token is a plain 404). Never cached, never indexed: it names the appointment's place and time.
import { appointmentNumber } from "~/domain/appointments";
import { appointmentsCalendar } from "~/features/appointments/appointment-ics.server";
import { appointmentOfToken } from "~/features/appointments/appointment-status.server";
import { localeOfPath } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import type { Route } from "./+types/book-ics";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const appointment = await appointmentOfToken(appContext(context), params.token);
  return new Response(appointmentsCalendar([appointment], localeOfPath(url.pathname)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${appointmentNumber(appointment.id)}.ics"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
