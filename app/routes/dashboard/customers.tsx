// /Dashboard/Dashboardcustomers (admins): everyone who has asked for a quote, with their company, number of orders,
// accepted value and last order; search and pages in the URL. The spec's heading stays the h1.
import { Panel } from "~/components/Panel";
import { Cell, DataTable } from "~/components/DataTable";
import { Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { OfficeTime } from "~/components/OfficeTime";
import { customerQueryFrom } from "~/domain/order-records";
import { formatAmount } from "~/domain/orders";
import { isTextSearch, MIN_SEARCH_LENGTH } from "~/domain/paging";
import { format, localeAttributes, plural, specArabic } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/customers";
import { ListSearch } from "~/components/ListSearch";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.customers);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const query = customerQueryFrom(args.url);
  const page = await load("the customers", () => appContext(args.context).backend.orders.customers(query));
  return { query, page, toasts: failureToasts(messagesFor(admin.locale), page) };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const t = messages.orders;
  const locale = useLocale();
  const { query } = loaderData;
  const page = loaderData.page.ok ? loaderData.page.value : null;
  return (
    <>
      <h1 {...localeAttributes.ar}>{specArabic.dashboard.placeholders.customers}</h1>
      <p>{t.customers.intro}</p>
      <Panel id="customers-list" heading={messages.dashboard.customers} meta={page && plural(locale, t.customers.count, page.total)}>
        <ListSearch id="customer-search" label={t.customers.search} search={query.search} />
        {page && page.items.length === 0 ? (
          <p className="empty-state">
            {query.search && !isTextSearch(query.search)
              ? format(t.list.searchTooShort, { count: MIN_SEARCH_LENGTH })
              : query.search
                ? format(t.customers.noMatches, { query: query.search })
                : t.customers.empty}
          </p>
        ) : (
          page && (
            <>
              <DataTable
                labelledBy="customers-list"
                columns={[
                  messages.people.fields.fullName,
                  t.fields.company,
                  t.fields.email,
                  t.customers.orders,
                  t.customers.acceptedValue,
                  t.customers.lastOrder,
                ]}
              >
                {page.items.map((customer) => (
                  <tr key={customer.id}>
                    <th scope="row">
                      <Link to={`/Dashboard/Dashboardcustomers/${customer.id}`}>
                        <bdi>{customer.name}</bdi>
                      </Link>
                    </th>
                    <Cell label={t.fields.company}>
                      <bdi>{customer.company || t.customers.none}</bdi>
                    </Cell>
                    <Cell label={t.fields.email}>
                      <bdi dir="ltr">{customer.email}</bdi>
                    </Cell>
                    <Cell label={t.customers.orders}>{customer.orderCount}</Cell>
                    <Cell label={t.customers.acceptedValue}>
                      {customer.acceptedValue.length === 0
                        ? t.customers.none
                        : customer.acceptedValue.map((value, index) => (
                            <bdi key={value.currency} dir="ltr">
                              {index > 0 && ", "}
                              {formatAmount(value.amountMinor, value.currency, locale)}
                            </bdi>
                          ))}
                    </Cell>
                    <Cell label={t.customers.lastOrder}>{customer.lastOrderAt ? <OfficeTime at={customer.lastOrderAt} /> : t.customers.none}</Cell>
                  </tr>
                ))}
              </DataTable>
              <Pagination page={page.page} pageCount={page.pageCount} anchor="customers-list" />
            </>
          )
        )}
      </Panel>
    </>
  );
}
