// /Dashboard/Reports (admins; issue 26 build item 7; docs/decisions/0038): revenue by month, customer and language,
// the share of appointments filled and the calls answered over a period of whole months chosen with a GET form
// (?from=YYYY-MM&to=YYYY-MM; the last 12 months by default). Every chart is drawn on the server, its figures in a table.
import { Form } from "react-router";
import { Field } from "~/components/forms";
import { AppointmentsSection, CallsSection, CostSection, RevenueSection } from "~/features/reports/ReportSections";
import { monthWords } from "~/features/reports/report-bars";
import { loadReports } from "~/features/reports/reports.server";
import { REPORT_MAX_MONTHS } from "~/domain/reports";
import { format, plural } from "~/i18n";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import { failureToasts } from "~/request/page-loads.server";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.reports.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const loaded = await loadReports(appContext(args.context).backend, args.url, new Date());
  return { ...loaded, toasts: failureToasts(messagesFor(admin.locale), loaded.report, loaded.callTotals) };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useMessages().reports;
  const locale = useLocale();
  const { period, report, callTotals } = loaderData;
  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <Form method="get" className="form form--inline report-period" aria-label={t.period.label}>
        <Field id="report-from" label={t.period.from} name="from" type="month" placeholder={t.period.hint} defaultValue={period.from} />
        <Field id="report-to" label={t.period.to} name="to" type="month" placeholder={t.period.hint} defaultValue={period.to} />
        <div>
          <button type="submit" className="button">
            {t.period.show}
          </button>
        </div>
      </Form>
      <p className="report-period__shown">
        {format(t.period.shown, { from: monthWords(locale, period.from).label, to: monthWords(locale, period.to).label })}.{" "}
        {plural(locale, t.period.limit, REPORT_MAX_MONTHS)}
      </p>
      {report.ok ? (
        <>
          <RevenueSection report={report.value} months={period.months} />
          <CostSection report={report.value} months={period.months} />
          <AppointmentsSection report={report.value} />
          <CallsSection report={report.value} totals={callTotals.ok ? callTotals.value : null} />
        </>
      ) : (
        <p role="alert">{t.failed}</p>
      )}
    </>
  );
}
