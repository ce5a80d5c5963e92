// The Profile page's account forms: change the password, sign out everywhere else. Any signed-in user, for their
// own account only (the backend acts on this request's session, never on an id from the form).
import { changePasswordSchema, SET_LOCALE_INTENT, uiLocaleSchema } from "~/domain/accounts";
import { messagesFor } from "~/platform/page/locale";
import { plural } from "~/i18n";
import { guardPasswordCheck } from "~/features/accounts/account-guard.server";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { currentSessionKey, tellSwitchboardSessionsEnded } from "~/features/calls/switchboard.server";
import { redirectWithToast } from "~/request/toast.server";
import { redirect } from "react-router";

export async function changePassword({ request, app, formData, user, messages }: IntentInput) {
  const t = messages.accounts;
  const intent = "change-password";
  const form = parseFormData(formData, changePasswordSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent });

  // Wrong current passwords count as failed sign-ins of the account: a stolen session cannot guess its way to
  // the password here any faster than at /Login.
  const { guard, device, retryAfterSeconds } = await guardPasswordCheck(app, request, user.email, { actor: user.email, detail: "password change" });
  if (retryAfterSeconds !== null) {
    return formFailure({ formError: messages.auth.accountLocked, intent }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
  }

  const result = await app.backend.auth.changePassword(form.data);
  if (!result.ok) {
    if (result.reason === "signed-out") throw redirect("/Login?redirectTo=%2FDashboard%2FProfile");
    await guard.signInFailed(device);
    await recordSecurityEvent(app, request, { kind: "password-change-failed", account: user.email, actor: user.email, detail: "wrong current password" });
    return formFailure({ errors: { currentPassword: t.password.wrongCurrent }, intent });
  }
  await tellSwitchboardSessionsEnded(app.cloudflare.env, user.email, { allBut: await currentSessionKey(app.backend) });
  await recordSecurityEvent(app, request, { kind: "password-changed", account: user.email, actor: user.email });
  return redirectWithToast("/Dashboard/Profile#change-password", { type: "success", message: t.password.changed }, { request, config: app.config });
}

export async function signOutOthers({ request, app, user, messages }: IntentInput) {
  const t = messages.accounts;
  const ended = await app.backend.auth.signOutOthers();
  await tellSwitchboardSessionsEnded(app.cloudflare.env, user.email, { allBut: await currentSessionKey(app.backend) });
  await recordSecurityEvent(app, request, { kind: "other-sessions-ended", account: user.email, actor: user.email, detail: String(ended) });
  const message = ended > 0 ? plural(user.locale, t.sessions.othersEnded, ended) : t.sessions.onlyThisOne;
  return redirectWithToast("/Dashboard/Profile#your-sessions", { type: "success", message }, { request, config: app.config });
}

/** The dashboard language of the signed-in account; the toast already speaks the chosen language. */
export async function setUiLocale({ request, app, formData, messages }: IntentInput) {
  const form = parseFormData(formData, uiLocaleSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: SET_LOCALE_INTENT });
  const locale = form.data.locale;
  if (!(await app.backend.auth.setLocale(locale))) throw redirect("/Login");
  const message = messagesFor(locale).dashboard.uiLanguage.saved;
  return redirectWithToast("/Dashboard/Profile#ui-language", { type: "success", message }, { request, config: app.config });
}
