// A table of orders: the staff's list, a customer's orders and an interpreter's jobs show the same rows, each with
// the columns its readers may see (an interpreter never sees the customer or the price).
import { Link } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { OfficeTime } from "~/components/OfficeTime";
import { orderNumber, type JobSummary, type OrderSummary } from "~/domain/order-records";
import { formatAmount } from "~/domain/orders";
import { format, formatDate } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { StatusBadge } from "./OrderParts";

type Row = JobSummary & Partial<Pick<OrderSummary, "customer" | "quote" | "identityVerified">>;

type Props = {
  rows: Row[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  hrefOf: (id: number) => string;
  columns: { customer?: boolean; requested?: boolean; deadline?: boolean; quote?: boolean };
};

export function OrderTable({ rows, labelledBy, hrefOf, columns }: Props) {
  const t = useMessages().orders;
  const locale = useLocale();
  return (
    <DataTable
      labelledBy={labelledBy}
      columns={[
        t.list.order,
        columns.customer && t.fields.customer,
        t.fields.service,
        t.fields.languages,
        columns.requested && t.fields.requested,
        columns.deadline && t.fields.deadline,
        t.fields.status,
        columns.quote && t.list.quote,
      ]}
    >
      {rows.map((order) => (
        <tr key={order.id}>
          <th scope="row">
            <Link to={hrefOf(order.id)}>
              <bdi dir="ltr">{orderNumber(order.id)}</bdi>
            </Link>
          </th>
          {columns.customer && (
            <Cell label={t.fields.customer}>
              <bdi>{order.customer?.name}</bdi>
              {order.identityVerified === false && <span className="muted"> ({t.detail.notVerifiedShort})</span>}
              {order.customer?.company && (
                <>
                  <br />
                  <bdi className="muted">{order.customer.company}</bdi>
                </>
              )}
            </Cell>
          )}
          <Cell label={t.fields.service}>
            <bdi>{order.serviceTitle}</bdi>
          </Cell>
          <Cell label={t.fields.languages}>
            <bdi>{format(t.fields.languagePair, { source: order.sourceLanguage, targets: order.targetLanguages.join(", ") })}</bdi>
          </Cell>
          {columns.requested && (
            <Cell label={t.fields.requested}>
              <OfficeTime at={order.createdAt} />
            </Cell>
          )}
          {columns.deadline && (
            <Cell label={t.fields.deadline}>
              <time dateTime={order.deadline}>{formatDate(locale, order.deadline, { dateStyle: "medium" })}</time>
            </Cell>
          )}
          <Cell label={t.fields.status}>
            <StatusBadge status={order.status} />
          </Cell>
          {columns.quote && (
            <Cell label={t.list.quote}>
              {order.quote ? <bdi dir="ltr">{formatAmount(order.quote.amountMinor, order.quote.currency, locale)}</bdi> : t.list.notQuoted}
            </Cell>
          )}
        </tr>
      ))}
    </DataTable>
  );
}
