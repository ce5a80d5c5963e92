// Profile's calendar subscription (issue 25): make a private link (shown once, right after it is made), make a new one
// (the old stops working), or stop it. Plain forms: they work without JavaScript.
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { FormAlert, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { format, formatDate } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";

type Props = { issuedAt: number | null; issuedUrl: string | null; failure: FormFailure | null };

export function CalendarFeedPanel({ issuedAt, issuedUrl, failure }: Props) {
  const locale = useLocale();
  const t = useMessages().availability.calendar;
  const shown = useRef<HTMLInputElement>(null);
  // Just made (the answer to the post shows it) or made before: either way there is a link to replace or stop.
  const hasLink = issuedUrl !== null || issuedAt !== null;
  // The link is shown once: select it, so it is one keystroke from the clipboard and read out first.
  useEffect(() => {
    if (issuedUrl) shown.current?.select();
  }, [issuedUrl]);
  return (
    <Panel id="calendar-heading" heading={t.heading} sectionId="calendar">
      <p>{t.intro}</p>
      <FormAlert message={failure?.formError} />
      {issuedUrl ? (
        <div className="field" role="status">
          <label htmlFor="calendar-url">{t.urlLabel}</label>
          <p id="calendar-url-hint" className="field__hint">
            {t.shownOnce}
          </p>
          <input id="calendar-url" ref={shown} type="text" readOnly value={issuedUrl} dir="ltr" aria-describedby="calendar-url-hint" />
        </div>
      ) : (
        <p>{issuedAt === null ? t.none : format(t.issued, { date: formatDate(locale, issuedAt, { dateStyle: "long", timeZone: "America/Denver" }) })}</p>
      )}
      <div className="job-offer__answers">
        <Form method="post">
          <SubmitButton intent="issue-calendar" label={hasLink ? t.recreate : t.create} pendingLabel={t.creating} />
        </Form>
        {hasLink && (
          <Form method="post">
            <SubmitButton intent="revoke-calendar" label={t.stop} pendingLabel={t.stopping} className="button--ghost" />
          </Form>
        )}
      </div>
    </Panel>
  );
}
