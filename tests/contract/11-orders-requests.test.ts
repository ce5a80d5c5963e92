// Quote requests and an order's page through the Supabase adapter (issue 13; supabase/migrations/20261126000000_push_orders.sql):
// a request is ONE call of its SQL function after its id, an order's page is a function too and a file's lookup a plain
// read — the exact requests each port call makes, the credentials they carry (always the service role), and what the
// double holds after them. Changes: 11-orders-transitions; the staff's side: 11-orders-staff; e-mails and files:
// 12-order-mail-files.
import { beforeEach, describe, expect, it } from "vitest";
import type { NewOrder } from "~/domain/order-records";
import { services as sampleServices } from "../../seed/content";
import { double, paramsOf, pathOf, step, who } from "./helpers";
import { admin, at, create, english, french, newOrder, NOW, orders, resetOrders, rowsOf, spanish } from "./orders-helpers";

beforeEach(resetOrders);

describe("a quote request: its id (push_next_order_id), then one push_create_order call", () => {
  it("stores the customer (e-mail lower-cased), the order, its targets in order, its file and first entry, at the exact millisecond", async () => {
    const order = await newOrder();
    const { result, requests } = await step(() => orders().create(order, NOW));
    expect(result).toEqual({ ok: true, id: 1 });
    expect(who(requests)).toEqual(["rpc.push_next_order_id service", "rpc.push_create_order service"]);
    expect(requests[1]).toMatchObject({ method: "POST", status: 200 });
    expect(pathOf(requests[1]!)).toBe("/rest/v1/rpc/push_create_order");
    expect(await double.table("customers")).toEqual([
      // A new customer bills in USD until an admin sets their currency (issue 26), and belongs to no organisation (27).
      {
        id: 1,
        name: "Lena Park",
        email: "lena@example.com",
        phone: "+1 307 555 0199",
        company: "Park & Co",
        created_at: at(NOW),
        currency: "USD",
        organisation_id: null,
      },
    ]);
    expect(await double.table("orders")).toEqual([
      expect.objectContaining({
        id: 1,
        customer_id: 1,
        status: "new",
        version: 1,
        service_id: 1,
        service_title: sampleServices[0]!.title,
        source_language_id: english,
        source_language: "English",
        deadline: "2031-05-20",
        token_hash: order.tokenHash,
        token_sealed: order.tokenSealed,
        token_revoked_at: null,
        created_at: at(NOW),
        updated_at: at(NOW),
      }),
    ]);
    expect(await rowsOf("order_targets", 1)).toEqual([
      { order_id: 1, language_id: spanish, language: "Spanish", position: 0 },
      { order_id: 1, language_id: french, language: "French", position: 1 },
    ]);
    expect(await rowsOf("order_files", 1)).toEqual([
      expect.objectContaining({ kind: "source", object_key: order.files[0]!.objectKey, size: 1234, uploaded_by: null }),
    ]);
    expect(await rowsOf("order_events", 1)).toEqual([
      expect.objectContaining({ actor: "customer", action: "requested", to_status: "new", detail: {}, at: at(NOW) }),
    ]);
  });

  it("is refused with an unknown service or language, storing nothing", async () => {
    const refusals: [Partial<NewOrder>, string][] = [
      [{ serviceId: 999 }, "unknown-service"],
      [{ sourceLanguageId: 999 }, "unknown-language"],
      [{ targetLanguageIds: [spanish, 999] }, "unknown-language"],
    ];
    for (const [overrides, reason] of refusals) {
      const { result, requests } = await step(async () => orders().create(await newOrder(overrides), NOW));
      expect(result).toEqual({ ok: false, reason });
      expect(who(requests)).toEqual(["rpc.push_next_order_id service", "rpc.push_create_order service"]);
    }
    for (const table of ["customers", "orders", "order_targets", "order_files", "order_events"]) expect(await double.table(table), table).toEqual([]);
  });
});

describe("an order's page: one call each", () => {
  it("get answers the order with its rows; byTokenHash the same until the link is revoked; unknown ones are null", async () => {
    const order = await newOrder();
    const id = await create(order);
    const got = await step(() => orders().get(id));
    expect(who(got.requests)).toEqual(["rpc.push_get_order service"]);
    expect(got.result).toMatchObject({ id, status: "new", createdAt: NOW, tokenSealed: order.tokenSealed, targetLanguages: ["Spanish", "French"] });
    const byToken = await step(() => orders().byTokenHash(order.tokenHash));
    expect(who(byToken.requests)).toEqual(["rpc.push_order_by_token service"]);
    expect(byToken.result).toEqual(got.result);
    expect((await step(() => orders().get(999))).result).toBeNull();

    const revoked = await step(() => orders().revokeLink(id, admin, NOW + 5));
    expect(revoked.result).toBe(true);
    expect(who(revoked.requests)).toEqual(["rpc.push_revoke_order_link service"]);
    expect(await double.table("orders")).toEqual([expect.objectContaining({ token_revoked_at: at(NOW + 5) })]);
    expect(await orders().byTokenHash(order.tokenHash)).toBeNull();
    expect(await orders().revokeLink(id, admin, NOW + 6)).toBe(false);
  });

  it("file is a read of one file of one order", async () => {
    const id = await create();
    const other = await create();
    const { result, requests } = await step(() => orders().file(id, 1));
    expect(result).toMatchObject({ id: 1, orderId: id, objectKey: expect.stringMatching(/^orders\//), fileName: "contract.pdf" });
    expect(who(requests)).toEqual(["rest.order_files.get service"]);
    expect(paramsOf(requests[0]!)).toEqual({ select: "id,order_id,kind,object_key,file_name,content_type,size,created_at", id: "eq.1", order_id: `eq.${id}` });
    expect((await step(() => orders().file(other, 1))).result).toBeNull();
  });
});
