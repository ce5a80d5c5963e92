import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { AuthLinks } from "~/features/accounts/AuthLinks";
import { signInSchema } from "~/domain/auth";
import type { Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues } from "~/request/forms.server";
import { landingOf } from "~/request/guards.server";
import { messagesOfRequest, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { pageMeta } from "~/platform/page/meta";
import { readLimitedForm } from "~/request/public-form.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { redirectWithToast } from "~/request/toast.server";
import type { Route } from "./+types/login";
import { guardPasswordCheck, trustDevice } from "~/features/accounts/account-guard.server";
import { appContext } from "~/request/context.server";

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location, (t) => ({ ...t.meta.login, path: "/Login" }));

export async function loader({ url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  // Already signed in: straight on.
  const user = await app.backend.auth.currentUser();
  if (user) throw redirect(landingOf(user, redirectTo));
  return { redirectTo };
}

const signInFailure = (t: Messages, reason: "invalid-credentials" | "no-session" | "locked" | "no-users-row") =>
  ({
    "invalid-credentials": t.auth.invalidCredentials,
    "no-session": t.auth.notAuthenticated,
    "no-users-row": t.auth.notAuthenticated,
    locked: t.accounts.lockedAccount,
  })[reason];

export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const t = messagesOfRequest(request);
  const form = await readLimitedForm(app.cloudflare.env.SIGN_IN_LIMITER, request, app, signInSchema(t));
  if ("refused" in form) return form.refused;

  // Per account, across all addresses: a locked email is refused before its password is looked at, with the
  // same answer whether or not it has an account — unless this browser has signed in to it before.
  const email = form.data.email;
  const { guard, device, retryAfterSeconds } = await guardPasswordCheck(app, request, email);
  if (retryAfterSeconds !== null) {
    return formFailure(
      { values: keptValues(form.formData), formError: t.auth.accountLocked },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }

  const result = await app.backend.auth.signIn(form.data);
  if (!result.ok) {
    if (result.reason === "invalid-credentials") await guard.signInFailed(device);
    if (result.reason === "locked") await recordSecurityEvent(app, request, { kind: "sign-in-refused-locked", account: email });
    else await recordSecurityEvent(app, request, { kind: "sign-in-failed", account: email, detail: result.reason });
    return formFailure({ values: keptValues(form.formData), formError: signInFailure(t, result.reason) });
  }
  await guard.signInSucceeded();
  await recordSecurityEvent(app, request, { kind: "sign-in", account: email, actor: result.user.email });
  // The session cookie goes out with the backend's response headers (the worker adds them); this is the device's.
  const headers = new Headers({ "Set-Cookie": await trustDevice(request, app.config, email) });
  return redirectWithToast(
    landingOf(result.user, form.data.redirectTo),
    { type: "success", message: t.auth.signedIn },
    { request, config: app.config, headers },
  );
}

export default function Login() {
  const t = useMessages();
  const href = useLocalizedPath();
  const { redirectTo } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  useActionToast(failure?.toast);
  const field = formFields("login", failure);
  return (
    <>
      <h1>{t.auth.loginHeading}</h1>
      <p>{t.auth.loginIntro}</p>
      <FormAlert message={failure?.formError} />
      {/* A new key after each failed attempt empties the password; the email stays. */}
      <Form method="post" action={href("/Login")} replace key={failure?.toast?.id} noValidate className="form">
        <input type="hidden" name="redirectTo" value={failure?.values.redirectTo ?? redirectTo} />
        <Field {...field("email")} label={t.auth.email} type="email" autoComplete="username" required />
        <Field {...field("password")} label={t.auth.password} type="password" autoComplete="current-password" required />
        <SubmitButton label={t.auth.submitLogin} pendingLabel={t.auth.signingIn} />
      </Form>
      <AuthLinks to="/Forgetpassword" label={t.auth.forgotLink} />
    </>
  );
}
