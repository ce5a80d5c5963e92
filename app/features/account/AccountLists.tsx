// The customer portal's lists (issue 27, /Account): a search box that keeps the page's other lists where they were,
// and the tables of an organisation's appointments, invoices and messages (its orders use the staff's OrderTable with
// the columns a customer may see). Each row's number links to its page under /Account, in the page's language.
import { Form, Link, useLocation } from "react-router";
import { Cell, DataTable } from "~/components/DataTable";
import { OfficeTime } from "~/components/OfficeTime";
import { appointmentNumber } from "~/domain/appointments";
import { orderNumber } from "~/domain/order-records";
import { COMPANY_TIME_ZONE, formatAmount } from "~/domain/orders";
import { format, formatDate } from "~/i18n";
import { useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { searchWith } from "~/platform/page/url-state";
import { appointmentWhen, durationText } from "~/features/appointments/appointment-text";
import type { AppointmentLine, InvoiceLine, MessageLine } from "./portal-views";

type SearchProps = {
  id: string;
  label: string;
  hint: string;
  /** The URL parameter of this list's search, and of its page (reset by a new search). */
  param: string;
  pageParam: string;
  value: string;
  /** The list's heading id: where the browser lands after searching. */
  anchor: string;
};

/** A GET form (works without JavaScript) that keeps the other lists' URL state. */
export function AccountSearch({ id, label, hint, param, pageParam, value, anchor }: SearchProps) {
  const t = useMessages().account;
  const { search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== param && name !== pageParam);
  return (
    <Form method="get" role="search" className="search-form" action={`#${anchor}`}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <div className="search-form__row">
        <input id={id} type="search" name={param} defaultValue={value} maxLength={100} aria-describedby={`${id}-hint`} />
        {kept.map(([name, kept]) => (
          <input key={name} type="hidden" name={name} value={kept} />
        ))}
        <button type="submit" className="button button--small">
          {t.search}
        </button>
        {value && (
          <Link to={searchWith(search, { [param]: null, [pageParam]: null }, anchor)} className="search-form__clear">
            {t.clear}
          </Link>
        )}
      </div>
    </Form>
  );
}

export function AccountAppointmentTable({ rows, labelledBy }: { rows: AppointmentLine[]; labelledBy: string }) {
  const t = useMessages();
  const c = t.account.appointments.columns;
  const locale = useLocale();
  const href = useLocalizedPath();
  return (
    <DataTable labelledBy={labelledBy} columns={[c.number, c.when, c.language, c.mode, c.contact, c.status]}>
      {rows.map((appointment) => (
        <tr key={appointment.id}>
          <th scope="row">
            <Link to={href(`/Account/Appointments/${appointment.id}`)}>
              <bdi dir="ltr">{appointmentNumber(appointment.id)}</bdi>
            </Link>
          </th>
          <Cell label={c.when}>
            <time dateTime={new Date(appointment.startsAt).toISOString()}>{appointmentWhen(locale, appointment.startsAt)}</time>
            <br />
            <span className="muted">{durationText(t, appointment.minutes)}</span>
          </Cell>
          <Cell label={c.language}>
            <bdi>{appointment.language}</bdi>
          </Cell>
          <Cell label={c.mode}>{t.book.modes[appointment.mode]}</Cell>
          <Cell label={c.contact}>
            <bdi>{appointment.contactName}</bdi>
          </Cell>
          <Cell label={c.status}>
            <span className={`status-badge status-badge--${appointment.status}`}>{t.appointments.statuses[appointment.status]}</span>
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

export function AccountInvoiceTable({ rows, labelledBy }: { rows: InvoiceLine[]; labelledBy: string }) {
  const t = useMessages();
  const c = t.account.invoices.columns;
  const locale = useLocale();
  const href = useLocalizedPath();
  return (
    <DataTable labelledBy={labelledBy} columns={[c.number, c.issued, c.total, c.open, c.status]}>
      {rows.map((invoice) => (
        <tr key={invoice.id}>
          <th scope="row">
            <Link to={href(`/Account/Invoices/${invoice.id}`)}>
              <bdi dir="ltr">{invoice.number}</bdi>
            </Link>
          </th>
          <Cell label={c.issued}>{formatDate(locale, invoice.issuedAt, { dateStyle: "long", timeZone: COMPANY_TIME_ZONE })}</Cell>
          <Cell label={c.total}>{formatAmount(invoice.totalMinor, invoice.currency, locale)}</Cell>
          <Cell label={c.open}>{formatAmount(invoice.openMinor, invoice.currency, locale)}</Cell>
          <Cell label={c.status}>{t.billing.document.statuses[invoice.state]}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}

/** The messages of the organisation's orders, newest first: each links to its order's thread (OrderParts' #thread). */
export function AccountMessageTable({ rows, labelledBy }: { rows: MessageLine[]; labelledBy: string }) {
  const m = useMessages().account.messages;
  const c = m.columns;
  const href = useLocalizedPath();
  return (
    <DataTable labelledBy={labelledBy} columns={[c.order, c.from, c.when, c.message]}>
      {rows.map((message) => (
        <tr key={message.id}>
          <th scope="row">
            <Link to={`${href(`/Account/Orders/${message.orderId}`)}#thread`}>
              <bdi dir="ltr">{orderNumber(message.orderId)}</bdi>
            </Link>
          </th>
          <Cell label={c.from}>
            <bdi>{message.author === "customer" ? format(m.fromCustomer, { name: message.customerName }) : m.fromStaff}</bdi>
          </Cell>
          <Cell label={c.when}>
            <OfficeTime at={message.createdAt} />
          </Cell>
          <Cell label={c.message}>
            <span className="account-message" dir="auto">
              {message.body}
            </span>
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
