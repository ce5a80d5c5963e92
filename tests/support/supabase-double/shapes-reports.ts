// The allowed request of the reports (issue 26, build item 7, ADR 0038; app/backend/supabase/reports.server.ts). An
// extension beyond SPEC §7, with the service-role key: an admin reads the reports through the worker, after the route
// has checked the admin guard. ONE call of supabase/migrations/20261205000510_push_reports.sql public.push_report.
import { REPORT_MAX_MONTHS } from "../../../app/domain/reports";
import type { RestShape, ValueCheck } from "./match";

const day: ValueCheck = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const instant: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** The period's months, 1 to REPORT_MAX_MONTHS, each { month: YYYY-MM, from, until } with from < until. */
const months: ValueCheck = (value) =>
  Array.isArray(value) &&
  value.length >= 1 &&
  value.length <= REPORT_MAX_MONTHS &&
  value.every((month: unknown) => {
    if (typeof month !== "object" || month === null) return false;
    const { month: name, from, until, ...rest } = month as Record<string, unknown>;
    return (
      Object.keys(rest).length === 0 &&
      typeof name === "string" &&
      /^\d{4}-(0[1-9]|1[0-2])$/.test(name) &&
      instant(from) &&
      instant(until) &&
      (from as number) < (until as number)
    );
  });

export const REPORT_SHAPES: RestShape[] = [
  {
    id: "rpc.push_report",
    extension:
      "reports (issue 26): a period's revenue, appointments filled and calls answered, summed in Postgres (supabase/migrations/20261205000510_push_reports.sql public.push_report, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_report",
    key: "service",
    body: {
      required: {
        p_first_day: day,
        p_last_day: day,
        p_months: months,
        p_top: (value) => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 50,
        p_unneeded_ms: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
      },
    },
  },
];
