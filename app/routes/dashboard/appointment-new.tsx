// /Dashboard/Appointments/New (admins, issue 25): a booking on a customer's behalf, for a phone-in booking — the /Book
// form and its shared schema and refusals, staff confirming the customer agreed; stored through the same port call, the
// customer sent the same e-mail with their private link; then the new appointment's page (docs/decisions/0032).
import { Link } from "react-router";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { BookingForm } from "~/features/appointments/BookingForm";
import { zoneLongName } from "~/features/appointments/appointment-text";
import { firstBookingDay } from "~/features/appointments/booking-request.server";
import { staffBook } from "~/features/appointments/appointment-changes.server";
import { format } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { failureToasts, load } from "~/request/page-loads.server";
import type { Route } from "./+types/appointment-new";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.appointments.newBooking.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { backend } = appContext(args.context);
  const languages = await load("languages", () => backend.links.languages());
  return {
    options: { languages: languages.ok ? languages.value : [], today: firstBookingDay(), turnstileSiteKey: null },
    now: Date.now(),
    toasts: failureToasts(messagesFor(admin.locale), languages),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return staffBook({ request: args.request, app: appContext(args.context), user: admin });
}

export default function NewAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const n = t.appointments.newBooking;
  const locale = useLocale();
  return (
    <>
      <p>
        <Link to="/Dashboard/Appointments">{t.appointments.detail.back}</Link>
      </p>
      <h1 id="book-title">{n.heading}</h1>
      <p>{n.intro}</p>
      <p>{format(t.book.zoneNote, { zone: COMPANY_TIME_ZONE, name: zoneLongName(locale, loaderData.now) })}</p>
      <BookingForm options={loaderData.options} state={actionData ?? null} variant={{ kind: "staff" }} />
    </>
  );
}
