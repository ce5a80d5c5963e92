// migrations/0008_orders.sql on D1: the same model as Supabase's push_orders migration. The worker finds or creates a
// customer by email, stores an order with its targets, and moves it by compare-and-set (the second of two identical
// clicks changes nothing); the database itself refuses what the model does not allow.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seed } from "./helpers";

const NOW = Date.parse("2026-11-24T18:00:00Z");
let orderId: number;

beforeAll(async () => {
  await seed();
  const customer = await env.DB.prepare("INSERT INTO customers (name, email, created_at) VALUES ('Sara Lee', 'sara@customer.test', ?) RETURNING id")
    .bind(NOW)
    .first<{ id: number }>();
  const order = await env.DB.prepare(
    `INSERT INTO orders (customer_id, service_id, service_title, source_language_id, source_language, deadline, token_hash, created_at, updated_at)
     VALUES (?, 1, 'Document Translation', 1, 'English', '2026-12-24', ?, ?, ?) RETURNING id`,
  )
    .bind(customer!.id, "d".repeat(64), NOW, NOW)
    .first<{ id: number }>();
  orderId = order!.id;
  await env.DB.prepare("INSERT INTO order_targets (order_id, language_id, language, position) VALUES (?, 2, 'Spanish', 1), (?, 3, 'French', 2)")
    .bind(orderId, orderId)
    .run();
});

describe("orders on D1", () => {
  it("starts new at version 1, and a transition is a compare-and-set: the same click twice changes it once", async () => {
    expect(await env.DB.prepare("SELECT status, version FROM orders WHERE id = ?").bind(orderId).first()).toEqual({ status: "new", version: 1 });
    const move = env.DB.prepare("UPDATE orders SET status = 'quoted', version = version + 1, updated_at = ? WHERE id = ? AND version = ?");
    const [first, second] = await env.DB.batch([move.bind(NOW, orderId, 1), move.bind(NOW, orderId, 1)]);
    expect([first!.meta.changes, second!.meta.changes]).toEqual([1, 0]);
    expect(await env.DB.prepare("SELECT status, version FROM orders WHERE id = ?").bind(orderId).first()).toEqual({ status: "quoted", version: 2 });
  });

  it("keeps the order as it was asked for when its service or a language is deleted later", async () => {
    const other = await env.DB.prepare(
      `INSERT INTO orders (customer_id, service_id, service_title, source_language_id, source_language, deadline, token_hash, created_at, updated_at)
       SELECT customer_id, service_id, service_title, source_language_id, source_language, deadline, ?, created_at, updated_at FROM orders WHERE id = ?
       RETURNING id`,
    )
      .bind("e".repeat(64), orderId)
      .first<{ id: number }>();
    await env.DB.prepare("DELETE FROM user_languages WHERE language_id = 1").run();
    await env.DB.prepare("DELETE FROM languages WHERE id = 1").run();
    expect(await env.DB.prepare("SELECT source_language_id, source_language FROM orders WHERE id = ?").bind(other!.id).first()).toEqual({
      source_language_id: null,
      source_language: "English",
    });
  });

  it("refuses what the model does not allow", async () => {
    const refused = async (sql: string, ...params: unknown[]) =>
      expect(
        env.DB.prepare(sql)
          .bind(...params)
          .run(),
        sql,
      ).rejects.toThrow(/constraint failed/i);
    await refused("UPDATE orders SET status = 'shipped' WHERE id = ?", orderId);
    await refused("UPDATE orders SET token_hash = 'plain-token' WHERE id = ?", orderId);
    await refused("UPDATE orders SET token_hash = ? WHERE id = ?", "D".repeat(64), orderId);
    await refused("INSERT INTO customers (name, email, created_at) VALUES ('Sara again', 'sara@customer.test', 0)");
    await refused(
      "INSERT INTO order_quotes (order_id, amount_minor, currency, due_date, valid_until, quoted_at) VALUES (?, 0, 'USD', '2026-12-01', '2026-12-01', 0)",
      orderId,
    );
    await refused(
      "INSERT INTO order_quotes (order_id, amount_minor, currency, due_date, valid_until, quoted_at) VALUES (?, 100, 'usd', '2026-12-01', '2026-12-01', 0)",
      orderId,
    );
    await refused("INSERT INTO order_messages (order_id, author, body, created_at) VALUES (?, 'staff', '', 0)", orderId);
    await refused(
      "INSERT INTO order_files (order_id, kind, object_key, file_name, content_type, size, created_at) VALUES (?, 'other', 'k', 'f', 't', 1, 0)",
      orderId,
    );
    await refused(
      "INSERT INTO orders (customer_id, service_title, source_language, deadline, token_hash, created_at, updated_at) VALUES (999, 's', 'l', '2026-12-01', ?, 0, 0)",
      "f".repeat(64),
    );
  });

  it("deletes an order's targets, quote, files, thread and history with it, and keeps a customer who has orders", async () => {
    await env.DB.prepare("INSERT INTO order_events (order_id, at, actor, action) VALUES (?, 0, 'system', 'created')").bind(orderId).run();
    await expect(env.DB.prepare("DELETE FROM customers").run()).rejects.toThrow(/constraint failed/i);
    await env.DB.prepare("DELETE FROM orders WHERE id = ?").bind(orderId).run();
    for (const table of ["order_targets", "order_events"]) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE order_id = ?`).bind(orderId).first(), table).toEqual({ n: 0 });
    }
  });
});
