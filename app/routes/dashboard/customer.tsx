// /Dashboard/Dashboardcustomers/<id> (admins): a customer's contact details, their billing currency (a form: issue 26)
// and their orders, a page at a time (?page=).
import { data, Link, useActionData } from "react-router";
import { FormAlert } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { CustomerCurrencyForm } from "~/features/billing/CustomerCurrencyForm";
import { customerCurrencyIntent } from "~/features/billing/customer-currency.server";
import { Pagination } from "~/components/Pagination";
import { OrderTable } from "~/features/orders/OrderTable";
import { formatAmount } from "~/domain/orders";
import { pageParam } from "~/domain/paging";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.customers);

async function customerOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = Number(args.params.customerId);
  const page = pageParam(new URL(args.request.url));
  const found = Number.isSafeInteger(id) && id > 0 ? await appContext(args.context).backend.orders.customer(id, page) : null;
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return customerOf(args);
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  // A customer who is not there is a 404 whatever the form sends, as their page is.
  const { customer } = await customerOf(args);
  return runIntent({ ...args, user: admin }, { currency: customerCurrencyIntent(customer.id, customer.name) });
}

export default function Customer({ loaderData }: Route.ComponentProps) {
  const t = useMessages().orders;
  const locale = useLocale();
  const { customer, orders } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  return (
    <>
      <p>
        <Link to="/Dashboard/Dashboardcustomers">{t.customers.back}</Link>
      </p>
      <h1>
        <bdi>{customer.name}</bdi>
      </h1>
      <FormAlert message={failure?.formError} />
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
          <dt>{t.customers.currency.label}</dt>
          <dd>
            <bdi dir="ltr">{customer.currency}</bdi>
          </dd>
        </dl>
      </section>
      <CustomerCurrencyForm currency={customer.currency} failure={failure} />
      <section aria-labelledby="their-orders" className="panel">
        <h2 id="their-orders">{t.customers.theirOrders}</h2>
        <OrderTable rows={orders.items} labelledBy="their-orders" hrefOf={(id) => `/Dashboard/Orders/${id}`} columns={{ requested: true, quote: true }} />
        <Pagination page={orders.page} pageCount={orders.pageCount} anchor="their-orders" />
      </section>
    </>
  );
}
