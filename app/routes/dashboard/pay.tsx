// /Dashboard/Pay — every interpreter's monthly pay statements (admins; issue 26, build item 6): newest month first, a
// page at a time, or one month's (?month=YYYY-MM, a plain GET form that works without JavaScript); each links to the
// statement, where it is marked paid. The CSV for the accountant is linked here.
import { Form, Link } from "react-router";
import { Field } from "~/components/forms";
import { Pagination } from "~/components/Pagination";
import { Panel } from "~/components/Panel";
import { adminStatementPath, PAY_CSV_PATH, PAY_PATH } from "~/features/pay/pay-paths";
import { StatementTable } from "~/features/pay/PayStatements";
import { loadStatements, monthParam } from "~/features/pay/statements.server";
import { plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { failureToasts } from "~/request/page-loads.server";
import type { Route } from "./+types/pay";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.pay.admin.metaTitle);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const asked = args.url.searchParams.get("month");
  const month = monthParam(args.url);
  const statements = await loadStatements(appContext(args.context).backend, args.url, null);
  // A month typed wrong is said, and every month is shown.
  return { statements, month, asked: asked ?? "", invalid: Boolean(asked) && month === null, toasts: failureToasts(messagesFor(admin.locale), statements) };
}

export default function Pay({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const t = m.pay.admin;
  const locale = useLocale();
  const page = loaderData.statements.ok ? loaderData.statements.value : null;
  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <Panel id="pay-month" heading={t.filterHeading}>
        <Form method="get" className="form form--grid" aria-labelledby="pay-month">
          <Field
            name="month"
            label={t.month}
            hint={t.monthHint}
            type="month"
            placeholder="YYYY-MM"
            defaultValue={loaderData.asked}
            error={loaderData.invalid ? t.monthInvalid : undefined}
          />
          <div className="form__actions">
            <button type="submit" className="button">
              {t.show}
            </button>
            {loaderData.month && <Link to={PAY_PATH}>{t.everyMonth}</Link>}
          </div>
        </Form>
      </Panel>
      <Panel id="pay-statements" heading={t.heading} meta={page && plural(locale, m.pay.statements, page.total)}>
        {page && page.items.length === 0 && <p className="empty-state">{t.empty}</p>}
        {page && page.items.length > 0 && (
          <>
            <p>
              <Link to={PAY_CSV_PATH} reloadDocument>
                {t.export}
              </Link>
            </p>
            <StatementTable
              statements={page.items}
              labelledBy="pay-statements"
              linkOf={(statement) => adminStatementPath(statement.interpreterId, statement.month)}
              withInterpreter
            />
            <Pagination page={page.page} pageCount={page.pageCount} anchor="pay-statements" label={m.pay.pageLabel} />
          </>
        )}
      </Panel>
    </>
  );
}
