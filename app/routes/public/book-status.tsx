// /Book/<token> — the customer's private page of their appointment (issue 25): where it stands (requested →
// confirmed, with the interpreter's first name → completed, or cancelled), its details, a cancellation that says
// when it is late, and for a confirmed video appointment its call room's Join (or when Join opens). Works without JavaScript; never indexed, never cached.
import { data, type HeadersFunction } from "react-router";
import { Facts, type Fact } from "~/components/Facts";
import { AppointmentCancelPanel } from "~/features/appointments/AppointmentCancelPanel";
import { appointmentNumber, customerCanCancel, customerStatusOf, firstNameOf, isLateCancellation } from "~/domain/appointments";
import { format } from "~/i18n";
import { appContext } from "~/request/context.server";
import { localeOfPath, messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appointmentWhen, durationText } from "~/features/appointments/appointment-text";
import { appointmentOfToken, customerAppointmentAction } from "~/features/appointments/appointment-status.server";
import { CustomerJoin } from "~/features/appointments/VideoJoin";
import { joinViewOf } from "~/domain/appointment-join";
import { signedInRequester } from "~/features/orders/signed-in-requester.server";
import { claimFromStatusPage } from "~/features/accounts/status-link-claims.server";
import { KeepRequestsPanel } from "~/features/accounts/KeepRequestsPanel";
import { CLAIM_INTENT } from "~/domain/customer-claims";
import type { Route } from "./+types/book-status";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = ({ location }) => [
  { title: messagesFor(localeOfPath(location.pathname)).book.status.metaTitle },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const appointment = await appointmentOfToken(app, params.token);
  const now = Date.now();
  return data({
    appointment: {
      number: appointmentNumber(appointment.id),
      status: customerStatusOf(appointment.status),
      version: appointment.version,
      language: appointment.language,
      mode: appointment.mode,
      setting: appointment.setting,
      startsAt: appointment.startsAt,
      minutes: appointment.minutes,
      address: appointment.address,
      callNumber: appointment.callNumber,
      email: appointment.contact.email,
      // Only the first name: all a customer is told of who comes.
      interpreter: appointment.status === "confirmed" || appointment.status === "completed" ? firstNameOf(appointment.interpreter?.name ?? "") : "",
    },
    canCancel: customerCanCancel(appointment, now),
    join: joinViewOf(appointment, now),
    late: isLateCancellation(appointment, now),
    received: url.searchParams.has("received"),
    link: `${url.origin}${url.pathname}`,
    // "Create an account" is for people without one: a signed-in requester's work is under /Account already.
    claimable: (await signedInRequester(app.backend)) === null,
  });
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const claimed = await claimFromStatusPage(app, request, locale, async () => (await appointmentOfToken(app, params.token)).customerId);
  return claimed ?? customerAppointmentAction({ request, app, locale, token: params.token });
}

export default function BookStatus({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const s = t.book.status;
  const locale = useLocale();
  const { appointment, canCancel, late, received, link, join, claimable } = loaderData;
  const facts: Fact[] = [
    [s.when, appointmentWhen(locale, appointment.startsAt)],
    [s.duration, durationText(t, appointment.minutes)],
    [s.language, appointment.language],
    [s.mode, t.book.modes[appointment.mode]],
    [s.setting, t.book.settings[appointment.setting]],
    ...(appointment.address ? [[s.address, appointment.address] as Fact] : []),
    ...(appointment.callNumber ? [[s.callNumber, appointment.callNumber] as Fact] : []),
  ];
  return (
    <main id="main" className="page container order-page">
      {received && (
        <section className="notice-panel" aria-labelledby="received-heading">
          <h2 id="received-heading">{s.receivedHeading}</h2>
          <p>{format(s.receivedText, { email: appointment.email })}</p>
          <label htmlFor="status-link">{s.linkLabel}</label>
          <input id="status-link" type="text" readOnly value={link} dir="ltr" className="status-link" aria-describedby="status-link-hint" />
          <p id="status-link-hint" className="field__hint">
            {s.keepPrivate}
          </p>
        </section>
      )}
      <h1>{format(s.heading, { number: appointment.number })}</h1>
      <p className="appointment-status" data-status={appointment.status}>
        <strong>{s.states[appointment.status]}</strong>
        {appointment.interpreter && <> · {format(s.interpreter, { name: appointment.interpreter })}</>}
      </p>
      <Facts items={facts} />
      {join && <CustomerJoin join={join} formError={actionData?.intent === "join" ? actionData.formError : null} />}
      <p>
        <a href={`${link.replace(/\/$/, "")}/appointment.ics`} download>
          {t.book.ics.download}
        </a>
      </p>
      {appointment.status === "cancelled" && <p>{s.cancelledText}</p>}
      {canCancel && (
        <AppointmentCancelPanel version={appointment.version} late={late} formError={actionData?.intent === "cancel" ? actionData.formError : null} />
      )}
      {claimable && <KeepRequestsPanel formError={actionData?.intent === CLAIM_INTENT ? actionData.formError : null} />}
    </main>
  );
}
