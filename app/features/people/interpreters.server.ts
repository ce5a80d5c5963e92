// The three actions of /Dashboard/Interpreter: add, save an edit, delete. Each answers with a redirect and
// a toast on success, or a 4xx with field messages (nothing stored) on bad input.
import { idSchema, interpreterUpdateSchema, newInterpreterSchema } from "~/domain/people";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import type { IntentInput } from "~/request/intents.server";
import type { CreateInterpreterResult } from "~/backend/port.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { redirectWithToast } from "~/request/toast.server";
import { listUrl } from "~/platform/page/url-state";
import { tellSwitchboardAboutPerson } from "~/features/calls/switchboard.server";
import { formText } from "~/platform/page/form-text";

/** SPEC §8's sign-up messages: the spec's prefix, then the reason in the page's language or the backend's words. */
function refusalOf(t: IntentInput["messages"]["people"]["interpreters"], result: Exclude<CreateInterpreterResult, { ok: true }>): string {
  switch (result.reason) {
    case "email-taken":
      return t.signUpError + t.emailTaken;
    case "users-row-taken":
      return t.usersTableError + t.usersRowTaken;
    case "sign-up":
      return t.signUpError + result.message;
    case "users-table":
      return t.usersTableError + result.message;
    case "missing-user-id":
      return t.missingUserId;
  }
}

export async function addInterpreter({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.interpreters;
  const form = parseFormData(formData, newInterpreterSchema(messages));
  if (!form.ok) {
    // SPEC §8: one alert when anything required is missing; the field messages say which.
    const missing = ["full_name", "Gender", "email", "phone", "password"].some((field) => !formText(formData, field).trim());
    return formFailure({ ...form, intent: "create", formError: missing ? messages.people.requiredFields : null });
  }
  const { full_name, Gender, email, phone, password } = form.data;
  try {
    const result = await app.backend.interpreters.create({ fullName: full_name, gender: Gender, email, phone, password });
    if (result.ok) {
      return redirectWithToast(listUrl(url, "add-interpreter"), { type: "success", message: t.added + result.id }, { request, config: app.config });
    }
    const formError = refusalOf(t, result);
    return formFailure({ values: keptValues(formData), formError, intent: "create" }, { status: 409 });
  } catch (error) {
    console.error("Adding an interpreter failed:", error);
    const message = error instanceof Error ? error.message : String(error);
    return formFailure({ values: keptValues(formData), formError: t.unexpected + message, intent: "create" }, { status: 500 });
  }
}

export async function saveInterpreter({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.interpreters;
  const form = parseFormData(formData, interpreterUpdateSchema(messages));
  const id = formText(formData, "id");
  if (!form.ok) return formFailure({ ...form, intent: "update", id });
  const { full_name, Gender, email, phone } = form.data;
  const result = await app.backend.interpreters.update(id, { fullName: full_name, gender: Gender, email, phone });
  if (!result.ok) {
    return result.reason === "email-taken"
      ? formFailure({ values: keptValues(formData), errors: { email: t.emailInUse }, formError: t.emailInUse, intent: "update", id }, { status: 409 })
      : formFailure({ formError: t.notFound, intent: "update", id }, { status: 404 });
  }
  return redirectWithToast(
    listUrl(url, `interpreter-${id}`),
    { type: "success", message: format(t.saved, { name: full_name }) },
    { request, config: app.config },
  );
}

export async function deleteInterpreter({ request, url, app, formData, user: admin, messages }: IntentInput) {
  const t = messages.people.interpreters;
  const form = parseFormData(formData, idSchema);
  if (!form.ok) return formFailure({ formError: t.notFound, intent: "delete" }, { status: 404 });
  if (form.data.id === admin.id) return formFailure({ formError: t.cannotDeleteSelf, intent: "delete", id: admin.id }, { status: 403 });
  const result = await app.backend.interpreters.remove(form.data.id);
  if (!result.ok && result.reason === "has-pay") return formFailure({ formError: t.hasPay, intent: "delete", id: form.data.id }, { status: 409 });
  if (!result.ok) return formFailure({ formError: t.notFound, intent: "delete" }, { status: 404 });
  // Off the board at once: never rung again, and a call they are in ends and is logged (issue 21).
  await tellSwitchboardAboutPerson(app.cloudflare.env, form.data.id, null);
  await recordSecurityEvent(app, request, { kind: "account-deleted", account: result.email, actor: admin.email, detail: result.name });
  return redirectWithToast(
    listUrl(url, "interpreters-list"),
    { type: "success", message: format(t.deleted, { name: result.name }) },
    { request, config: app.config },
  );
}
