// Actions of /Dashboard/UserLanguages: link an interpreter to a language, remove a link.
import { newLinkSchema, numericIdSchema } from "~/domain/people";
import { format } from "~/i18n";
import { listUrl } from "~/lib/url-state";
import { formFailure } from "~/lib/action-result.server";
import { parseFormData } from "~/lib/forms.server";
import type { IntentInput } from "~/lib/intents.server";
import { redirectWithToast } from "~/lib/toast.server";
import { tellSwitchboardAboutPerson } from "~/lib/switchboard.server";

export async function addLink({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.people.links;
  const form = parseFormData(formData, newLinkSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "create" });
  const result = await app.backend.links.link(form.data.userId, form.data.languageId);
  if (!result.ok) {
    const values = { userId: form.data.userId, languageId: String(form.data.languageId) };
    if (result.reason === "not-found") return formFailure({ values, formError: t.notFound, intent: "create" }, { status: 404 });
    // The database allows one link per (interpreter, language); say which one already exists.
    const names = await namesOf(app, form.data.userId, form.data.languageId);
    return formFailure({ values, formError: format(t.duplicate, names), intent: "create" }, { status: 409 });
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

async function namesOf(app: IntentInput["app"], userId: string, languageId: number) {
  const links = await app.backend.links.list();
  const link = links.find((item) => item.userId === userId && item.languageId === languageId);
  return { user: link?.userName ?? "", language: link?.languageName ?? "" };
}

/** What rings a person follows their links at once: an unlinked language stops ringing them (issue 21). */
async function languagesChanged(app: IntentInput["app"], userId: string, name: string) {
  const languages = await app.backend.links.forUser(userId);
  await tellSwitchboardAboutPerson(app.cloudflare.env, userId, { id: userId, name, languages: languages.map((language) => language.id) });
}
