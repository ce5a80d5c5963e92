// /Dashboard/Jobs/Pay — the signed-in interpreter's own pay statements (issue 26, build item 6): one a month, newest
// first, with its total, what is still to pay and whether it was paid. Only their own: the store is asked for the
// signed-in user's id, never one from the address.
import { Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { Panel } from "~/components/Panel";
import { myStatementPath } from "~/features/pay/pay-paths";
import { StatementTable } from "~/features/pay/PayStatements";
import { loadStatements } from "~/features/pay/statements.server";
import { plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import { failureToasts } from "~/request/page-loads.server";
import type { Route } from "./+types/my-pay";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.pay.mine.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  const statements = await loadStatements(appContext(args.context).backend, args.url, user.id);
  return { statements, toasts: failureToasts(messagesFor(user.locale), statements) };
}

export default function MyPay({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const t = m.pay.mine;
  const locale = useLocale();
  const page = loaderData.statements.ok ? loaderData.statements.value : null;
  return (
    <>
      <p>
        <Link to="/Dashboard/Jobs">{t.back}</Link>
      </p>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <Panel id="my-statements" heading={m.pay.jobs.heading} meta={page && plural(locale, m.pay.statements, page.total)}>
        {page && page.items.length === 0 && <p className="empty-state">{t.empty}</p>}
        {page && page.items.length > 0 && (
          <>
            <StatementTable statements={page.items} labelledBy="my-statements" linkOf={(statement) => myStatementPath(statement.month)} />
            <Pagination page={page.page} pageCount={page.pageCount} anchor="my-statements" label={m.pay.pageLabel} />
          </>
        )}
      </Panel>
    </>
  );
}
