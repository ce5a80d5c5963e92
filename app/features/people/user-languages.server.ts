// Actions of /Dashboard/UserLanguages: link an interpreter to a language, remove a link.
import { newLinkSchema, numericIdSchema } from "~/domain/people";
import { format } from "~/i18n";
import { listUrl } from "~/platform/page/url-state";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { choosePerson, personFieldError } from "~/features/people/person-choice.server";
import { tellSwitchboardAboutPerson } from "~/features/calls/switchboard.server";

/** A person's id, as a picked option of older pages (and scripts) sends it. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function addLink({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.links;
  const form = parseFormData(formData, newLinkSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "create" });
  // The person field holds what was typed or picked (or an id): who it names.
  const values = { userId: form.data.userId, languageId: String(form.data.languageId) };
  const pick = await choosePerson(app.backend, form.data.userId);
  // An id that names nobody: the person was removed since the page was drawn.
  if (!pick.ok && ID.test(form.data.userId)) return formFailure({ values, formError: t.notFound, intent: "create" }, { status: 404 });
  if (!pick.ok) return formFailure({ values, errors: { userId: personFieldError(messages, form.data.userId, pick) }, intent: "create" });
  const person = pick.person;
  const result = await app.backend.links.link(person.id, form.data.languageId);
  if (!result.ok) {
    if (result.reason === "not-found") return formFailure({ values, formError: t.notFound, intent: "create" }, { status: 404 });
    // The database allows one link per (interpreter, language); say which one already exists.
    const language = (await app.backend.links.forUser(person.id)).find((item) => item.id === form.data.languageId)?.name ?? "";
    return formFailure({ values, formError: format(t.duplicate, { user: person.fullName, language }), intent: "create" }, { status: 409 });
  }
  const { userName: user, languageName: language } = result.link;
  await languagesChanged(app, result.link.userId, user);
  return redirectWithToast(listUrl(url, "add-link"), { type: "success", message: format(t.added, { user, language }) }, { request, config: app.config });
}

export async function deleteLink({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.links;
  const form = parseFormData(formData, numericIdSchema);
  const result = form.ok ? await app.backend.links.unlink(form.data.id) : null;
  if (!result?.ok) return formFailure({ formError: t.notFound, intent: "delete" }, { status: 404 });
  const { userName: user, languageName: language } = result.link;
  await languagesChanged(app, result.link.userId, user);
  return redirectWithToast(listUrl(url, "links-list"), { type: "success", message: format(t.deleted, { user, language }) }, { request, config: app.config });
}

/** What rings a person follows their links at once: an unlinked language stops ringing them (issue 21). */
async function languagesChanged(app: IntentInput["app"], userId: string, name: string) {
  const languages = await app.backend.links.forUser(userId);
  await tellSwitchboardAboutPerson(app.cloudflare.env, userId, { id: userId, name, languages: languages.map((language) => language.id) });
}
