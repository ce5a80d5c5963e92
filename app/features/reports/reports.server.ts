// The Reports page's server side (issue 26, build item 7; docs/decisions/0038): the period from the URL, the period's
// figures from the ReportStore, and the median wait of its calls from the call log's own totals (the same figure the
// call log shows for those days). Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import { REPORT_TOP_CUSTOMERS, REPORT_UNNEEDED_BEFORE_MS, reportPeriodFrom } from "~/domain/reports";
import { load } from "~/request/page-loads.server";

export async function loadReports(backend: Backend, url: URL, now: Date) {
  const period = reportPeriodFrom(url, now);
  const [report, callTotals] = await Promise.all([
    load("reports", () =>
      backend.reports.report({
        firstDay: period.firstDay,
        lastDay: period.lastDay,
        months: period.months,
        topCustomers: REPORT_TOP_CUSTOMERS,
        unneededBeforeMs: REPORT_UNNEEDED_BEFORE_MS,
      }),
    ),
    load("call totals", () => backend.calls.totals({ from: period.firstDay, to: period.lastDay, languageId: null, interpreterId: null })),
  ]);
  return { period: { from: period.from, to: period.to, months: period.months.map((month) => month.month) }, report, callTotals };
}
