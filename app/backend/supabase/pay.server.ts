// Interpreters' pay on Supabase (issue 26, build item 6; supabase/migrations/20261205000600_push_pay_statements.sql;
// docs/decisions/0039), with the service-role client (callers have checked the guard). Each method is ONE call of a
// SQL function, one transaction: marking a statement paid takes a lock per statement, so two admins at once pay it
// once. The same semantics as d1/pay.server.ts, held to the same contract by tests/port-contract/pay-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { PAY_STATEMENTS_PAGE_SIZE, UNPAID_AT_ONCE, type PayStore } from "~/backend/port-pay.server";
import {
  toPayItem,
  toPayStatementSummary,
  toUnpaidAppointment,
  toUnpaidCall,
  toUnpaidOrder,
  type PayItemRow,
  type PayStatementRow,
  type UnpaidAppointmentRow,
  type UnpaidCallRow,
  type UnpaidOrderRow,
} from "~/backend/rows/pay.server";
import { int } from "~/backend/rows/order.server";
import { pageCountOf } from "~/domain/paging";
import { check } from "./clients.server";
import { UUID } from "./devices.server";

/** Postgres sends bigint columns as numbers in jsonb, and PostgREST a bigint result as a number or a string. */
type Num = number | string;
type Unpaid = { appointments: UnpaidAppointmentRow[]; calls: UnpaidCallRow[]; orders: UnpaidOrderRow[] };
/** Users' ids are UUIDs here: any other id (from an address) names nobody, rather than failing the query. */
const isUserId = (id: string) => UUID.test(id);
type MarkAnswer = { ok: true } | { ok: false; reason: "stale" | "nothing-to-pay" };

export function supabasePayStore(service: SupabaseClient): PayStore {
  return {
    async addItems(items, now) {
      if (items.length === 0) return 0;
      const rows = items.map((item) => ({
        source: item.source,
        interpreter_id: item.interpreterId,
        work_day: item.workDay,
        currency: item.currency,
        amount_minor: item.amountMinor,
        rate_line_id: item.rateLineId,
        computation: item.computation,
      }));
      return int(check<Num>(await service.rpc("push_add_pay_items", { p_items: rows, p_now: now })));
    },

    async unpaid(lateCancellationHours) {
      const answer = check<Unpaid>(await service.rpc("push_unpaid_work", { p_late_hours: lateCancellationHours, p_limit: UNPAID_AT_ONCE }));
      return {
        appointments: answer.appointments.map(toUnpaidAppointment),
        calls: answer.calls.map(toUnpaidCall),
        orders: answer.orders.map(toUnpaidOrder),
      };
    },

    async statements({ interpreterId, month }, page) {
      if (interpreterId !== null && !isUserId(interpreterId)) return { items: [], total: 0, page, pageCount: 1 };
      const answer = check<{ total: Num; items: PayStatementRow[] }>(
        await service.rpc("push_pay_statements", {
          ...{ p_interpreter: interpreterId, p_month: month },
          ...{ p_page_size: PAY_STATEMENTS_PAGE_SIZE, p_offset: (page - 1) * PAY_STATEMENTS_PAGE_SIZE },
        }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(toPayStatementSummary), total, page, pageCount: pageCountOf(total, PAY_STATEMENTS_PAGE_SIZE) };
    },

    async statement(interpreterId, month) {
      if (!isUserId(interpreterId)) return null;
      const row = check<(PayStatementRow & { items: PayItemRow[] }) | null>(
        await service.rpc("push_pay_statement", { p_interpreter: interpreterId, p_month: month }),
      );
      return row === null ? null : { ...toPayStatementSummary(row), items: row.items.map(toPayItem) };
    },

    async markPaid(interpreterId, month, { itemCount, toPayMinor, by }, now) {
      if (!isUserId(interpreterId)) return { ok: false, reason: "nothing-to-pay" };
      return check<MarkAnswer>(
        await service.rpc("push_mark_pay_statement_paid", {
          ...{ p_interpreter: interpreterId, p_month: month, p_item_count: itemCount, p_to_pay: toPayMinor },
          ...{ p_by: by, p_now: now },
        }),
      );
    },
  };
}
