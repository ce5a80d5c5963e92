// An organisation admin's request for a preferred interpreter (issue 27): a choice of the interpreters who worked for
// the organisation and an optional note. Posts to /Account/Preferences (works without JavaScript); /Account shows it.
import { Form } from "react-router";
import { FormAlert, SelectField, SubmitButton, TextAreaField } from "~/components/forms";
import { PREFERENCE_NOTE_MAX, type PersonRef } from "~/domain/preferences";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

type Props = { interpreters: PersonRef[]; failure: FormFailure | null; action?: string };

export function PreferenceRequestForm({ interpreters, failure, action }: Props) {
  const t = useMessages().preferences.request;
  return (
    <section aria-labelledby="preference-request-heading">
      <h2 id="preference-request-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      {interpreters.length === 0 ? (
        <p className="empty-state">{t.none}</p>
      ) : (
        <Form method="post" action={action} className="form" noValidate aria-labelledby="preference-request-heading">
          <FormAlert message={failure?.formError} />
          <SelectField
            id="preference-interpreter"
            label={t.interpreter}
            name="interpreter"
            required
            placeholder={t.choose}
            defaultValue={failure?.values.interpreter ?? ""}
            error={failure?.errors.interpreter}
            options={interpreters.map((person) => ({ value: person.id, label: person.name }))}
          />
          <TextAreaField
            id="preference-note"
            label={t.note}
            name="note"
            maxLength={PREFERENCE_NOTE_MAX}
            rows={3}
            defaultValue={failure?.values.note ?? ""}
            error={failure?.errors.note}
          />
          <SubmitButton intent="request" label={t.submit} pendingLabel={t.submitting} />
        </Form>
      )}
    </section>
  );
}
