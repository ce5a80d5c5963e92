// /Dashboard/Jobs/Pay/<YYYY-MM> — the signed-in interpreter's statement of a month (issue 26, build item 6): each line
// of work in words with its amount and whether it was paid, then the totals. Only their own (the signed-in user's id);
// a month without a statement is a 404.
import { Link } from "react-router";
import { Panel } from "~/components/Panel";
import { MY_PAY_PATH } from "~/features/pay/pay-paths";
import { monthWords, StatementLines } from "~/features/pay/PayStatements";
import { statementOr404 } from "~/features/pay/statements.server";
import { format } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireStaff } from "~/request/guards.server";
import type { Route } from "./+types/my-pay-statement";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.pay.statement.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  const user = await requireStaff(args);
  return { statement: await statementOr404(appContext(args.context).backend, user.id, args.params.month) };
}

export default function MyPayStatement({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const locale = useLocale();
  const { statement } = loaderData;
  return (
    <>
      <p>
        <Link to={MY_PAY_PATH}>{m.pay.mine.heading}</Link>
      </p>
      <h1>{format(m.pay.statement.heading, { month: monthWords(locale, statement.month) })}</h1>
      <Panel id="statement-lines" heading={m.pay.statement.columns.work}>
        <StatementLines statement={statement} labelledBy="statement-lines" />
      </Panel>
    </>
  );
}
