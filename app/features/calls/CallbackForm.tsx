// The callback form on /Call (issue 14): works without JavaScript; after an unanswered call it carries that call's
// id, so the call is logged as a callback.
import { Form } from "react-router";
import { Field, FormAlert, formFields, languageOptions, SelectField, SubmitButton, TextAreaField } from "~/components/forms";
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
  const field = formFields("callback", failure);
  return (
    <Form method="post" className="form callback-form" id="callback" aria-labelledby="callback-heading">
      <h2 id="callback-heading" tabIndex={-1}>
        {c.callbackHeading}
      </h2>
      <p>{c.callbackIntro}</p>
      <FormAlert message={failure?.formError} />
      <Field {...field("name")} label={c.name} autoComplete="name" required maxLength={CALLBACK_LIMITS.name} defaultValue={values.name ?? name} />
      <Field {...field("phone")} label={c.callbackPhone} type="tel" autoComplete="tel" dir="ltr" maxLength={CALLBACK_LIMITS.phone} />
      <Field {...field("email")} label={c.callbackEmail} type="email" autoComplete="email" dir="ltr" maxLength={CALLBACK_LIMITS.email} />
      <SelectField
        {...field("language")}
        label={c.language}
        placeholder={c.chooseLanguage}
        options={languageOptions(languages)}
        defaultValue={values.language ?? languageId}
        key={languageId}
      />
      <TextAreaField {...field("note")} label={c.callbackNote} rows={3} maxLength={CALLBACK_LIMITS.note} />
      <input type="hidden" name="callId" value={callId ?? ""} />
      <BotChecks form="callback" turnstileSiteKey={turnstileSiteKey} />
      <div>
        <SubmitButton label={c.callbackSend} pendingLabel={c.callbackSending} />
      </div>
    </Form>
  );
}
