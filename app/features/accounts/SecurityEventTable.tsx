// The security log on the Users page: newest first, a page at a time (keyset: ?events_before=), filterable by account (a GET form, so it works without
// JavaScript and the filter is in the URL).
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Form, Link, useLocation } from "react-router";
import { describeUserAgent, SECURITY_EVENTS_SHOWN, type SecurityEvent } from "~/domain/accounts";
import { EMAIL_MAX_LENGTH } from "~/domain/auth";
import { format } from "~/i18n";
import { OfficeTime } from "~/components/OfficeTime";
import { useMessages } from "~/platform/page/locale";
import { searchWith } from "~/platform/page/url-state";

/** `older`: where the next, older page starts (?events_before=), or null on the last page. */
type Props = { events: SecurityEvent[]; older: string | null; account: string | null; emails: string[] };

export function SecurityEventTable({ events, older, account, emails }: Props) {
  const messages = useMessages();
  const { search } = useLocation();
  const deep = new URLSearchParams(search).has("events_before");
  const t = messages.accounts.events;
  return (
    <Panel id="security-events" heading={t.heading}>
      <p>{format(t.intro, { max: SECURITY_EVENTS_SHOWN })}</p>
      <Form method="get" className="search-form" role="search" aria-label={t.heading} preventScrollReset>
        <label htmlFor="event-account">{t.filter}</label>
        <div className="search-form__row">
          <input
            id="event-account"
            name="account"
            type="search"
            list="account-emails"
            defaultValue={account ?? ""}
            maxLength={EMAIL_MAX_LENGTH}
            placeholder={t.allAccounts}
            autoComplete="off"
          />
          <datalist id="account-emails">
            {emails.map((email) => (
              <option key={email} value={email} />
            ))}
          </datalist>
          <button type="submit" className="button button--small">
            {t.apply}
          </button>
        </div>
      </Form>
      {events.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        <DataTable labelledBy="security-events" columns={[t.when, t.what, t.account, t.actor, t.address, t.browser]}>
          {events.map((event) => (
            <tr key={event.id}>
              <Cell label={t.when}>
                <OfficeTime at={event.at} />
              </Cell>
              <th scope="row">
                {t.kinds[event.kind] ?? event.kind}
                {event.detail && (
                  <span className="field__hint">
                    {" "}
                    (<bdi dir="ltr">{event.detail}</bdi>)
                  </span>
                )}
              </th>
              <Cell label={t.account}>{event.account ? <bdi dir="ltr">{event.account}</bdi> : "—"}</Cell>
              <Cell label={t.actor}>{event.actor ? <bdi dir="ltr">{event.actor}</bdi> : "—"}</Cell>
              <Cell label={t.address}>{event.address ? <bdi dir="ltr">{event.address}</bdi> : "—"}</Cell>
              <Cell label={t.browser} title={event.userAgent ?? undefined}>
                {describeUserAgent(event.userAgent, messages.accounts.sessions.deviceName) ?? "—"}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {(older || deep) && (
        <nav className="pagination" aria-label={t.pages}>
          {deep && <Link to={searchWith(search, { events_before: null }, "security-events")}>{t.newest}</Link>}
          {older && <Link to={searchWith(search, { events_before: older }, "security-events")}>{t.older}</Link>}
        </nav>
      )}
    </Panel>
  );
}
