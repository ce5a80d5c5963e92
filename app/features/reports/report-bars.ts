// The reports' figures as the bars of BarChart (issue 26, build item 7): grouped by currency, each with its words in
// the reader's language (amounts in the currency's minor digits, shares as percentages, months named). Pure.
import type { Report } from "~/backend/port-reports.server";
import type { Bar } from "~/components/BarChart";
import { formatAmount } from "~/domain/orders";
import { marginsByMonth, shareOf } from "~/domain/reports";
import { format, formatNumber, INTL_LOCALE, plural, type Locale, type Messages } from "~/i18n";

/** "Feb 2034" / "فبراير 2034" for the table; "Feb" / "فبراير" under its bar. */
export function monthWords(locale: Locale, month: string) {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  const words = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "UTC", ...options }).format(date);
  return { label: words({ month: "short", year: "numeric" }), tick: words({ month: "short" }) };
}

/** A name under its bar: long ones cut, the table has them whole. */
const tickOf = (name: string) => (name.length > 12 ? `${name.slice(0, 11)}…` : name);

/** The currencies of a report's revenue, in the order the store gave them. */
const currenciesOf = (lines: readonly { currency: string }[]) => [...new Set(lines.map((line) => line.currency))];

export type CurrencyBars = { currency: string; bars: Bar[] };

/** Revenue by month, one chart per currency: every month of the period, with nothing where there was none. */
export function revenueByMonthBars(report: Report, months: readonly string[], locale: Locale): CurrencyBars[] {
  return currenciesOf(report.revenueByMonth).map((currency) => ({
    currency,
    bars: months.map((month) => {
      const amount = report.revenueByMonth.find((line) => line.month === month && line.currency === currency)?.amountMinor ?? 0;
      return { ...monthWords(locale, month), value: amount, shown: formatAmount(amount, currency, locale) };
    }),
  }));
}

export function revenueByCustomerBars(report: Report, locale: Locale, t: Messages["reports"]["revenue"]): CurrencyBars[] {
  return currenciesOf(report.revenueByCustomer).map((currency) => ({
    currency,
    bars: report.revenueByCustomer
      .filter((line) => line.currency === currency)
      .map((line) => {
        const label = line.customerId === null ? plural(locale, t.others, line.customers) : (line.customerName ?? "");
        return { label, tick: tickOf(label), value: line.amountMinor, shown: formatAmount(line.amountMinor, currency, locale) };
      }),
  }));
}

export function revenueByLanguageBars(report: Report, locale: Locale, t: Messages["reports"]["revenue"]): CurrencyBars[] {
  return currenciesOf(report.revenueByLanguage).map((currency) => ({
    currency,
    bars: report.revenueByLanguage
      .filter((line) => line.currency === currency)
      .map((line) => {
        const label = line.language ?? t.noLanguage;
        return { label, tick: tickOf(label), value: line.amountMinor, shown: formatAmount(line.amountMinor, currency, locale) };
      }),
  }));
}

/** A share as a bar: its height the share (none when there is no whole), its words "2 of 3 (67%)" or `none`. */
function shareBar(locale: Locale, month: string, part: number, whole: number, words: (values: Record<string, string>) => string, none: string): Bar {
  const share = shareOf(part, whole);
  const shown =
    share === null
      ? none
      : words({ part: formatNumber(locale, part), whole: formatNumber(locale, whole), share: formatNumber(locale, share, { style: "percent" }) });
  return { ...monthWords(locale, month), value: share ?? 0, shown };
}

export function appointmentBars(report: Report, locale: Locale, t: Messages["reports"]["appointments"]): Bar[] {
  return report.appointments.map(({ month, counted, filled }) =>
    shareBar(locale, month, filled, counted, ({ part, whole, share }) => format(t.figure, { filled: part!, counted: whole!, share: share! }), t.none),
  );
}

export function callBars(report: Report, locale: Locale, t: Messages["reports"]["calls"]): Bar[] {
  return report.calls.map(({ month, calls, answered }) =>
    shareBar(locale, month, answered, calls, ({ part, whole, share }) => format(t.figure, { answered: part!, calls: whole!, share: share! }), t.none),
  );
}

/** Interpreter cost by month, one chart per currency: the bar is the cost; its words say the margin beside it. */
export function costBars(report: Report, months: readonly string[], locale: Locale, t: Messages["reports"]["cost"]): CurrencyBars[] {
  return marginsByMonth(report.revenueByMonth, report.costByMonth, months).map(({ currency, months: margins }) => ({
    currency,
    bars: margins.map(({ month, revenueMinor, costMinor, marginMinor }) => {
      const money = (minor: number) => formatAmount(minor, currency, locale);
      const share = shareOf(marginMinor, revenueMinor);
      const shown =
        share === null
          ? format(t.shownNoRevenue, { cost: money(costMinor), margin: money(marginMinor) })
          : format(t.shown, { cost: money(costMinor), margin: money(marginMinor), share: formatNumber(locale, share, { style: "percent" }) });
      return { ...monthWords(locale, month), value: costMinor, shown };
    }),
  }));
}
