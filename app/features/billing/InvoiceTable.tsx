// The Invoices list as a table: each invoice's number (or "Draft"), customer, period, how many items, its amount (the
// total once issued, the items' sum while a draft) and status. The number links to the invoice's page.
import { Link } from "react-router";
import type { InvoiceSummary } from "~/backend/port-invoices.server";
import { Cell, DataTable } from "~/components/DataTable";
import { formatAmount } from "~/domain/orders";
import { formatNumber } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { invoicePath } from "./invoice-paths";
import { staffStateOf } from "./invoice-document";
import { periodWords } from "./invoice-words";

export function InvoiceTable({ invoices, labelledBy }: { invoices: InvoiceSummary[]; labelledBy: string }) {
  const t = useMessages();
  const locale = useLocale();
  const i = t.billing.invoices;
  const c = i.columns;
  return (
    <DataTable labelledBy={labelledBy} className="invoice-table" columns={[c.number, c.customer, c.period, c.items, c.amount, c.status]}>
      {invoices.map((invoice) => (
        <tr key={invoice.id} id={`invoice-${invoice.id}`} data-status={invoice.status}>
          <th scope="row">
            <Link to={invoicePath(invoice.id)}>{invoice.number ?? i.draftNumber}</Link>
          </th>
          <Cell label={c.customer}>
            <bdi>{invoice.customerName}</bdi>
            <br />
            <bdi>{invoice.customerEmail}</bdi>
          </Cell>
          <Cell label={c.period}>{periodWords(t, locale, invoice)}</Cell>
          <Cell label={c.items}>{formatNumber(locale, invoice.itemCount)}</Cell>
          <Cell label={c.amount}>{formatAmount(invoice.totalMinor ?? invoice.itemsMinor, invoice.currency, locale)}</Cell>
          <Cell label={c.status}>{i.statuses[staffStateOf({ ...invoice, sent: invoice.sentAt !== null })]}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}
