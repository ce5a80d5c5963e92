// /Account/People and /ar/Account/People (an organisation's admin; issue 27): their colleagues who sign in, the
// invitation form (the staff's flow: the same e-mail, the same answer whether or not the address has an account) and
// the invitations waiting; remove a colleague (never themselves). Every call names the admin's own organisation, from
// their session, never from the form. The page's language is its address's, as the public pages' is.
import { data, useActionData } from "react-router";
import { useActionToast } from "~/components/Toasts";
import { InvitationsTable, InviteForm, PeopleTable } from "~/features/accounts/OrganisationPeople";
import { invitePerson, removePerson, type OrganisationActor } from "~/features/accounts/organisations.server";
import { BackendError } from "~/backend/port.server";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { appContext } from "~/request/context.server";
import { readForm } from "~/request/forms.server";
import { requireCustomer } from "~/request/guards.server";
import { errorReference } from "~/request/page-loads.server";
import { formText } from "~/platform/page/form-text";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { localeOfPath, messagesFor, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${messagesFor(localeOfPath(location.pathname)).organisations.people.metaTitle} — PUSH` },
  { name: "robots", content: "noindex" },
];

/** The signed-in organisation admin; any other requester gets 403 (staff already have, from requireCustomer). */
async function requireOrganisationAdmin(args: Route.LoaderArgs | Route.ActionArgs) {
  const user = await requireCustomer(args);
  if (!user.isOrganisationAdmin) throw data({ reason: "organisation-admins-only" }, { status: 403, statusText: "Forbidden" });
  return user;
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireOrganisationAdmin(args);
  const organisation = await appContext(args.context).backend.organisations.get(user.organisationId, Date.now());
  if (!organisation) throw data(null, { status: 404 });
  return { me: user.id, name: organisation.name, people: organisation.people, invitations: organisation.invitations };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireOrganisationAdmin(args);
  const locale = localeOfPath(args.url.pathname);
  const messages = messagesFor(locale);
  const formData = await readForm(args.request);
  if (!formData) return formFailure({ formError: messages.errors.notAForm }, { status: 400 });
  const intent = formText(formData, "intent");
  const handlers: Record<string, (actor: OrganisationActor) => Promise<unknown>> = { invite: invitePerson, remove: removePerson };
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return formFailure({ formError: messages.people.unknownIntent }, { status: 400 });
  const app = appContext(args.context);
  const organisation = { id: user.organisationId, name: user.organisationName };
  try {
    return (await handler({ request: args.request, url: args.url, app, formData, messages, locale, organisation, by: user.email, self: user.id })) as Response;
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    const reference = errorReference();
    console.error(`${args.url.pathname} ${intent} failed (reference ${reference}):`, error);
    return formFailure({ formError: format(messages.people.failed, { reference }), intent }, { status: 500 });
  }
}

export default function AccountPeople({ loaderData }: Route.ComponentProps) {
  const t = useMessages().organisations.people;
  const { me, name, people, invitations } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  return (
    <>
      <h1>{format(t.heading, { organisation: name })}</h1>
      <p>{t.intro}</p>
      <PeopleTable people={people} self={me} failure={failure} />
      <InviteForm failure={failure} />
      <InvitationsTable invitations={invitations} />
    </>
  );
}
