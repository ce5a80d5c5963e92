// /Dashboard/Dashboardcustomers/<id> (admins): a customer's contact details and their orders, a page at a time (?page=).
import { data, Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { OrderTable } from "~/features/orders/OrderTable";
import { formatAmount } from "~/domain/orders";
import { pageParam } from "~/domain/paging";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.customers);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const id = Number(args.params.customerId);
  const page = pageParam(new URL(args.request.url));
  const found = Number.isSafeInteger(id) && id > 0 ? await appContext(args.context).backend.orders.customer(id, page) : null;
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
        <OrderTable rows={orders.items} labelledBy="their-orders" hrefOf={(id) => `/Dashboard/Orders/${id}`} columns={{ requested: true, quote: true }} />
        <Pagination page={orders.page} pageCount={orders.pageCount} anchor="their-orders" />
      </section>
    </>
  );
}
