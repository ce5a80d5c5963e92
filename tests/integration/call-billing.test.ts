// Calls that belong to a customer (issue 26, build item 2): a call rung by a call link that named the customer is logged
// with them (the switchboard Durable Object in workerd), and "Bill work" bills a customer's answered calls for their
// talk time at the call rate — once; calls of nobody, unanswered calls and calls of a customer who does not exist are
// not billed.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { explainPriced } from "~/domain/pricing-words";
import { billWork } from "~/features/billing/bill-work.server";
import { en } from "~/i18n";
import { sampleRateLine } from "../support/rate-line-samples";
import { languageId, seed } from "./helpers";
import { ARABIC, availableInterpreter, caller, freshSwitchboard, joinRoom } from "./switchboard-sockets";

const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
// Tuesday 6 October 2026, 10:00 in Denver (MDT, UTC−6).
const START = Date.UTC(2026, 9, 6, 16);
let customerId = 0;

beforeAll(async () => {
  await seed();
  customerId = (await env.DB.prepare("INSERT INTO customers (name, email, created_at) VALUES ('Harbor Legal', 'calls@harbor.example', 0) RETURNING id").first<{
    id: number;
  }>())!.id;
});

describe("a call by a customer's call link", () => {
  it("is logged with the customer it is billed to; a call of nobody's is logged with none", async () => {
    const person = (await env.DB.prepare("SELECT id, full_name AS name FROM users WHERE role = 'interpreter' ORDER BY email LIMIT 1").first<{
      id: string;
      name: string;
    }>())!;
    for (const billedTo of [{ customerId }, {}]) {
      const stub = freshSwitchboard();
      const amal = await availableInterpreter(stub, person.id, [ARABIC], person.name);
      const line = await caller(stub, ARABIC, billedTo);
      const { calls } = (await amal.next("ringing", (message) => (message.calls as unknown[]).length > 0)) as unknown as { calls: { id: string }[] };
      const callId = calls[0]!.id;
      amal.ws.send(JSON.stringify({ type: "accept", callId }));
      await line.next("answered");
      const callerSide = await joinRoom(callId, "caller");
      await joinRoom(callId, "interpreter");
      callerSide.ws.send(JSON.stringify({ type: "hangup" }));
      await line.next("ended");
      const [logged] = await backend().calls.page({ from: null, to: null, languageId: null, interpreterId: person.id }, null, 1);
      expect(logged).toMatchObject({ id: callId, outcome: "answered", customerId: billedTo.customerId ?? null });
    }
  });
});

describe("Bill work with calls", () => {
  it("bills a customer's answered call for its talk time at the call rate, once", async () => {
    const spanish = await languageId("Spanish");
    const call = (id: string, fields: Partial<Parameters<ReturnType<typeof backend>["calls"]["record"]>[0]>) =>
      backend().calls.record({
        ...{ id, languageId: spanish, language: "Spanish", type: "audio", callerName: "Harbor Legal", customerId },
        ...{ interpreterId: null, interpreterName: "Amal", outcome: "answered", requestedAt: START - 20_000, answeredAt: START, endedAt: START + 61_000 },
        ...fields,
      });
    await call("6f1c2b9e-3a4d-4e5f-8a9b-00000000c001", {});
    await call("6f1c2b9e-3a4d-4e5f-8a9b-00000000c002", { customerId: null });
    await call("6f1c2b9e-3a4d-4e5f-8a9b-00000000c003", { outcome: "missed", answeredAt: null });
    await call("6f1c2b9e-3a4d-4e5f-8a9b-00000000c004", { customerId: 999_999 });
    // The first call logged by the switchboard above is the customer's too, and no line prices Arabic calls: left, named.
    const perMinute = sampleRateLine({
      ...{ service: "call", unit: "minute", languageId: spanish, priceMinor: 150, minimum: 1, increment: 1 },
      ...{ surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 }, lateCancellationMinor: 0, effectiveFrom: "2026-01-01" },
    });
    expect((await backend().rates.add(perMinute, "admin", START - 1000)).ok).toBe(true);

    const first = await billWork(backend(), START + 3_600_000);
    expect(first.made).toBe(1);
    expect(first.unpriced).toEqual([{ source: expect.stringMatching(/^call:/), reason: "no-rate" }]);
    expect((await billWork(backend(), START + 3_600_000)).made).toBe(0);

    const item = (await env.DB.prepare("SELECT * FROM billable_items WHERE source = 'call:6f1c2b9e-3a4d-4e5f-8a9b-00000000c001'").first<{
      customer_id: number;
      work_day: string;
      amount_minor: number;
      computation: string;
    }>())!;
    expect([item.customer_id, item.work_day, item.amount_minor]).toEqual([customerId, "2026-10-06", 300]);
    const words = explainPriced({ amountMinor: 300, currency: "USD", rateLineId: null, computation: JSON.parse(item.computation) }, "en", en);
    expect(words.replaceAll("\u00a0", " ")).toBe("1 min 1 s call → 2 min billed (1 min minimum, 1-min increments) × $1.50/min = $3.00");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM billable_items WHERE source LIKE 'call:%'").first<{ n: number }>()).toEqual({ n: 1 });
  });
});
