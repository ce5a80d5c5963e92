// The lists of orders, jobs and customers on Supabase: filters, search and pages as the staff screens ask for them.
// The staff's lists are SQL functions (supabase/migrations/20261126000000_push_orders.sql), because their filters and
// sums cross tables; an interpreter's jobs are plain reads of the columns a job shows (never a price or a customer).
import type { SupabaseClient } from "@supabase/supabase-js";
import { orderIdOf, ORDERS_PAGE_SIZE, type CustomerSummary } from "~/domain/order-records";
import { isTextSearch, pageCountOf } from "~/domain/paging";
import type { OrderStore } from "~/backend/port.server";
import {
  int,
  toCustomerSummary,
  toJobSummary,
  toOrderFile,
  toOrderSummary,
  type CustomerRow,
  type FileRow,
  type JobRow,
  type OrderSummaryRow,
} from "~/backend/rows/order.server";
import { check } from "./clients.server";

export const FILE_COLUMNS = "id, order_id, kind, object_key, file_name, content_type, size, created_at";
const JOB_COLUMNS = "id, status, version, service_title, source_language, deadline, created_at, order_targets(language, position)";

/** private.push_order_summary: a summary row with its targets' names in order. */
type SummaryRow = OrderSummaryRow & { targets: string[] };
/** private.push_customer_summary: a customer row with the accepted value per currency. */
type CustomerJson = CustomerRow & { accepted_value: { currency: string; amount_minor: number | string }[] };
type Page<T> = { total: number | string; items: T[] };
type JobJson = JobRow & { order_targets: { language: string; position: number }[] };

const summary = (row: SummaryRow) => toOrderSummary(row, row.targets);
const customer = (row: CustomerJson): CustomerSummary =>
  toCustomerSummary(
    row,
    row.accepted_value.map((value) => ({ currency: value.currency, amountMinor: int(value.amount_minor) })),
  );
/** Embedded rows come in no particular order: the targets' is their position. */
const targetsOf = (row: JobJson) => [...row.order_targets].sort((a, b) => a.position - b.position).map((target) => target.language);
const offsetOf = (page: number) => (page - 1) * ORDERS_PAGE_SIZE;

export function supabaseOrderLists(service: SupabaseClient): Pick<OrderStore, "list" | "jobs" | "job" | "customers" | "customer" | "setCustomerCurrency"> {
  return {
    async list(query) {
      const orderId = query.search ? orderIdOf(query.search) : null;
      const text = isTextSearch(query.search) ? query.search : "";
      // A search too short for the trigram index that is no order number either: nothing to look for.
      if (query.search && !text && !orderId) return { items: [], total: 0, page: query.page, pageCount: 1 };
      const answer = check<Page<SummaryRow>>(
        await service.rpc("push_list_orders", {
          p_search: text,
          p_order_id: orderId,
          p_status: query.status,
          p_service_id: query.serviceId,
          p_language_id: query.languageId,
          p_from: query.from,
          p_to: query.to,
          p_limit: ORDERS_PAGE_SIZE,
          p_offset: offsetOf(query.page),
        }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(summary), total, page: query.page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) };
    },

    async jobs(interpreterId, page) {
      const from = offsetOf(page);
      const result = await service
        .from("orders")
        .select(JOB_COLUMNS, { count: "exact" })
        .eq("interpreter_id", interpreterId)
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .range(from, from + ORDERS_PAGE_SIZE - 1);
      // Past the last page PostgREST answers 416 (PGRST103) without a count: an empty page, with the count asked apart.
      if (result.error?.code === "PGRST103") {
        const counted = await service.from("orders").select("id", { count: "exact", head: true }).eq("interpreter_id", interpreterId);
        check({ data: null, error: counted.error });
        const total = counted.count ?? 0;
        return { items: [], total, page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) };
      }
      const rows = check<JobJson[]>(result);
      const total = result.count ?? rows.length;
      return { items: rows.map((row) => toJobSummary(row, targetsOf(row))), total, page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) };
    },

    async job(interpreterId, orderId) {
      const row = check<(JobJson & { details: string; order_files: FileRow[] }) | null>(
        await service
          .from("orders")
          .select(`${JOB_COLUMNS}, details, order_files(${FILE_COLUMNS})`)
          .eq("id", orderId)
          .eq("interpreter_id", interpreterId)
          .maybeSingle(),
      );
      if (!row) return null;
      const files = [...row.order_files].sort((a, b) => int(a.id) - int(b.id)).map(toOrderFile);
      return { ...toJobSummary(row, targetsOf(row)), details: row.details, files };
    },

    async customers({ search, page }) {
      if (search && !isTextSearch(search)) return { items: [], total: 0, page, pageCount: 1 };
      const answer = check<Page<CustomerJson>>(
        await service.rpc("push_list_customers", { p_search: search, p_limit: ORDERS_PAGE_SIZE, p_offset: offsetOf(page) }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(customer), total, page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) };
    },

    async customer(id, page) {
      const answer = check<{ customer: CustomerJson; orders: SummaryRow[] } | null>(
        await service.rpc("push_get_customer", { p_id: id, p_limit: ORDERS_PAGE_SIZE, p_offset: offsetOf(page) }),
      );
      if (!answer) return null;
      const found = customer(answer.customer);
      const total = found.orderCount;
      return { customer: found, orders: { items: answer.orders.map(summary), total, page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) } };
    },

    async setCustomerCurrency(id, currency) {
      return check<boolean>(await service.rpc("push_set_customer_currency", { p_id: id, p_currency: currency }));
    },
  };
}
