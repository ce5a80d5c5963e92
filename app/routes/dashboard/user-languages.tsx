import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Form, useActionData, useLocation } from "react-router";
import { Pagination } from "~/components/Pagination";
import { PersonField } from "~/features/people/PersonField";
import { ConfirmDelete, RowActions } from "~/components/RowActions";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { FormAlert, languageOptions, SelectField, SubmitButton } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { pageParam } from "~/domain/paging";
import { format } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { firstSuggestions } from "~/features/people/person-choice.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { messagesFor, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/user-languages";
import { addLink, deleteLink } from "~/features/people/user-languages.server";
import { appContext } from "~/request/context.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.people.links.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { backend } = appContext(args.context);
  // SPEC §7: users (id, full_name, email) and languages (id, name) for the choice, and the links — the people a few
  // at a time (a field with suggestions) and the links a page at a time (issue 23).
  const page = pageParam(args.url);
  const data = await load("interpreter languages", () => Promise.all([firstSuggestions(backend), backend.languages.list(), backend.links.page(page)]));
  return { data, deleteId: args.url.searchParams.get("delete"), toasts: failureToasts(messagesFor(admin.locale), data) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { create: addLink, delete: deleteLink });
}

export default function UserLanguages({ loaderData }: Route.ComponentProps) {
  const t = useMessages().people;
  const location = useLocation();
  const { data, deleteId } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const [people, languages, links] = data.ok ? data.value : [[], [], { items: [], total: 0, page: 1, pageCount: 1 }];
  const adding = failure?.intent === "create" ? failure : null;

  return (
    <>
      <h1>{t.links.heading}</h1>
      <Panel id="add-link" heading={t.links.addHeading}>
        <FormAlert message={adding?.formError} />
        <Form method="post" key={location.key} noValidate className="form form--inline" preventScrollReset>
          <PersonField
            id="link-userId"
            label={t.links.interpreter}
            name="userId"
            required
            hint={t.personField.hint}
            suggestions={people}
            defaultValue={adding?.values.userId ?? ""}
            error={adding?.errors.userId}
          />
          <SelectField
            id="link-languageId"
            label={t.links.language}
            name="languageId"
            required
            defaultValue={adding?.values.languageId ?? ""}
            error={adding?.errors.languageId}
            placeholder={t.links.choose}
            options={languageOptions(languages)}
          />
          <SubmitButton label={t.links.add} pendingLabel={t.links.adding} intent="create" />
        </Form>
      </Panel>

      <Panel id="links-list" heading={t.links.listHeading}>
        <FormAlert message={failure?.intent === "delete" ? failure.formError : null} />
        {data.ok && links.items.length === 0 ? (
          <p className="empty-state">{t.links.empty}</p>
        ) : (
          <DataTable labelledBy="links-list" columns={[t.links.interpreter, t.links.language, t.fields.actions]}>
            {links.items.map((link) => {
              const name = `${link.userName} — ${link.languageName}`;
              return [
                <tr key={link.id} id={`link-${link.id}`} tabIndex={-1}>
                  <th scope="row">
                    <bdi>{link.userName}</bdi>
                  </th>
                  <Cell label={t.links.language}>
                    <bdi>{link.languageName}</bdi>
                  </Cell>
                  <Cell label={t.fields.actions}>
                    <RowActions id={link.id} name={name} canEdit={false} />
                  </Cell>
                </tr>,
                String(link.id) === deleteId && (
                  <ConfirmDelete
                    key={`confirm-${link.id}`}
                    id={link.id}
                    colSpan={3}
                    rowAnchor={`link-${link.id}`}
                    message={format(t.links.confirmDelete, { user: link.userName, language: link.languageName })}
                  />
                ),
              ];
            })}
          </DataTable>
        )}
        <Pagination page={links.page} pageCount={links.pageCount} anchor="links-list" />
      </Panel>
    </>
  );
}
