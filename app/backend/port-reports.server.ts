// The reports' part of the backend port (issue 26, build item 7; docs/decisions/0038): a period's figures, summed by
// the database (never every row read into the worker). Re-exported by port.server.ts. Callers have checked the admin
// guard. The definitions, in one place:
//   revenue   the amounts (before tax) of the items of issued invoices, by the day of their work, in their currency
//   filled    appointments starting in the period with an interpreter, of those starting in it that were not cancelled
//             REPORT_UNNEEDED_BEFORE_MS or more before their start
//   answered  calls requested in the period whose outcome is answered, of all those requested in it
//   cost      the amounts of interpreters' pay lines, by the month of their work, in their currency (paid or not)
import type { ReportMonth } from "~/domain/reports";

export type ReportQuery = {
  /** The items' work days, YYYY-MM-DD, both included. */
  firstDay: string;
  lastDay: string;
  /** The months of the period, in order: appointments and calls are counted in each. */
  months: readonly ReportMonth[];
  /** How many customers are named in each currency before the rest are summed. */
  topCustomers: number;
  /** An appointment cancelled at least this long before its start is left out of the share filled. */
  unneededBeforeMs: number;
};

/** An amount in a currency's minor units. */
export type Money = { currency: string; amountMinor: number };

export type Report = {
  /** Each month with revenue, by currency (months with none are absent), in month order then currency. */
  revenueByMonth: (Money & { month: string })[];
  /**
   * By currency, its largest customers (most first, then by id), then at most one line with customerId null summing
   * the rest (`customers` says how many).
   */
  revenueByCustomer: (Money & { customerId: number | null; customerName: string | null; customers: number })[];
  /** By currency, each language's revenue (most first); languageId null is work with no language (an order). */
  revenueByLanguage: (Money & { languageId: number | null; language: string | null })[];
  /** Every month of the period, in order: the appointments counted and those of them filled. */
  appointments: { month: string; counted: number; filled: number }[];
  /** Each month with interpreter pay, by currency (months with none are absent), in month order then currency. */
  costByMonth: (Money & { month: string })[];
  /** Every month of the period, in order: calls requested and those answered. */
  calls: { month: string; calls: number; answered: number }[];
};

export interface ReportStore {
  report(query: ReportQuery): Promise<Report>;
}
