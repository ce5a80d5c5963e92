import type { InputHTMLAttributes } from "react";
import { Form, Link, useLocation } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { Field, FormAlert } from "~/components/forms";
import type { Interpreter, InterpreterPage, InterpreterQuery, InterpreterSort } from "~/domain/people";
import { GENDER_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/domain/people";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";
import { ConfirmDelete, EditActions, RowActions } from "~/components/RowActions";
import { searchWith } from "~/platform/page/url-state";

type Props = {
  page: InterpreterPage;
  query: InterpreterQuery;
  editId: string | null;
  deleteId: string | null;
  selfId: string;
  failure: FormFailure | null;
};

const COLUMNS = 6;

export function InterpreterTable({ page, query, editId, deleteId, selfId, failure }: Props) {
  const t = useMessages().people;
  // A failed save reopens its row in edit mode with what was typed.
  const editing = failure?.intent === "update" && failure.id ? failure.id : editId;
  return (
    <DataTable
      labelledBy="interpreters-list"
      caption={t.interpreters.listHeading}
      columns={[
        <SortableHeader column="name" label={t.fields.fullName} query={query} />,
        <SortableHeader column="email" label={t.fields.email} query={query} />,
        t.fields.phone,
        t.fields.gender,
        t.fields.languages,
        t.fields.actions,
      ]}
    >
      {page.items.map((person) =>
        person.id === editing ? (
          <EditRow key={person.id} person={person} failure={failure?.id === person.id ? failure : null} />
        ) : (
          <ViewRows key={person.id} person={person} confirming={person.id === deleteId} isSelf={person.id === selfId} />
        ),
      )}
    </DataTable>
  );
}

function SortableHeader({ column, label, query }: { column: InterpreterSort; label: string; query: InterpreterQuery }) {
  const t = useMessages().people;
  const { search } = useLocation();
  const active = query.sort === column;
  const nextDirection = active && query.direction === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (query.direction === "asc" ? "ascending" : "descending") : "none"}>
      <Link
        to={searchWith(search, { sort: column, dir: nextDirection, page: null, edit: null, delete: null })}
        aria-label={format(t.interpreters.sortBy, { column: label })}
        className="sort-link"
        preventScrollReset
      >
        {label}
        <span aria-hidden="true">{active ? (query.direction === "asc" ? " ▲" : " ▼") : " ↕"}</span>
      </Link>
    </th>
  );
}

function ViewRows({ person, confirming, isSelf }: { person: Interpreter; confirming: boolean; isSelf: boolean }) {
  const t = useMessages().people;
  return (
    <>
      <tr id={`interpreter-${person.id}`} tabIndex={-1}>
        <th scope="row">
          {/* The person's own page: availability and credentials (issue 25). */}
          <Link to={`/Dashboard/Interpreter/${encodeURIComponent(person.id)}`}>
            <bdi>{person.fullName}</bdi>
          </Link>
        </th>
        <Cell label={t.fields.email}>
          <bdi dir="ltr">{person.email}</bdi>
        </Cell>
        <Cell label={t.fields.phone}>
          <bdi dir="ltr">{person.phone}</bdi>
        </Cell>
        <Cell label={t.fields.gender}>
          <bdi>{person.gender}</bdi>
        </Cell>
        <Cell label={t.fields.languages}>
          {person.languages.length ? <bdi>{person.languages.map((language) => language.name).join(", ")}</bdi> : t.interpreters.noLanguages}
        </Cell>
        <Cell label={t.fields.actions}>
          {/* An admin cannot delete their own account. */}
          <RowActions id={person.id} name={person.fullName} canDelete={!isSelf} />
        </Cell>
      </tr>
      {confirming && !isSelf && (
        <ConfirmDelete
          id={person.id}
          colSpan={COLUMNS}
          rowAnchor={`interpreter-${person.id}`}
          message={format(t.interpreters.confirmDelete, { name: person.fullName })}
        />
      )}
    </>
  );
}

/** Edit mode: the row's cells become fields of one form (SPEC §4: full_name, email, phone, Gender). */
function EditRow({ person, failure }: { person: Interpreter; failure: FormFailure | null }) {
  const t = useMessages().people;
  const formId = `edit-form-${person.id}`;
  const values = failure?.values;
  const errors = failure?.errors ?? {};
  const cell = (name: string, label: string, value: string, props: InputHTMLAttributes<HTMLInputElement> & { "data-autofocus"?: boolean } = {}) => (
    <Cell>
      <Field
        layout="cell"
        id={`${formId}-${name}`}
        label={`${label} (${person.fullName})`}
        form={formId}
        name={name}
        defaultValue={values?.[name] ?? value}
        required
        error={errors[name]}
        {...props}
      />
    </Cell>
  );
  return (
    <tr id={`edit-${person.id}`} tabIndex={-1} className="editing">
      {cell("full_name", t.fields.fullName, person.fullName, { maxLength: NAME_MAX_LENGTH, "data-autofocus": true })}
      {cell("email", t.fields.email, person.email, { type: "email" })}
      {cell("phone", t.fields.phone, person.phone, { type: "tel", maxLength: PHONE_MAX_LENGTH })}
      {cell("Gender", t.fields.gender, person.gender, { maxLength: GENDER_MAX_LENGTH })}
      <Cell label={t.fields.languages}>
        <bdi>{person.languages.map((language) => language.name).join(", ")}</bdi>
      </Cell>
      <Cell>
        <Form method="post" id={formId} noValidate preventScrollReset>
          <input type="hidden" name="id" value={person.id} />
        </Form>
        <EditActions formId={formId} rowAnchor={`interpreter-${person.id}`} />
        <FormAlert message={failure?.formError} />
      </Cell>
    </tr>
  );
}
