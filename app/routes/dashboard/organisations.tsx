// /Dashboard/Organisations (admins; issue 27): the customer organisations, searched and a page at a time (?q=&page=),
// and the form that adds one (its page opens next, to add customers and invite people).
import { Form, Link, useActionData, useLocation } from "react-router";
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { ListSearch } from "~/components/ListSearch";
import { Pagination } from "~/components/Pagination";
import { useActionToast } from "~/components/Toasts";
import { createOrganisation } from "~/features/accounts/organisations.server";
import { ORGANISATION_NAME_MAX_LENGTH, organisationQueryFrom } from "~/domain/organisations";
import { format, plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { failureToasts, load } from "~/request/page-loads.server";
import type { Route } from "./+types/organisations";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.organisations.list.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const query = organisationQueryFrom(args.url);
  const organisations = await load("the organisations", () => appContext(args.context).backend.organisations.list(query));
  return { query, organisations, toasts: failureToasts(messagesFor(admin.locale), organisations) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { create: createOrganisation });
}

export default function Organisations({ loaderData }: Route.ComponentProps) {
  const t = useMessages().organisations.list;
  const locale = useLocale();
  const location = useLocation();
  const { query, organisations } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const page = organisations.ok ? organisations.value : null;
  const list = page?.items ?? [];
  const field = formFields("organisation", failure?.intent === "create" ? failure : null);

  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <Panel id="add-organisation" heading={t.createHeading}>
        <Form method="post" key={location.key} noValidate className="form form--inline" preventScrollReset>
          <Field {...field("name")} label={t.name} required maxLength={ORGANISATION_NAME_MAX_LENGTH} />
          <SubmitButton label={t.create} pendingLabel={t.creating} intent="create" />
        </Form>
      </Panel>
      <Panel id="organisations-list" heading={t.listHeading} meta={page && plural(locale, t.count, page.total)}>
        <ListSearch id="organisation-search" label={t.search} search={query.search} />
        <FormAlert message={failure?.intent !== "create" ? failure?.formError : null} />
        {organisations.ok && list.length === 0 ? (
          <p className="empty-state">{query.search ? format(t.noMatches, { query: query.search }) : t.empty}</p>
        ) : (
          <DataTable labelledBy="organisations-list" columns={[t.columns.name, t.columns.customers, t.columns.people]}>
            {list.map((organisation) => (
              <tr key={organisation.id}>
                <th scope="row">
                  <Link to={`/Dashboard/Organisations/${organisation.id}`}>
                    <bdi>{organisation.name}</bdi>
                  </Link>
                </th>
                <Cell label={t.columns.customers}>{organisation.customers}</Cell>
                <Cell label={t.columns.people}>{organisation.people}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      {page && <Pagination page={page.page} pageCount={page.pageCount} anchor="organisations-list" label={t.pageLabel} />}
    </>
  );
}
