import { Form, useActionData, useLocation } from "react-router";
import { Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { AuthLinks } from "~/features/accounts/AuthLinks";
import { forgotPasswordSchema } from "~/domain/auth";

import { localeOfPath, localizedPath, messagesFor, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { readLimitedForm } from "~/request/public-form.server";
import { redirectWithToast } from "~/request/toast.server";
import type { Route } from "./+types/forgot-password";
import { appContext } from "~/request/context.server";
import { mailResetLink } from "~/features/accounts/password-reset.server";

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.forgotPassword, path: "/Forgetpassword" }));

export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const locale = localeOfPath(new URL(request.url).pathname);
  const t = messagesFor(locale);
  const form = await readLimitedForm(app.cloudflare.env.PASSWORD_RESET_LIMITER, request, app, forgotPasswordSchema(t));
  if ("refused" in form) return form.refused;

  await mailResetLink({ app, request, email: form.data.email, actor: null });
  // The same answer whether or not the address has an account (no account enumeration); the redirect
  // empties the field.
  return redirectWithToast(localizedPath(locale, "/Forgetpassword"), { type: "success", message: t.auth.resetLinkSent }, { request, config: app.config });
}

export default function ForgotPassword() {
  const t = useMessages();
  const failure = useActionData<typeof action>();
  const location = useLocation();
  useActionToast(failure?.toast);
  const field = formFields("forgot", failure);
  return (
    <>
      <h1>{t.auth.forgotHeading}</h1>
      <p>{t.auth.forgotIntro}</p>
      <FormAlert message={failure?.formError} />
      {/* After a request the page redirects to itself: a new location key empties the field. */}
      <Form method="post" replace key={location.key} noValidate className="form">
        <Field {...field("email")} label={t.auth.email} type="email" autoComplete="email" required />
        <SubmitButton label={t.auth.sendResetLink} pendingLabel={t.auth.sending} />
      </Form>
      <AuthLinks to="/Login" label={t.auth.backToLogin} />
    </>
  );
}
