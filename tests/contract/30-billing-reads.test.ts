// What billing reads on Supabase (issue 26; supabase/migrations/20261204000200_push_billing_reads.sql), through the
// adapter against the double: each read is one call of a function with the service-role key — the work to bill and no
// item yet (an approved appointment with its record, a customer's late cancellation, a completed order at its quote
// and completion; not an unapproved record, a staff or early cancellation, an order not completed, nor what has an
// item), oldest first and UNBILLED_AT_ONCE of each at most; a page of the invoices, newest first, with the customer and
// the count and sum of the items; a side's every rate line. The same SQL on Postgres: tests/rls/billing-read-functions.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UNBILLED_AT_ONCE, type NewBillableItem } from "~/backend/port-invoices.server";
import type { AttendanceEntry } from "~/domain/appointment-records";
import type { NewAppointment } from "~/domain/appointments";
import type { Computation } from "~/domain/pricing";
import { deliveryBy } from "../fixtures/orders";
import { sampleRateLine } from "../support/rate-line-samples";
import { backendFor, double, languageIdOf, step, who } from "./helpers";
import { change, create, interpreter, QUOTE, quoted, resetOrders } from "./orders-helpers";

const HOUR = 3_600_000;
/** 2025-11-25T10:00:00.123Z: when the appointments are booked, offered and accepted. */
const NOW = 1_764_064_800_123;
/** 2034-05-02 16:00:00.250 UTC: a millisecond that must survive the round trip through timestamptz. */
const STARTS = Date.UTC(2034, 4, 2, 16) + 250;
const DAY = 24 * HOUR;
const ADMIN = "admin@example.com";
const invoices = () => backendFor().invoices;
const appointments = () => backendFor().appointments;
const computation: Computation = { kind: "late-cancellation", hoursBefore: 20, windowHours: 24 };
const entry = (start: number): AttendanceEntry => ({ actualStart: start, actualEnd: start + HOUR, travelMinutes: 15, noShow: null });

let spanish = 0;
let hashes = 0;
let ana = "";

/** An hour's video appointment from `startsAt`, booked by `email` at NOW; answers its id. */
async function booked(startsAt: number, email = "ruth@example.com") {
  const booking: NewAppointment = {
    contact: { name: "Ruth Reyes", email, phone: "", organisation: "" },
    ...{ languageId: spanish, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: startsAt, blockedTo: startsAt + HOUR },
    ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
    ...{ tokenHash: (hashes++).toString(16).padStart(64, "0"), tokenSealed: "sealed" },
  };
  const made = await appointments().request(booking, NOW);
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

/** Booked, offered to Ana and confirmed to her (version 3). */
async function confirmed(startsAt: number) {
  const id = await booked(startsAt);
  const offers = backendFor().offers;
  if (!(await offers.offer(id, { basedOn: 1, interpreterIds: [ana], expiresAt: NOW + HOUR }, NOW)).ok) throw new Error("not offered");
  const [offer] = await offers.forAppointment(id);
  if (!(await offers.accept(offer!.id, ana, NOW)).ok) throw new Error("not accepted");
  return id;
}

/** Confirmed, held for the hour and approved by staff an hour after the end (completed). */
async function approved(startsAt: number) {
  const id = await confirmed(startsAt);
  const answer = await backendFor().records.approve(id, { basedOn: 3, entry: entry(startsAt), by: ADMIN }, startsAt + 2 * HOUR);
  if (!answer.ok) throw new Error(answer.reason);
  return id;
}

/** Cancelled by `by`, `hoursBefore` the start. */
async function cancelled(startsAt: number, by: "customer" | "staff", hoursBefore: number) {
  const id = await booked(startsAt);
  if (!(await appointments().cancel(id, { basedOn: 1, by, reason: "" }, startsAt - hoursBefore * HOUR)).ok) throw new Error("not cancelled");
  return id;
}

/** A quote request taken to completed at the sample quote, completed at `at`. */
async function completedOrder(at: number) {
  const id = await create();
  const steps = [
    quoted(),
    change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null }),
    change({ transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreterId: interpreter }),
    deliveryBy(interpreter, [{ objectKey: `orders/delivery-${id}`, fileName: "done.pdf", contentType: "application/pdf", size: 10 }]),
    change({ transition: "complete", from: "delivered", to: "completed", basedOn: 5 }),
  ];
  for (const [index, each] of steps.entries()) {
    if (!(await backendFor().orders.transition(id, each, at - steps.length + 1 + index)).ok) throw new Error(`step ${index}`);
  }
  return id;
}

const item = (source: string, customerId: number, amountMinor = 18281): NewBillableItem => ({
  source,
  customerId,
  workDay: "2034-05-02",
  currency: "USD",
  amountMinor,
  rateLineId: null,
  languageId: null,
  computation,
});

beforeAll(async () => {
  // The file before may have left the double without its languages (27-rates removes them).
  await double.reset();
  spanish = await languageIdOf("Spanish");
});
beforeEach(async () => {
  await resetOrders();
  ana = (await double.people([{ full_name: "Ana Billing", email: "ana.billing@example.com", languages: ["Spanish"] }]))[0]!.id;
});

describe("the work to bill: one call", () => {
  it("approved appointments with their record, customers' late cancellations and completed orders at their quote, oldest first", async () => {
    const done = await approved(STARTS + DAY);
    const late = await cancelled(STARTS, "customer", 5);
    // Left out: a record not yet approved (on an appointment completed all the same), a cancellation by staff, one by
    // the customer a day or more before, an order not completed, and what already has an item.
    const unapproved = await confirmed(STARTS + 2 * DAY);
    await backendFor().records.record(unapproved, ana, entry(STARTS + 2 * DAY), STARTS + 2 * DAY + 2 * HOUR);
    await double.patch("appointments", { id: unapproved }, { status: "completed" });
    const byStaff = await cancelled(STARTS + 3 * DAY, "staff", 1);
    const early = await cancelled(STARTS + 4 * DAY, "customer", 24);
    const itemized = await approved(STARTS + 5 * DAY);
    const second = await completedOrder(NOW + 2 * HOUR);
    const first = await completedOrder(NOW + HOUR);
    const quotedOnly = await create();
    await backendFor().orders.transition(quotedOnly, quoted(), NOW);
    const billedOrder = await completedOrder(NOW);
    const customerId = (await appointments().get(done))!.customerId;
    const orderCustomer = (await backendFor().orders.get(first))!.customer.id;
    await invoices().addItems([item(`appointment:${itemized}`, customerId), item(`order:${billedOrder}`, orderCustomer)], NOW);

    const read = await step(() => invoices().unbilled(24));
    expect(who(read.requests)).toEqual(["rpc.push_unbilled_work service"]);
    expect(read.result.appointments).toEqual([
      {
        ...{ id: late, customerId, currency: "USD", mode: "video", languageId: spanish, startsAt: STARTS, createdAt: NOW, status: "cancelled" },
        ...{ cancelledAt: STARTS - 5 * HOUR, cancelledBy: "customer", record: null },
      },
      {
        ...{ id: done, customerId, currency: "USD", mode: "video", languageId: spanish, startsAt: STARTS + DAY, createdAt: NOW, status: "completed" },
        ...{ cancelledAt: null, cancelledBy: null },
        record: {
          ...{ appointmentId: done, actualStart: STARTS + DAY, actualEnd: STARTS + DAY + HOUR, travelMinutes: 15, noShow: null },
          ...{ recordedBy: ADMIN, recordedAt: STARTS + DAY + 2 * HOUR, approvedBy: ADMIN, approvedAt: STARTS + DAY + 2 * HOUR },
        },
      },
    ]);
    for (const left of [unapproved, byStaff, early, itemized]) expect(read.result.appointments.map((each) => each.id)).not.toContain(left);
    const quote = { amountMinor: QUOTE.amountMinor, currency: QUOTE.currency };
    expect(read.result.orders).toEqual([
      { id: first, customerId: orderCustomer, quote, completedAt: NOW + HOUR },
      { id: second, customerId: orderCustomer, quote, completedAt: NOW + 2 * HOUR },
    ]);
  });

  it("a customer's answered calls (their call link named them), by when answered; not nobody's, unanswered or itemized", async () => {
    const customerId = (await appointments().get(await booked(STARTS)))!.customerId;
    const logged = async (n: number, fields: { customerId: number | null; outcome?: "answered" | "missed"; answeredAt?: number | null }) => {
      const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
      const { answeredAt = NOW + n * HOUR, outcome = "answered" } = fields;
      const call = { id, languageId: spanish, language: "Spanish", type: "audio" as const, callerName: "Ruth Reyes", customerId: fields.customerId };
      await step(() =>
        backendFor().calls.record({
          ...call,
          interpreterId: null,
          interpreterName: null,
          outcome,
          requestedAt: NOW,
          answeredAt,
          endedAt: NOW + n * HOUR + 61_000,
        }),
      );
      expect((await double.table<{ id: string }>("call_log")).find((row) => row.id === id)).toMatchObject({ customer_id: fields.customerId });
      return id;
    };
    const second = await logged(2, { customerId });
    const first = await logged(1, { customerId });
    await logged(3, { customerId: null });
    await logged(4, { customerId, outcome: "missed", answeredAt: null });
    const itemized = await logged(5, { customerId });
    await invoices().addItems([item(`call:${itemized}`, customerId)], NOW);

    const read = await step(() => invoices().unbilled(24));
    expect(who(read.requests)).toEqual(["rpc.push_unbilled_work service"]);
    expect(read.result.calls).toEqual([
      { id: first, customerId, currency: "USD", languageId: spanish, answeredAt: NOW + HOUR, endedAt: NOW + HOUR + 61_000 },
      { id: second, customerId, currency: "USD", languageId: spanish, answeredAt: NOW + 2 * HOUR, endedAt: NOW + 2 * HOUR + 61_000 },
    ]);
  });

  it(`at most ${UNBILLED_AT_ONCE} of each, the oldest; a longer window makes an early cancellation late`, async () => {
    const ids: number[] = [];
    for (let n = 0; n <= UNBILLED_AT_ONCE; n++) ids.push(await booked(STARTS + (UNBILLED_AT_ONCE - n) * HOUR, `c${n}@example.com`));
    // Cancelled by their customers two days before the first of them starts: early for a window of 24 hours.
    await double.patch(
      "appointments",
      { status: "requested" },
      { status: "cancelled", cancelled_by: "customer", cancelled_at: new Date(STARTS - 2 * DAY).toISOString() },
    );
    expect((await invoices().unbilled(24)).appointments).toEqual([]);
    // A week's window: every one of them late, and the oldest hundred answered.
    const answer = await invoices().unbilled(7 * 24);
    expect(answer.appointments.map((each) => each.id)).toEqual(ids.slice(1).reverse());
  });
});

describe("the invoices list: one call a page", () => {
  it("newest first, with the customer and the count and sum of the items", async () => {
    const ruth = (await appointments().get(await booked(STARTS)))!.customerId;
    const ben = (await appointments().get(await booked(STARTS, "ben@example.com")))!.customerId;
    await invoices().addItems([item("appointment:1", ruth, 13_000), item("appointment:2", ruth, 300), item("order:3", ben)], NOW);
    const period = { currency: "USD", from: "2034-05-01", to: "2034-05-31", by: ADMIN };
    const drafts = [await invoices().createDraft({ customerId: ruth, ...period }, NOW), await invoices().createDraft({ customerId: ben, ...period }, NOW)];
    const [older, newer] = drafts.map((draft) => (draft.ok ? draft.id : 0)) as [number, number];

    const page = await step(() => invoices().list(1));
    expect(who(page.requests)).toEqual(["rpc.push_invoices_page service"]);
    const draft = { currency: "USD", periodFrom: "2034-05-01", periodTo: "2034-05-31", status: "draft", version: 1, number: null };
    // Drafts: no totals yet, never sent (their first sending's instant is in 32-invoice-sending.test.ts) and nothing paid
    // (what payments add up to is in 33-invoice-payments.test.ts).
    const totals = {
      taxBasisPoints: null,
      subtotalMinor: null,
      taxMinor: null,
      totalMinor: null,
      issuedAt: null,
      createdAt: NOW,
      sentAt: null,
      paidMinor: 0,
      creditedMinor: 0,
    };
    expect(page.result).toEqual({
      items: [
        { id: newer, customerId: ben, ...draft, ...totals, customerName: "Ruth Reyes", customerEmail: "ben@example.com", itemCount: 1, itemsMinor: 18281 },
        { id: older, customerId: ruth, ...draft, ...totals, customerName: "Ruth Reyes", customerEmail: "ruth@example.com", itemCount: 2, itemsMinor: 13_300 },
      ],
      total: 2,
      page: 1,
      pageCount: 1,
    });
    expect(await invoices().list(2)).toEqual({ items: [], total: 2, page: 2, pageCount: 1 });
  });
});

describe("the rate lines for pricing: one call", () => {
  it("every line of the side, by id, as stored", async () => {
    const added = [
      await backendFor().rates.add(sampleRateLine({ priceMinor: 7100 }), ADMIN, NOW),
      await backendFor().rates.add(sampleRateLine({ side: "pay", priceMinor: 4100 }), ADMIN, NOW),
      await backendFor().rates.add(sampleRateLine({ priceMinor: 7200, effectiveFrom: "2034-01-01" }), ADMIN, NOW),
    ];
    const [bill, pay, later] = added.map((answer) => (answer.ok ? answer.id : 0)) as [number, number, number];
    const read = await step(() => backendFor().rates.forPricing("bill"));
    expect(who(read.requests)).toEqual(["rpc.push_rate_lines_for_pricing service"]);
    const { customerEmail: _customer, interpreterEmail: _interpreter, ...asStored } = sampleRateLine({ priceMinor: 7100 });
    expect(read.result.map((line) => line.id)).toEqual([bill, later]);
    expect(read.result[0]).toEqual({ ...asStored, id: bill, customerId: null, interpreterId: null });
    expect((await backendFor().rates.forPricing("pay")).map((line) => line.id)).toEqual([pay]);
  });
});
