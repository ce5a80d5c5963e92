// What the staff's organisation page and an organisation admin's People page share (issue 27): the people who sign
// in for the organisation (each with a remove button, except the viewer), the invitation form, and the pending
// invitations with their expiry. Plain forms: they work without JavaScript.
import { Form, useLocation } from "react-router";
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { CheckboxField, Field, FormAlert, SubmitButton, formFields } from "~/components/forms";
import { OfficeTime } from "~/components/OfficeTime";
import { EMAIL_MAX_LENGTH } from "~/domain/auth";
import { ORGANISATION_NAME_MAX_LENGTH, type CustomerPerson, type PendingInvitation } from "~/domain/organisations";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

export function PeopleTable({ people, self, failure }: { people: CustomerPerson[]; self: string | null; failure: FormFailure | null }) {
  const t = useMessages().organisations;
  const d = t.detail;
  return (
    <Panel id="people" heading={d.peopleHeading}>
      <FormAlert message={failure?.intent === "remove" ? failure.formError : null} />
      {people.length === 0 ? (
        <p className="empty-state">{d.peopleEmpty}</p>
      ) : (
        <DataTable labelledBy="people" columns={[d.peopleColumns.name, d.peopleColumns.email, d.peopleColumns.role, d.peopleColumns.actions]}>
          {people.map((person) => (
            <tr key={person.accountId} id={`person-${person.accountId}`} tabIndex={-1}>
              <th scope="row">
                <bdi>{person.fullName}</bdi>
                {person.accountId === self && <span className="status status--sent">{t.people.you}</span>}
              </th>
              <Cell label={d.peopleColumns.email}>
                <bdi dir="ltr">{person.email}</bdi>
              </Cell>
              <Cell label={d.peopleColumns.role}>{person.isAdmin ? t.roles.admin : t.roles.member}</Cell>
              <Cell label={d.peopleColumns.actions}>
                {person.accountId !== self && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="accountId" value={person.accountId} />
                    <SubmitButton
                      intent="remove"
                      label={d.remove}
                      pendingLabel={d.removing}
                      accessibleName={format(d.removeLabel, { name: person.fullName })}
                      rowId={person.accountId}
                      rowField="accountId"
                      className="button--small button--danger"
                    />
                  </Form>
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}

export function InviteForm({ failure }: { failure: FormFailure | null }) {
  const t = useMessages().organisations.invite;
  const location = useLocation();
  const mine = failure?.intent === "invite" ? failure : null;
  const field = formFields("invite", mine);
  return (
    <Panel id="invite" heading={t.heading}>
      <p>{t.intro}</p>
      <FormAlert message={mine?.formError} />
      <Form method="post" key={location.key} noValidate className="form" preventScrollReset>
        <Field {...field("fullName")} label={t.fullName} required maxLength={ORGANISATION_NAME_MAX_LENGTH} autoComplete="off" />
        <Field {...field("email")} label={t.email} type="email" required maxLength={EMAIL_MAX_LENGTH} autoComplete="off" />
        <CheckboxField id="invite-isAdmin" name="isAdmin" label={t.isAdmin} defaultChecked={mine?.values.isAdmin === "on"} />
        <SubmitButton label={t.submit} pendingLabel={t.submitting} intent="invite" />
      </Form>
    </Panel>
  );
}

export function InvitationsTable({ invitations }: { invitations: PendingInvitation[] }) {
  const t = useMessages().organisations;
  const c = t.detail.invitationColumns;
  return (
    <Panel id="invitations" heading={t.detail.invitationsHeading}>
      {invitations.length === 0 ? (
        <p className="empty-state">{t.detail.invitationsEmpty}</p>
      ) : (
        <DataTable labelledBy="invitations" columns={[c.name, c.email, c.role, c.expires]}>
          {invitations.map((invitation) => (
            <tr key={`${invitation.email}-${invitation.createdAt}`}>
              <th scope="row">
                <bdi>{invitation.fullName}</bdi>
              </th>
              <Cell label={c.email}>
                <bdi dir="ltr">{invitation.email}</bdi>
              </Cell>
              <Cell label={c.role}>{invitation.isAdmin ? t.roles.admin : t.roles.member}</Cell>
              <Cell label={c.expires}>
                <OfficeTime at={invitation.expiresAt} />
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}
