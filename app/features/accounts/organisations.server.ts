// Actions on customer organisations (issue 27): staff's (/Dashboard/Organisations and /Dashboard/Organisations/:id,
// admins only) and an organisation admin's (/Account/People, their own organisation only). Each validates with the
// shared schemas of domain/organisations.ts (400 with field messages, nothing stored) and names the organisation it
// acts on in every store call.
import { addCustomerSchema, invitationSchema, newOrganisationSchema, personIdSchema } from "~/domain/organisations";
import { format, type Locale, type Messages } from "~/i18n";
import { listUrl } from "~/platform/page/url-state";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { redirectWithToast } from "~/request/toast.server";
import { sendInvitation } from "./invitations.server";

/** Who acts on which organisation: staff on the page's, an organisation admin on their own. */
export type OrganisationActor = {
  request: Request;
  url: URL;
  app: RequestContext;
  formData: FormData;
  messages: Messages;
  locale: Locale;
  organisation: { id: number; name: string };
  /** The e-mail of whoever acts (stored as the inviter). */
  by: string;
  /** Their own account, which they may not remove. */
  self: string;
};

export async function createOrganisation({ request, app, formData, messages }: IntentInput) {
  const t = messages.organisations.list;
  const form = parseFormData(formData, newOrganisationSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "create" });
  const result = await app.backend.organisations.create(form.data.name, Date.now());
  if (!result.ok) {
    return formFailure(
      { values: { name: form.data.name }, errors: { name: format(t.nameTaken, { name: form.data.name }) }, intent: "create" },
      { status: 409 },
    );
  }
  return redirectWithToast(
    `/Dashboard/Organisations/${result.id}`,
    { type: "success", message: format(t.created, { name: form.data.name }) },
    { request, config: app.config },
  );
}

export async function addCustomer({ request, url, app, formData, messages, organisation }: OrganisationActor) {
  const t = messages.organisations.detail;
  const form = parseFormData(formData, addCustomerSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "add-customer" });
  const result = await app.backend.organisations.addCustomer(organisation.id, form.data.email);
  if (!result.ok) {
    if (result.reason === "not-found") return formFailure({ formError: t.notFound, intent: "add-customer" }, { status: 404 });
    const message = format(t.noCustomer, { email: form.data.email });
    return formFailure({ values: keptValues(formData), errors: { email: message }, intent: "add-customer" }, { status: 404 });
  }
  const message = format(t.customerAdded, { name: result.name, organisation: organisation.name });
  return redirectWithToast(listUrl(url, "customers"), { type: "success", message }, { request, config: app.config });
}

/** The same answer whether or not the e-mail already has an account: the form reveals nothing. */
export async function invitePerson({ request, url, app, formData, messages, locale, organisation, by }: OrganisationActor) {
  const form = parseFormData(formData, invitationSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "invite" });
  const origin = app.config.siteUrl ?? url.origin;
  const sent = await sendInvitation(app, { organisationId: organisation.id, ...form.data, by }, { organisationName: organisation.name, origin, locale });
  if (!sent) return formFailure({ formError: messages.organisations.detail.notFound, intent: "invite" }, { status: 404 });
  await recordSecurityEvent(app, request, { kind: "invitation-sent", account: form.data.email, actor: by, detail: organisation.name });
  const message = format(messages.organisations.invite.sent, { email: form.data.email });
  return redirectWithToast(listUrl(url, "invitations"), { type: "success", message }, { request, config: app.config });
}

export async function removePerson({ request, url, app, formData, messages, organisation, by, self }: OrganisationActor) {
  const t = messages.organisations.detail;
  const form = parseFormData(formData, personIdSchema);
  if (!form.ok) return formFailure({ formError: t.personNotFound, intent: "remove" }, { status: 404 });
  if (form.data.accountId === self) {
    return formFailure({ formError: messages.organisations.people.cannotRemoveSelf, intent: "remove", id: self }, { status: 403 });
  }
  const result = await app.backend.organisations.removePerson(organisation.id, form.data.accountId);
  if (!result.ok) return formFailure({ formError: t.personNotFound, intent: "remove" }, { status: 404 });
  await recordSecurityEvent(app, request, { kind: "requester-removed", account: result.email, actor: by, detail: organisation.name });
  return redirectWithToast(listUrl(url, "people"), { type: "success", message: format(t.removed, { name: result.fullName }) }, { request, config: app.config });
}
