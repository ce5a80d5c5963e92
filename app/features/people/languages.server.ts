// Actions of /Dashboard/Language: add, rename, delete. Names are trimmed and unique, ignoring case.
import { languageRenameSchema, newLanguageSchema, numericIdSchema } from "~/domain/people";
import { format } from "~/i18n";
import { listUrl } from "~/platform/page/url-state";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { tellSwitchboardLanguageDeleted } from "~/features/calls/switchboard.server";
import { formText } from "~/platform/page/form-text";

export async function addLanguage({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.languages;
  const form = parseFormData(formData, newLanguageSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "create" });
  const result = await app.backend.languages.create(form.data.name);
  if (!result.ok) {
    const message = format(t.duplicate, { name: form.data.name });
    return formFailure({ values: { name: form.data.name }, errors: { name: message }, intent: "create" }, { status: 409 });
  }
  return redirectWithToast(
    listUrl(url, "add-language"),
    { type: "success", message: format(t.added, { name: result.language.name }) },
    { request, config: app.config },
  );
}

export async function renameLanguage({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.languages;
  const form = parseFormData(formData, languageRenameSchema(messages));
  const id = formText(formData, "id");
  if (!form.ok) return formFailure({ ...form, intent: "update", id });
  const result = await app.backend.languages.rename(form.data.id, form.data.name);
  if (!result.ok) {
    return result.reason === "duplicate"
      ? formFailure(
          { values: { name: form.data.name }, errors: { name: format(t.duplicate, { name: form.data.name }) }, intent: "update", id },
          { status: 409 },
        )
      : formFailure({ formError: t.notFound, intent: "update" }, { status: 404 });
  }
  return redirectWithToast(
    listUrl(url, `language-${id}`),
    { type: "success", message: format(t.renamed, { name: form.data.name }) },
    { request, config: app.config },
  );
}

export async function deleteLanguage({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.languages;
  const form = parseFormData(formData, numericIdSchema);
  const result = form.ok ? await app.backend.languages.remove(form.data.id) : null;
  if (!form.ok || !result?.ok) return formFailure({ formError: t.notFound, intent: "delete" }, { status: 404 });
  // Its waiting callers are offered a callback at once; a call in it already answered goes on and is logged by name.
  await tellSwitchboardLanguageDeleted(app.cloudflare.env, form.data.id);
  return redirectWithToast(
    listUrl(url, "languages-list"),
    { type: "success", message: format(t.deleted, { name: result.name }) },
    { request, config: app.config },
  );
}
