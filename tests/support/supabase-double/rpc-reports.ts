// The reports' function (supabase/migrations/20261205000510_push_reports.sql; issue 26, ADR 0038), as the double runs
// it over its tables: revenue (before tax) of issued invoices' items in the period by month, customer (the first p_top
// of each currency, then the rest as one line) and language (one no longer found counts as none); per month of
// p_months, appointments counted (leaving out those cancelled p_unneeded_ms or more before their start) and filled
// (with an interpreter), and calls requested and answered. Registered in rpc.ts; its answer is the function's JSON.
import type { Args } from "./rpc-order-reads";
import type { Row } from "./schema";
import type { DoubleState } from "./state";

type Month = { month: string; from: number; until: number };
const ms = (value: unknown) => Date.parse(String(value));

/** Sums `amount_minor` by a key of each row, in first-seen order. */
function sumBy<K>(rows: Row[], keyOf: (row: Row) => K, same: (a: K, b: K) => boolean) {
  const sums: { key: K; amount: number }[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const found = sums.find((sum) => same(sum.key, key));
    if (found) found.amount += Number(row.amount_minor);
    else sums.push({ key, amount: Number(row.amount_minor) });
  }
  return sums;
}

const byCurrencyThen = (a: { currency: string }, b: { currency: string }) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);

export const REPORT_FUNCTIONS: Record<"push_report", (state: DoubleState, args: Args) => unknown> = {
  push_report(state, args) {
    const [first, last] = [String(args.p_first_day), String(args.p_last_day)];
    const top = Number(args.p_top);
    const issued = new Set(state.tables.invoices.filter((row) => row.status === "issued").map((row) => row.id));
    const items = state.tables.billable_items.filter(
      (row) => row.invoice_id !== null && issued.has(row.invoice_id) && String(row.work_day) >= first && String(row.work_day) <= last,
    );

    const revenueByMonth = sumBy(
      items,
      (row) => ({ month: String(row.work_day).slice(0, 7), currency: String(row.currency) }),
      (a, b) => a.month === b.month && a.currency === b.currency,
    )
      .map(({ key, amount }) => ({ ...key, amount_minor: amount }))
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byCurrencyThen(a, b)));

    const perCustomer = sumBy(
      items,
      (row) => ({ currency: String(row.currency), customer: Number(row.customer_id) }),
      (a, b) => a.currency === b.currency && a.customer === b.customer,
    ).sort((a, b) => byCurrencyThen(a.key, b.key) || b.amount - a.amount || a.key.customer - b.key.customer);
    const revenueByCustomer: Record<string, unknown>[] = [];
    for (const currency of [...new Set(perCustomer.map((sum) => sum.key.currency))]) {
      const ranked = perCustomer.filter((sum) => sum.key.currency === currency);
      for (const { key, amount } of ranked.slice(0, top)) {
        const customer = state.tables.customers.find((row) => row.id === key.customer);
        revenueByCustomer.push({ currency, customer_id: key.customer, customer_name: customer?.name ?? null, amount_minor: amount, customers: 1 });
      }
      const rest = ranked.slice(top);
      if (rest.length > 0)
        revenueByCustomer.push({
          ...{ currency, customer_id: null, customer_name: null },
          ...{ amount_minor: rest.reduce((sum, line) => sum + line.amount, 0), customers: rest.length },
        });
    }

    const languageOf = (row: Row) => state.tables.languages.find((language) => language.id === row.language_id) ?? null;
    const revenueByLanguage = sumBy(
      items,
      (row) => ({ currency: String(row.currency), language: languageOf(row) }),
      (a, b) => a.currency === b.currency && a.language?.id === b.language?.id,
    )
      .map(({ key, amount }) => ({
        currency: key.currency,
        language_id: key.language ? Number(key.language.id) : null,
        language: key.language ? String(key.language.name) : null,
        amount_minor: amount,
      }))
      .sort(
        (a, b) =>
          byCurrencyThen(a, b) ||
          b.amount_minor - a.amount_minor ||
          Number(a.language_id === null) - Number(b.language_id === null) ||
          (a.language_id ?? 0) - (b.language_id ?? 0),
      );

    const costByMonth = sumBy(
      state.tables.pay_items.filter((row) => String(row.month) >= first.slice(0, 7) && String(row.month) <= last.slice(0, 7)),
      (row) => ({ month: String(row.month), currency: String(row.currency) }),
      (a, b) => a.month === b.month && a.currency === b.currency,
    )
      .map(({ key, amount }) => ({ ...key, amount_minor: amount }))
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byCurrencyThen(a, b)));

    const months = args.p_months as Month[];
    const unneeded = Number(args.p_unneeded_ms);
    const counted = state.tables.appointments.filter(
      (row) => !(row.status === "cancelled" && row.cancelled_at !== null && ms(row.cancelled_at) <= ms(row.starts_at) - unneeded),
    );
    const within = (month: Month, at: unknown) => ms(at) >= month.from && ms(at) < month.until;
    return {
      revenue_by_month: revenueByMonth,
      revenue_by_customer: revenueByCustomer,
      revenue_by_language: revenueByLanguage,
      cost_by_month: costByMonth,
      appointments: months.map((month) => {
        const rows = counted.filter((row) => within(month, row.starts_at));
        return { month: month.month, counted: rows.length, filled: rows.filter((row) => row.interpreter_id !== null).length };
      }),
      calls: months.map((month) => {
        const rows = state.tables.call_log.filter((row) => within(month, row.requested_at));
        return { month: month.month, calls: rows.length, answered: rows.filter((row) => row.outcome === "answered").length };
      }),
    };
  },
};
