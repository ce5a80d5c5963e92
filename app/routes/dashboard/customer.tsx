// /Dashboard/Dashboardcustomers/<id> (admins): a customer's contact details and their orders.
import { data, Link } from "react-router";
import { StatusBadge } from "~/components/orders/OrderParts";
import { orderNumber } from "~/domain/order-records";
import { formatAmount } from "~/domain/orders";
import { format } from "~/i18n";
import { appContext } from "~/lib/context.server";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireAdmin } from "~/lib/guards.server";
import { OfficeTime } from "~/components/OfficeTime";
import { useLocale, useMessages } from "~/lib/locale";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.customers);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const id = Number(args.params.customerId);
  const found = Number.isSafeInteger(id) && id > 0 ? await appContext(args.context).backend.orders.customer(id) : null;
  if (!found) throw data(null, { status: 404 });
  return found;
}

export default function Customer({ loaderData }: Route.ComponentProps) {
  const t = useMessages().orders;
  const locale = useLocale();
  const { customer, orders } = loaderData;
  return (
    <>
      <p>
        <Link to="/Dashboard/Dashboardcustomers">{t.customers.back}</Link>
      </p>
      <h1>
        <bdi>{customer.name}</bdi>
      </h1>
      <section aria-labelledby="contact-heading" className="panel">
        <h2 id="contact-heading">{t.customers.contact}</h2>
        <dl className="facts">
          <dt>{t.fields.email}</dt>
          <dd>
            <a href={`mailto:${customer.email}`} dir="ltr">
              {customer.email}
            </a>
          </dd>
          {customer.phone && (
            <>
              <dt>{t.fields.phone}</dt>
              <dd>
                <bdi dir="ltr">{customer.phone}</bdi>
              </dd>
            </>
          )}
          {customer.company && (
            <>
              <dt>{t.fields.company}</dt>
              <dd>
                <bdi>{customer.company}</bdi>
              </dd>
            </>
          )}
          <dt>{t.customers.acceptedValue}</dt>
          <dd>
            {customer.acceptedValue.length === 0
              ? t.customers.none
              : customer.acceptedValue.map((value) => formatAmount(value.amountMinor, value.currency, locale)).join(", ")}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="their-orders" className="panel">
        <h2 id="their-orders">{t.customers.theirOrders}</h2>
        <div className="table-scroll" role="region" aria-labelledby="their-orders" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t.list.order}</th>
                <th scope="col">{t.fields.service}</th>
                <th scope="col">{t.fields.languages}</th>
                <th scope="col">{t.fields.requested}</th>
                <th scope="col">{t.fields.status}</th>
                <th scope="col">{t.list.quote}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/Dashboard/Orders/${order.id}`}>
                      <bdi dir="ltr">{orderNumber(order.id)}</bdi>
                    </Link>
                  </th>
                  <td>
                    <bdi>{order.serviceTitle}</bdi>
                  </td>
                  <td>
                    <bdi>{format(t.fields.languagePair, { source: order.sourceLanguage, targets: order.targetLanguages.join(", ") })}</bdi>
                  </td>
                  <td>
                    <OfficeTime at={order.createdAt} />
                  </td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td>{order.quote ? <bdi dir="ltr">{formatAmount(order.quote.amountMinor, order.quote.currency, locale)}</bdi> : t.list.notQuoted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
