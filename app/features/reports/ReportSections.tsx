// The Reports page's sections (issue 26, build item 7; docs/decisions/0038): each chart drawn on the server with its
// figures in a table beside it, and what the figure counts said above it.
import type { Report } from "~/backend/port-reports.server";
import { BarChart } from "~/components/BarChart";
import { Panel } from "~/components/Panel";
import type { CallTotals } from "~/domain/call-log";
import { format, formatNumber } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { appointmentBars, callBars, costBars, revenueByCustomerBars, revenueByLanguageBars, revenueByMonthBars } from "./report-bars";

const useDirection = () => (useLocale() === "ar" ? "rtl" : "ltr");

export function RevenueSection({ report, months }: { report: Report; months: readonly string[] }) {
  const t = useMessages().reports.revenue;
  const locale = useLocale();
  const direction = useDirection();
  const charts = [
    ...revenueByMonthBars(report, months, locale).map((chart) => ({ ...chart, title: t.byMonth, first: t.month })),
    ...revenueByCustomerBars(report, locale, t).map((chart) => ({ ...chart, title: t.byCustomer, first: t.customer })),
    ...revenueByLanguageBars(report, locale, t).map((chart) => ({ ...chart, title: t.byLanguage, first: t.language })),
  ];
  return (
    <Panel id="revenue" heading={t.heading}>
      <p className="report-definition">{t.definition}</p>
      {charts.length === 0 && <p className="empty-state">{t.empty}</p>}
      {charts.map((chart) => (
        <BarChart
          key={`${chart.title}-${chart.currency}`}
          title={format(chart.title, { currency: chart.currency })}
          columns={[chart.first, t.amount]}
          bars={chart.bars}
          direction={direction}
          empty={t.empty}
        />
      ))}
    </Panel>
  );
}

export function CostSection({ report, months }: { report: Report; months: readonly string[] }) {
  const t = useMessages().reports.cost;
  const locale = useLocale();
  const direction = useDirection();
  const charts = costBars(report, months, locale, t);
  return (
    <Panel id="interpreter-cost" heading={t.heading}>
      <p className="report-definition">{t.definition}</p>
      {charts.length === 0 && <p className="empty-state">{t.empty}</p>}
      {charts.map((chart) => (
        <BarChart
          key={chart.currency}
          title={format(t.chart, { currency: chart.currency })}
          columns={[t.month, t.figure]}
          bars={chart.bars}
          direction={direction}
          empty={t.empty}
        />
      ))}
    </Panel>
  );
}

export function AppointmentsSection({ report }: { report: Report }) {
  const t = useMessages().reports.appointments;
  return (
    <Panel id="appointments-filled" heading={t.heading}>
      <p className="report-definition">{t.definition}</p>
      <BarChart title={t.chart} columns={[t.month, t.filled]} bars={appointmentBars(report, useLocale(), t)} direction={useDirection()} empty={t.none} />
    </Panel>
  );
}

export function CallsSection({ report, totals }: { report: Report; totals: CallTotals | null }) {
  const t = useMessages().reports.calls;
  const locale = useLocale();
  return (
    <Panel id="calls-answered" heading={t.heading}>
      <p className="report-definition">{t.definition}</p>
      {totals && (
        <dl className="report-totals" aria-label={t.totals}>
          <div>
            <dt>{t.calls}</dt>
            <dd>{formatNumber(locale, totals.calls)}</dd>
          </div>
          <div>
            <dt>{t.answerRate}</dt>
            <dd>{totals.answerRate === null ? t.noFigure : formatNumber(locale, totals.answerRate, { style: "percent" })}</dd>
          </div>
          <div>
            <dt>{t.medianWait}</dt>
            <dd>{totals.medianWaitMs === null ? t.noFigure : format(t.seconds, { count: formatNumber(locale, Math.round(totals.medianWaitMs / 1000)) })}</dd>
          </div>
        </dl>
      )}
      <BarChart title={t.chart} columns={[t.month, t.answered]} bars={callBars(report, locale, t)} direction={useDirection()} empty={t.none} />
    </Panel>
  );
}
