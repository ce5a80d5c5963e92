// /calendar/<token>/appointments.ics — an interpreter's calendar subscription (issue 25): their appointments as one
// iCalendar file for a calendar app to poll. Whoever holds the URL reads it; an unknown, replaced or stopped token is a
// plain 404. Never cached by shared caches, never indexed.
import { appointmentsCalendar } from "~/features/appointments/appointment-ics.server";
import { feedOfToken } from "~/features/availability/calendar-feed.server";
import { appContext } from "~/request/context.server";
import type { Route } from "./+types/calendar-feed";

export async function loader({ params, context }: Route.LoaderArgs) {
  const appointments = await feedOfToken(appContext(context), params.token);
  return new Response(appointmentsCalendar(appointments, "en"), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="push-appointments.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
