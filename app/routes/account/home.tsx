// /Account (issue 27): the requester's organisation's orders, appointments (upcoming first, or past), invoices (with
// what is still to pay) and the messages of its orders, each list with its own search and pages in the URL, so it works without JavaScript and a
// link keeps what it showed. Only the organisation's own rows are read (the store takes requireCustomer's organisation).
import { Link, useLocation } from "react-router";
import { Panel } from "~/components/Panel";
import { Pagination } from "~/components/Pagination";
import { formatAmount } from "~/domain/orders";
import { portalQueriesFrom } from "~/domain/portal";
import { AccountAppointmentTable, AccountInvoiceTable, AccountMessageTable } from "~/features/account/AccountLists";
import { SearchedList } from "~/features/account/SearchedList";
import { appointmentLine, invoiceLine, messageLine } from "~/features/account/portal-views";
import { OrderTable } from "~/features/orders/OrderTable";
import { format, plural } from "~/i18n";
import { useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { searchWith } from "~/platform/page/url-state";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/home";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const { portal } = appContext(args.context).backend;
  const query = portalQueriesFrom(args.url);
  const organisation = user.organisationId;
  const [orders, messages, appointments, invoices] = await Promise.all([
    portal.orders(organisation, query.orders),
    portal.messages(organisation, query.messages),
    portal.appointments(organisation, { ...query.appointments, now: Date.now() }),
    portal.invoices(organisation, query.invoices),
  ]);
  return {
    organisationName: user.organisationName,
    query,
    orders,
    messages: { ...messages, items: messages.items.map(messageLine) },
    appointments: { ...appointments, items: appointments.items.map(appointmentLine) },
    invoices: { ...invoices, items: invoices.items.map(invoiceLine) },
  };
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const t = useMessages();
  const a = t.account;
  const locale = useLocale();
  const href = useLocalizedPath();
  const { organisationName, query, orders, messages, appointments, invoices } = loaderData;
  const open = invoices.open.map((balance) => formatAmount(balance.openMinor, balance.currency, locale)).join(", ");
  return (
    <>
      <h1>
        <bdi>{format(a.home.heading, { organisation: organisationName })}</bdi>
      </h1>
      <p>{a.home.intro}</p>
      {/* The public forms and /Call know a signed-in requester: filled in, and what is sent is the organisation's. */}
      <nav aria-label={a.actions.label} className="portal-actions">
        <Link className="button" to={href("/Quote")}>
          {a.actions.quote}
        </Link>
        <Link className="button" to={href("/Book")}>
          {a.actions.book}
        </Link>
        <Link className="button button--ghost" to={href("/Call")}>
          {a.actions.call}
        </Link>
      </nav>

      <Panel id="account-orders" heading={a.orders.heading} meta={plural(locale, a.orders.count, orders.total)}>
        <SearchedList
          anchor="account-orders"
          words={{ ...a.orders, pages: a.pages.orders }}
          param="orders"
          pageParam="ordersPage"
          search={query.orders.search}
          list={orders}
        >
          <OrderTable
            rows={orders.items}
            labelledBy="account-orders"
            hrefOf={(id) => href(`/Account/Orders/${id}`)}
            columns={{ customer: true, requested: true, deadline: true, quote: true }}
          />
        </SearchedList>
      </Panel>

      <Panel id="account-messages" heading={a.messages.heading} meta={plural(locale, a.messages.count, messages.total)}>
        <SearchedList
          anchor="account-messages"
          words={{ ...a.messages, pages: a.pages.messages }}
          param="messages"
          pageParam="messagesPage"
          search={query.messages.search}
          list={messages}
        >
          <AccountMessageTable rows={messages.items} labelledBy="account-messages" />
        </SearchedList>
      </Panel>

      <Panel id="account-appointments" heading={a.appointments.heading} meta={plural(locale, a.appointments.count, appointments.total)}>
        <WhenChoice when={query.appointments.when} />
        <SearchedList
          anchor="account-appointments"
          words={{ ...a.appointments, pages: a.pages.appointments }}
          param="appointments"
          pageParam="appointmentsPage"
          search={query.appointments.search}
          list={appointments}
        >
          <AccountAppointmentTable rows={appointments.items} labelledBy="account-appointments" />
        </SearchedList>
      </Panel>

      <Panel id="account-invoices" heading={a.invoices.heading} meta={plural(locale, a.invoices.count, invoices.total)}>
        {invoices.total > 0 && <p>{open ? format(a.invoices.open, { amounts: open }) : a.invoices.nothingOpen}</p>}
        {invoices.items.length === 0 ? (
          <p className="empty-state">{a.invoices.empty}</p>
        ) : (
          <>
            <AccountInvoiceTable rows={invoices.items} labelledBy="account-invoices" />
            <Pagination page={invoices.page} pageCount={invoices.pageCount} anchor="account-invoices" param="invoicesPage" label={a.pages.invoices} />
          </>
        )}
      </Panel>
    </>
  );
}

/** Upcoming or past appointments: two links (the current one marked), keeping the rest of the page's URL state. */
function WhenChoice({ when }: { when: "upcoming" | "past" }) {
  const a = useMessages().account.appointments;
  const { search } = useLocation();
  return (
    <nav aria-label={a.when} className="account-when">
      {(["upcoming", "past"] as const).map((choice) => (
        <Link
          key={choice}
          to={searchWith(search, { when: choice === "upcoming" ? null : choice, appointmentsPage: null }, "account-appointments")}
          aria-current={when === choice ? "true" : undefined}
          className={when === choice ? "button button--small" : "button button--small button--ghost"}
        >
          {a[choice]}
        </Link>
      ))}
    </nav>
  );
}
