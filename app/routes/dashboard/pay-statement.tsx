// /Dashboard/Pay/<interpreter>/<YYYY-MM> — one interpreter's statement of a month (admins; issue 26, build item 6):
// its lines in words with their amounts, the totals, and "Mark paid" for what is still to pay. The form names the
// lines and amount the page showed: a statement that gained a line since, or was paid meanwhile, answers 409 and is
// shown as it is now (with or without JavaScript), never marked paid unseen.
import { Form, Link, useActionData, type ShouldRevalidateFunction } from "react-router";
import { FormAlert, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { useActionToast } from "~/components/Toasts";
import { formatAmount } from "~/domain/orders";
import { PAY_PATH } from "~/features/pay/pay-paths";
import { monthWords, StatementLines } from "~/features/pay/PayStatements";
import { markPaidIntent, statementOr404 } from "~/features/pay/statements.server";
import { format } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import type { Route } from "./+types/pay-statement";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.pay.statement.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { statement: await statementOr404(appContext(args.context).backend, args.params.interpreterId, args.params.month) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  // A statement that is not there is a 404 whatever the form sends, as its page is.
  const statement = await statementOr404(appContext(args.context).backend, args.params.interpreterId, args.params.month);
  return runIntent({ ...args, user: admin }, { "mark-paid": markPaidIntent(statement.interpreterId, statement.month) });
}

/** A refused "Mark paid" (409: changed in the meantime) shows the statement as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export default function PayStatementPage({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const t = m.pay;
  const locale = useLocale();
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  const { statement } = loaderData;
  const toPay = statement.totalMinor - statement.paidMinor;
  return (
    <>
      <p>
        <Link to={PAY_PATH}>{t.admin.back}</Link>
      </p>
      <h1>{format(t.statement.heading, { month: monthWords(locale, statement.month) })}</h1>
      <dl className="facts">
        <dt>{t.columns.interpreter}</dt>
        <dd>
          <bdi>{statement.interpreterName}</bdi> (<bdi>{statement.interpreterEmail}</bdi>)
        </dd>
      </dl>
      <FormAlert message={failure?.formError} />
      <Panel id="statement-lines" heading={t.statement.columns.work}>
        <StatementLines statement={statement} labelledBy="statement-lines" />
      </Panel>
      {toPay > 0 && (
        <Panel id="mark-paid" heading={t.markPaid.heading}>
          <p>{format(t.markPaid.intro, { amount: formatAmount(toPay, statement.currency, locale) })}</p>
          <Form method="post" className="form" aria-labelledby="mark-paid">
            <input type="hidden" name="itemCount" value={statement.itemCount} />
            <input type="hidden" name="toPayMinor" value={toPay} />
            <div className="form__actions">
              <SubmitButton label={t.markPaid.submit} pendingLabel={t.markPaid.pending} intent="mark-paid" />
            </div>
          </Form>
        </Panel>
      )}
    </>
  );
}
