// After a booked appointment (issue 25): the interpreter's "To record" under My jobs (one form per started appointment)
// and the staff's "After the appointment" on its page (the record as it stands, and the same fields to approve it,
// corrected or not). Both post the same fields (app/domain/record-forms.ts); times are on the company's clock.
import { Form } from "react-router";
import { Facts, type Fact } from "~/components/Facts";
import { Field, FormAlert, SelectField, SubmitButton, formFields } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { Panel } from "~/components/Panel";
import { Template } from "~/components/Template";
import { actualMinutes, MAX_TRAVEL_MINUTES, type AppointmentRecord, type AttendanceEntry } from "~/domain/appointment-records";
import { appointmentNumber, type Appointment } from "~/domain/appointments";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { attendanceValues, OUTCOMES } from "~/domain/record-forms";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appointmentWhen } from "./appointment-text";
import type { WorkToRecord } from "./records.server";

type Scheduled = Pick<Appointment, "id" | "startsAt" | "minutes" | "mode">;

/** What happened, the times and (on site) the travel: refilled from a refused post, else from the record or booking. */
function AttendanceFields({
  scheduled,
  record,
  failure,
  prefix,
}: {
  scheduled: Scheduled;
  record: AttendanceEntry | null;
  failure: FormFailure | null;
  prefix: string;
}) {
  const t = useMessages().records.form;
  const shown = { values: failure?.values ?? attendanceValues(record, scheduled), errors: failure?.errors };
  const field = formFields(prefix, shown);
  return (
    <div className="form-grid">
      <SelectField label={t.outcome} {...field("outcome")} options={OUTCOMES.map((value) => ({ value, label: t.outcomes[value] }))} />
      <Field label={t.date} type="date" {...field("date")} hint={<Template text={t.timesHint} values={{ zone: <bdi dir="ltr">{COMPANY_TIME_ZONE}</bdi> }} />} />
      <Field label={t.start} type="time" {...field("start")} />
      <Field label={t.end} type="time" {...field("end")} />
      {scheduled.mode === "on_site" && (
        <Field label={t.travel} type="number" min={0} max={MAX_TRAVEL_MINUTES} step={1} inputMode="numeric" {...field("travel")} />
      )}
    </div>
  );
}

/** A record in words: the actual times and minutes, or who did not come; the travel when there was some. */
function RecordSummary({ record }: { record: AttendanceEntry }) {
  const messages = useMessages();
  const locale = useLocale();
  const t = messages.records;
  const items: Fact[] = [
    [
      t.form.outcome,
      record.noShow ? (
        t.form.outcomes[record.noShow]
      ) : (
        <Template
          text={t.approval.summary.held}
          values={{
            start: appointmentWhen(locale, record.actualStart),
            end: appointmentWhen(locale, record.actualEnd),
            minutes: String(actualMinutes(record)),
          }}
        />
      ),
    ],
    ...(record.travelMinutes > 0 ? [[t.form.travel, String(record.travelMinutes)] as Fact] : []),
  ];
  return <Facts items={items} />;
}

/** My jobs: each started appointment of the interpreter's, with its record form. */
export function WorkToRecordPanel({ work, failure }: { work: WorkToRecord[]; failure: FormFailure | null }) {
  const messages = useMessages();
  const locale = useLocale();
  const t = messages.records.toRecord;
  return (
    <Panel id="to-record-heading" heading={t.heading} sectionId="to-record">
      <p>{t.intro}</p>
      {failure?.intent === "record" && !failure.id && <FormAlert message={failure.formError} />}
      {work.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        work.map(({ appointment, record }) => {
          const number = appointmentNumber(appointment.id);
          const headingId = `record-${appointment.id}`;
          const own = failure?.intent === "record" && failure.id === String(appointment.id) ? failure : null;
          return (
            <article key={appointment.id} className="job-offer" aria-labelledby={headingId}>
              <h3 id={headingId}>
                <bdi dir="ltr">{number}</bdi> · {appointmentWhen(locale, appointment.startsAt)} · <bdi>{appointment.language}</bdi>
              </h3>
              {record && (
                <p>
                  <Template text={t.recorded} values={{ at: <OfficeTime at={record.recordedAt} /> }} />
                </p>
              )}
              <FormAlert message={own?.formError} />
              <Form method="post" className="form" aria-labelledby={headingId} noValidate>
                <input type="hidden" name="appointment" value={appointment.id} />
                <AttendanceFields scheduled={appointment} record={record} failure={own?.formError ? null : own} prefix={`record-${appointment.id}`} />
                <SubmitButton
                  intent="record"
                  rowId={String(appointment.id)}
                  rowField="appointment"
                  label={t.submit}
                  pendingLabel={t.submitting}
                  accessibleName={format(t.submitLabel, { number })}
                />
              </Form>
            </article>
          );
        })
      )}
    </Panel>
  );
}

/** The appointment's page: the record as it stands and, until approved, the form that approves it. */
export function ApprovalPanel({
  appointment,
  record,
  now,
  failure,
}: {
  appointment: Omit<Appointment, "tokenSealed">;
  record: AppointmentRecord | null;
  now: number;
  failure: FormFailure | null;
}) {
  const messages = useMessages();
  const t = messages.records.approval;
  const open = appointment.status === "confirmed";
  if (!record && (!open || appointment.startsAt > now)) {
    return open ? (
      <Panel id="after-heading" heading={t.heading} sectionId="after">
        <p>{t.notYet}</p>
      </Panel>
    ) : null;
  }
  return (
    <Panel id="after-heading" heading={t.heading} sectionId="after">
      {record ? (
        <>
          <p>
            <Template text={record.approvedAt ? t.approvedAt : t.recordedBy} values={{ at: <OfficeTime at={record.approvedAt ?? record.recordedAt} /> }} />
          </p>
          <RecordSummary record={record} />
        </>
      ) : (
        <p>{t.none}</p>
      )}
      {open && (
        <>
          <FormAlert message={failure?.formError} />
          <Form method="post" className="form" aria-labelledby="after-heading" noValidate>
            <input type="hidden" name="basedOn" value={appointment.version} />
            <AttendanceFields scheduled={appointment} record={record} failure={failure?.formError ? null : failure} prefix="approve" />
            <SubmitButton intent="approve-record" label={t.submit} pendingLabel={t.submitting} />
          </Form>
        </>
      )}
    </Panel>
  );
}
