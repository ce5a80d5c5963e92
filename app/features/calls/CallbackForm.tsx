// The callback form on /Call (issue 14): works without JavaScript; after an unanswered call it carries that call's
// id, so the call is logged as a callback.
import { Form } from "react-router";
import { Field, FormAlert, languageOptions, SelectField, SubmitButton, TextAreaField } from "~/components/forms";
import { CALLBACK_LIMITS } from "~/domain/call-forms";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";
import { BotChecks } from "~/components/BotChecks";

type Props = {
  languages: { id: number; name: string }[];
  failure: FormFailure | null;
  callId: string | null;
  languageId: string;
  /** The customer's name, when they came by a staff member's call link. */
  name?: string;
  turnstileSiteKey: string | null;
};

export function CallbackForm({ languages, failure, callId, languageId, name, turnstileSiteKey }: Props) {
  const t = useMessages();
  const c = t.call;
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  return (
    <Form method="post" className="form callback-form" id="callback" aria-labelledby="callback-heading">
      <h2 id="callback-heading" tabIndex={-1}>
        {c.callbackHeading}
      </h2>
      <p>{c.callbackIntro}</p>
      <FormAlert message={failure?.formError} />
      <Field
        id="callback-name"
        label={c.name}
        name="name"
        autoComplete="name"
        required
        maxLength={CALLBACK_LIMITS.name}
        defaultValue={values.name ?? name}
        error={errors.name}
      />
      <Field
        id="callback-phone"
        label={c.callbackPhone}
        name="phone"
        type="tel"
        autoComplete="tel"
        dir="ltr"
        maxLength={CALLBACK_LIMITS.phone}
        defaultValue={values.phone}
        error={errors.phone}
      />
      <Field
        id="callback-email"
        label={c.callbackEmail}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        maxLength={CALLBACK_LIMITS.email}
        defaultValue={values.email}
        error={errors.email}
      />
      <SelectField
        id="callback-language"
        label={c.language}
        name="language"
        placeholder={c.chooseLanguage}
        options={languageOptions(languages)}
        defaultValue={values.language ?? languageId}
        key={languageId}
      />
      <TextAreaField
        id="callback-note"
        label={c.callbackNote}
        name="note"
        rows={3}
        maxLength={CALLBACK_LIMITS.note}
        defaultValue={values.note}
        error={errors.note}
      />
      <input type="hidden" name="callId" value={callId ?? ""} />
      <BotChecks form="callback" turnstileSiteKey={turnstileSiteKey} />
      <div>
        <SubmitButton label={c.callbackSend} pendingLabel={c.callbackSending} />
      </div>
    </Form>
  );
}
