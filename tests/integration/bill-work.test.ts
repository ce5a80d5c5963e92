// Billing on D1, the whole way behind the screens (issue 26, build items 1-3): a rate card; an appointment that took
// place, its record approved; a late cancellation; an order completed at its quote → "Bill work" makes one explained
// item of each (again: none) → a draft for the customer's month → issued with the year's next number and the totals.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import { orderNumber } from "~/domain/order-records";
import { explainPriced } from "~/domain/pricing-words";
import { billWork } from "~/features/billing/bill-work.server";
import { en } from "~/i18n";
import { deliveryBy, orderChange } from "../fixtures/orders";
import { sampleRateLine } from "../support/rate-line-samples";
import { languageId, seed } from "./helpers";

const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
const HOUR = 3_600_000;
// Tuesday 6 October 2026, 10:00 in Denver (MDT, UTC−6).
const START = Date.UTC(2026, 9, 6, 16);
const EMAIL = "clinic.billing@example.com";
let tokens = 0;
let spanish = 0;

async function booked(startsAt: number, mode: "on_site" | "video" = "on_site") {
  const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode });
  const made = await backend().appointments.request(
    {
      contact: { name: "Valley Clinic", email: EMAIL, phone: "+1 303 555 0100", organisation: "Valley Clinic" },
      ...{ languageId: spanish, mode, setting: "medical", startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
      ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "b"), tokenSealed: "sealed" },
    },
    startsAt - 14 * 24 * HOUR,
  );
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

beforeAll(async () => {
  await seed();
  spanish = await languageId("Spanish");
});

describe("billing work, on D1", () => {
  it("a held appointment, a late cancellation and a completed order become three explained items, once; a draft; an issued invoice", async () => {
    const added = await backend().rates.add(sampleRateLine({ effectiveFrom: "2026-01-01" }), "admin", START - 30 * 24 * HOUR);
    if (!added.ok) throw new Error(added.reason);

    // Held 10:05–12:15, approved.
    const held = await booked(START);
    const interpreter = (await env.DB.prepare("SELECT id FROM users WHERE role = 'interpreter' LIMIT 1").first<{ id: string }>())!.id;
    await backend().offers.offer(held, { basedOn: 1, interpreterIds: [interpreter], expiresAt: START }, START - 48 * HOUR);
    const [offer] = await backend().offers.forAppointment(held);
    expect((await backend().offers.accept(offer!.id, interpreter, START - 47 * HOUR)).ok).toBe(true);
    const entry = { actualStart: START + 5 * 60_000, actualEnd: START + 135 * 60_000, travelMinutes: 30, noShow: null };
    expect((await backend().records.approve(held, { basedOn: 3, entry, by: "admin" }, START + 4 * HOUR)).ok).toBe(true);

    // Cancelled by the customer 5 hours before its start, a week later.
    const cancelled = await booked(START + 7 * 24 * HOUR);
    expect((await backend().appointments.cancel(cancelled, { basedOn: 1, by: "customer", reason: "" }, START + 7 * 24 * HOUR - 5 * HOUR)).ok).toBe(true);

    // An order completed at a $250.00 quote, for the same customer (found by e-mail).
    const order = await backend().orders.create(
      {
        customer: { name: "Valley Clinic", email: EMAIL, phone: "", company: "Valley Clinic" },
        ...{ serviceId: (await backend().content.services())[0]!.id, sourceLanguageId: spanish, targetLanguageIds: [await languageId("Arabic")] },
        ...{ deadline: "2026-10-30", details: "Discharge letter", locale: "en", tokenHash: "c".repeat(64), tokenSealed: "sealed", files: [] },
      },
      START,
    );
    if (!order.ok) throw new Error(order.reason);
    const quote = { amountMinor: 25000, currency: "USD", dueDate: "2026-10-20", validUntil: "2026-10-10" };
    const steps = [
      orderChange({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }),
      orderChange({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer" }),
      orderChange({
        transition: "assign",
        from: "accepted",
        to: "in_progress",
        basedOn: 3,
        interpreterId: interpreter,
        detail: { interpreter: { id: interpreter, name: "x" } },
      }),
      deliveryBy(interpreter, [{ objectKey: "orders/billing-delivery", fileName: "letter.pdf", contentType: "application/pdf", size: 10 }]),
      orderChange({ transition: "complete", from: "delivered", to: "completed", basedOn: 5 }),
    ];
    for (const [index, step] of steps.entries()) expect((await backend().orders.transition(order.id, step, START + (index + 1) * HOUR)).ok).toBe(true);

    // The interpreter's pay: $30.00/h on site by default, $40.00 a translated document.
    for (const line of [
      sampleRateLine({ side: "pay", priceMinor: 3000, effectiveFrom: "2026-01-01" }),
      sampleRateLine({ side: "pay", service: "translation", unit: "flat", priceMinor: 4000, minimum: 1, increment: 1, effectiveFrom: "2026-01-01" }),
    ])
      expect((await backend().rates.add(line, "admin", START - 30 * 24 * HOUR)).ok).toBe(true);

    // The cancelled appointment had no interpreter: it is billed, and nobody's pay.
    const nothingLeft = { made: 0, unpriced: [] };
    expect(await billWork(backend(), START + 10 * 24 * HOUR)).toEqual({ made: 3, unpriced: [], pay: { made: 2, unpriced: [] } });
    expect(await billWork(backend(), START + 10 * 24 * HOUR)).toEqual({ ...nothingLeft, pay: nothingLeft });

    const statement = (await backend().pay.statement(interpreter, "2026-10"))!;
    expect(statement).toMatchObject({ itemCount: 2, totalMinor: 10750, paidMinor: 0, currency: "USD" });
    expect(statement.items.map((item) => [item.source.split(":")[0], explainPriced(item, "en", en, "pay").replaceAll("\u00a0", " ")])).toEqual([
      ["appointment", "2 h 10 min on site → 2 h 15 min paid (2 h minimum, 15-min increments) × $30.00/h = $67.50"],
      ["order", "Document translation at a flat rate = $40.00"],
    ]);

    const customerId = (await backend().appointments.get(held))!.customerId;
    const draft = await backend().invoices.createDraft(
      { customerId, currency: "USD", from: "2026-10-01", to: "2026-10-31", by: "admin" },
      START + 11 * 24 * HOUR,
    );
    if (!draft.ok) throw new Error(draft.reason);
    const lines = (await backend().invoices.get(draft.id))!.items.map((item) => [
      item.source.split(":")[0],
      explainPriced(
        { amountMinor: item.amountMinor, currency: item.currency, rateLineId: item.rateLineId, computation: item.computation },
        "en",
        en,
      ).replaceAll("\u00a0", " "),
    ]);
    expect(lines).toEqual([
      ["appointment", "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h = $146.25"],
      ["order", `Order ${orderNumber(order.id)} at the accepted quote = $250.00`],
      ["appointment", "Cancelled 5 hours before the start (under 24 hours) → late-cancellation charge $130.00"],
    ]);
    // Each item keeps its work's language for the reports (an appointment's; an order is billed at its quote: none).
    expect((await backend().invoices.get(draft.id))!.items.map((item) => item.languageId)).toEqual([spanish, null, spanish]);

    const issued = await backend().invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2026, by: "admin" }, START + 12 * 24 * HOUR);
    expect(issued).toEqual({ ok: true, number: "PUSH-2026-0001" });
    expect(await backend().invoices.get(draft.id)).toMatchObject({ status: "issued", subtotalMinor: 52625, taxMinor: 0, totalMinor: 52625 });
  });

  it("work no rate line prices is left to bill, and named, until a line prices it", async () => {
    const startsAt = START + 3 * 24 * HOUR;
    const video = await booked(startsAt, "video");
    expect((await backend().appointments.cancel(video, { basedOn: 1, by: "customer", reason: "" }, startsAt - HOUR)).ok).toBe(true);
    // The card prices on-site work only.
    const unpriced = { made: 0, unpriced: [{ source: `appointment:${video}`, reason: "no-rate" }], pay: { made: 0, unpriced: [] } };
    expect(await billWork(backend(), startsAt)).toEqual(unpriced);
    expect(await billWork(backend(), startsAt)).toEqual(unpriced);
    const remote = sampleRateLine({
      service: "remote",
      unit: "minute",
      priceMinor: 125,
      minimum: 30,
      increment: 1,
      lateCancellationMinor: 3750,
      effectiveFrom: "2026-01-01",
    });
    expect((await backend().rates.add(remote, "admin", startsAt)).ok).toBe(true);
    expect(await billWork(backend(), startsAt)).toEqual({ made: 1, unpriced: [], pay: { made: 0, unpriced: [] } });
  });
});
