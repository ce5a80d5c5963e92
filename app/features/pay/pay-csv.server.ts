// Interpreters' statements as CSV for the accountant (issue 26, build item 6): one row per interpreter per month, newest
// month first, read and sent a page at a time. Amounts in the currency's units (146.25, not 14625), the state as the
// pages say it, when it was last marked paid. Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import type { PayStatementSummary } from "~/backend/port-pay.server";
import { csvLines } from "~/domain/csv";
import { units } from "~/features/billing/invoices-csv.server";
import { statusOf } from "./pay-status";

const HEADER = ["month", "interpreter", "email", "lines", "currency", "total", "paid", "to_pay", "status", "last_paid_at"];

export function payCsv(statements: readonly PayStatementSummary[], { header }: { header: boolean }): string {
  const rows = statements.map((statement) => [
    statement.month,
    statement.interpreterName,
    statement.interpreterEmail,
    statement.itemCount,
    statement.currency,
    units(statement.totalMinor, statement.currency),
    units(statement.paidMinor, statement.currency),
    units(statement.totalMinor - statement.paidMinor, statement.currency),
    statusOf(statement),
    statement.paidAt === null ? null : new Date(statement.paidAt).toISOString(),
  ]);
  return csvLines(header ? [HEADER, ...rows] : rows);
}

export function payCsvStream(backend: Backend, month: string | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let page = 1;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const listed = await backend.pay.statements({ interpreterId: null, month }, page);
      const text = page === 1 && listed.items.length === 0 ? csvLines([HEADER]) : payCsv(listed.items, { header: page === 1 });
      if (text) controller.enqueue(encoder.encode(text));
      if (page >= listed.pageCount) return controller.close();
      page++;
    },
  });
}
