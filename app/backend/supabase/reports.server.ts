// The reports on Supabase (issue 26, build item 7; docs/decisions/0038): ONE call of public.push_report
// (supabase/migrations/20261205000510_push_reports.sql; with interpreter cost, 20261205000800_push_report_costs.sql), which sums the period in Postgres, with the service-role
// client (callers have checked the admin guard). The same figures as d1/reports.server.ts, held to the same contract by
// tests/port-contract/reports-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { ReportStore } from "~/backend/port-reports.server";
import { int, intOrNull } from "~/backend/rows/order.server";
import { check } from "./clients.server";

/** jsonb numbers (bigint sums arrive as numbers; a numeric sum may arrive as text). */
type Num = number | string;
type Answer = {
  revenue_by_month: { month: string; currency: string; amount_minor: Num }[];
  revenue_by_customer: { currency: string; customer_id: Num | null; customer_name: string | null; amount_minor: Num; customers: Num }[];
  revenue_by_language: { currency: string; language_id: Num | null; language: string | null; amount_minor: Num }[];
  appointments: { month: string; counted: Num; filled: Num }[];
  calls: { month: string; calls: Num; answered: Num }[];
  cost_by_month: { month: string; currency: string; amount_minor: Num }[];
};

export function supabaseReportStore(service: SupabaseClient): ReportStore {
  return {
    async report({ firstDay, lastDay, months, topCustomers, unneededBeforeMs }) {
      const answer = check<Answer>(
        await service.rpc("push_report", {
          p_first_day: firstDay,
          p_last_day: lastDay,
          p_months: months,
          p_top: topCustomers,
          p_unneeded_ms: unneededBeforeMs,
        }),
      );
      return {
        revenueByMonth: answer.revenue_by_month.map((row) => ({ month: row.month, currency: row.currency, amountMinor: int(row.amount_minor) })),
        costByMonth: answer.cost_by_month.map((row) => ({ month: row.month, currency: row.currency, amountMinor: int(row.amount_minor) })),
        revenueByCustomer: answer.revenue_by_customer.map((row) => ({
          currency: row.currency,
          customerId: intOrNull(row.customer_id),
          customerName: row.customer_name,
          amountMinor: int(row.amount_minor),
          customers: int(row.customers),
        })),
        revenueByLanguage: answer.revenue_by_language.map((row) => ({
          currency: row.currency,
          languageId: intOrNull(row.language_id),
          language: row.language,
          amountMinor: int(row.amount_minor),
        })),
        appointments: answer.appointments.map((row) => ({ month: row.month, counted: int(row.counted), filled: int(row.filled) })),
        calls: answer.calls.map((row) => ({ month: row.month, calls: int(row.calls), answered: int(row.answered) })),
      };
    },
  };
}
