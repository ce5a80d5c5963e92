// supabase/migrations/20261130000000_push_search_and_customer_totals.sql on real Postgres (issue 23): the trigram
// search finds what D1's FTS5 trigram tables find for the same words (any part of one field, any case, never across
// two fields), reads its index, and keeps the customers' totals with the orders; the Users page's list of Supabase
// Auth's accounts, a page at a time, for the service role only.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { anon, fileDatabase, run, serviceRole, within } from "./support/db";
import { admin, createWithFixtures, interpreter, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { call, createOrder, NOW, rowsOf } from "./support/orders";

const db = fileDatabase(createWithFixtures);

type Page = { total: number; items: { id: number; [key: string]: unknown }[] };
const orderIds = async (tx: Transaction, search: string, orderId: number | null = null) =>
  (await call<Page>(tx, "public.push_list_orders($1, $2, null, null, null, null, null, 20, 0)", [search, orderId])).items.map((item) => item.id).sort();
const customerEmails = async (tx: Transaction, search: string) =>
  (await call<Page>(tx, "public.push_list_customers($1, 20, 0)", [search])).items.map((item) => item.email);

describe("the trigram search", () => {
  it("finds any part of a name, an e-mail or a company, in any case, and nothing across two fields", async () => {
    await within(db, serviceRole, async (tx) => {
      const a = await createOrder(tx, { name: "Zainab Haddad", email: "zainab@clinic.test", company: "Northside Clinic" });
      const b = await createOrder(tx, { name: "Omar Said", email: "omar@legal.test", company: "Said Legal" });
      await call(tx, "public.push_verify_order_identity($1, $2)", [a.id, NOW + 5]);
      expect(await orderIds(tx, "HADDA")).toEqual([a.id]);
      expect(await orderIds(tx, "clinic.te")).toEqual([a.id]);
      expect(await orderIds(tx, "side cli")).toEqual([a.id]);
      expect(await orderIds(tx, "said")).toEqual([b.id]);
      // The name's end and the e-mail's start are two fields: no match spans them.
      expect(await orderIds(tx, "haddadzainab")).toEqual([]);
      expect(await orderIds(tx, "dad zai")).toEqual([]);
      // LIKE's wildcards are the characters themselves.
      expect(await orderIds(tx, "%")).toEqual([]);
      // A search too short for the index is passed as '' (the worker's rule): then only the order number counts.
      expect(await orderIds(tx, "", b.id)).toEqual([b.id]);
      expect(await customerEmails(tx, "NORTHSIDE")).toEqual(["zainab@clinic.test"]);
      expect(await customerEmails(tx, "legal.t")).toEqual(["omar@legal.test"]);
      expect(await customerEmails(tx, "clinic.testnorth")).toEqual([]);
    });
  });

  it("reads the trigram indexes when the planner is told to avoid a scan", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("set local enable_seqscan = off");
      const plan = (sql: string) => rowsOf(tx, `explain ${sql}`).then((rows) => rows.map((row) => String(row["QUERY PLAN"])).join("\n"));
      expect(await plan("select id from public.orders where search_text ilike '%hadda%'")).toMatch(/orders_search_idx/);
      expect(await plan("select id from public.customers where search_text ilike '%hadda%'")).toMatch(/customers_search_idx/);
    });
  });
});

describe("the customers' totals, kept with the orders", () => {
  it("count a proven order and know the last one; an unproven request counts for nobody", async () => {
    await within(db, serviceRole, async (tx) => {
      const first = await createOrder(tx, { name: "Kept Count", email: "kept@count.test" }, NOW);
      const second = await createOrder(tx, { name: "Kept Count", email: "kept@count.test" }, NOW + 60_000);
      const totals = () =>
        rowsOf(tx, "select order_count, (extract(epoch from last_order_at) * 1000)::bigint as last from public.customers where email = 'kept@count.test'");
      expect(await totals()).toEqual([{ order_count: 0, last: null }]);
      await call(tx, "public.push_verify_order_identity($1, $2)", [first.id, NOW + 1]);
      expect(await totals()).toEqual([{ order_count: 1, last: NOW }]);
      await call(tx, "public.push_verify_order_identity($1, $2)", [second.id, NOW + 2]);
      await call(tx, "public.push_verify_order_identity($1, $2)", [second.id, NOW + 3]); // once verified, no second count
      expect(await totals()).toEqual([{ order_count: 2, last: NOW + 60_000 }]);
      const customer = await call<{ customer: { order_count: number }; orders: { id: number }[] }>(
        tx,
        "public.push_get_customer((select id from public.customers where email = 'kept@count.test'), 1, 1)",
      );
      expect([customer.customer.order_count, customer.orders.map((order) => order.id)]).toEqual([2, [first.id]]);
    });
  });
});

describe("push_find_people and push_list_links", () => {
  it("find the people a text names who are linked to every language asked for, by name", async () => {
    await within(db, serviceRole, async (tx) => {
      const names = async (search: string, languages: number[]) =>
        (await call<{ full_name: string }[]>(tx, "public.push_find_people($1, $2, 10)", [search, languages])).map((row) => row.full_name);
      // Fixtures: Amira Arabic; Daniel English and Spanish; Linh English.
      expect(await names("", [LANGUAGE.english])).toEqual(["Daniel Interpreter", "Linh Interpreter"]);
      expect(await names("", [LANGUAGE.english, LANGUAGE.spanish])).toEqual(["Daniel Interpreter"]);
      expect(await names("LINH", [LANGUAGE.english])).toEqual(["Linh Interpreter"]);
      expect(await names("linh", [LANGUAGE.english, LANGUAGE.spanish])).toEqual([]);
      expect(await names(INTERPRETER_ID, [LANGUAGE.spanish])).toEqual(["Daniel Interpreter"]);
    });
  });

  it("page the links by person then language, with the total", async () => {
    await within(db, serviceRole, async (tx) => {
      const page = await call<{ total: number; items: { user_name: string; language_name: string }[] }>(tx, "public.push_list_links(2, 1)");
      expect(page.total).toBe(4);
      expect(page.items.map((item) => [item.user_name, item.language_name])).toEqual([
        ["Daniel Interpreter", "English"],
        ["Daniel Interpreter", "Spanish"],
      ]);
    });
  });

  it("push_linked_languages: each language someone is linked to, once, by name", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await call(tx, "public.push_linked_languages()")).toEqual([
        { id: LANGUAGE.arabic, name: "Arabic" },
        { id: LANGUAGE.english, name: "English" },
        { id: LANGUAGE.spanish, name: "Spanish" },
      ]);
    });
  });

  it("are refused to anyone but the service role", async () => {
    for (const actor of [anon, interpreter, admin]) {
      expect(await run(db, actor, "select public.push_linked_languages()")).toMatchObject({ ok: false, code: "42501" });
      expect(await run(db, actor, "select public.push_find_people('', array[1]::bigint[], 10)")).toMatchObject({ ok: false, code: "42501" });
      expect(await run(db, actor, "select public.push_list_links(50, 0)")).toMatchObject({ ok: false, code: "42501" });
    }
  });
});

describe("push_list_accounts", () => {
  it("answers one page of Supabase Auth's accounts with their users rows, by e-mail, searched in e-mail and name", async () => {
    await within(db, serviceRole, async (tx) => {
      const all = await call<Page>(tx, "public.push_list_accounts('', 25, 0)");
      expect(all.total).toBe(4);
      expect(all.items.map((item) => item.email)).toEqual(["admin@push.test", "daniel@push.test", "linh@push.test", "new@push.test"]);
      expect(all.items[3]).toMatchObject({ full_name: null, role: null, banned_until: null });
      expect((await call<Page>(tx, "public.push_list_accounts('', 2, 2)")).items.map((item) => item.email)).toEqual(["linh@push.test", "new@push.test"]);
      expect((await call<Page>(tx, "public.push_list_accounts('LINH INTER', 25, 0)")).items).toMatchObject([{ email: "linh@push.test", role: "interpreter" }]);
      expect((await call<Page>(tx, "public.push_list_accounts('@push', 25, 0)")).total).toBe(4);
    });
  });

  it("is refused to anyone but the service role", async () => {
    for (const actor of [anon, interpreter, admin]) {
      expect(await run(db, actor, "select public.push_list_accounts('', 25, 0)")).toMatchObject({ ok: false, code: "42501" });
    }
  });
});
