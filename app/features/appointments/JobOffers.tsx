// An interpreter's booked work under My jobs (issue 25): the appointments offered to them, each with Accept and Decline
// (or what became of it: taken by someone else, accepted, declined), and their confirmed appointments ahead. What an
// interpreter needs to decide and to go: when, how long, the language, how, the setting, where, the notes — not the
// customer's contact details.
import { Form } from "react-router";
import { Facts, type Fact } from "~/components/Facts";
import { FormAlert, SubmitButton } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { Panel } from "~/components/Panel";
import { appointmentNumber } from "~/domain/appointments";
import { joinViewOf } from "~/domain/appointment-join";
import { offerState, type OfferedWork, type WorkView } from "~/domain/offers";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appointmentWhen, durationText } from "./appointment-text";
import { InterpreterJoin } from "./VideoJoin";

function AppointmentFacts({ appointment, withCallNumber }: { appointment: WorkView; withCallNumber: boolean }) {
  const messages = useMessages();
  const locale = useLocale();
  const t = messages.book.status;
  const items: Fact[] = [
    [messages.appointments.columns.when, appointmentWhen(locale, appointment.startsAt)],
    [t.duration, durationText(messages, appointment.minutes)],
    [messages.appointments.columns.language, <bdi key="language">{appointment.language}</bdi>],
    [messages.appointments.columns.mode, messages.book.modes[appointment.mode]],
    [t.setting, messages.book.settings[appointment.setting]],
    ...(appointment.address ? [[messages.offers.jobs.where, <bdi key="address">{appointment.address}</bdi>] as Fact] : []),
    ...(withCallNumber && appointment.callNumber
      ? [
          [
            t.callNumber,
            <bdi key="number" dir="ltr">
              {appointment.callNumber}
            </bdi>,
          ] as Fact,
        ]
      : []),
    ...(appointment.notes ? [[messages.appointments.detail.notes, <bdi key="notes">{appointment.notes}</bdi>] as Fact] : []),
  ];
  return <Facts items={items} />;
}

/** A heading's "{number}" isolated left to right inside the page's language. */
function NumberedHeading({ id, template, number }: { id: string; template: string; number: number }) {
  const [before = "", after = ""] = template.split("{number}");
  return (
    <h3 id={id}>
      {before}
      <bdi dir="ltr">{appointmentNumber(number)}</bdi>
      {after}
    </h3>
  );
}

export function JobOffers({ offers, now, failure }: { offers: OfferedWork[]; now: number; failure: FormFailure | null }) {
  const messages = useMessages();
  const t = messages.offers.jobs;
  return (
    <Panel id="offers-heading" heading={t.heading} sectionId="offers">
      <p>{t.intro}</p>
      <FormAlert message={failure?.intent === "join-appointment" ? null : failure?.formError} />
      {offers.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        offers.map((offer) => {
          const state = offerState(offer, now);
          const headingId = `offer-${offer.id}`;
          const number = appointmentNumber(offer.appointment.id);
          return (
            <article key={offer.id} className="job-offer" aria-labelledby={headingId}>
              <NumberedHeading id={headingId} template={messages.appointments.detail.heading} number={offer.appointment.id} />
              <AppointmentFacts appointment={offer.appointment} withCallNumber={state === "accepted"} />
              {state === "open" ? (
                <>
                  <p>
                    {t.closes} <OfficeTime at={offer.expiresAt} />
                  </p>
                  <div className="job-offer__answers">
                    <Form method="post">
                      <input type="hidden" name="offer" value={offer.id} />
                      <SubmitButton
                        intent="accept-offer"
                        rowId={String(offer.id)}
                        rowField="offer"
                        label={t.accept}
                        pendingLabel={t.accepting}
                        accessibleName={format(t.acceptLabel, { number })}
                      />
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="offer" value={offer.id} />
                      <SubmitButton
                        intent="decline-offer"
                        rowId={String(offer.id)}
                        rowField="offer"
                        label={t.decline}
                        pendingLabel={t.declining}
                        className="button--ghost"
                        accessibleName={format(t.declineLabel, { number })}
                      />
                    </Form>
                  </div>
                </>
              ) : (
                state !== "expired" && <p className="job-offer__state">{t.states[state]}</p>
              )}
            </article>
          );
        })
      )}
    </Panel>
  );
}

/** A video appointment's Join, or when it opens (nothing for other appointments, nor once it has closed). */
function JoinOf({ appointment, now }: { appointment: WorkView; now: number }) {
  const join = joinViewOf(appointment, now);
  return join && <InterpreterJoin join={join} appointmentId={appointment.id} />;
}

export function ConfirmedAppointments({ appointments, now, failure }: { appointments: WorkView[]; now: number; failure: FormFailure | null }) {
  const messages = useMessages();
  const t = messages.offers.jobs;
  return (
    <Panel id="your-appointments-heading" heading={t.confirmedHeading} sectionId="your-appointments">
      <FormAlert message={failure?.intent === "join-appointment" ? failure.formError : null} />
      {appointments.length === 0 ? (
        <p className="empty-state">{t.confirmedEmpty}</p>
      ) : (
        appointments.map((appointment) => (
          <article key={appointment.id} className="job-offer" aria-labelledby={`appointment-${appointment.id}`}>
            <NumberedHeading id={`appointment-${appointment.id}`} template={messages.appointments.detail.heading} number={appointment.id} />
            <AppointmentFacts appointment={appointment} withCallNumber />
            <JoinOf appointment={appointment} now={now} />
          </article>
        ))
      )}
    </Panel>
  );
}
