import { Form, Link, useActionData, useLoaderData } from "react-router";
import { Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { AuthLinks } from "~/features/accounts/AuthLinks";
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from "~/domain/auth";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues } from "~/request/forms.server";
import { localeOfPath, localizedPath, messagesOfRequest, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { readLimitedForm } from "~/request/public-form.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { tellSwitchboardSessionsEnded } from "~/features/calls/switchboard.server";
import { redirectWithToast } from "~/request/toast.server";
import type { Route } from "./+types/reset-password";
import { accountGuard } from "~/features/accounts/account-guard.server";
import { appContext } from "~/request/context.server";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta(matches, location, (t) => ({ ...t.meta.resetPassword, path: "/Resetpassword" })),
  // The URL carries a secret token: never send it to another site. (Not "no-referrer": with it, browsers
  // send `Origin: null` on this page's own form post, which the CSRF check rightly refuses.)
  { name: "referrer", content: "same-origin" },
];

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const app = appContext(context);
  const t = messagesOfRequest(request);
  const form = await readLimitedForm(app.cloudflare.env.PASSWORD_RESET_LIMITER, request, app, resetPasswordSchema(t));
  if ("refused" in form) return form.refused;

  const result = await app.backend.auth.resetPassword(form.data);
  if (!result.ok) {
    const formError = result.reason === "email-not-found" ? t.auth.emailNotFound : t.auth.resetLinkInvalid;
    return formFailure({ values: keptValues(form.formData), formError });
  }
  // The link came by e-mail, so whoever used it reads that mailbox: the account's sign-in lock ends.
  await accountGuard(app.cloudflare.env, form.data.email).passwordReset();
  await tellSwitchboardSessionsEnded(app.cloudflare.env, form.data.email, "all");
  await recordSecurityEvent(app, request, { kind: "password-reset", account: form.data.email });
  return redirectWithToast(
    localizedPath(localeOfPath(url.pathname), "/Login"),
    { type: "success", message: t.auth.passwordReset },
    { request, config: app.config },
  );
}

export default function ResetPassword() {
  const t = useMessages();
  const href = useLocalizedPath();
  const { token } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  useActionToast(failure?.toast);
  const field = formFields("reset", failure);
  const linkIsBad = failure?.formError === t.auth.resetLinkInvalid || failure?.errors.token;

  if (!token) {
    return (
      <>
        <h1>{t.auth.resetHeading}</h1>
        <p>{t.auth.resetNeedsLink}</p>
        <p className="auth__links">
          <Link to={href("/Forgetpassword")}>{t.auth.requestNewLink}</Link>
          <Link to={href("/Login")}>{t.auth.backToLogin}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{t.auth.resetHeading}</h1>
      <p>{format(t.auth.resetIntro, { min: PASSWORD_MIN_LENGTH })}</p>
      <FormAlert message={failure?.formError ?? failure?.errors.token}>
        {linkIsBad && <Link to={href("/Forgetpassword")}>{t.auth.requestNewLink}</Link>}
      </FormAlert>
      <Form method="post" replace key={failure?.toast?.id} noValidate className="form">
        <input type="hidden" name="token" value={token} />
        <Field {...field("email")} label={t.auth.email} type="email" autoComplete="username" required />
        <Field {...field("password")} label={t.auth.newPassword} type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} />
        <SubmitButton label={t.auth.submitReset} pendingLabel={t.auth.resetting} />
      </Form>
      <AuthLinks to="/Login" label={t.auth.backToLogin} />
    </>
  );
}
