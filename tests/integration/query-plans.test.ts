// The D1 adapter's list queries read through indexes (issue 23, item 3): every statement a list sends is explained
// (EXPLAIN QUERY PLAN, with its own parameters), and a full scan of a table that grows with the business, or a
// temporary B-tree to sort one, fails the test. The lists covered: the call log, the inbox and its unread count, the
// order list (pages, filters, search), the customers (pages, search) and a customer's orders, an interpreter's jobs,
// the security log and the accounts.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import type { Backend } from "~/backend/port.server";
import { seed } from "./helpers";

/**
 * The tables that grow with the business; a scan of a small one (languages, services) is no concern, nor one of
 * call_log_hours (one row an hour, 8,760 a year), which the totals of all time read whole.
 */
const LARGE = [
  ...["orders", "customers", "order_targets", "order_quotes", "call_log", "contact_messages", "security_events", "mail_outbox"],
  ...["order_search", "customer_search"],
];

type Statement = { sql: string; params: unknown[] };
const NO_CALL_FILTER = { from: null, to: null, languageId: null, interpreterId: null } as const;
const ALL_ORDERS = { search: "", status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 } as const;

/** The worker's D1 binding, noting every statement run through it (and what it was bound to), batches included. */
function recording(db: D1Database, seen: Statement[]): D1Database {
  const real = new WeakMap<object, { statement: D1PreparedStatement; noted: Statement }>();
  const wrap = (sql: string, statement: D1PreparedStatement, params: unknown[] = []): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(sql, target.bind(...values), values);
        if (["all", "first", "run", "raw"].includes(String(key))) seen.push({ sql, params });
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    real.set(proxy, { statement, noted: { sql, params } });
    return proxy;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => wrap(sql, target.prepare(sql));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          for (const statement of statements) seen.push(real.get(statement)!.noted);
          return target.batch(statements.map((statement) => real.get(statement)!.statement));
        };
      }
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** What the query planner says it does for a statement: the rows of EXPLAIN QUERY PLAN's `detail`. */
async function planOf({ sql, params }: Statement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** A read of an FTS5 trigram table through its index (a MATCH): the search's matches, not the whole table. */
const FTS_MATCH = /VIRTUAL TABLE INDEX \d+:M/;

/**
 * The steps that read a large table whole or sort one. A search's statement may sort what its MATCH found: that is
 * bounded by the matches (docs/decisions/0026), not by the table.
 */
const problemsIn = (plan: string[]) =>
  plan.filter(
    (step) =>
      (/USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(step) && !plan.some((other) => FTS_MATCH.test(other))) ||
      LARGE.some(
        (table) =>
          new RegExp(`^SCAN (${table}|\\w+ AS \\w+)?\\b`).test(step) &&
          new RegExp(`\\b${table}\\b`).test(step) &&
          !/USING (COVERING )?INDEX/.test(step) &&
          !FTS_MATCH.test(step),
      ),
  );

let backend: Backend;
const seen: Statement[] = [];
beforeAll(async () => {
  await seed();
  backend = createD1Backend({
    env: { ...env, DB: recording(env.DB, seen) },
    request: new Request("https://push.test/Dashboard"),
    sessionSecret: env.SESSION_SECRET,
  });
  // Answered calls of every filter below, so that the totals' median is asked (it is not for no answered call).
  const at = Date.UTC(2024, 5, 1);
  for (const [n, interpreterId] of [
    [1, null],
    [2, "00000000-0000-4000-8000-000000000001"],
  ] as const) {
    await backend.calls.record({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      languageId: 1,
      language: "Arabic",
      type: "audio",
      callerName: "Caller",
      customerId: null,
      interpreterId,
      interpreterName: null,
      outcome: "answered",
      requestedAt: at + n,
      answeredAt: at + n + 5_000,
      endedAt: at + n + 60_000,
    });
  }
});

/** Runs `read` and explains every single statement it sent (batches are explained statement by statement below). */
async function statementsOf(read: () => Promise<unknown>): Promise<Statement[]> {
  seen.length = 0;
  await read();
  return [...seen];
}

describe("the lists' queries read through indexes", () => {
  const some = "00000000-0000-4000-8000-000000000001";
  const cases: [string, () => Promise<unknown>][] = [
    ["the call log, first page", () => backend.calls.page(NO_CALL_FILTER, null, 101)],
    [
      "the call log, a deep page of a year",
      () =>
        backend.calls.page(
          { from: "2024-01-01", to: "2024-12-31", languageId: null, interpreterId: null },
          { requestedAt: Date.UTC(2024, 5, 1), id: some },
          101,
        ),
    ],
    ["the call log's totals", () => backend.calls.totals(NO_CALL_FILTER)],
    ["the call log's totals of a year", () => backend.calls.totals({ ...NO_CALL_FILTER, from: "2024-01-01", to: "2024-12-31" })],
    ["the call log's totals of a language", () => backend.calls.totals({ ...NO_CALL_FILTER, languageId: 1 })],
    ["the call log's totals of an interpreter", () => backend.calls.totals({ ...NO_CALL_FILTER, interpreterId: some })],
    ["the inbox, first page", () => backend.outbox.page("all", null, 51)],
    ["the inbox, unread, a deep page", () => backend.outbox.page("unread", { receivedAt: Date.now(), id: 10 }, 51)],
    ["the inbox, not sent", () => backend.outbox.page("failed", null, 51)],
    ["the unread count", () => backend.outbox.unreadCount()],
    ["an interpreter's jobs", () => backend.orders.jobs(some, 1)],
    ["the order list, first page", () => backend.orders.list({ ...ALL_ORDERS })],
    ["the order list, one status", () => backend.orders.list({ ...ALL_ORDERS, status: "quoted" })],
    ["the order list, a deep page", () => backend.orders.list({ ...ALL_ORDERS, page: 5_000 })],
    ["the order list, one language", () => backend.orders.list({ ...ALL_ORDERS, languageId: 1 })],
    ["the order list, a date range", () => backend.orders.list({ ...ALL_ORDERS, from: "2025-01-01", to: "2025-12-31" })],
    ["the order list, a search", () => backend.orders.list({ ...ALL_ORDERS, search: "haddad" })],
    ["the order list, a short search", () => backend.orders.list({ ...ALL_ORDERS, search: "ha" })],
    ["the order list, an order number", () => backend.orders.list({ ...ALL_ORDERS, search: "#42" })],
    ["the customers, first page", () => backend.orders.customers({ search: "", page: 1 })],
    ["the customers, a deep page", () => backend.orders.customers({ search: "", page: 2_000 })],
    ["the customers, a search", () => backend.orders.customers({ search: "legal", page: 1 })],
    ["a customer and a page of their orders", () => backend.orders.customer(1, 3)],
    ["an interpreter's jobs, a later page", () => backend.orders.jobs(some, 4)],
    ["the security log, first page", () => backend.events.list({ limit: 101 })],
    ["the security log, a deep page", () => backend.events.list({ before: { at: Date.now() - 86_400_000, id: 500 }, limit: 101 })],
    [
      "the security log of one account, a deep page",
      () => backend.events.list({ account: "someone@example.com", before: { at: Date.now(), id: 9 }, limit: 101 }),
    ],
    ["the accounts, a page", () => backend.accounts.list({ search: "", page: 3 })],
  ];

  it.each(cases)("%s", async (_, read) => {
    const statements = await statementsOf(read);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const plan = await planOf(statement);
      expect(problemsIn(plan), `${statement.sql}\n${plan.join("\n")}`).toEqual([]);
    }
  });

  it("the test sees a full scan and a sort when there is one", async () => {
    expect(problemsIn(await planOf({ sql: "SELECT * FROM call_log WHERE caller_name = ? ORDER BY ended_at", params: ["x"] }))).toEqual([
      expect.stringMatching(/^SCAN call_log/),
      "USE TEMP B-TREE FOR ORDER BY",
    ]);
  });
});
