// The password form of an e-mailed account link (issue 27): an invitation (/Invitation/<token>) and a status link's
// claim (/Join/<token>, docs/decisions/0042) — the same field, rules and refusals, each with its own words. And the
// page a link that opens nothing shows instead.
import { Form, Link } from "react-router";
import { Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { PASSWORD_MIN_LENGTH } from "~/domain/auth";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocalizedPath } from "~/platform/page/locale";

type Words = { password: string; passwordHint: string; submit: string; submitting: string; accountExists: string; signIn: string };

export function SetPasswordForm({ id, email, failure, t }: { id: string; email: string; failure: FormFailure | undefined; t: Words }) {
  const href = useLocalizedPath();
  useActionToast(failure?.toast);
  const field = formFields(id, failure);
  return (
    <>
      <FormAlert message={failure?.formError}>{failure?.formError === t.accountExists && <Link to={href("/Login")}>{t.signIn}</Link>}</FormAlert>
      <Form method="post" replace key={failure?.toast?.id} noValidate className="form">
        {/* The account's e-mail, for password managers: it is the link's, not something to type. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field
          {...field("password")}
          label={t.password}
          hint={format(t.passwordHint, { min: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
        />
        <SubmitButton label={t.submit} pendingLabel={t.submitting} />
      </Form>
    </>
  );
}

/** A link that opens nothing (unknown, used, expired) or no longer can: what to do, and the way to sign in. */
export function DeadLink({ heading, text, signIn }: { heading: string; text: string; signIn: string }) {
  const href = useLocalizedPath();
  return (
    <>
      <h1>{heading}</h1>
      <p>{text}</p>
      <p className="auth__links">
        <Link to={href("/Login")}>{signIn}</Link>
      </p>
    </>
  );
}
