// Rate lines on D1 (issue 26; migrations/0024_rate_lines.sql): the database's own rules, with writes made straight to
// the table, bypassing every check of the app — a stored line never changes, a unit must be one its kind of work is
// priced in, and a customer's price is never an interpreter's pay.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { seed } from "./helpers";

const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
const NOW = Date.UTC(2026, 11, 8, 17);
const COLUMNS = "side, service, unit, currency, price_minor, minimum, increment, effective_from, created_by, created_at";
const insert = (side: string, service: string, unit: string, extra = "", extraValues: unknown[] = []) =>
  env.DB.prepare(
    `INSERT INTO rate_lines (${COLUMNS}${extra ? `, ${extra}` : ""}) VALUES (?, ?, ?, 'USD', 6500, 120, 15, '2026-12-08', 'test', ?${extraValues.map(() => ", ?").join("")})`,
  )
    .bind(side, service, unit, NOW, ...extraValues)
    .run();

describe("rate_lines, written straight to D1", () => {
  let lineId = 0;
  beforeAll(async () => {
    await seed();
    const added = await backend().rates.add(
      {
        ...{ side: "bill", service: "onsite", unit: "hour", languageId: null, customerEmail: null, interpreterEmail: null, currency: "USD" },
        ...{ priceMinor: 6500, minimum: 120, increment: 15, surcharges: { rush: 0, afterHours: 0, weekend: 2500, holiday: 0 } },
        ...{ lateCancellationMinor: 13000, effectiveFrom: "2026-12-08" },
      },
      "admin",
      NOW,
    );
    if (!added.ok) throw new Error(added.reason);
    lineId = added.id;
  });

  it("a stored line never changes: an update is refused and the price stays", async () => {
    await expect(env.DB.prepare("UPDATE rate_lines SET price_minor = 1 WHERE id = ?").bind(lineId).run()).rejects.toThrow(/rate lines never change/);
    expect(await env.DB.prepare("SELECT price_minor FROM rate_lines WHERE id = ?").bind(lineId).first("price_minor")).toBe(6500);
  });

  it("a unit the kind of work is not priced in is refused (on site per word, a call per hour)", async () => {
    await expect(insert("bill", "onsite", "word")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("bill", "call", "hour")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("bill", "remote", "hour")).resolves.toBeTruthy();
  });

  it("a customer's price is a bill line, an interpreter's rate a pay line", async () => {
    const customer = await env.DB.prepare("INSERT INTO customers (name, email, created_at) VALUES ('Ana', 'ana.rates@example.com', ?) RETURNING id")
      .bind(NOW)
      .first<{ id: number }>();
    const interpreter = await env.DB.prepare("SELECT id FROM users WHERE role = 'interpreter' LIMIT 1").first<{ id: string }>();
    await expect(insert("pay", "onsite", "hour", "customer_id", [customer!.id])).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("bill", "onsite", "hour", "interpreter_id", [interpreter!.id])).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("bill", "onsite", "hour", "customer_id", [customer!.id])).resolves.toBeTruthy();
  });
});
