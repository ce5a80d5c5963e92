// The availability sections of Profile and of an interpreter's page (issue 25): the week's working hours (a text per
// weekday), time off, and credentials. Plain forms: each works without JavaScript and comes back to its own section.
import { useEffect } from "react";
import { Fragment } from "react";
import { Form } from "react-router";
import { Template } from "~/components/Template";
import { Cell, DataTable } from "~/components/DataTable";
import { Field, formFields, FormAlert, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { clockOf, hoursByWeekday, isValidOn, REQUIRED_CREDENTIALS, WEEKDAYS, type Credential, type TimeOff, type WorkingInterval } from "~/domain/availability";
import { AVAILABILITY_LIMITS, hoursField } from "~/domain/availability-forms";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { format, formatDate } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";
import { AVAILABILITY_SECTIONS } from "./availability-sections";

/** The failure of one of these forms, or null when another form of the page failed. */
const failureOf = (failure: FormFailure | null, ...intents: string[]) => (failure && intents.includes(failure.intent ?? "") ? failure : null);

/**
 * After a refused post (with JavaScript: the form stays on the page), its first refused field takes focus, so it is read
 * out with its message, which aria-describedby ties to it.
 */
function useFocusFirstRefused(field: (name: string) => { id: string; error?: string }, names: readonly string[], failure: FormFailure | null) {
  const first = failure ? names.map(field).find((props) => props.error)?.id : undefined;
  useEffect(() => {
    if (first) document.getElementById(first)?.focus();
  }, [failure, first]);
}

/** A weekday's intervals as the field shows them: "09:00-12:00, 13:00-17:00". */
const dayText = (intervals: { startMinute: number; endMinute: number }[]) =>
  intervals.map((interval) => `${clockOf(interval.startMinute)}-${clockOf(interval.endMinute)}`).join(", ");

function LocalDay({ day }: { day: string }) {
  const locale = useLocale();
  return <time dateTime={day}>{formatDate(locale, day, { dateStyle: "medium" })}</time>;
}

export function WorkingHoursPanel({ hours, personName, failure }: { hours: WorkingInterval[]; personName?: string; failure: FormFailure | null }) {
  const t = useMessages().availability.hours;
  const own = failureOf(failure, "save-hours");
  const field = formFields("hours", own);
  useFocusFirstRefused(field, WEEKDAYS.map(hoursField), own);
  const week = hoursByWeekday(hours);
  return (
    <Panel id={`${AVAILABILITY_SECTIONS.hours}-heading`} heading={t.heading} sectionId={AVAILABILITY_SECTIONS.hours}>
      <p>
        <Template text={personName ? t.introFor : t.intro} values={{ name: <bdi>{personName}</bdi>, zone: <bdi dir="ltr">{COMPANY_TIME_ZONE}</bdi> }} />
      </p>
      <FormAlert message={own?.formError} />
      <Form method="post" className="form availability-week" aria-labelledby={`${AVAILABILITY_SECTIONS.hours}-heading`} noValidate>
        {WEEKDAYS.map((weekday) => {
          const props = field(hoursField(weekday));
          return (
            <Field
              key={weekday}
              {...props}
              defaultValue={props.defaultValue ?? dayText(week[weekday])}
              label={t.weekdays[weekday]}
              hint={t.hint}
              placeholder={t.dayOff}
              maxLength={AVAILABILITY_LIMITS.hoursText}
              autoComplete="off"
              dir="ltr"
            />
          );
        })}
        <SubmitButton intent="save-hours" label={t.save} pendingLabel={t.saving} />
      </Form>
    </Panel>
  );
}

export function TimeOffPanel({ timeOff, failure }: { timeOff: TimeOff[]; failure: FormFailure | null }) {
  const t = useMessages().availability.timeOff;
  const own = failureOf(failure, "add-time-off", "remove-time-off");
  const adding = own?.intent === "add-time-off" ? own : null;
  const field = formFields("time-off", adding);
  useFocusFirstRefused(field, ["firstDay", "lastDay", "note"], adding);
  const headingId = `${AVAILABILITY_SECTIONS.timeOff}-heading`;
  return (
    <Panel id={headingId} heading={t.heading} sectionId={AVAILABILITY_SECTIONS.timeOff}>
      <p>{t.intro}</p>
      <FormAlert message={own?.formError} />
      {timeOff.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        <DataTable labelledBy={headingId} columns={[t.columns.from, t.columns.to, t.columns.note, t.columns.actions]}>
          {timeOff.map((span) => (
            <tr key={span.id}>
              <Cell label={t.columns.from}>
                <LocalDay day={span.firstDay} />
              </Cell>
              <Cell label={t.columns.to}>
                <LocalDay day={span.lastDay} />
              </Cell>
              <Cell label={t.columns.note}>{span.note ? <bdi>{span.note}</bdi> : "—"}</Cell>
              <Cell label={t.columns.actions}>
                <Form method="post">
                  <input type="hidden" name="id" value={span.id} />
                  <SubmitButton
                    intent="remove-time-off"
                    rowId={String(span.id)}
                    label={t.remove}
                    pendingLabel={t.removing}
                    className="button--small button--ghost"
                    accessibleName={format(t.removeLabel, { from: span.firstDay, to: span.lastDay })}
                  />
                </Form>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <Form method="post" className="form form--inline" aria-label={t.add} noValidate>
        <Field {...field("firstDay")} label={t.firstDay} type="date" required />
        <Field {...field("lastDay")} label={t.lastDay} type="date" required />
        <Field {...field("note")} label={t.note} maxLength={AVAILABILITY_LIMITS.note} />
        <SubmitButton intent="add-time-off" label={t.add} pendingLabel={t.adding} />
      </Form>
    </Panel>
  );
}

/** The credentials, with each required one named; admins add and remove (`editable`), an interpreter reads. */
export function CredentialsPanel({
  credentials,
  today,
  editable,
  failure,
}: {
  credentials: Credential[];
  today: string;
  editable: boolean;
  failure: FormFailure | null;
}) {
  const messages = useMessages();
  const t = messages.availability.credentials;
  const own = failureOf(failure, "add-credential", "remove-credential");
  const adding = own?.intent === "add-credential" ? own : null;
  const field = formFields("credential", adding);
  useFocusFirstRefused(field, ["name", "expiresOn"], adding);
  const headingId = `${AVAILABILITY_SECTIONS.credentials}-heading`;
  const [introBefore = "", introAfter = ""] = t.intro.split("{requirements}");
  // Each required credential's name is data: isolated inside the page's sentence.
  const requirements = Object.entries(REQUIRED_CREDENTIALS).map(([setting, credential]) => (
    <Fragment key={setting}>
      {" "}
      <Template
        text={t.requirement}
        values={{ setting: messages.book.settings[setting as keyof typeof REQUIRED_CREDENTIALS], credential: <bdi>{credential}</bdi> }}
      />
    </Fragment>
  ));
  const columns = editable ? [t.columns.name, t.columns.expires, t.columns.actions] : [t.columns.name, t.columns.expires];
  return (
    <Panel id={headingId} heading={t.heading} sectionId={AVAILABILITY_SECTIONS.credentials}>
      <p>
        {introBefore.trimEnd()}
        {requirements}
        {introAfter}
      </p>
      <FormAlert message={own?.formError} />
      {credentials.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        <DataTable labelledBy={headingId} columns={columns}>
          {credentials.map((credential) => (
            <tr key={credential.id}>
              <Cell label={t.columns.name}>
                <bdi>{credential.name}</bdi>
              </Cell>
              <Cell label={t.columns.expires}>
                {credential.expiresOn ? <LocalDay day={credential.expiresOn} /> : t.noExpiry}
                {!isValidOn(credential, today) && <span className="status-badge credential-expired">{t.expired}</span>}
              </Cell>
              {editable && (
                <Cell label={t.columns.actions}>
                  <Form method="post">
                    <input type="hidden" name="id" value={credential.id} />
                    <SubmitButton
                      intent="remove-credential"
                      rowId={String(credential.id)}
                      label={t.remove}
                      pendingLabel={t.removing}
                      className="button--small button--ghost"
                      accessibleName={format(t.removeLabel, { name: credential.name })}
                    />
                  </Form>
                </Cell>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {editable && (
        <Form method="post" className="form form--inline" aria-label={t.add} noValidate>
          <Field {...field("name")} label={t.name} maxLength={AVAILABILITY_LIMITS.credential} list="credential-names" required />
          <datalist id="credential-names">
            {Object.values(REQUIRED_CREDENTIALS).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Field {...field("expiresOn")} label={t.expiresOn} type="date" />
          <SubmitButton intent="add-credential" label={t.add} pendingLabel={t.adding} />
        </Form>
      )}
    </Panel>
  );
}
