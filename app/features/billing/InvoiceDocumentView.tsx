// An issued invoice as its customer reads it (issue 26, build item 4; issue 27's /Account): the same words as its PDF
// (app/features/billing/invoice-document.ts), the PDF's link and a Print button, and "Pay now" while anything is open
// and Stripe is set up. The page around it is the route's (the private link's page, or the portal's).
import { Facts } from "~/components/Facts";
import { FormAlert, SubmitButton } from "~/components/forms";
import type { InvoiceDocument } from "~/domain/invoice-document";
import { format } from "~/i18n";
import { useMessages } from "~/platform/page/locale";
import { PrintButton } from "./PrintButton";

type Props = { document: InvoiceDocument; pdf: string; pay: { open: string } | null; thanks: boolean; formError?: string | null };

export function InvoiceDocumentView({ document, pdf, pay, thanks, formError }: Props) {
  const t = useMessages().billing.document;
  return (
    <>
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
          <FormAlert message={formError} />
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
    </>
  );
}
