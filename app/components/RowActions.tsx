import { Form, Link, useLocation } from "react-router";
import { format } from "~/i18n";
import { useMessages } from "~/platform/page/locale";
import { SubmitButton } from "./forms";
import { searchWith } from "~/platform/page/url-state";

/** Edit and Delete links of a row in view mode (each opens its state through the URL). */
export function RowActions({ id, name, canEdit = true, canDelete = true }: { id: string | number; name: string; canEdit?: boolean; canDelete?: boolean }) {
  const t = useMessages().people;
  const { search } = useLocation();
  return (
    <div className="row-actions">
      {canEdit && (
        <Link to={searchWith(search, { edit: id, delete: null }, `edit-${id}`)} aria-label={format(t.editLabel, { name })} preventScrollReset>
          {t.edit}
        </Link>
      )}
      {canDelete && (
        <Link
          to={searchWith(search, { delete: id, edit: null }, `confirm-delete-${id}`)}
          aria-label={format(t.deleteLabel, { name })}
          className="row-actions__danger"
          preventScrollReset
        >
          {t.delete}
        </Link>
      )}
    </div>
  );
}

/** Save (submits the row's edit form) and Cancel (back to view mode, nothing written). */
export function EditActions({ formId, rowAnchor }: { formId: string; rowAnchor: string }) {
  const t = useMessages().people;
  const { search } = useLocation();
  return (
    <div className="row-actions">
      <SubmitButton form={formId} label={t.save} pendingLabel={t.saving} intent="update" className="button--small" />
      <Link to={searchWith(search, { edit: null }, rowAnchor)} preventScrollReset>
        {t.cancel}
      </Link>
    </div>
  );
}

/** The confirmation step of a delete: says what goes, then a real POST (intent=delete) or Cancel. */
export function ConfirmDeletePanel({ id, message, backAnchor }: { id: string | number; message: string; backAnchor: string }) {
  const t = useMessages().people;
  const { search } = useLocation();
  return (
    <div id={`confirm-delete-${id}`} role="group" aria-labelledby={`confirm-delete-${id}-text`} tabIndex={-1} className="confirm-delete">
      <p id={`confirm-delete-${id}-text`}>{message}</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={id} />
        <SubmitButton label={t.confirm} pendingLabel={t.deleting} intent="delete" className="button--danger button--small" />
        <Link to={searchWith(search, { delete: null }, backAnchor)} preventScrollReset>
          {t.cancel}
        </Link>
      </Form>
    </div>
  );
}

/** The confirmation as a table row under the row it deletes. */
export function ConfirmDelete({ id, message, colSpan, rowAnchor }: { id: string | number; message: string; colSpan: number; rowAnchor: string }) {
  return (
    <tr className="confirm-row">
      <td colSpan={colSpan}>
        <ConfirmDeletePanel id={id} message={message} backAnchor={rowAnchor} />
      </td>
    </tr>
  );
}
