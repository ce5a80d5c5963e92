// The admins' warning list (issue 25): credentials that expire within CREDENTIAL_WARNING_DAYS, soonest first, each
// with a link to the interpreter's page where a renewed one is recorded.
import { Link } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { Panel } from "~/components/Panel";
import { CREDENTIAL_WARNING_DAYS, type ExpiringCredential } from "~/domain/availability";
import { format, formatDate } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";

export function ExpiringCredentials({ items }: { items: ExpiringCredential[] }) {
  const locale = useLocale();
  const t = useMessages().availability.expiring;
  const days = { days: CREDENTIAL_WARNING_DAYS };
  return (
    <Panel id="expiring-credentials" heading={format(t.heading, days)}>
      {items.length === 0 ? (
        <p className="empty-state">{format(t.empty, days)}</p>
      ) : (
        <DataTable labelledBy="expiring-credentials" columns={[t.columns.interpreter, t.columns.credential, t.columns.expires]}>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <Link to={`/Dashboard/Interpreter/${encodeURIComponent(item.interpreter.id)}#credentials`}>
                  <bdi>{item.interpreter.name}</bdi>
                </Link>
              </th>
              <Cell label={t.columns.credential}>
                <bdi>{item.name}</bdi>
              </Cell>
              <Cell label={t.columns.expires}>
                <time dateTime={item.expiresOn}>{formatDate(locale, item.expiresOn, { dateStyle: "medium" })}</time>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}
