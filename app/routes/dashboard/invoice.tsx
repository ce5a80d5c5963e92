// /Dashboard/Invoices/<id> (admins, issue 26 build item 3; docs/decisions/0037): one invoice, each item in words in
// the page's language (made from its stored computation) with its amount; the totals once issued; and, for a draft,
// "Issue" at the version shown, so a draft changed in the meantime is shown again rather than issued unseen. An issued
// invoice has its payments, its credit notes and its sending.
import { data, Form, Link, useActionData, type ShouldRevalidateFunction } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { FormAlert, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { useActionToast } from "~/components/Toasts";
import type { Invoice } from "~/backend/port-invoices.server";
import { companyToday, formatAmount } from "~/domain/orders";
import { explainPriced } from "~/domain/pricing-words";
import { periodWords } from "~/features/billing/invoice-words";
import { INVOICES_PATH } from "~/features/billing/invoice-paths";
import { issueIntent } from "~/features/billing/invoices.server";
import { InvoiceSending } from "~/features/billing/InvoiceSending";
import { InvoicePayments } from "~/features/billing/InvoicePayments";
import { InvoiceCredits } from "~/features/billing/InvoiceCredits";
import { creditIntent } from "~/features/billing/invoice-credits.server";
import { recordPaymentIntent } from "~/features/billing/invoice-payments.server";
import { staffStateOf } from "~/features/billing/invoice-document";
import { invoiceCustomer, sendIntent } from "~/features/billing/invoice-sending.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.billing.invoices.heading);

const idOf = (param: string | undefined) => {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const id = idOf(args.params.invoiceId);
  const invoice = id === null ? null : await appContext(args.context).backend.invoices.get(id);
  if (!invoice) throw data(null, { status: 404 });
  const { backend } = appContext(args.context);
  const [customer, mails] = await Promise.all([invoiceCustomer(backend, invoice), invoice.status === "issued" ? backend.mail.forInvoice(invoice.id) : []]);
  // What the page shows of each e-mail (its body holds the link's slot, and is not the staff's to read).
  return {
    invoice,
    customer,
    mails: mails.map(({ id, to, subject, status, createdAt }) => ({ id, to, subject, status, createdAt })),
    today: companyToday(new Date()),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const id = idOf(args.params.invoiceId);
  // An invoice that is not there is a 404 whatever the form sends, as its page is.
  if (id === null || !(await appContext(args.context).backend.invoices.get(id))) throw data(null, { status: 404 });
  return runIntent({ ...args, user: admin }, { issue: issueIntent(id), send: sendIntent(id), payment: recordPaymentIntent(id), credit: creditIntent(id) });
}

/** A refused issue (409: changed in the meantime) shows the invoice as it is now, with or without JavaScript. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const m = useMessages();
  const t = m.billing.invoices;
  const locale = useLocale();
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  const { invoice, customer, mails, today } = loaderData;
  const money = (minor: number) => formatAmount(minor, invoice.currency, locale);
  return (
    <>
      <p>
        <Link to={INVOICES_PATH}>{t.back}</Link>
      </p>
      <h1>{invoice.number ?? t.draftNumber}</h1>
      <FormAlert message={failure?.formError} />
      <dl className="facts">
        <dt>{t.customer}</dt>
        <dd>
          <bdi>{customer?.name}</bdi> (<bdi>{customer?.email}</bdi>)
        </dd>
        <dt>{t.columns.period}</dt>
        <dd>{periodWords(m, locale, invoice)}</dd>
        <dt>{t.status}</dt>
        <dd>{t.statuses[staffStateOf({ ...invoice, sent: invoice.link !== null })]}</dd>
      </dl>
      <Panel id="invoice-items" heading={t.items}>
        {invoice.items.length === 0 ? <p className="empty-state">{t.noItems}</p> : <Items invoice={invoice} />}
        <dl className="facts">
          {invoice.status === "issued" ? (
            <>
              <dt>{t.subtotal}</dt>
              <dd>{money(invoice.subtotalMinor ?? 0)}</dd>
              <dt>{t.tax}</dt>
              <dd>{money(invoice.taxMinor ?? 0)}</dd>
              <dt>{t.total}</dt>
              <dd>{money(invoice.totalMinor ?? 0)}</dd>
            </>
          ) : (
            <>
              <dt>{t.itemsSum}</dt>
              <dd>{money(invoice.items.reduce((sum, item) => sum + item.amountMinor, 0))}</dd>
            </>
          )}
        </dl>
      </Panel>
      {invoice.status === "draft" && (
        <Panel id="issue" heading={t.issue.heading}>
          <p>{t.issue.intro}</p>
          <Form method="post" className="form" aria-labelledby="issue">
            <input type="hidden" name="basedOn" value={invoice.version} />
            <div className="form__actions">
              <SubmitButton label={t.issue.submit} pendingLabel={t.issue.pending} intent="issue" />
            </div>
          </Form>
        </Panel>
      )}
      {invoice.status === "issued" && <InvoicePayments invoice={invoice} today={today} failure={failure} />}
      {invoice.status === "issued" && <InvoiceCredits invoice={invoice} failure={failure} />}
      {invoice.status === "issued" && customer && <InvoiceSending invoice={invoice} customerEmail={customer.email} mails={mails} failure={failure} />}
    </>
  );
}

function Items({ invoice }: { invoice: Invoice }) {
  const m = useMessages();
  const locale = useLocale();
  const c = m.billing.invoices.itemColumns;
  return (
    <DataTable labelledBy="invoice-items" className="invoice-items" columns={[c.work, c.amount]}>
      {invoice.items.map((item) => (
        <tr key={item.id}>
          <th scope="row">
            {explainPriced({ amountMinor: item.amountMinor, currency: item.currency, rateLineId: item.rateLineId, computation: item.computation }, locale, m)}
          </th>
          <Cell label={c.amount}>{formatAmount(item.amountMinor, item.currency, locale)}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}
