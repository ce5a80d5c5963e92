// /Dashboard/Orders (admins): every quote request and order, with filters (status, service, language, requested
// days), search (the requester's name, e-mail or company, at least 3 characters; or an order number) and pages, all in the URL. The spec's heading stays the h1.
import { Panel } from "~/components/Panel";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { OrderTable } from "~/features/orders/OrderTable";
import { Field, languageOptions, SelectField } from "~/components/forms";
import { orderQueryFrom, type OrderQuery } from "~/domain/order-records";
import { ORDER_STATUSES } from "~/domain/orders";
import { isTextSearch, MIN_SEARCH_LENGTH } from "~/domain/paging";
import { format, localeAttributes, plural, specArabic } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.orders);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { backend } = appContext(args.context);
  const query = orderQueryFrom(args.url);
  const [page, services, languages] = await Promise.all([
    load("the orders", () => backend.orders.list(query)),
    load("the services", () => backend.content.services()),
    load("the languages", () => backend.languages.list()),
  ]);
  return {
    query,
    page,
    services: services.ok ? services.value.map(({ id, title }) => ({ id, title })) : [],
    languages: languages.ok ? languages.value : [],
    toasts: failureToasts(messagesFor(admin.locale), page, services, languages),
  };
}

const filtered = (query: OrderQuery) => Boolean(query.search || query.status || query.serviceId || query.languageId || query.from || query.to);

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const o = t.orders;
  const locale = useLocale();
  const { query, services, languages } = loaderData;
  const page = loaderData.page.ok ? loaderData.page.value : null;

  return (
    <>
      <h1 {...localeAttributes.ar}>{specArabic.dashboard.placeholders.orders}</h1>
      <p>{o.list.intro}</p>
      <Panel id="orders-list" heading={t.dashboard.orders} meta={page && plural(locale, o.list.count, page.total)}>
        <Form method="get" role="search" aria-label={o.list.filters} className="filters">
          <Field id="orders-q" label={o.list.search} name="q" type="search" defaultValue={query.search} maxLength={100} />
          <SelectField
            id="orders-status"
            label={o.fields.status}
            name="status"
            placeholder={o.list.anyStatus}
            options={ORDER_STATUSES.map((status) => ({ value: status, label: o.statuses[status] }))}
            defaultValue={query.status ?? ""}
          />
          <SelectField
            id="orders-service"
            label={o.fields.service}
            name="service"
            placeholder={o.list.anyService}
            options={services.map((service) => ({ value: String(service.id), label: service.title }))}
            defaultValue={query.serviceId ? String(query.serviceId) : ""}
          />
          <SelectField
            id="orders-language"
            label={o.fields.languages}
            name="language"
            placeholder={o.list.anyLanguage}
            options={languageOptions(languages)}
            defaultValue={query.languageId ? String(query.languageId) : ""}
          />
          <Field id="orders-from" label={o.list.from} name="from" type="date" defaultValue={query.from ?? ""} />
          <Field id="orders-to" label={o.list.to} name="to" type="date" defaultValue={query.to ?? ""} />
          <div className="filters__actions">
            <button type="submit" className="button button--small">
              {o.list.apply}
            </button>
            {filtered(query) && (
              <Link to="?" className="search-form__clear">
                {o.list.clear}
              </Link>
            )}
          </div>
        </Form>
        {page && page.items.length === 0 ? (
          <p className="empty-state">
            {query.search && !isTextSearch(query.search)
              ? format(o.list.searchTooShort, { count: MIN_SEARCH_LENGTH })
              : filtered(query)
                ? o.list.noMatches
                : o.list.empty}
          </p>
        ) : (
          page && (
            <>
              <OrderTable
                rows={page.items}
                labelledBy="orders-list"
                hrefOf={(id) => `/Dashboard/Orders/${id}`}
                columns={{ customer: true, requested: true, deadline: true, quote: true }}
              />
              <Pagination page={page.page} pageCount={page.pageCount} anchor="orders-list" />
            </>
          )
        )}
      </Panel>
    </>
  );
}
