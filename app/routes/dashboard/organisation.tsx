// /Dashboard/Organisations/<id> (admins; issue 27): an organisation's customers (add one by e-mail), the people who
// sign in for it (remove one), the invitation form and the invitations still waiting, with their expiry.
import { data, Form, Link, useActionData, useLocation } from "react-router";
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { InvitationsTable, InviteForm, PeopleTable } from "~/features/accounts/OrganisationPeople";
import { addCustomer, invitePerson, removePerson, type OrganisationActor } from "~/features/accounts/organisations.server";
import { EMAIL_MAX_LENGTH } from "~/domain/auth";
import { positiveInt } from "~/domain/paging";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent, type IntentInput } from "~/request/intents.server";
import type { Route } from "./+types/organisation";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.organisations.detail.metaTitle);

/** The organisation of the address, or a 404 whatever the form sends. */
async function organisationOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = positiveInt(args.params.organisationId);
  const found = id === null ? null : await appContext(args.context).backend.organisations.get(id, Date.now());
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { organisation: await organisationOf(args) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const { id, name } = await organisationOf(args);
  const as = (handler: (actor: OrganisationActor) => Promise<unknown>) => (input: IntentInput) =>
    handler({ ...input, locale: admin.locale, organisation: { id, name }, by: admin.email, self: admin.id }) as Promise<Response>;
  return runIntent({ ...args, user: admin }, { "add-customer": as(addCustomer), invite: as(invitePerson), remove: as(removePerson) });
}

export default function Organisation({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const t = messages.organisations.detail;
  const location = useLocation();
  const { organisation } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const adding = failure?.intent === "add-customer" ? failure : null;
  const field = formFields("customer", adding);

  return (
    <>
      <p>
        <Link to="/Dashboard/Organisations">{t.back}</Link>
      </p>
      <h1>
        <bdi>{organisation.name}</bdi>
      </h1>
      <p>
        <Link to={`/Dashboard/Organisations/${organisation.id}/Interpreters`}>{messages.preferences.staff.title}</Link>
      </p>
      <Panel id="customers" heading={t.customersHeading}>
        <p>{t.customersIntro}</p>
        <FormAlert message={adding?.formError} />
        <Form method="post" key={location.key} noValidate className="form form--inline" preventScrollReset>
          <Field {...field("email")} label={t.customerEmail} type="email" required maxLength={EMAIL_MAX_LENGTH} />
          <SubmitButton label={t.addCustomer} pendingLabel={t.addingCustomer} intent="add-customer" />
        </Form>
        {organisation.customers.length === 0 ? (
          <p className="empty-state">{t.customersEmpty}</p>
        ) : (
          <DataTable labelledBy="customers" columns={[t.customerColumns.name, t.customerColumns.email]}>
            {organisation.customers.map((customer) => (
              <tr key={customer.id}>
                <th scope="row">
                  <Link to={`/Dashboard/Dashboardcustomers/${customer.id}`}>
                    <bdi>{customer.name}</bdi>
                  </Link>
                </th>
                <Cell label={t.customerColumns.email}>
                  <bdi dir="ltr">{customer.email}</bdi>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <PeopleTable people={organisation.people} self={null} failure={failure} />
      <InviteForm failure={failure} />
      <InvitationsTable invitations={organisation.invitations} />
    </>
  );
}
