import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Form, useActionData, useLocation } from "react-router";
import { ConfirmDelete, EditActions, RowActions } from "~/components/RowActions";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { Field, FormAlert, SubmitButton } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { NAME_MAX_LENGTH, type Language } from "~/domain/people";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { failureToasts, load } from "~/request/page-loads.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { messagesFor, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/languages";
import { addLanguage, deleteLanguage, renameLanguage } from "~/features/people/languages.server";
import { appContext } from "~/request/context.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.people.languages.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const languages = await load("languages", () => appContext(args.context).backend.languages.list());
  const params = args.url.searchParams;
  return { languages, editId: params.get("edit"), deleteId: params.get("delete"), toasts: failureToasts(messagesFor(admin.locale), languages) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { create: addLanguage, update: renameLanguage, delete: deleteLanguage });
}

export default function Languages({ loaderData }: Route.ComponentProps) {
  const t = useMessages().people;
  const location = useLocation();
  const { languages, editId, deleteId } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const list = languages.ok ? languages.value : [];
  const adding = failure?.intent === "create" ? failure : null;
  const editing = failure?.intent === "update" && failure.id ? failure.id : editId;

  return (
    <>
      <h1>{t.languages.heading}</h1>
      <Panel id="add-language" heading={t.languages.addHeading}>
        <Form method="post" key={location.key} noValidate className="form form--inline" preventScrollReset>
          <Field label={t.languages.name} name="name" required maxLength={NAME_MAX_LENGTH} defaultValue={adding?.values.name} error={adding?.errors.name} />
          <SubmitButton label={t.languages.add} pendingLabel={t.languages.adding} intent="create" />
        </Form>
      </Panel>

      <Panel id="languages-list" heading={t.languages.listHeading}>
        <FormAlert message={failure?.intent !== "create" ? failure?.formError : null} />
        {languages.ok && list.length === 0 ? (
          <p className="empty-state">{t.languages.empty}</p>
        ) : (
          <DataTable labelledBy="languages-list" columns={[t.languages.name, t.fields.actions]}>
            {list.map((language) =>
              String(language.id) === editing ? (
                <EditLanguageRow key={language.id} language={language} failure={failure?.id === String(language.id) ? failure : null} />
              ) : (
                <LanguageRows key={language.id} language={language} confirming={String(language.id) === deleteId} />
              ),
            )}
          </DataTable>
        )}
      </Panel>
    </>
  );
}

function LanguageRows({ language, confirming }: { language: Language; confirming: boolean }) {
  const t = useMessages().people;
  return (
    <>
      <tr id={`language-${language.id}`} tabIndex={-1}>
        <th scope="row">
          <bdi>{language.name}</bdi>
        </th>
        <Cell label={t.fields.actions}>
          <RowActions id={language.id} name={language.name} />
        </Cell>
      </tr>
      {confirming && (
        <ConfirmDelete
          id={language.id}
          colSpan={2}
          rowAnchor={`language-${language.id}`}
          message={format(t.languages.confirmDelete, { name: language.name })}
        />
      )}
    </>
  );
}

/** Edit mode of a row: the name only (SPEC §4), non-empty after trimming. */
function EditLanguageRow({ language, failure }: { language: Language; failure: FormFailure | null }) {
  const t = useMessages().people;
  const formId = `edit-form-${language.id}`;
  const error = failure?.errors.name;
  return (
    <tr id={`edit-${language.id}`} tabIndex={-1} className="editing">
      <Cell>
        <Field
          layout="cell"
          id={`${formId}-name`}
          label={`${t.languages.name} (${language.name})`}
          form={formId}
          name="name"
          defaultValue={failure?.values.name ?? language.name}
          required
          maxLength={NAME_MAX_LENGTH}
          data-autofocus
          error={error}
        />
      </Cell>
      <Cell>
        <Form method="post" id={formId} noValidate preventScrollReset>
          <input type="hidden" name="id" value={language.id} />
        </Form>
        <EditActions formId={formId} rowAnchor={`language-${language.id}`} />
      </Cell>
    </tr>
  );
}
