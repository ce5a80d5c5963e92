// An order change and its e-mails are one call on Supabase (issue 21; supabase/migrations/
// 20261128000000_push_order_mail_atomic.sql): the request (under the id push_next_order_id gave), a transition and a
// message carry p_mails, stored by the same function, so the same transaction; a change that is refused or loses its
// race stores none. And the relay settles a claim whose run died instead of sending it again.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewMail } from "~/domain/mail";
import type { NewOrder } from "~/domain/order-records";
import { sha256Hex } from "~/platform/core/hash.server";
import { backendFor, double, languageIdOf, step, who } from "./helpers";

const NOW = 1_764_064_800_123;
const orders = () => backendFor().orders;
type MailRow = { order_id: number | null; kind: string; to_email: string; subject: string; status: string; created_at: number };
const outbox = async () =>
  (await double.table<MailRow>("mail_outbox")).map(({ order_id, kind, to_email, subject, status, created_at }) => ({
    order_id,
    kind,
    to_email,
    subject,
    status,
    created_at,
  }));
const mail = (orderId: number, subject: string): NewMail => ({ kind: "order-status", to: "lena@example.com", subject, body: "Body", orderId });

let [english, spanish] = [0, 0];
beforeAll(async () => {
  [english, spanish] = (await Promise.all(["English", "Spanish"].map(languageIdOf))) as [number, number];
});
beforeEach(() => double.reset());

async function newOrder(overrides: Partial<NewOrder> = {}): Promise<NewOrder> {
  return {
    customer: { name: "Lena Park", email: "lena@example.com", phone: "", company: "" },
    serviceId: 1,
    sourceLanguageId: english,
    targetLanguageIds: [spanish],
    deadline: "2031-05-20",
    details: "",
    locale: "en",
    tokenHash: await sha256Hex(crypto.randomUUID()),
    tokenSealed: "sealed",
    files: [],
    ...overrides,
  };
}

describe("an order change and its e-mails: one call", () => {
  it("a request: its id first, then the order with the e-mails written for that id", async () => {
    const { result, requests } = await step(async () => orders().create(await newOrder(), NOW, (id) => [mail(id, `Request PUSH-${id}`)]));
    expect(result).toEqual({ ok: true, id: 1 });
    expect(who(requests)).toEqual(["rpc.push_next_order_id service", "rpc.push_create_order service"]);
    expect(await outbox()).toEqual([
      { order_id: 1, kind: "order-status", to_email: "lena@example.com", subject: "Request PUSH-1", status: "pending", created_at: NOW },
    ]);
    // A refused request stores neither the order nor its e-mails (its id is simply not used).
    expect(await orders().create(await newOrder({ serviceId: 999 }), NOW, (id) => [mail(id, "refused")])).toEqual({ ok: false, reason: "unknown-service" });
    expect(await orders().create(await newOrder(), NOW, (id) => [mail(id, `Request PUSH-${id}`)])).toEqual({ ok: true, id: 3 });
    expect((await outbox()).map((row) => [row.order_id, row.subject])).toEqual([
      [1, "Request PUSH-1"],
      [3, "Request PUSH-3"],
    ]);
  });

  it("a transition stores its e-mails only when its compare-and-set wins; a message with its own", async () => {
    const created = await orders().create(await newOrder(), NOW);
    const id = created.ok ? created.id : 0;
    const cancel = {
      transition: "cancel" as const,
      from: "new" as const,
      to: "cancelled" as const,
      actor: "staff" as const,
      actorId: null,
      cancelReason: "x",
      detail: {},
    };
    const stale = await step(() => orders().transition(id, { ...cancel, basedOn: 7 }, NOW, [mail(id, "stale")]));
    expect([stale.result, who(stale.requests)]).toEqual([{ ok: false, reason: "stale" }, ["rpc.push_transition_order service"]]);
    expect(await outbox()).toEqual([]);
    expect(await orders().transition(id, { ...cancel, basedOn: 1 }, NOW + 1, [mail(id, "Cancelled")])).toEqual({ ok: true, version: 2 });
    const message = await step(() => orders().addMessage(id, { author: "staff", authorId: null, body: "Sorry" }, NOW + 2, [mail(id, "Message")]));
    expect([message.result, who(message.requests)]).toEqual([true, ["rpc.push_add_order_message service"]]);
    expect(await orders().addMessage(999, { author: "staff", authorId: null, body: "Lost" }, NOW, [mail(999, "Lost")])).toBe(false);
    expect((await outbox()).map((row) => [row.order_id, row.subject, row.created_at])).toEqual([
      [id, "Cancelled", NOW + 1],
      [id, "Message", NOW + 2],
    ]);
  });

  it("the relay settles a claim whose lease passed without an outcome: failed as unconfirmed, never claimed again", async () => {
    const created = await orders().create(await newOrder(), NOW, (id) => [mail(id, "Acknowledgement")]);
    expect(created.ok).toBe(true);
    const queue = backendFor().mail;
    const [item] = await queue.due(NOW, 10);
    expect(await queue.claim(item!.id, NOW, 60_000)).toEqual(expect.any(String));
    expect(await queue.claim(item!.id, NOW + 61_000, 60_000)).toBeNull();
    const settled = await step(() => queue.settleAbandoned(NOW + 61_000, "Unconfirmed"));
    expect([settled.result, who(settled.requests)]).toEqual([1, ["rest.mail_outbox.settle-abandoned service"]]);
    expect(await queue.get(item!.id)).toMatchObject({ status: "failed", lastError: "Unconfirmed", attempts: 0 });
    expect(await queue.due(NOW + 61_000, 10)).toEqual([]);
  });
});
