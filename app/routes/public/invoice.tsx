// /Invoice/<token> — the customer's private page of an invoice they were e-mailed (issue 26, build item 4): the same
// words as its PDF (one document makes both: app/features/billing/invoice-document.ts), the PDF's link and a Print
// button; printed, the page is the invoice alone (app/styles/print.css). Never indexed, never cached.
import type { HeadersFunction } from "react-router";
import { Facts } from "~/components/Facts";
import { FormAlert, SubmitButton } from "~/components/forms";
import { formatAmount } from "~/domain/orders";
import { invoiceDocumentOfLink, payInvoiceAction } from "~/features/billing/invoice-link.server";
import { format } from "~/i18n";
import { PrintButton } from "~/features/billing/PrintButton";
import { localeOfPath, messagesFor, useMessages } from "~/platform/page/locale";
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
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const pageUrl = `${url.origin}${url.pathname.replace(/\/$/, "")}`;
  return payInvoiceAction({ request, app: appContext(context), locale: localeOfPath(url.pathname), token: params.token, pageUrl });
}

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages().billing.document;
  const { document, pdf, pay, thanks } = loaderData;
  return (
    <main id="main" className="page container invoice-document">
      <header className="invoice-document__company">
        <p className="invoice-document__name">{document.company.name}</p>
        {document.company.lines.map((line) => (
          <p key={line}>
            <bdi>{line}</bdi>
          </p>
        ))}
      </header>
      {thanks && (
        <p className="notice-panel" role="status">
          {t.thanks}
        </p>
      )}
      <h1>{document.title}</h1>
      <Facts items={document.facts.map((fact) => [fact.label, <bdi key={fact.label}>{fact.value}</bdi>])} />
      <p className="invoice-document__actions">
        <a className="button" href={pdf} download>
          {t.pdf}
        </a>
        <PrintButton label={t.print} />
      </p>
      <table className="invoice-document__lines">
        <caption className="visually-hidden">{document.title}</caption>
        <thead>
          <tr>
            <th scope="col">{document.columns.work}</th>
            <th scope="col">{document.columns.amount}</th>
          </tr>
        </thead>
        <tbody>
          {document.lines.map((line, index) => (
            <tr key={index}>
              <td>{line.words}</td>
              <td className="invoice-document__amount">{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice-document__totals">
        {document.totals.map((total) => (
          <div key={total.label}>
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </dl>
      {pay && (
        <section className="invoice-document__pay" aria-labelledby="pay-heading">
          <h2 id="pay-heading">{t.pay}</h2>
          <FormAlert message={actionData?.formError} />
          <p>{format(t.payIntro, { open: pay.open })}</p>
          <form method="post">
            <SubmitButton intent="pay" label={t.pay} pendingLabel={t.paying} />
          </form>
        </section>
      )}
      {document.footer.map((line) => (
        <p key={line} className="invoice-document__footer">
          {line}
        </p>
      ))}
    </main>
  );
}
