// Actions of /Dashboard/Dashboardusers (admins only): change a role, lock or unlock an account, send a reset link.
// An administrator cannot change their own role or lock themselves: there is always one unlocked administrator
// (the one acting), and the backend refuses any change that would leave no administrator who can sign in.
import { listUrl } from "~/platform/page/url-state";
import { accountIdSchema, roleChangeSchema } from "~/domain/accounts";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { mailResetLink } from "~/features/accounts/password-reset.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { redirectWithToast } from "~/request/toast.server";
import { tellSwitchboardAboutPerson } from "~/features/calls/switchboard.server";
import { formText } from "~/platform/page/form-text";

const notFound = (t: IntentInput["messages"], intent: string) => formFailure({ formError: t.accounts.users.notFound, intent }, { status: 404 });
const ownAccount = (intent: string, id: string, message: string) => formFailure({ formError: message, intent, id }, { status: 403 });

export async function changeRole({ request, url, app, formData, user, messages }: IntentInput) {
  const t = messages.accounts.users;
  const intent = "set-role";
  const form = parseFormData(formData, roleChangeSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent, id: formText(formData, "id") });
  const { id, role } = form.data;
  if (id === user.id) return ownAccount(intent, id, t.cannotChangeOwnRole);

  const result = await app.backend.accounts.setRole(id, role);
  if (!result.ok) {
    if (result.reason === "not-found") return notFound(messages, intent);
    const email = (await app.backend.accounts.emailOf(id)) ?? "";
    return formFailure({ formError: format(t.lastAdmin, { email }), intent, id }, { status: 409 });
  }
  await recordSecurityEvent(app, request, { kind: "role-changed", account: result.email, actor: user.email, detail: `role: ${role}` });
  const message = format(t.roleChanged, { email: result.email, role: messages.dashboard.roles[role] });
  return redirectWithToast(listUrl(url, `account-${id}`), { type: "success", message }, { request, config: app.config });
}

async function setLocked({ request, url, app, formData, user, messages }: IntentInput, locked: boolean) {
  const t = messages.accounts.users;
  const intent = locked ? "lock" : "unlock";
  const form = parseFormData(formData, accountIdSchema);
  if (!form.ok) return notFound(messages, intent);
  if (form.data.id === user.id) return ownAccount(intent, form.data.id, t.cannotLockSelf);
  const result = await app.backend.accounts.setLocked(form.data.id, locked);
  if (!result.ok) return notFound(messages, intent);
  // A locked person's open incoming-call screen is closed and never rung again; a call they are in ends (issue 21).
  if (locked) await tellSwitchboardAboutPerson(app.cloudflare.env, form.data.id, null);
  await recordSecurityEvent(app, request, { kind: locked ? "account-locked" : "account-unlocked", account: result.email, actor: user.email });
  const message = format(locked ? t.lockedDone : t.unlockedDone, { email: result.email });
  return redirectWithToast(listUrl(url, `account-${form.data.id}`), { type: "success", message }, { request, config: app.config });
}

export const lockAccount = (input: IntentInput) => setLocked(input, true);
export const unlockAccount = (input: IntentInput) => setLocked(input, false);

export async function sendResetLink({ request, url, app, formData, user, messages }: IntentInput) {
  const t = messages.accounts.users;
  const intent = "send-reset";
  const form = parseFormData(formData, accountIdSchema);
  const email = form.ok ? await app.backend.accounts.emailOf(form.data.id) : null;
  if (!form.ok || !email) return notFound(messages, intent);
  const account = { id: form.data.id, email };
  const outcome = await mailResetLink({ app, request, email: account.email, actor: user.email });
  if (outcome === "no-account") return notFound(messages, intent);
  if (outcome === "capped") {
    return formFailure({ formError: format(t.resetNotSent, { email: account.email }), intent, id: account.id }, { status: 429 });
  }
  const message = format(t.resetSent, { email: account.email });
  return redirectWithToast(listUrl(url, `account-${account.id}`), { type: "success", message }, { request, config: app.config });
}
