// D1 binds at most 100 parameters per statement (issue 23, item 7). The helpers that take a list of ids bound one
// parameter per id: a customer with more than 100 orders got a 500 (D1_ERROR: too many SQL variables), and so did an
// interpreter's jobs page. Each helper is tried here with 150 ids.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import * as customerPage from "~/routes/dashboard/customer";
import * as jobsPage from "~/routes/dashboard/jobs";
import { backendFor, cookieOf, seed } from "./helpers";
import { browser } from "./requests";

const { get } = browser();
import { signedInPerson } from "./switchboard-sockets";

const MANY = 150;
let customerId = 0;
let interpreterId = "";

beforeAll(async () => {
  await seed();
  const created = await backendFor().interpreters.create({
    fullName: "Busy Interpreter",
    gender: "Woman",
    email: "busy@example.com",
    phone: "+1 307 555 0150",
    password: "busy-Password-1",
  });
  if (!created.ok) throw new Error("could not create the interpreter");
  interpreterId = created.id;
  const { meta } = await env.DB.prepare("INSERT INTO customers (name, email, phone, company, created_at) VALUES ('Many Orders', 'many@example.com', '', '', ?)")
    .bind(Date.now())
    .run();
  customerId = Number(meta.last_row_id);
  const now = Date.now();
  const statements = [];
  for (let n = 0; n < MANY; n++) {
    const tokenHash = await sha256Hex(`many-${n}`);
    statements.push(
      env.DB.prepare(
        `INSERT INTO orders (customer_id, service_title, source_language, deadline, token_hash, requester_name, identity_verified_at, interpreter_id,
           status, created_at, updated_at) VALUES (?, 'Document Translation', 'Arabic', '2031-01-01', ?, 'Many Orders', ?, ?, 'in_progress', ?, ?)`,
      ).bind(customerId, tokenHash, now, interpreterId, now + n, now + n),
      env.DB.prepare(
        "INSERT INTO order_targets (order_id, language_id, language, position) SELECT id, NULL, 'English', 0 FROM orders WHERE token_hash = ?",
      ).bind(tokenHash),
    );
  }
  await env.DB.batch(statements);
});

describe(`helpers that take a list, with ${MANY} ids`, () => {
  it("a customer with 150 orders opens, and every order is reachable through its pages", async () => {
    const admin = await cookieOf("admin@example.com");
    const open = async (page: number) =>
      (await customerPage.loader(get(`/Dashboard/Dashboardcustomers/${customerId}?page=${page}`, admin, { params: { customerId: String(customerId) } }))) as {
        customer: { orderCount: number };
        orders: { items: { id: number; targetLanguages: string[] }[]; pageCount: number };
      };
    const first = await open(1);
    expect(first.customer.orderCount).toBe(MANY);
    expect(first.orders.pageCount).toBe(Math.ceil(MANY / 20));
    const seen: number[] = [];
    for (let page = 1; page <= first.orders.pageCount; page++) {
      const { orders } = await open(page);
      expect(orders.items.length).toBeLessThanOrEqual(20);
      expect(orders.items.every((order) => order.targetLanguages.join() === "English")).toBe(true);
      seen.push(...orders.items.map((order) => order.id));
    }
    expect(new Set(seen).size).toBe(MANY);
  });

  it("an interpreter with 150 jobs reaches them all through the pages", async () => {
    // The page itself, as they open it.
    const cookie = await cookieOf("busy@example.com", "busy-Password-1");
    const page = (await jobsPage.loader(get("/Dashboard/Jobs?page=8", cookie))) as {
      jobs: { ok: boolean; value: { items: unknown[]; page: number; pageCount: number } };
    };
    expect(page.jobs).toMatchObject({ ok: true, value: { page: 8, pageCount: 8 } });
    expect(page.jobs.value.items).toHaveLength(MANY - 7 * 20);
    const first = await backendFor().orders.jobs(interpreterId, 1);
    expect([first.total, first.pageCount, first.items.length]).toEqual([MANY, 8, 20]);
    const seen: number[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const jobs = await backendFor().orders.jobs(interpreterId, page);
      expect(jobs.items.every((job) => job.targetLanguages.join() === "English")).toBe(true);
      seen.push(...jobs.items.map((job) => job.id));
    }
    expect(new Set(seen).size).toBe(MANY);
  });

  it("the call switchboard's readiness check answers for 150 people at once", async () => {
    const ids = Array.from({ length: MANY }, (_, n) => `ready-${n}`);
    for (const id of ids) await signedInPerson(id, `Ready ${id}`, [1]);
    const ready = await backendFor().links.callReadiness(ids);
    expect(ready).toHaveLength(MANY);
    expect(ready.every((person) => person.sessions.length === 1 && person.languages.join() === "1")).toBe(true);
  });
});
