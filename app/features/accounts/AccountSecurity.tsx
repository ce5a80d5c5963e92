// The Profile page's account sections: change password, and the account's sessions with "Sign out everywhere else".
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Form, useLocation } from "react-router";
import { Field, FormAlert, SubmitButton } from "~/components/forms";
import { describeUserAgent, type DeviceSession } from "~/domain/accounts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/auth";
import { format } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { OfficeTime } from "~/components/OfficeTime";
import { useMessages } from "~/platform/page/locale";

export function ChangePasswordForm({ failure }: { failure: FormFailure | null }) {
  const t = useMessages().accounts.password;
  const location = useLocation();
  return (
    <Panel id="change-password" heading={t.heading}>
      <p>{t.intro}</p>
      <FormAlert message={failure?.formError} />
      {/* A new key after every answer empties both password fields. */}
      <Form method="post" key={failure?.toast?.id ?? location.key} noValidate className="form" preventScrollReset>
        <Field
          label={t.current}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={failure?.errors.currentPassword}
        />
        <Field
          label={t.new}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={format(t.newHint, { min: PASSWORD_MIN_LENGTH })}
          error={failure?.errors.newPassword}
        />
        <SubmitButton label={t.submit} pendingLabel={t.pending} intent="change-password" />
      </Form>
    </Panel>
  );
}

export function SessionList({ sessions }: { sessions: DeviceSession[] }) {
  const t = useMessages().accounts.sessions;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Panel id="your-sessions" heading={t.heading}>
      <p>{t.intro}</p>
      {/* On a phone each session is a card; the page keeps the screen's width. */}
      <DataTable labelledBy="your-sessions" columns={[t.device, t.address, t.signedIn, t.lastUsed]}>
        {sessions.map((session) => (
          <tr key={session.key} aria-current={session.current ? "true" : undefined}>
            <th scope="row" title={session.userAgent ?? undefined}>
              {describeUserAgent(session.userAgent, t.deviceName) ?? t.unknownDevice}
              {session.current && <span className="status status--sent">{t.thisDevice}</span>}
            </th>
            <Cell label={t.address}>{session.address ? <bdi dir="ltr">{session.address}</bdi> : t.unknownAddress}</Cell>
            <Cell label={t.signedIn}>
              <OfficeTime at={session.signedInAt} />
            </Cell>
            <Cell label={t.lastUsed}>
              <OfficeTime at={session.lastUsedAt} />
            </Cell>
          </tr>
        ))}
      </DataTable>
      {others > 0 && (
        <Form method="post" className="form form--inline" preventScrollReset>
          <SubmitButton label={t.signOutOthers} pendingLabel={t.signingOut} intent="sign-out-others" />
        </Form>
      )}
    </Panel>
  );
}
