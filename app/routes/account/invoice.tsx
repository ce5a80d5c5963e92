// /Account/Invoices/<id> (issue 27): one of the organisation's issued invoices as its private page shows it — the
// document, its PDF, Print, and "Pay now" through Stripe while anything is open (the private page's pieces and its
// Checkout session; Stripe sends the customer back here with ?paid=1 and the webhook records the payment). Another
// organisation's invoice, or a draft, is a 404.
import { Link } from "react-router";
import { formatAmount } from "~/domain/orders";
import { portalInvoiceOf } from "~/features/account/portal-records.server";
import { InvoiceDocumentView } from "~/features/billing/InvoiceDocumentView";
import { invoiceDocumentOf, payInvoice, withCustomer } from "~/features/billing/invoice-link.server";
import { localeOfPath, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/invoice";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const app = appContext(args.context);
  const locale = localeOfPath(args.url.pathname);
  const linked = await withCustomer(app, await portalInvoiceOf(app, user, args.params.invoiceId));
  const { document, openMinor, currency } = await invoiceDocumentOf(app, linked, locale);
  return {
    document,
    pdf: `${args.url.pathname.replace(/\/$/, "")}/invoice.pdf`,
    pay: app.config.stripe && openMinor > 0 ? { open: formatAmount(openMinor, currency, locale) } : null,
    thanks: args.url.searchParams.has("paid") && openMinor > 0,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args);
  const app = appContext(args.context);
  const { invoice } = await withCustomer(app, await portalInvoiceOf(app, user, args.params.invoiceId));
  const pageUrl = `${args.url.origin}${args.url.pathname.replace(/\/$/, "")}`;
  return payInvoice({ request: args.request, app, locale: localeOfPath(args.url.pathname), invoice, pageUrl });
}

export default function AccountInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages().account;
  const href = useLocalizedPath();
  return (
    <div className="invoice-document">
      <p>
        <Link to={`${href("/Account")}#account-invoices`}>{t.invoices.back}</Link>
      </p>
      <InvoiceDocumentView {...loaderData} formError={actionData?.formError} />
    </div>
  );
}
