// /Invoice/<token> — the customer's private page of an invoice they were e-mailed (issue 26, build item 4): the same
// words as its PDF (one document makes both: app/features/billing/invoice-document.ts), the PDF's link and a Print
// button; printed, the page is the invoice alone (app/styles/print.css). Never indexed, never cached.
import type { HeadersFunction } from "react-router";
import { formatAmount } from "~/domain/orders";
import { customerIdOfLink, invoiceDocumentOfLink, payInvoiceAction } from "~/features/billing/invoice-link.server";
import { signedInRequester } from "~/features/orders/signed-in-requester.server";
import { claimFromStatusPage } from "~/features/accounts/status-link-claims.server";
import { KeepRequestsPanel } from "~/features/accounts/KeepRequestsPanel";
import { CLAIM_INTENT } from "~/domain/customer-claims";
import { InvoiceDocumentView } from "~/features/billing/InvoiceDocumentView";
import { localeOfPath, messagesFor } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import type { Route } from "./+types/invoice";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = ({ location }) => [
  { title: messagesFor(localeOfPath(location.pathname)).billing.document.metaTitle },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const { document, openMinor, currency } = await invoiceDocumentOfLink(app, params.token, locale);
  return {
    document,
    pdf: `${url.pathname.replace(/\/$/, "")}/invoice.pdf`,
    // "Pay now" while anything is open and Stripe is set up; back from Stripe's page, ?paid=1 (the webhook records it).
    pay: app.config.stripe && openMinor > 0 ? { open: formatAmount(openMinor, currency, locale) } : null,
    thanks: url.searchParams.has("paid") && openMinor > 0,
    // "Create an account" is for people without one: a signed-in requester's invoices are under /Account already.
    claimable: (await signedInRequester(app.backend)) === null,
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const claimed = await claimFromStatusPage(app, request, locale, () => customerIdOfLink(app, params.token));
  if (claimed) return claimed;
  const pageUrl = `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  return payInvoiceAction({ request, app, locale, token: params.token, pageUrl });
}

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const claimFailure = actionData?.intent === CLAIM_INTENT;
  return (
    <main id="main" className="page container invoice-document">
      <InvoiceDocumentView {...loaderData} formError={claimFailure ? null : actionData?.formError} />
      {loaderData.claimable && <KeepRequestsPanel formError={claimFailure ? actionData.formError : null} />}
    </main>
  );
}
