// The reports' period (issue 26, build item 7; docs/decisions/0038): whole months on the company's calendar, chosen
// with ?from=YYYY-MM&to=YYYY-MM, the last 12 months by default. Pure: the URL and the moment in, the months out.
import { LATE_CANCELLATION_HOURS } from "./appointments";
import { companyToday, startOfCompanyDay } from "./orders";

/** The longest period a report covers: its charts keep a bar per month readable, and its reads bounded. */
export const REPORT_MAX_MONTHS = 24;
/** The default period: the last 12 months, this one included. */
export const REPORT_DEFAULT_MONTHS = 12;
/** The customers the revenue by customer names in each currency; the others are summed as one line. */
export const REPORT_TOP_CUSTOMERS = 8;
/**
 * An appointment cancelled at least this long before its start was cancelled before any interpreter was needed: the
 * share filled leaves it out. The company's late-cancellation window (a later cancellation is billed).
 */
export const REPORT_UNNEEDED_BEFORE_MS = LATE_CANCELLATION_HOURS * 3_600_000;

/** A month on the company's calendar: its name (YYYY-MM) and its instants [from, until). */
export type ReportMonth = { month: string; from: number; until: number };

export type ReportPeriod = {
  /** First and last month, YYYY-MM. */
  from: string;
  to: string;
  /** Its first and last day, YYYY-MM-DD (what the items' work days and the call log's filter are compared with). */
  firstDay: string;
  lastDay: string;
  months: ReportMonth[];
};

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month's index from year 0 (2026-01 → 2026 × 12), and back. */
const indexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthAt = (index: number) => `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;

/** A ?from= or ?to= month: YYYY-MM of a year 2000–9998 (whose next month still has four digits), or null. */
export function reportMonth(value: string | null): string | null {
  const match = value === null ? null : MONTH.exec(value);
  return match && Number(match[1]) >= 2000 && Number(match[1]) <= 9998 ? value : null;
}

/** The days of a month (28–31). */
const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/**
 * The period a report's URL asks for. A month missing or unreadable takes its default (to: this month; from: 11
 * months before `to`); from after to is swapped; a period longer than REPORT_MAX_MONTHS keeps its last months.
 */
export function reportPeriodFrom(url: URL, now: Date): ReportPeriod {
  const thisMonth = companyToday(now).slice(0, 7);
  let to = reportMonth(url.searchParams.get("to")) ?? thisMonth;
  let from = reportMonth(url.searchParams.get("from")) ?? monthAt(indexOf(to) - (REPORT_DEFAULT_MONTHS - 1));
  if (from > to) [from, to] = [to, from];
  if (indexOf(to) - indexOf(from) >= REPORT_MAX_MONTHS) from = monthAt(indexOf(to) - (REPORT_MAX_MONTHS - 1));
  const months: ReportMonth[] = [];
  for (let index = indexOf(from); index <= indexOf(to); index++) {
    const month = monthAt(index);
    months.push({ month, from: startOfCompanyDay(`${month}-01`), until: startOfCompanyDay(`${monthAt(index + 1)}-01`) });
  }
  return { from, to, firstDay: `${from}-01`, lastDay: `${to}-${String(daysIn(to)).padStart(2, "0")}`, months };
}

/** The share of a whole, 0–1, or null when there is no whole (no bar rather than a division by zero). */
export const shareOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** An amount of a month in a currency, as the report sums it. */
export type MonthAmount = { month: string; currency: string; amountMinor: number };

/** A month's revenue, the interpreters' pay for its work, and what is left: revenue less cost (below zero at a loss). */
export type MonthMargin = { month: string; revenueMinor: number; costMinor: number; marginMinor: number };

/**
 * Interpreter cost and margin per currency (each currency with revenue or cost, in the order first met), every month
 * of the period in order, with 0 where there was none.
 */
export function marginsByMonth(
  revenue: readonly MonthAmount[],
  cost: readonly MonthAmount[],
  months: readonly string[],
): { currency: string; months: MonthMargin[] }[] {
  const amountOf = (lines: readonly MonthAmount[], month: string, currency: string) =>
    lines.find((line) => line.month === month && line.currency === currency)?.amountMinor ?? 0;
  const currencies = [...new Set([...revenue, ...cost].map((line) => line.currency))];
  return currencies.map((currency) => ({
    currency,
    months: months.map((month) => {
      const [revenueMinor, costMinor] = [amountOf(revenue, month, currency), amountOf(cost, month, currency)];
      return { month, revenueMinor, costMinor, marginMinor: revenueMinor - costMinor };
    }),
  }));
}
