// The lists of orders, jobs and customers on D1: filters, search and pages, as the staff screens ask for them.
import { ACCEPTED_STATUSES, orderIdOf, ORDERS_PAGE_SIZE, type OrderQuery } from "~/domain/order-records";
import { isTextSearch, pageCountOf } from "~/domain/paging";
import { nextDay, startOfCompanyDay } from "~/domain/orders";
import type { OrderStore } from "~/backend/port.server";
import {
  targetsByOrder,
  toCustomerSummary,
  toJobSummary,
  toOrderFile,
  toOrderSummary,
  valuesByCustomer,
  type CustomerRow,
  type FileRow,
  type OrderSummaryRow,
} from "~/backend/rows/order.server";
import { query } from "./query.server";
import { matchingRowids } from "./text-search.server";

/** An order with its customer, quote amount and interpreter (aliases o, c, q, u must be joined as ORDER_JOINS). */
// The name and company are the order's own, as its requester typed them (issue 22), not the customer record's.
export const ORDER_SUMMARY_SQL = `SELECT o.id, o.status, o.version, o.customer_id, o.requester_name AS customer_name, c.email AS customer_email,
  o.requester_company AS customer_company, o.identity_verified_at, o.service_title, o.source_language, o.deadline, o.created_at,
  o.updated_at, q.amount_minor, q.currency, o.interpreter_id, u.full_name AS interpreter_name`;
export const ORDER_JOINS = `FROM orders o JOIN customers c ON c.id = o.customer_id LEFT JOIN order_quotes q ON q.order_id = o.id
  LEFT JOIN users u ON u.id = o.interpreter_id`;

const ACCEPTED = ACCEPTED_STATUSES.map((status) => `'${status}'`).join(", ");

/**
 * The WHERE clause of the order list over `orders o` alone: every filter reads orders or an index of its own. The
 * language filter is written for its use: the count gathers the language's orders from their indexes, the page walks
 * the orders newest first and keeps those with the language, stopping when the page is full.
 */
function orderFilter(search: OrderQuery, use: "count" | "page"): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const where = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (search.status) where("o.status = ?", search.status);
  if (search.serviceId) where("o.service_id = ?", search.serviceId);
  if (search.languageId && use === "count") {
    where(
      "o.id IN (SELECT order_id FROM order_targets WHERE language_id = ? UNION ALL SELECT id FROM orders WHERE source_language_id = ?)",
      search.languageId,
      search.languageId,
    );
  } else if (search.languageId) {
    where(
      "(o.source_language_id = ? OR EXISTS (SELECT 1 FROM order_targets t WHERE t.order_id = o.id AND t.language_id = ?))",
      search.languageId,
      search.languageId,
    );
  }
  if (search.from) where("o.created_at >= ?", startOfCompanyDay(search.from));
  if (search.to) where("o.created_at < ?", startOfCompanyDay(nextDay(search.to)));
  if (search.search) {
    const id = orderIdOf(search.search);
    const match = isTextSearch(search.search) ? matchingRowids("order_search", search.search) : null;
    const either = [match ? `o.id IN (${match.sql})` : null, id ? "o.id = ?" : null].filter(Boolean);
    where(either.length ? `(${either.join(" OR ")})` : "0", ...(match?.params ?? []), ...(id ? [id] : []));
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

const offsetOf = (page: number) => (page - 1) * ORDERS_PAGE_SIZE;
/**
 * One page of order summaries: the page's ids are found in an index (`pageSql` answers them), then joined. The join
 * keeps no order of its own; `newestFirst` puts the page's rows back in the list's.
 */
const summariesOf = (pageSql: string) =>
  `${ORDER_SUMMARY_SQL} FROM (${pageSql}) p JOIN orders o ON o.id = p.id JOIN customers c ON c.id = o.customer_id
   LEFT JOIN order_quotes q ON q.order_id = o.id LEFT JOIN users u ON u.id = o.interpreter_id`;
const newestFirst = (rows: OrderSummaryRow[]) => rows.sort((a, b) => Number(b.created_at) - Number(a.created_at) || b.id - a.id);

export function d1OrderLists(db: D1Database): Pick<OrderStore, "list" | "jobs" | "job" | "customers" | "customer" | "setCustomerCurrency"> {
  async function targetsOf(ids: number[]) {
    if (ids.length === 0) return new Map<number, string[]>();
    const { results } = await query(() =>
      db
        .prepare(`SELECT order_id, language FROM order_targets WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, position`)
        .bind(JSON.stringify(ids))
        .all<{ order_id: number; language: string }>(),
    );
    return targetsByOrder(results);
  }

  async function summaries(rows: OrderSummaryRow[]) {
    const targets = await targetsOf(rows.map((row) => row.id));
    return rows.map((row) => toOrderSummary(row, targets.get(row.id) ?? []));
  }

  async function acceptedValues(customerIds: number[]): Promise<ReturnType<typeof valuesByCustomer>> {
    if (customerIds.length === 0) return new Map();
    const { results } = await query(() =>
      db
        .prepare(
          `SELECT o.customer_id, q.currency, SUM(q.amount_minor) AS amount_minor FROM orders o JOIN order_quotes q ON q.order_id = o.id
           -- "+o.status": the status index would walk every accepted order; the customer index reads only theirs.
           WHERE +o.status IN (${ACCEPTED}) AND o.identity_verified_at IS NOT NULL AND o.customer_id IN (SELECT value FROM json_each(?))
           GROUP BY o.customer_id, q.currency ORDER BY q.currency`,
        )
        .bind(JSON.stringify(customerIds))
        .all<{ customer_id: number; currency: string; amount_minor: number }>(),
    );
    return valuesByCustomer(results);
  }

  // A customer's orders are those whose address was proven (or that staff confirmed): an unproven request with the same
  // e-mail is not theirs yet (issue 22). Their count and last order are kept with the orders (migrations/0014).
  const CUSTOMER_SQL = "SELECT c.id, c.name, c.email, c.phone, c.company, c.created_at, c.order_count, c.last_order_at, c.currency FROM customers c";

  return {
    async list(search) {
      const counting = orderFilter(search, "count");
      const paging = orderFilter(search, "page");
      const [count, page] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT COUNT(*) AS n FROM orders o ${counting.where}`).bind(...counting.params),
          db
            .prepare(summariesOf(`SELECT o.id FROM orders o ${paging.where} ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`))
            .bind(...paging.params, ORDERS_PAGE_SIZE, offsetOf(search.page)),
        ]),
      );
      const total = (count!.results[0] as { n: number }).n;
      return {
        items: await summaries(newestFirst(page!.results as OrderSummaryRow[])),
        total,
        page: search.page,
        pageCount: pageCountOf(total, ORDERS_PAGE_SIZE),
      };
    },

    async jobs(interpreterId, page) {
      const [count, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare("SELECT COUNT(*) AS n FROM orders WHERE interpreter_id = ?").bind(interpreterId),
          db
            .prepare(summariesOf("SELECT id FROM orders WHERE interpreter_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?"))
            .bind(interpreterId, ORDERS_PAGE_SIZE, offsetOf(page)),
        ]),
      );
      const total = (count!.results[0] as { n: number }).n;
      const results = newestFirst(rows!.results as OrderSummaryRow[]);
      const targets = await targetsOf(results.map((row) => row.id));
      return { items: results.map((row) => toJobSummary(row, targets.get(row.id) ?? [])), total, page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) };
    },

    async job(interpreterId, orderId) {
      const [orders, files] = await query(() =>
        db.batch<unknown>([
          db.prepare(`${ORDER_SUMMARY_SQL}, o.details ${ORDER_JOINS} WHERE o.id = ? AND o.interpreter_id = ?`).bind(orderId, interpreterId),
          db
            .prepare("SELECT f.* FROM order_files f JOIN orders o ON o.id = f.order_id WHERE f.order_id = ? AND o.interpreter_id = ? ORDER BY f.id")
            .bind(orderId, interpreterId),
        ]),
      );
      const row = orders!.results[0] as (OrderSummaryRow & { details: string }) | undefined;
      if (!row) return null;
      const targets = await targetsOf([row.id]);
      return { ...toJobSummary(row, targets.get(row.id) ?? []), details: row.details, files: (files!.results as FileRow[]).map(toOrderFile) };
    },

    async customers({ search, page }) {
      const match = isTextSearch(search) ? matchingRowids("customer_search", search) : null;
      const where = match ? `WHERE c.id IN (${match.sql})` : search ? "WHERE 0" : "";
      const params = match?.params ?? [];
      const [count, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT COUNT(*) AS n FROM customers c ${where}`).bind(...params),
          db.prepare(`${CUSTOMER_SQL} ${where} ORDER BY c.last_order_at DESC, c.name, c.id LIMIT ? OFFSET ?`).bind(...params, ORDERS_PAGE_SIZE, offsetOf(page)),
        ]),
      );
      const total = (count!.results[0] as { n: number }).n;
      const customerRows = rows!.results as CustomerRow[];
      const values = await acceptedValues(customerRows.map((row) => row.id));
      return {
        items: customerRows.map((row) => toCustomerSummary(row, values.get(row.id) ?? [])),
        total,
        page,
        pageCount: pageCountOf(total, ORDERS_PAGE_SIZE),
      };
    },

    async customer(id, page) {
      const verified = "SELECT id FROM orders WHERE customer_id = ? AND identity_verified_at IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?";
      const [customers, orders] = await query(() =>
        db.batch<unknown>([
          db.prepare(`${CUSTOMER_SQL} WHERE c.id = ?`).bind(id),
          db.prepare(summariesOf(verified)).bind(id, ORDERS_PAGE_SIZE, offsetOf(page)),
        ]),
      );
      const row = customers!.results[0] as CustomerRow | undefined;
      if (!row) return null;
      const values = await acceptedValues([row.id]);
      const customer = toCustomerSummary(row, values.get(row.id) ?? []);
      const total = customer.orderCount;
      return {
        customer,
        orders: { items: await summaries(newestFirst(orders!.results as OrderSummaryRow[])), total, page, pageCount: pageCountOf(total, ORDERS_PAGE_SIZE) },
      };
    },

    async setCustomerCurrency(id, currency) {
      const { meta } = await query(() => db.prepare("UPDATE customers SET currency = ? WHERE id = ?").bind(currency, id).run());
      return meta.changes > 0;
    },
  };
}
