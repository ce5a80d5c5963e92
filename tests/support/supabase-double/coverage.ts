// Which allowed request shapes were matched how often, per SPEC §7 line, and the text the contract
// suite prints at the end.
import { ACCOUNT_SHAPES } from "./shapes-accounts";
import { APPOINTMENT_SHAPES } from "./shapes-appointments";
import { APPOINTMENT_CHANGE_SHAPES } from "./shapes-appointment-changes";
import { AVAILABILITY_SHAPES } from "./shapes-availability";
import { AUTH_SHAPES } from "./shapes-auth";
import { BILLING_READ_SHAPES } from "./shapes-billing-reads";
import { CALENDAR_FEED_SHAPES } from "./shapes-calendar-feeds";
import { CALL_SHAPES } from "./shapes-calls";
import { CUSTOMER_ACCOUNT_SHAPES } from "./shapes-customer-accounts";
import { CUSTOMER_CLAIM_SHAPES } from "./shapes-customer-claims";
import { INVOICE_SHAPES } from "./shapes-invoices";
import { PAY_SHAPES } from "./shapes-pay";
import { RATING_SHAPES } from "./shapes-ratings";
import { PORTAL_SHAPES } from "./shapes-portal";
import { PREFERENCE_SHAPES } from "./shapes-preferences";
import { OFFER_SHAPES } from "./shapes-offers";
import { ORDER_REST_SHAPES, ORDER_STORAGE_SHAPES } from "./shapes-orders";
import { OUTBOX_SHAPES } from "./shapes-outbox";
import { RATE_SHAPES } from "./shapes-rates";
import { RECORD_SHAPES } from "./shapes-records";
import { REMINDER_SHAPES } from "./shapes-reminders";
import { REPORT_SHAPES } from "./shapes-reports";
import { REST_SHAPES } from "./shapes-rest";
import { STUDIO_REST_SHAPES, STUDIO_STORAGE_SHAPES } from "./shapes-studio";
import type { Shape } from "./match";
import { SPEC_7, type SpecKey } from "./spec";

/** The double's whole table of allowed requests. */
export const SHAPES: readonly Shape[] = [
  ...REST_SHAPES,
  ...OUTBOX_SHAPES,
  ...ACCOUNT_SHAPES,
  ...STUDIO_REST_SHAPES,
  ...ORDER_REST_SHAPES,
  ...CALL_SHAPES,
  ...APPOINTMENT_SHAPES,
  ...APPOINTMENT_CHANGE_SHAPES,
  ...AVAILABILITY_SHAPES,
  ...OFFER_SHAPES,
  ...REMINDER_SHAPES,
  ...CALENDAR_FEED_SHAPES,
  ...CUSTOMER_ACCOUNT_SHAPES,
  ...CUSTOMER_CLAIM_SHAPES,
  ...RECORD_SHAPES,
  ...RATE_SHAPES,
  ...INVOICE_SHAPES,
  ...BILLING_READ_SHAPES,
  ...REPORT_SHAPES,
  ...PAY_SHAPES,
  ...RATING_SHAPES,
  ...PORTAL_SHAPES,
  ...PREFERENCE_SHAPES,
  ...AUTH_SHAPES,
  ...STUDIO_STORAGE_SHAPES,
  ...ORDER_STORAGE_SHAPES,
];

export type Coverage = {
  spec: { key: SpecKey; line: string; count: number; shapes: { id: string; count: number }[] }[];
  extensions: { id: string; spec: string | null; why: string; count: number }[];
  unmatchedSpecLines: string[];
  unusedShapes: string[];
  violations: number;
};

export function coverage(counts: ReadonlyMap<string, number>, violations: number): Coverage {
  const count = (shape: Shape) => counts.get(shape.id) ?? 0;
  const spec = (Object.entries(SPEC_7) as [SpecKey, string][]).map(([key, line]) => {
    const shapes = SHAPES.filter((shape) => shape.spec === key).map((shape) => ({ id: shape.id, count: count(shape) }));
    return { key, line, count: shapes.reduce((sum, shape) => sum + shape.count, 0), shapes };
  });
  return {
    spec,
    extensions: SHAPES.filter((shape) => shape.extension).map((shape) => ({
      id: shape.id,
      spec: shape.spec ? SPEC_7[shape.spec] : null,
      why: shape.extension!,
      count: count(shape),
    })),
    unmatchedSpecLines: spec.filter((line) => line.count === 0).map((line) => line.line),
    unusedShapes: SHAPES.filter((shape) => count(shape) === 0).map((shape) => shape.id),
    violations,
  };
}

export function formatCoverage(report: Coverage): string {
  const lines = ["SPEC §7 coverage (Supabase double):"];
  for (const item of report.spec) {
    lines.push(`  [${item.count === 0 ? "MISSING" : "ok"}] matched ${item.count} times — ${item.line}`);
    for (const shape of item.shapes) lines.push(`        ${String(shape.count).padStart(4)} × ${shape.id}`);
  }
  lines.push("Extensions beyond §7:");
  for (const item of report.extensions) {
    lines.push(`  ${String(item.count).padStart(4)} × ${item.id}${item.spec ? " (extends a §7 line)" : ""} — ${item.why}`);
  }
  lines.push(`Unused shapes: ${report.unusedShapes.length ? report.unusedShapes.join(", ") : "none"}`);
  lines.push(`Violations: ${report.violations}`);
  return lines.join("\n");
}
