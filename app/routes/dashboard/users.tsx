// /Dashboard/Dashboardusers: the sign-in accounts (role, last sign-in, lock), searched and a page at a time (?q=&page=),
// and the security log, newest first, page by page (?account=&events_before=).
// The spec's heading ("صفحة المستخدمين") stays the page's h1.
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Form, useActionData } from "react-router";
import { Pagination } from "~/components/Pagination";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { FormAlert, SelectField, SubmitButton } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { SecurityEventTable } from "~/features/accounts/SecurityEventTable";
import { ROLES } from "~/domain/auth";
import { accountQueryFrom, eventCursorFrom, SECURITY_EVENTS_SHOWN, type Account } from "~/domain/accounts";
import { keysetParam } from "~/domain/paging";
import { EMAIL_MAX_LENGTH } from "~/domain/auth";
import { format, localeAttributes, plural, specArabic } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { OfficeTime } from "~/components/OfficeTime";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/users";
import { changeRole, lockAccount, sendResetLink, unlockAccount } from "~/features/accounts/users.server";
import { ListSearch } from "~/components/ListSearch";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.users);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const backend = appContext(args.context).backend;
  const query = accountQueryFrom(args.url);
  // The security log's filter: an email, compared as the log stores it (lower case); its pages go by keyset.
  const account = (args.url.searchParams.get("account") ?? "").trim().toLowerCase().slice(0, EMAIL_MAX_LENGTH) || null;
  const before = eventCursorFrom(args.url);
  const [accounts, events] = await Promise.all([
    load("the accounts", () => backend.accounts.list(query)),
    // One more than a page, to know whether an older page exists.
    load("the security events", async () => {
      const rows = await backend.events.list({ account: account ?? undefined, before, limit: SECURITY_EVENTS_SHOWN + 1 });
      const page = rows.slice(0, SECURITY_EVENTS_SHOWN);
      const last = page.at(-1);
      return { page, older: rows.length > SECURITY_EVENTS_SHOWN && last ? keysetParam(last) : null };
    }),
  ]);
  return { me: admin.id, query, accounts, events, account, toasts: failureToasts(messagesFor(admin.locale), accounts, events) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { "set-role": changeRole, lock: lockAccount, unlock: unlockAccount, "send-reset": sendResetLink });
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const t = useMessages().accounts;
  const locale = useLocale();
  const { me, query, accounts, events, account } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const page = accounts.ok ? accounts.value : null;
  const list = page?.items ?? [];

  return (
    <>
      <h1 {...localeAttributes.ar}>{specArabic.dashboard.placeholders.users}</h1>
      <p>{t.users.intro}</p>
      <Panel id="accounts-list" heading={t.users.listHeading} meta={page && plural(locale, t.users.count, page.total)}>
        <ListSearch id="account-search" label={t.users.search} search={query.search} />
        <FormAlert message={failure?.formError} />
        {accounts.ok && list.length === 0 ? (
          <p className="empty-state">{query.search ? format(t.users.noMatches, { query: query.search }) : t.users.empty}</p>
        ) : (
          <DataTable labelledBy="accounts-list" columns={[t.users.name, t.users.email, t.users.role, t.users.lastSignIn, t.users.status, t.users.actions]}>
            {list.map((item) => (
              <AccountRow key={item.id} account={item} self={item.id === me} failure={failure?.id === item.id ? failure : null} />
            ))}
          </DataTable>
        )}
      </Panel>
      {page && <Pagination page={page.page} pageCount={page.pageCount} anchor="accounts-list" />}
      <SecurityEventTable
        events={events.ok ? events.value.page : []}
        older={events.ok ? events.value.older : null}
        account={account}
        emails={list.map((item) => item.email)}
      />
    </>
  );
}

function AccountRow({ account, self, failure }: { account: Account; self: boolean; failure: FormFailure | null }) {
  const t = useMessages();
  const u = t.accounts.users;
  const roleId = `role-${account.id}`;
  return (
    <tr id={`account-${account.id}`} tabIndex={-1}>
      <th scope="row">
        {account.fullName ? <bdi>{account.fullName}</bdi> : u.noName}
        {self && <span className="status status--sent">{u.you}</span>}
      </th>
      <Cell label={u.email}>
        <bdi dir="ltr">{account.email}</bdi>
      </Cell>
      <Cell label={u.role}>
        {self ? (
          t.dashboard.roles[account.role]
        ) : (
          <Form method="post" className="account-actions" preventScrollReset>
            <input type="hidden" name="id" value={account.id} />
            <SelectField
              layout="cell"
              id={roleId}
              label={format(u.changeRole, { email: account.email })}
              name="role"
              defaultValue={account.role}
              error={failure?.errors.role}
              options={ROLES.map((role) => ({ value: role, label: t.dashboard.roles[role] }))}
            />
            <SubmitButton
              label={u.saveRole}
              pendingLabel={u.savingRole}
              intent="set-role"
              accessibleName={format(u.saveRoleLabel, { email: account.email })}
              rowId={account.id}
              className="button--small"
            />
          </Form>
        )}
      </Cell>
      <Cell label={u.lastSignIn}>{account.lastSignInAt === null ? u.never : <OfficeTime at={account.lastSignInAt} />}</Cell>
      <Cell label={u.status}>
        <span className={`status ${account.locked ? "status--failed" : "status--sent"}`}>{account.locked ? u.locked : u.active}</span>
      </Cell>
      <Cell label={u.actions}>
        <div className="account-actions">
          {!self && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={account.id} />
              <SubmitButton
                intent={account.locked ? "unlock" : "lock"}
                label={account.locked ? u.unlock : u.lock}
                pendingLabel={u.working}
                accessibleName={format(account.locked ? u.unlockLabel : u.lockLabel, { email: account.email })}
                rowId={account.id}
                className={`button--small ${account.locked ? "" : "button--danger"}`}
              />
            </Form>
          )}
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={account.id} />
            <SubmitButton
              intent="send-reset"
              label={u.sendReset}
              pendingLabel={u.working}
              accessibleName={format(u.sendResetLabel, { email: account.email })}
              rowId={account.id}
              className="button--small"
            />
          </Form>
        </div>
      </Cell>
    </tr>
  );
}
