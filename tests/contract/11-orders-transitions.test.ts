// An order's changes through the Supabase adapter (issue 13; supabase/migrations/20261126000000_push_orders.sql): every
// change is ONE call of its SQL function, an interpreter's jobs are plain reads, and the double holds the migration's
// rules — the exact requests each port call makes, the credentials they carry (always the service role), and what
// the double holds after them.
import { beforeEach, describe, expect, it } from "vitest";
import { services as sampleServices } from "../../seed/content";
import { deliveryBy } from "../fixtures/orders";
import { backendFor, double, paramsOf, probe, step, who } from "./helpers";
import { admin, assigned, at, change, create, french, interpreter, NOW, orders, QUOTE, quoted, resetOrders, rowsOf, spanish } from "./orders-helpers";

beforeEach(resetOrders);

describe("transitions: one push_transition_order call each", () => {
  it("stores the status and version, the quote and the history entry with its detail", async () => {
    const id = await create();
    const { result, requests } = await step(() => orders().transition(id, quoted(), NOW + 1));
    expect(result).toEqual({ ok: true, version: 2 });
    expect(who(requests)).toEqual(["rpc.push_transition_order service"]);
    expect(await double.table("orders")).toEqual([expect.objectContaining({ status: "quoted", version: 2, updated_at: at(NOW + 1) })]);
    expect(await double.table("order_quotes")).toEqual([
      { order_id: id, amount_minor: QUOTE.amountMinor, currency: "USD", due_date: QUOTE.dueDate, valid_until: QUOTE.validUntil, quoted_at: at(NOW + 1) },
    ]);
    expect((await rowsOf("order_events", id))[1]).toMatchObject({
      actor: "staff",
      actor_id: admin,
      action: "quote",
      from_status: "new",
      to_status: "quoted",
      detail: { quote: QUOTE },
    });
  });

  it("deliver keeps the files with the interpreter who uploaded them; the job's reads show only the job", async () => {
    const id = await create();
    await assigned(id);
    const delivery = [{ objectKey: "orders/delivery-1", fileName: "contract-es.pdf", contentType: "application/pdf", size: 2048 }];
    expect((await step(() => orders().transition(id, deliveryBy(interpreter, delivery), NOW + 2))).result).toEqual({ ok: true, version: 5 });
    expect((await rowsOf("order_files", id)).map((row) => [row.kind, row.object_key, row.uploaded_by])).toEqual([
      ["source", expect.any(String), null],
      ["delivery", "orders/delivery-1", interpreter],
    ]);

    const jobs = await step(() => orders().jobs(interpreter, 1));
    expect(who(jobs.requests)).toEqual(["rest.orders.jobs service"]);
    // One page: the adapter asks for 20 rows and their count, never every job.
    expect(paramsOf(jobs.requests[0]!)).toEqual({
      select: "id,status,version,service_title,source_language,deadline,created_at,order_targets(language,position)",
      interpreter_id: `eq.${interpreter}`,
      order: "created_at.desc,id.desc",
      offset: "0",
      limit: "20",
    });
    expect(jobs.result).toEqual({
      items: [
        {
          id,
          status: "delivered",
          version: 5,
          serviceTitle: sampleServices[0]!.title,
          sourceLanguage: "English",
          targetLanguages: ["Spanish", "French"],
          deadline: "2031-05-20",
          createdAt: NOW,
        },
      ],
      total: 1,
      page: 1,
      pageCount: 1,
    });
    // Past the last page: an empty page that still knows the count.
    const past = await step(() => orders().jobs(interpreter, 3));
    expect(who(past.requests)).toEqual(["rest.orders.jobs service", "rest.orders.jobs-count service"]);
    expect(past.result).toEqual({ items: [], total: 1, page: 3, pageCount: 1 });
    const job = await step(() => orders().job(interpreter, id));
    expect(who(job.requests)).toEqual(["rest.orders.job service"]);
    expect(paramsOf(job.requests[0]!)).toMatchObject({ id: `eq.${id}`, interpreter_id: `eq.${interpreter}` });
    expect(job.result).toMatchObject({ id, details: "Two contracts", files: [{ kind: "source" }, { kind: "delivery", fileName: "contract-es.pdf" }] });
    expect(Object.keys(job.result!)).not.toContain("customer");
    expect((await step(() => orders().job(admin, id))).result).toBeNull();
    expect(await orders().jobs(admin, 1)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("a stale version or another status is refused and writes nothing; an unknown order is not found", async () => {
    const id = await create();
    const stale = await step(() => orders().transition(id, quoted(7), NOW + 1));
    expect(stale.result).toEqual({ ok: false, reason: "stale" });
    expect(who(stale.requests)).toEqual(["rpc.push_transition_order service"]);
    expect(await orders().transition(id, change({ transition: "complete", from: "delivered", to: "completed", basedOn: 1 }), NOW)).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await double.table("orders")).toEqual([expect.objectContaining({ status: "new", version: 1 })]);
    expect(await double.table("order_quotes")).toEqual([]);
    expect(await rowsOf("order_events", id)).toHaveLength(1);
    expect(await orders().transition(999, quoted(), NOW)).toEqual({ ok: false, reason: "not-found" });
  });

  it("of three changes from the same version at once, exactly one is stored, with its own rows only", async () => {
    const id = await create();
    const cheap = { ...QUOTE, amountMinor: 100 };
    const { result } = await step(() =>
      Promise.all([
        orders().transition(id, quoted(), NOW + 1),
        orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: cheap, detail: { quote: cheap } }), NOW + 1),
        orders().transition(
          id,
          change({ transition: "cancel", from: "new", to: "cancelled", basedOn: 1, cancelReason: "Duplicate", detail: { reason: "Duplicate" } }),
          NOW + 1,
        ),
      ]),
    );
    expect(result.filter((outcome) => outcome.ok)).toEqual([{ ok: true, version: 2 }]);
    expect(await rowsOf("order_events", id)).toHaveLength(2);
    expect((await double.table("order_quotes")).length).toBe(result.findIndex((outcome) => outcome.ok) === 2 ? 0 : 1);
  });
});

describe("the double holds the migration's rules", () => {
  it("a language or an interpreter removed later leaves the order as it was asked for (ON DELETE SET NULL)", async () => {
    const id = await create();
    await assigned(id);
    expect(await backendFor().languages.remove(french)).toMatchObject({ ok: true });
    expect(await backendFor().interpreters.remove(interpreter)).toMatchObject({ ok: true });
    expect(await orders().get(id)).toMatchObject({
      interpreter: null,
      targets: [
        { languageId: spanish, name: "Spanish" },
        { languageId: null, name: "French" },
      ],
      targetLanguages: ["Spanish", "French"],
    });
  });

  it("the functions are the service role's: with the public key a call is not even an allowed request", async () => {
    const response = await probe("/rest/v1/rpc/push_get_order", {
      key: "anon",
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ p_id: 1 }),
    });
    expect(response.status).toBe(400);
    expect((await double.requests((await double.lastSeq()) - 1))[0]!.violation!.join()).toMatch(/expected the service key, got anon/);
  });
});
