// The staff's side of orders through the Supabase adapter (issue 13; supabase/migrations/20261126000000_push_orders.sql):
// an order's thread and note, the lists of orders and customers, and a customer's page — ONE call of a SQL function
// each, always with the service role — and what the double holds after them.
import { beforeEach, describe, expect, it } from "vitest";
import { double, step, who } from "./helpers";
import { admin, at, create, NOW, orders, QUOTE, quoted, resetOrders, rowsOf } from "./orders-helpers";

beforeEach(resetOrders);

describe("the thread and the note: one call each", () => {
  it("addMessage stores the customer's and staff's messages; setNote the note and its entry; false for no such order", async () => {
    const id = await create();
    const message = await step(() => orders().addMessage(id, { author: "customer", authorId: null, body: "By Friday?" }, NOW + 1));
    expect(message.result).toBe(true);
    expect(who(message.requests)).toEqual(["rpc.push_add_order_message service"]);
    expect(await orders().addMessage(id, { author: "staff", authorId: admin, body: "Yes." }, NOW + 2)).toBe(true);
    expect(await orders().addMessage(999, { author: "staff", authorId: admin, body: "Lost" }, NOW)).toBe(false);
    expect((await rowsOf("order_messages", id)).map((row) => [row.author, row.author_id, row.body, row.created_at])).toEqual([
      ["customer", null, "By Friday?", at(NOW + 1)],
      ["staff", admin, "Yes.", at(NOW + 2)],
    ]);

    const note = await step(() => orders().setNote(id, "Rush job", admin, NOW + 3));
    expect(note.result).toBe(true);
    expect(who(note.requests)).toEqual(["rpc.push_set_order_note service"]);
    expect(await double.table("orders")).toEqual([expect.objectContaining({ internal_note: "Rush job", version: 1 })]);
    expect((await rowsOf("order_events", id)).at(-1)).toMatchObject({ action: "note", actor: "staff", actor_id: admin });
    expect(await orders().setNote(999, "x", admin, NOW)).toBe(false);
  });
});

describe("the staff's lists: one call each", () => {
  it("list, customers and customer", async () => {
    const first = await create({ customer: { name: "Omar Said", email: "omar@example.com", phone: "", company: "Said Legal" } });
    const second = await create({}, NOW + 1);
    await orders().transition(first, quoted(), NOW + 2);
    const query = { search: "", status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 };
    const list = await step(() => orders().list({ ...query, search: `PUSH-${String(first).padStart(4, "0")}` }));
    expect(who(list.requests)).toEqual(["rpc.push_list_orders service"]);
    expect(list.result).toMatchObject({ total: 1, page: 1, pageCount: 1, items: [{ id: first, quote: { amountMinor: QUOTE.amountMinor, currency: "USD" } }] });
    expect((await orders().list(query)).items.map((order) => order.id)).toEqual([second, first]);

    // An order is its customer's once the address is proven or staff confirm it (issue 22): one call.
    const verified = await step(() => orders().verifyIdentity(first, NOW + 3));
    expect([verified.result, who(verified.requests)]).toEqual([true, ["rpc.push_verify_order_identity service"]]);
    expect(await orders().get(first)).toMatchObject({ identityVerified: true, customer: { name: "Omar Said" } });
    const customers = await step(() => orders().customers({ search: "said", page: 1 }));
    expect(who(customers.requests)).toEqual(["rpc.push_list_customers service"]);
    expect(customers.result).toMatchObject({
      total: 1,
      items: [{ name: "Omar Said", company: "Said Legal", orderCount: 1, acceptedValue: [], lastOrderAt: NOW }],
    });
    const customer = await step(() => orders().customer(customers.result.items[0]!.id, 1));
    expect(who(customer.requests)).toEqual(["rpc.push_get_customer service"]);
    // One page of their orders, asked for as such (the shape requires p_limit 20 and p_offset).
    expect(customer.result?.orders).toMatchObject({ items: [{ id: first }], total: 1, page: 1, pageCount: 1 });
    expect(await orders().customer(999, 1)).toBeNull();
  });
});
