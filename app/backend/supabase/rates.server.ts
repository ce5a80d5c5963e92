// Rate cards on Supabase (issue 26), with the service-role client (callers have checked the admin guard). A line is
// added by ONE call of a SQL function (supabase/migrations/20261204000000_push_rate_lines.sql), which finds its customer
// and interpreter by e-mail and stores it in one transaction, and a page is read by one call; a line is never updated
// (the table's trigger refuses it). Pricing reads a side's every line in one call too
// (supabase/migrations/20261204000200_push_billing_reads.sql). The same semantics as d1/rates.server.ts, held to the
// same contract by tests/port-contract/rates-suite.ts and billing-sources-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { RATES_PAGE_SIZE, type RateStore } from "~/backend/port-rates.server";
import { int } from "~/backend/rows/order.server";
import { toListedRateLine, toRateLine, type ListedRateLineRow, type RateLineRow } from "~/backend/rows/rate-line.server";
import { pageCountOf } from "~/domain/paging";
import { check } from "./clients.server";

/** public.push_add_rate_line's answer. */
type AddAnswer = { ok: true; id: number | string } | { ok: false; reason: "unknown-customer" | "unknown-interpreter" };

export function supabaseRateStore(service: SupabaseClient): RateStore {
  return {
    async add(line, by, now) {
      const answer = check<AddAnswer>(
        await service.rpc("push_add_rate_line", {
          p_customer_email: line.customerEmail,
          p_interpreter_email: line.interpreterEmail,
          p_side: line.side,
          p_service: line.service,
          p_unit: line.unit,
          p_language_id: line.languageId,
          p_currency: line.currency,
          p_price_minor: line.priceMinor,
          p_minimum: line.minimum,
          p_increment: line.increment,
          p_rush_bp: line.surcharges.rush,
          p_after_hours_bp: line.surcharges.afterHours,
          p_weekend_bp: line.surcharges.weekend,
          p_holiday_bp: line.surcharges.holiday,
          p_late_cancellation_minor: line.lateCancellationMinor,
          p_effective_from: line.effectiveFrom,
          p_by: by,
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, id: int(answer.id) } : answer;
    },

    async list(side, page) {
      const answer = check<{ total: number | string; items: ListedRateLineRow[] }>(
        await service.rpc("push_rate_lines_page", { p_side: side, p_page_size: RATES_PAGE_SIZE, p_offset: (page - 1) * RATES_PAGE_SIZE }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(toListedRateLine), total, page, pageCount: pageCountOf(total, RATES_PAGE_SIZE) };
    },

    async forPricing(side) {
      return check<RateLineRow[]>(await service.rpc("push_rate_lines_for_pricing", { p_side: side })).map(toRateLine);
    },
  };
}
