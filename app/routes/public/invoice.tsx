// /Invoice/<token> — the customer's private page of an invoice they were e-mailed (issue 26, build item 4): the same
// words as its PDF (one document makes both: app/features/billing/invoice-document.ts), the PDF's link and a Print
// button; printed, the page is the invoice alone (app/styles/print.css). Never indexed, never cached.
import type { HeadersFunction } from "react-router";
import { Facts } from "~/components/Facts";
import { invoiceDocumentOfLink } from "~/features/billing/invoice-link.server";
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
  const { document } = await invoiceDocumentOfLink(appContext(context), params.token, localeOfPath(url.pathname));
  return { document, pdf: `${url.pathname.replace(/\/$/, "")}/invoice.pdf` };
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const t = useMessages().billing.document;
  const { document, pdf } = loaderData;
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
      {document.footer.map((line) => (
        <p key={line} className="invoice-document__footer">
          {line}
        </p>
      ))}
    </main>
  );
}
