// /Dashboard/Appointments/<id> (admins, issue 25): one appointment — when (in the company's zone, the zone named), how,
// where, who booked it and who interprets — offering it, changing its time or details, approving what happened once it
// took place, and cancelling it with a reason the customer is told.
import { Form, Link, useActionData } from "react-router";
import { Facts, type Fact } from "~/components/Facts";
import { Panel } from "~/components/Panel";
import { FormAlert, SubmitButton, TextAreaField } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { APPOINTMENT_FORM_LIMITS } from "~/domain/appointment-forms";
import { appointmentNumber, isCancellable, isChangeable } from "~/domain/appointments";
import { AppointmentStatus } from "~/features/appointments/AppointmentTable";
import { appointmentWhen, durationText } from "~/features/appointments/appointment-text";
import { appointmentOr404, staffCancel } from "~/features/appointments/staff-appointments.server";
import { eligibilityFor } from "~/features/appointments/appointment-eligibility.server";
import { EligibilityPanel } from "~/features/appointments/EligibilityPanel";
import { OfferForm, OfferList } from "~/features/appointments/OfferPanel";
import { staffOffer } from "~/features/appointments/offers.server";
import { ChangePanel } from "~/features/appointments/ChangePanel";
import { staffChange } from "~/features/appointments/appointment-changes.server";
import { offerDeadline } from "~/domain/offers";
import { ApprovalPanel } from "~/features/appointments/RecordPanels";
import { approveRecord } from "~/features/appointments/records.server";
import type { FormFailure } from "~/platform/page/form-failure";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import type { Route } from "./+types/appointment";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.appointments.detail.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { backend, config } = appContext(args.context);
  const appointment = await appointmentOr404(backend, args.params.appointmentId);
  const now = Date.now();
  // Everything but the private link's sealed token: the page needs none of it.
  const { tokenSealed: _sealed, ...shown } = appointment;
  const [eligibility, offers, unfilledSince, record] = await Promise.all([
    eligibilityFor(backend, appointment, { now, windowMinutes: config.preferredOfferWindowMinutes }),
    backend.offers.forAppointment(appointment.id),
    backend.offers.unfilledSince(appointment.id),
    backend.records.of(appointment.id),
  ]);
  return { appointment: shown, eligibility, offers, unfilledSince, record, deadline: offerDeadline(now, appointment.startsAt), now };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const appointment = await appointmentOr404(appContext(args.context).backend, args.params.appointmentId);
  return runIntent(
    { ...args, user: admin },
    {
      cancel: (input) => staffCancel(input, appointment),
      offer: (input) => staffOffer(input, appointment),
      "approve-record": (input) => approveRecord(input, appointment),
      change: (input) => staffChange(input, appointment),
    },
  );
}

export default function AppointmentPage({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const a = t.appointments;
  const locale = useLocale();
  const { appointment, eligibility, offers, unfilledSince, record, deadline, now } = loaderData;
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  const d = a.detail;
  // The number is a code, not a word: isolated left to right inside the heading's own language.
  const [headingBefore = "", headingAfter = ""] = d.heading.split("{number}");
  const facts: Fact[] = [
    [a.columns.status, <AppointmentStatus key="status" appointment={appointment} now={now} />],
    [a.columns.when, appointmentWhen(locale, appointment.startsAt)],
    [t.book.status.duration, durationText(t, appointment.minutes)],
    [a.columns.language, <bdi key="language">{appointment.language}</bdi>],
    [a.columns.mode, t.book.modes[appointment.mode]],
    [t.book.status.setting, t.book.settings[appointment.setting]],
    ...(appointment.address ? [[t.book.status.address, <bdi key="address">{appointment.address}</bdi>] as Fact] : []),
    ...(appointment.callNumber
      ? [
          [
            t.book.status.callNumber,
            <bdi key="number" dir="ltr">
              {appointment.callNumber}
            </bdi>,
          ] as Fact,
        ]
      : []),
    [d.interpreter, appointment.interpreter ? <bdi key="interpreter">{appointment.interpreter.name}</bdi> : d.unassigned],
    // "The same interpreter as last time" (issue 27): the offers' window gives them the booking first.
    ...(appointment.preferredInterpreter
      ? [
          [
            d.askedFor,
            <span key="asked-for">
              {d.askedForValue.split("{name}")[0]}
              <bdi>{appointment.preferredInterpreter.name}</bdi>
              {d.askedForValue.split("{name}")[1]}
            </span>,
          ] as Fact,
        ]
      : []),
    [d.gender, appointment.genderPreference ? t.book.genders[appointment.genderPreference] : d.noPreference],
    [d.contact, <bdi key="contact">{appointment.contact.name}</bdi>],
    [
      d.email,
      <bdi key="email" dir="ltr">
        {appointment.contact.email}
      </bdi>,
    ],
    [
      d.phone,
      <bdi key="phone" dir="ltr">
        {appointment.contact.phone}
      </bdi>,
    ],
    ...(appointment.contact.organisation ? [[d.organisation, <bdi key="organisation">{appointment.contact.organisation}</bdi>] as Fact] : []),
    [d.notes, appointment.notes || d.noNotes],
    [d.booked, <OfficeTime key="booked" at={appointment.createdAt} />],
  ];
  return (
    <>
      <p>
        <Link to="/Dashboard/Appointments">{d.back}</Link>
      </p>
      <h1>
        {headingBefore}
        <bdi dir="ltr">{appointmentNumber(appointment.id)}</bdi>
        {headingAfter}
      </h1>
      <Facts items={facts} />
      {appointment.status === "cancelled" && appointment.cancelledBy && (
        <p className="form-alert">
          {appointment.cancelledBy === "customer" ? (
            d.cancelledBy.customer
          ) : (
            <>
              {d.cancelledBy.staff.split("{reason}")[0]}
              <bdi>{appointment.cancelReason}</bdi>
              {d.cancelledBy.staff.split("{reason}")[1]}
            </>
          )}
        </p>
      )}
      <ApprovalPanel appointment={appointment} record={record} now={now} failure={failure?.intent === "approve-record" ? failure : null} />
      <OfferList offers={offers} now={now} unfilledSince={unfilledSince} />
      {eligibility && (
        <>
          <EligibilityPanel eligibility={eligibility} language={appointment.language} askedFor={appointment.preferredInterpreter?.id} />
          <OfferForm eligibility={eligibility} version={appointment.version} deadline={deadline} failure={failure?.intent === "offer" ? failure : null} />
        </>
      )}
      {isChangeable(appointment.status) && <ChangePanel appointment={appointment} failure={failure?.intent === "change" ? failure : null} now={now} />}
      {isCancellable(appointment.status) && (
        <Panel id="cancel-heading" heading={a.cancel.heading} sectionId="cancel">
          <FormAlert message={failure?.intent === "cancel" ? failure.formError : null} />
          <p>{a.cancel.text}</p>
          <Form method="post" className="form" aria-labelledby="cancel-heading" noValidate>
            <input type="hidden" name="basedOn" value={appointment.version} />
            <TextAreaField
              id="cancel-reason"
              label={a.cancel.reason}
              name="reason"
              rows={3}
              required
              maxLength={APPOINTMENT_FORM_LIMITS.reason}
              defaultValue={failure?.values?.reason}
              error={failure?.errors?.reason}
            />
            <SubmitButton intent="cancel" label={a.cancel.submit} pendingLabel={a.cancel.cancelling} className="button--danger" />
          </Form>
        </Panel>
      )}
    </>
  );
}
