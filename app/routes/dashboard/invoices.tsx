// /Dashboard/Invoices (admins, issue 26 build item 3; docs/decisions/0037): "Bill work" turns what there is to bill
// into priced items, "New draft" gathers a customer's month into a draft, and the invoices are listed below, a page at
// a time (?page=).
import { Link, useActionData } from "react-router";
import { FormAlert } from "~/components/forms";
import { Pagination } from "~/components/Pagination";
import { Panel } from "~/components/Panel";
import { useActionToast } from "~/components/Toasts";
import { BillWorkForm, DraftForm } from "~/features/billing/InvoiceForms";
import { InvoiceTable } from "~/features/billing/InvoiceTable";
import { INVOICES_CSV_PATH, PAYMENTS_CSV_PATH } from "~/features/billing/invoice-paths";
import { billWorkIntent, createDraftIntent, loadInvoices } from "~/features/billing/invoices.server";
import { plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { failureToasts } from "~/request/page-loads.server";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.billing.invoices.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { invoices, unpriced, unpaid } = await loadInvoices(appContext(args.context).backend, args.url);
  return { invoices, unpriced, unpaid, toasts: failureToasts(messagesFor(admin.locale), invoices) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { bill: billWorkIntent, draft: createDraftIntent });
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const t = useMessages().billing.invoices;
  const locale = useLocale();
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const page = loaderData.invoices.ok ? loaderData.invoices.value : null;
  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <FormAlert message={failure?.formError} />
      <Panel id="bill-work" heading={t.billWork.heading}>
        <BillWorkForm unpriced={loaderData.unpriced} unpaid={loaderData.unpaid} />
      </Panel>
      <Panel id="new-draft" heading={t.draft.heading}>
        <DraftForm failure={failure?.intent === "draft" ? failure : null} />
      </Panel>
      <Panel id="invoices-list" heading={t.list} meta={page && plural(locale, t.count, page.total)}>
        {page && page.items.length === 0 && <p className="empty-state">{t.empty}</p>}
        {page && page.items.length > 0 && (
          <>
            <p>
              <Link to={INVOICES_CSV_PATH} reloadDocument>
                {t.csv}
              </Link>{" "}
              ·{" "}
              <Link to={PAYMENTS_CSV_PATH} reloadDocument>
                {t.paymentsCsv}
              </Link>
            </p>
            <InvoiceTable invoices={page.items} labelledBy="invoices-list" />
            <Pagination page={page.page} pageCount={page.pageCount} anchor="invoices-list" label={t.pageLabel} />
          </>
        )}
      </Panel>
    </>
  );
}
