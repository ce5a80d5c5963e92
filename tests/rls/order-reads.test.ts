// supabase/migrations/20261126000000_push_orders.sql on real Postgres: the reads the worker's screens are made of —
// an order with everything its page shows, the order behind a status link, the staff's order list (filters, search,
// pages, days on the company's calendar across a daylight-saving change) and the customers with their sums. All as
// the service role (who may call them: order-functions.test.ts).
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { fileDatabase, serviceRole, within } from "./support/db";
import { ADMIN_ID, createWithFixtures, INTERPRETER_ID, LANGUAGE } from "./support/fixtures";
import { call, createOrder, NOW, QUOTE, rowsOf, transitionOrder } from "./support/orders";

const db = fileDatabase(createWithFixtures);

type Page = { total: number; items: { id: number; [key: string]: unknown }[] };
type Filters = {
  search?: string;
  orderId?: number;
  status?: string;
  service?: number;
  language?: number;
  from?: string;
  to?: string;
  limit?: number;
  offset?: number;
};
const list = (tx: Transaction, f: Filters = {}) =>
  call<Page>(tx, "public.push_list_orders($1, $2, $3, $4, $5, $6, $7, $8, $9)", [
    f.search ?? "",
    f.orderId ?? null,
    f.status ?? null,
    f.service ?? null,
    f.language ?? null,
    f.from ?? null,
    f.to ?? null,
    f.limit ?? 20,
    f.offset ?? 0,
  ]);
const ids = async (tx: Transaction, f: Filters = {}) => (await list(tx, f)).items.map((item) => item.id);
const customers = (tx: Transaction, search = "", limit = 20, offset = 0) => call<Page>(tx, "public.push_list_customers($1, $2, $3)", [search, limit, offset]);
const quoteAndAccept = async (tx: Transaction, id: number, quote = QUOTE) => {
  await transitionOrder(tx, { id, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote });
  await transitionOrder(tx, { id, transition: "accept", from: "quoted", to: "accepted", basedOn: 2 }, ["customer", null]);
};

describe("push_get_order and push_order_by_token", () => {
  it("answer the order's columns (instants as timestamptz, exact to the millisecond) and its rows, each in order", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      await transitionOrder(tx, { id, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE }, undefined, NOW + 2);
      await call(tx, "public.push_add_order_message($1, 'staff', $2, 'Yes.', $3)", [id, ADMIN_ID, NOW + 3]);
      await call(tx, "public.push_add_order_message($1, 'customer', null, 'By Friday?', $2)", [id, NOW + 1]);
      const order = await call<Record<string, unknown>>(tx, "public.push_get_order($1)", [id]);
      expect(order).toMatchObject({
        id,
        status: "quoted",
        version: 2,
        customer_name: "Lena Park",
        customer_email: "lena@example.com",
        customer_phone: "+1 307 555 0199",
        customer_company: "Park & Co",
        service_id: 1,
        service_title: "Document Translation",
        source_language_id: LANGUAGE.english,
        source_language: "English",
        deadline: "2031-05-20",
        details: "Two contracts",
        locale: "en",
        internal_note: "",
        cancel_reason: "",
        token_revoked_at: null,
        token_sealed: "sealed",
        amount_minor: QUOTE.amount_minor,
        currency: "USD",
        due_date: QUOTE.due_date,
        valid_until: QUOTE.valid_until,
        interpreter_id: null,
        interpreter_name: null,
        targets: [
          { language_id: LANGUAGE.spanish, language: "Spanish" },
          { language_id: LANGUAGE.french, language: "French" },
        ],
        files: [
          {
            id: expect.any(Number),
            order_id: id,
            kind: "source",
            object_key: expect.any(String),
            file_name: "contract.pdf",
            content_type: "application/pdf",
            size: 1234,
            created_at: expect.any(String),
          },
        ],
      });
      expect(Date.parse(order.created_at as string)).toBe(NOW);
      expect(Date.parse(order.quoted_at as string)).toBe(NOW + 2);
      expect((order.messages as { body: string; author_name: string | null }[]).map((message) => [message.body, message.author_name])).toEqual([
        ["By Friday?", null],
        ["Yes.", "Amira Admin"],
      ]);
      expect(
        (order.events as { action: string; actor_name: string | null; detail: unknown }[]).map((event) => [event.action, event.actor_name, event.detail]),
      ).toEqual([
        ["requested", null, {}],
        ["quote", "Amira Admin", { quote: QUOTE }],
      ]);
      expect(await call(tx, "public.push_get_order(99999)")).toBeNull();
    });
  });

  it("push_order_by_token finds the order by its token's hash until the link is revoked", async () => {
    await within(db, serviceRole, async (tx) => {
      const { id } = await createOrder(tx);
      const [{ token_hash: hash }] = (await tx.query<{ token_hash: string }>("select token_hash from public.orders where id = $1", [id])).rows as [
        { token_hash: string },
      ];
      expect(await call(tx, "public.push_order_by_token($1)", [hash])).toMatchObject({ id, status: "new" });
      expect(await call(tx, "public.push_order_by_token(repeat('9', 64))")).toBeNull();
      await call(tx, "public.push_revoke_order_link($1, $2, $3)", [id, ADMIN_ID, NOW]);
      expect(await call(tx, "public.push_order_by_token($1)", [hash])).toBeNull();
      expect(await call(tx, "public.push_get_order($1)", [id])).toMatchObject({ id, token_revoked_at: expect.any(String) });
    });
  });
});

describe("push_list_orders", () => {
  it("filters by status, service, language (source or any target), and searches name, e-mail or the order number", async () => {
    await within(db, serviceRole, async (tx) => {
      const a = (await createOrder(tx, { name: "Zed Alpha", email: "zed@alpha.test", targets: [LANGUAGE.french] })).id;
      const b = (await createOrder(tx, { name: "Yan Beta", email: "yan@beta.test", service: 2, source: LANGUAGE.french, targets: [LANGUAGE.arabic] }, NOW + 1))
        .id;
      await transitionOrder(tx, { id: a, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE });
      expect(await ids(tx)).toEqual([b, a]);
      expect(await ids(tx, { status: "quoted" })).toEqual([a]);
      expect(await ids(tx, { service: 2 })).toEqual([b]);
      expect(await ids(tx, { language: LANGUAGE.french })).toEqual([b, a]);
      expect(await ids(tx, { language: LANGUAGE.spanish })).toEqual([]);
      expect(await ids(tx, { search: "ALPHA" })).toEqual([a]);
      expect(await ids(tx, { search: "yan@BETA" })).toEqual([b]);
      expect(await ids(tx, { search: `PUSH-${b}`, orderId: b })).toEqual([b]);
      expect((await list(tx, { status: "quoted" })).items[0]).toMatchObject({
        id: a,
        amount_minor: QUOTE.amount_minor,
        currency: "USD",
        targets: ["French"],
        customer_name: "Zed Alpha",
      });
    });
  });

  it("takes the search text literally: % and _ match only themselves", async () => {
    await within(db, serviceRole, async (tx) => {
      const percent = (await createOrder(tx, { name: "Fifty 50% Off", email: "p@x.test" })).id;
      await createOrder(tx, { name: "Fifty 500 Off", email: "q@x.test" });
      const underscore = (await createOrder(tx, { name: "a_b", email: "u@x.test" })).id;
      await createOrder(tx, { name: "axb", email: "v@x.test" });
      expect(await ids(tx, { search: "50%" })).toEqual([percent]);
      expect(await ids(tx, { search: "a_b" })).toEqual([underscore]);
    });
  });

  it("pages newest first with the total of all matches", async () => {
    await within(db, serviceRole, async (tx) => {
      const created: number[] = [];
      for (let n = 0; n < 5; n++) created.push((await createOrder(tx, { email: `page${n}@x.test` }, NOW + n)).id);
      expect(await list(tx, { limit: 2, offset: 0 })).toMatchObject({ total: 5, items: [{ id: created[4] }, { id: created[3] }] });
      expect((await list(tx, { limit: 2, offset: 4 })).items.map((item) => item.id)).toEqual([created[0]]);
    });
  });

  it("counts days on the company's calendar (America/Denver), across the change to daylight-saving time", async () => {
    await within(db, serviceRole, async (tx) => {
      // 2026-03-09T06:30Z is 00:30 on 9 March in Denver (MDT, UTC-6 since the 8th); 06:59Z on 8 March is 23:59 on the 7th (MST, UTC-7).
      const ninth = (await createOrder(tx, { email: "ninth@x.test" }, Date.parse("2026-03-09T06:30:00Z"))).id;
      const seventh = (await createOrder(tx, { email: "seventh@x.test" }, Date.parse("2026-03-08T06:59:00Z"))).id;
      const eighth = (await createOrder(tx, { email: "eighth@x.test" }, Date.parse("2026-03-08T07:00:00Z"))).id;
      expect(await ids(tx, { from: "2026-03-09" })).toEqual([ninth]);
      expect(await ids(tx, { to: "2026-03-07" })).toEqual([seventh]);
      expect(await ids(tx, { from: "2026-03-08", to: "2026-03-08" })).toEqual([eighth]);
    });
  });
});

describe("push_list_customers and push_get_customer", () => {
  it("count each customer's orders, sum the accepted quotes per currency, and know the last order", async () => {
    await within(db, serviceRole, async (tx) => {
      const one = (await createOrder(tx, { email: "val@x.test", name: "Val Ue", company: "Acme Ltd" })).id;
      const two = (await createOrder(tx, { email: "val@x.test" }, NOW + 1)).id;
      const three = (await createOrder(tx, { email: "val@x.test" }, NOW + 2)).id;
      const quoted = (await createOrder(tx, { email: "val@x.test" }, NOW + 3)).id;
      // Proven by the e-mailed link (issue 22): only then are they this customer's.
      for (const id of [one, two, three, quoted]) await call(tx, "public.push_verify_order_identity($1, $2)", [id, NOW + 5]);
      await quoteAndAccept(tx, one, { ...QUOTE, amount_minor: 10_000 });
      await quoteAndAccept(tx, two, { ...QUOTE, amount_minor: 2_500 });
      await quoteAndAccept(tx, three, { ...QUOTE, amount_minor: 900, currency: "EUR" });
      await transitionOrder(tx, { id: quoted, transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE });
      await transitionOrder(tx, { id: three, transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreter: INTERPRETER_ID });
      const page = await customers(tx, "acme");
      expect(page).toMatchObject({
        total: 1,
        items: [
          {
            email: "val@x.test",
            company: "Acme Ltd",
            order_count: 4,
            accepted_value: [
              { currency: "EUR", amount_minor: 900 },
              { currency: "USD", amount_minor: 12_500 },
            ],
          },
        ],
      });
      expect(Date.parse(page.items[0]!.last_order_at as string)).toBe(NOW + 3);
      const customer = await call<{ customer: { id: number }; orders: { id: number }[] }>(tx, "public.push_get_customer($1, 20, 0)", [page.items[0]!.id]);
      expect(customer.orders.map((order) => order.id)).toEqual([quoted, three, two, one]);
      expect(customer.customer).toEqual(page.items[0]);
      expect(await call(tx, "public.push_get_customer(99999, 20, 0)")).toBeNull();
    });
  });

  it("search name, e-mail or company; the latest orders first, then the rest by name; pages with the total", async () => {
    await within(db, serviceRole, async (tx) => {
      const old = await createOrder(tx, { email: "old@x.test", name: "Old Customer" }, NOW);
      const recent = await createOrder(tx, { email: "new@x.test", name: "New Customer" }, NOW + 10);
      for (const { id } of [old, recent]) await call(tx, "public.push_verify_order_identity($1, $2)", [id, NOW + 20]);
      await tx.query("insert into public.customers (name, email) values ('Aaron Nothing', 'none@x.test')");
      expect((await customers(tx)).items.map((item) => item.email)).toEqual(["new@x.test", "old@x.test", "none@x.test"]);
      expect((await customers(tx, "OLD@")).items.map((item) => item.email)).toEqual(["old@x.test"]);
      expect((await customers(tx, "park & co")).total).toBe(2);
      expect(await customers(tx, "", 1, 1)).toMatchObject({ total: 3, items: [{ email: "old@x.test" }] });
    });
  });
});

describe("a request with a known customer's e-mail and another name (issue 22)", () => {
  it("shows its own name, counts for nobody and changes nothing on file until the address is proven", async () => {
    await within(db, serviceRole, async (tx) => {
      const alices = (await createOrder(tx, { email: "alice@corp.test", name: "Alice Victim", company: "Acme Secret Corp" })).id;
      await call(tx, "public.push_verify_order_identity($1, $2)", [alices, NOW]);
      const customerBefore = await rowsOf(tx, "select name, company, phone from public.customers where email = 'alice@corp.test'");
      const mallorys = (await createOrder(tx, { email: "ALICE@corp.test", name: "Mallory", company: "" }, NOW + 1)).id;

      const order = await call<Record<string, unknown>>(tx, "public.push_get_order($1)", [mallorys]);
      expect(order).toMatchObject({ customer_name: "Mallory", customer_company: "", customer_email: "alice@corp.test", identity_verified_at: null });
      expect(await rowsOf(tx, "select name, company, phone from public.customers where email = 'alice@corp.test'")).toEqual(customerBefore);
      const customerId = order.customer_id;
      const before = await call<{ customer: { order_count: number }; orders: { id: number }[] }>(tx, "public.push_get_customer($1, 20, 0)", [customerId]);
      expect([before.customer.order_count, before.orders.map((item) => item.id)]).toEqual([1, [alices]]);
      // Alice's own order still shows her name.
      expect(await call(tx, "public.push_get_order($1)", [alices])).toMatchObject({ customer_name: "Alice Victim", customer_company: "Acme Secret Corp" });

      // The address proven (or staff confirm it): the order is the customer's, still under its own name.
      expect(await call(tx, "public.push_verify_order_identity($1, $2)", [mallorys, NOW + 2])).toBe(true);
      const after = await call<{ customer: { order_count: number }; orders: { id: number; customer_name: string }[] }>(
        tx,
        "public.push_get_customer($1, 20, 0)",
        [customerId],
      );
      expect([after.customer.order_count, after.orders.map((item) => [item.id, item.customer_name])]).toEqual([
        2,
        [
          [mallorys, "Mallory"],
          [alices, "Alice Victim"],
        ],
      ]);
      expect(await call(tx, "public.push_verify_order_identity($1, $2)", [99999, NOW])).toBe(false);
    });
  });
});
