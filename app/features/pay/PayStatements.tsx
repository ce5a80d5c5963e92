// Pay statements on the page (issue 26, build item 6): a list of statements (month, the interpreter for admins, lines,
// total, still to pay, status), and one statement's lines, each in words like an invoice line, with its amount and
// whether it was paid, then the totals.
import { Link } from "react-router";
import type { PayStatement, PayStatementSummary } from "~/backend/port-pay.server";
import { Cell, DataTable } from "~/components/DataTable";
import { companyToday, formatAmount } from "~/domain/orders";
import { explainPriced } from "~/domain/pricing-words";
import { format, formatDate, formatNumber, type Locale } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { statusOf } from "./pay-status";

/** "November 2026" / "نوفمبر 2026". */
export const monthWords = (locale: Locale, month: string) => formatDate(locale, `${month}-01`, { year: "numeric", month: "long" });

type ListProps = {
  statements: PayStatementSummary[];
  labelledBy: string;
  /** Where each statement's month links. */
  linkOf: (statement: PayStatementSummary) => string;
  /** Admins' list: each statement's interpreter too. */
  withInterpreter?: boolean;
};

export function StatementTable({ statements, labelledBy, linkOf, withInterpreter = false }: ListProps) {
  const m = useMessages();
  const locale = useLocale();
  const c = m.pay.columns;
  const columns = [c.month, ...(withInterpreter ? [c.interpreter] : []), c.lines, c.total, c.toPay, c.status];
  return (
    <DataTable labelledBy={labelledBy} className="pay-statements" columns={columns}>
      {statements.map((statement) => (
        <tr key={`${statement.interpreterId}-${statement.month}`} data-status={statusOf(statement)}>
          <th scope="row">
            <Link to={linkOf(statement)}>{monthWords(locale, statement.month)}</Link>
          </th>
          {withInterpreter && (
            <Cell label={c.interpreter}>
              <bdi>{statement.interpreterName}</bdi>
              <br />
              <bdi>{statement.interpreterEmail}</bdi>
            </Cell>
          )}
          <Cell label={c.lines}>{formatNumber(locale, statement.itemCount)}</Cell>
          <Cell label={c.total}>{formatAmount(statement.totalMinor, statement.currency, locale)}</Cell>
          <Cell label={c.toPay}>{formatAmount(statement.totalMinor - statement.paidMinor, statement.currency, locale)}</Cell>
          <Cell label={c.status}>{m.pay.status[statusOf(statement)]}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}

/** One statement: its lines in words, then its total, what was paid and what is still to pay. */
export function StatementLines({ statement, labelledBy }: { statement: PayStatement; labelledBy: string }) {
  const m = useMessages();
  const locale = useLocale();
  const t = m.pay.statement;
  const c = t.columns;
  const money = (minor: number) => formatAmount(minor, statement.currency, locale);
  const paidOn = (at: number) => format(t.paidOn, { date: formatDate(locale, companyToday(new Date(at))) });
  return (
    <>
      <DataTable labelledBy={labelledBy} className="pay-lines" columns={[c.work, c.day, c.amount, c.paid]}>
        {statement.items.map((item) => (
          <tr key={item.id} data-paid={item.paidAt !== null}>
            <th scope="row">{explainPriced(item, locale, m, "pay")}</th>
            <Cell label={c.day}>{formatDate(locale, item.workDay)}</Cell>
            <Cell label={c.amount}>{money(item.amountMinor)}</Cell>
            <Cell label={c.paid}>{item.paidAt === null ? t.notPaid : paidOn(item.paidAt)}</Cell>
          </tr>
        ))}
      </DataTable>
      <dl className="facts">
        <dt>{t.total}</dt>
        <dd>{money(statement.totalMinor)}</dd>
        <dt>{t.paid}</dt>
        <dd>{money(statement.paidMinor)}</dd>
        <dt>{t.toPay}</dt>
        <dd>{money(statement.totalMinor - statement.paidMinor)}</dd>
        <dt>{m.pay.columns.status}</dt>
        <dd>{m.pay.status[statusOf(statement)]}</dd>
      </dl>
    </>
  );
}
