import { Panel } from "~/components/Panel";
import { Form, useLocation } from "react-router";
import { PASSWORD_MIN_LENGTH } from "~/domain/auth";
import { GENDER_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/domain/people";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";
import { Field, FormAlert, formFields, SubmitButton } from "~/components/forms";

/** Add: full_name, Gender, email, phone, password — all required (SPEC §5). */
export function AddInterpreterForm({ failure }: { failure: FormFailure | null }) {
  const t = useMessages().people;
  const location = useLocation();
  const field = formFields("add-interpreter", failure);
  return (
    <Panel id="add-interpreter" heading={t.interpreters.addHeading}>
      <FormAlert message={failure?.formError} />
      {/* A new location after a successful add (redirect) empties the form; a failed one keeps the values. */}
      <Form method="post" key={location.key} noValidate className="form form--grid" preventScrollReset>
        <Field {...field("full_name")} label={t.fields.fullName} autoComplete="off" required maxLength={NAME_MAX_LENGTH} />
        <Field {...field("Gender")} label={t.fields.gender} hint={t.fields.genderHint} required maxLength={GENDER_MAX_LENGTH} />
        <Field {...field("email")} label={t.fields.email} type="email" autoComplete="off" required />
        <Field {...field("phone")} label={t.fields.phone} type="tel" autoComplete="off" required maxLength={PHONE_MAX_LENGTH} />
        <Field
          {...field("password")}
          label={t.fields.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={format(t.fields.passwordHint, { min: PASSWORD_MIN_LENGTH })}
        />
        <div className="form__actions">
          <SubmitButton label={t.interpreters.add} pendingLabel={t.interpreters.adding} intent="create" />
        </div>
      </Form>
    </Panel>
  );
}
