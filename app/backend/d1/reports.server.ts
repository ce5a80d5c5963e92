// The reports on D1 (issue 26, build item 7; docs/decisions/0038): one batch of six grouped reads, each bounded by
// the period. Revenue reads the period's items by their day (billable_items_work_day) and keeps those of issued
// invoices; appointments are found by their start (appointments_starts); calls are summed from the hours kept with the
// log (call_log_hours, migrations/0015), as its totals are: a month on the company's calendar starts on a whole hour.
import type { Report, ReportStore } from "~/backend/port-reports.server";
import { query } from "./query.server";

type Int = number;
type MonthRow = { month: string; currency: string; amount_minor: Int };
type CustomerRow = { currency: string; customer_id: Int | null; customer_name: string | null; amount_minor: Int; customers: Int };
type LanguageRow = { currency: string; language_id: Int | null; language: string | null; amount_minor: Int };
type AppointmentRow = { month: string; counted: Int; filled: Int };
type CallRow = { month: string; calls: Int; answered: Int };

/** The items of issued invoices whose work day is in [?1, ?2] (the language's join, when there is one, before the WHERE). */
const issuedItems = (join = "") => `billable_items b JOIN invoices i ON i.id = b.invoice_id AND i.status = 'issued' ${join} WHERE b.work_day BETWEEN ?1 AND ?2`;
/** The period's months (?1, a JSON array of { month, from, until }) in order. */
const MONTHS = `json_each(?1) m`;
const monthOf = (column: string) => `json_extract(m.value, '$.${column}')`;

export function d1ReportStore(db: D1Database): ReportStore {
  return {
    async report({ firstDay, lastDay, months, topCustomers, unneededBeforeMs }): Promise<Report> {
      const monthsJson = JSON.stringify(months);
      const [byMonth, byCustomer, byLanguage, appointments, calls, cost] = await query(() =>
        db.batch([
          db
            .prepare(
              `SELECT substr(b.work_day, 1, 7) AS month, b.currency, SUM(b.amount_minor) AS amount_minor FROM ${issuedItems()}
               GROUP BY 1, 2 ORDER BY 1, 2`,
            )
            .bind(firstDay, lastDay),
          // Each currency's customers ranked by revenue; those after the first ?3 are one line (customer_id null).
          db
            .prepare(
              `WITH per AS (SELECT b.currency, b.customer_id, SUM(b.amount_minor) AS amount FROM ${issuedItems()} GROUP BY 1, 2),
                    ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY amount DESC, customer_id) AS place FROM per)
               SELECT r.currency, CASE WHEN r.place <= ?3 THEN r.customer_id END AS customer_id,
                      MIN(CASE WHEN r.place <= ?3 THEN c.name END) AS customer_name, SUM(r.amount) AS amount_minor, COUNT(*) AS customers
               FROM ranked r JOIN customers c ON c.id = r.customer_id
               GROUP BY r.currency, CASE WHEN r.place <= ?3 THEN r.customer_id END
               ORDER BY r.currency, MIN(r.place)`,
            )
            .bind(firstDay, lastDay, topCustomers),
          // A language no longer found (deleted) is summed with the work that has none.
          db
            .prepare(
              `SELECT b.currency, l.id AS language_id, l.name AS language, SUM(b.amount_minor) AS amount_minor
               FROM ${issuedItems("LEFT JOIN languages l ON l.id = b.language_id")}
               GROUP BY b.currency, l.id ORDER BY b.currency, amount_minor DESC, l.id IS NULL, l.id`,
            )
            .bind(firstDay, lastDay),
          db
            .prepare(
              `SELECT ${monthOf("month")} AS month, COUNT(a.id) AS counted, COUNT(a.interpreter_id) AS filled
               FROM ${MONTHS} LEFT JOIN appointments a ON a.starts_at >= ${monthOf("from")} AND a.starts_at < ${monthOf("until")}
                 AND NOT (a.status = 'cancelled' AND a.cancelled_at IS NOT NULL AND a.cancelled_at <= a.starts_at - ?2)
               GROUP BY m.key ORDER BY m.key`,
            )
            .bind(monthsJson, unneededBeforeMs),
          db
            .prepare(
              `SELECT ${monthOf("month")} AS month, COALESCE(SUM(h.calls), 0) AS calls, COALESCE(SUM(h.answered), 0) AS answered
               FROM ${MONTHS} LEFT JOIN call_log_hours h ON h.hour >= ${monthOf("from")} AND h.hour < ${monthOf("until")}
               GROUP BY m.key ORDER BY m.key`,
            )
            .bind(monthsJson),
          // Interpreters' pay by the month of the work (pay_items_month: the period is whole months).
          db
            .prepare(
              `SELECT month, currency, SUM(amount_minor) AS amount_minor FROM pay_items WHERE month BETWEEN substr(?1, 1, 7) AND substr(?2, 1, 7)
               GROUP BY 1, 2 ORDER BY 1, 2`,
            )
            .bind(firstDay, lastDay),
        ]),
      );
      return {
        revenueByMonth: (byMonth!.results as MonthRow[]).map((row) => ({ month: row.month, currency: row.currency, amountMinor: row.amount_minor })),
        costByMonth: (cost!.results as MonthRow[]).map((row) => ({ month: row.month, currency: row.currency, amountMinor: row.amount_minor })),
        revenueByCustomer: (byCustomer!.results as CustomerRow[]).map((row) => ({
          currency: row.currency,
          customerId: row.customer_id,
          customerName: row.customer_name,
          amountMinor: row.amount_minor,
          customers: row.customers,
        })),
        revenueByLanguage: (byLanguage!.results as LanguageRow[]).map((row) => ({
          currency: row.currency,
          languageId: row.language_id,
          language: row.language,
          amountMinor: row.amount_minor,
        })),
        appointments: (appointments!.results as AppointmentRow[]).map(({ month, counted, filled }) => ({ month, counted, filled })),
        calls: (calls!.results as CallRow[]).map(({ month, calls, answered }) => ({ month, calls, answered })),
      };
    },
  };
}
