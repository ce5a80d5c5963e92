import { Form, useLocation } from "react-router";
import { PASSWORD_MIN_LENGTH } from "~/domain/auth";
import { GENDER_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/domain/people";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";
import { Field, FormAlert, SubmitButton } from "~/components/forms";

/** Add: full_name, Gender, email, phone, password — all required (SPEC §5). */
export function AddInterpreterForm({ failure }: { failure: FormFailure | null }) {
  const t = useMessages().people;
  const location = useLocation();
  const values = failure?.values ?? {};
  const errors = failure?.errors ?? {};
  return (
    <section aria-labelledby="add-interpreter" className="panel">
      <h2 id="add-interpreter" tabIndex={-1}>
        {t.interpreters.addHeading}
      </h2>
      <FormAlert message={failure?.formError} />
      {/* A new location after a successful add (redirect) empties the form; a failed one keeps the values. */}
      <Form method="post" key={location.key} noValidate className="form form--grid" preventScrollReset>
        <Field
          label={t.fields.fullName}
          name="full_name"
          autoComplete="off"
          required
          maxLength={NAME_MAX_LENGTH}
          defaultValue={values.full_name}
          error={errors.full_name}
        />
        <Field
          label={t.fields.gender}
          name="Gender"
          hint={t.fields.genderHint}
          required
          maxLength={GENDER_MAX_LENGTH}
          defaultValue={values.Gender}
          error={errors.Gender}
        />
        <Field label={t.fields.email} name="email" type="email" autoComplete="off" required defaultValue={values.email} error={errors.email} />
        <Field
          label={t.fields.phone}
          name="phone"
          type="tel"
          autoComplete="off"
          required
          maxLength={PHONE_MAX_LENGTH}
          defaultValue={values.phone}
          error={errors.phone}
        />
        <Field
          label={t.fields.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={format(t.fields.passwordHint, { min: PASSWORD_MIN_LENGTH })}
          error={errors.password}
        />
        <div className="form__actions">
          <SubmitButton label={t.interpreters.add} pendingLabel={t.interpreters.adding} intent="create" />
        </div>
      </Form>
    </section>
  );
}
