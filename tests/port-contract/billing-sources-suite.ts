// The port's contract for what billing reads (issue 26, build items 1-3): the work there is to bill and no item yet —
// appointments completed with an approved record, customers' late cancellations, completed orders at their quote —
// gone once items are made for it; every rate line of a side for pricing; and the invoices list. Called from
// d1.test.ts and supabase.test.ts; it books its own appointments and orders (in the past, so they have taken place).
import { beforeAll, describe, expect, it } from "vitest";
import { INVOICES_PAGE_SIZE } from "~/backend/port-invoices.server";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { deliveryBy } from "../fixtures/orders";
import { sampleComputation, sampleRateLine } from "../support/rate-line-samples";
import { ordersHelpers } from "./orders-helpers";
import { portHelpers } from "./port-helpers";
import { everyPage, unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
const PAST = Date.UTC(2020, 6, 7, 16);
const LATE_HOURS = 24;
const held = sampleComputation;

export function describeBillingSourcesContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  const orderHelpers = ordersHelpers(target);
  const invoices = () => backend().invoices;
  let languageId = 0;

  /** An on-site appointment at `startsAt`, booked a week before by a new customer; answers its id. */
  async function booked(startsAt: number) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "on_site" });
    const made = await backend().appointments.request(
      {
        contact: { name: "Ana Ruiz", email: `${unique("billing")}@example.com`, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId, mode: "on_site", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      startsAt - 7 * 24 * HOUR,
    );
    if (!made.ok) throw new Error(made.reason);
    return made.id;
  }

  /** Booked, confirmed to a new interpreter, held for an hour and the record approved by staff. */
  async function completed(startsAt: number) {
    const id = await booked(startsAt);
    const person = await newInterpreter();
    await backend().offers.offer(id, { basedOn: 1, interpreterIds: [person.id], expiresAt: startsAt }, startsAt - 2 * HOUR);
    const [offer] = await backend().offers.forAppointment(id);
    if (!(await backend().offers.accept(offer!.id, person.id, startsAt - HOUR)).ok) throw new Error("not accepted");
    const entry = { actualStart: startsAt, actualEnd: startsAt + HOUR, travelMinutes: 0, noShow: null };
    const approved = await backend().records.approve(id, { basedOn: 3, entry, by: "admin@example.com" }, startsAt + 2 * HOUR);
    if (!approved.ok) throw new Error(approved.reason);
    return id;
  }

  /** A quote request taken the whole way to completed at the sample quote. */
  async function completedOrder() {
    const { orders, request, quote, change, sample } = orderHelpers;
    const { id } = await request();
    const interpreter = sample.people.find((person) => person.id !== sample.admin)!;
    const at = Date.now();
    const steps = [
      change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }),
      change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null }),
      change({
        transition: "assign",
        from: "accepted",
        to: "in_progress",
        basedOn: 3,
        interpreterId: interpreter.id,
        detail: { interpreter: { id: interpreter.id, name: interpreter.fullName } },
      }),
      deliveryBy(interpreter.id, [{ objectKey: `orders/${unique("delivery")}`, fileName: "done.pdf", contentType: "application/pdf", size: 10 }]),
      change({ transition: "complete", from: "delivered", to: "completed", basedOn: 5 }),
    ];
    for (const [index, step] of steps.entries()) if (!(await orders().transition(id, step, at + index)).ok) throw new Error(`step ${index}`);
    return { id, completedAt: at + 4, customerId: (await orders().get(id))!.customer.id };
  }

  describe(`what billing reads — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await orderHelpers.load();
      languageId = (await backend().languages.list())[0]!.id;
    });

    it("approved appointments, late cancellations by the customer and completed orders are to bill until items are made", async () => {
      const done = await completed(PAST);
      const lateStart = PAST + 30 * 24 * HOUR;
      const late = await booked(lateStart);
      expect((await backend().appointments.cancel(late, { basedOn: 1, by: "customer", reason: "" }, lateStart - 5 * HOUR)).ok).toBe(true);
      const earlyStart = PAST + 31 * 24 * HOUR;
      const early = await booked(earlyStart);
      expect((await backend().appointments.cancel(early, { basedOn: 1, by: "customer", reason: "" }, earlyStart - 48 * HOUR)).ok).toBe(true);
      const byStaffStart = PAST + 32 * 24 * HOUR;
      const byStaff = await booked(byStaffStart);
      expect((await backend().appointments.cancel(byStaff, { basedOn: 1, by: "staff", reason: "No interpreter" }, byStaffStart - 2 * HOUR)).ok).toBe(true);
      const order = await completedOrder();

      const before = await invoices().unbilled(LATE_HOURS);
      const appointment = before.appointments.find((each) => each.id === done)!;
      expect(appointment).toMatchObject({
        ...{ mode: "on_site", languageId, startsAt: PAST, status: "completed", cancelledAt: null, cancelledBy: null },
        currency: "USD",
      });
      expect(appointment.record).toMatchObject({
        appointmentId: done,
        actualStart: PAST,
        actualEnd: PAST + HOUR,
        noShow: null,
        approvedBy: "admin@example.com",
      });
      expect(before.appointments.find((each) => each.id === late)).toMatchObject({
        status: "cancelled",
        cancelledBy: "customer",
        cancelledAt: lateStart - 5 * HOUR,
        record: null,
      });
      expect(before.appointments.map((each) => each.id)).not.toContain(early);
      expect(before.appointments.map((each) => each.id)).not.toContain(byStaff);
      expect(before.orders.find((each) => each.id === order.id)).toEqual({
        id: order.id,
        customerId: order.customerId,
        quote: { amountMinor: orderHelpers.quote.amountMinor, currency: "USD" },
        completedAt: order.completedAt,
      });

      const item = (source: string, customerId: number) => ({
        source,
        customerId,
        workDay: "2020-07-07",
        currency: "USD",
        amountMinor: 13000,
        rateLineId: null,
        languageId: null,
        computation: held,
      });
      await invoices().addItems([item(`appointment:${done}`, appointment.customerId), item(`order:${order.id}`, order.customerId)], PAST + 3 * HOUR);
      const after = await invoices().unbilled(LATE_HOURS);
      expect(after.appointments.map((each) => each.id)).not.toContain(done);
      expect(after.appointments.map((each) => each.id)).toContain(late);
      expect(after.orders.map((each) => each.id)).not.toContain(order.id);
    });

    it("a customer's answered calls are to bill, by when answered, until an item is made; nobody's, unanswered or an unknown customer's are not", async () => {
      const customerId = (await backend().appointments.get(await booked(PAST + 40 * 24 * HOUR)))!.customerId;
      const call = (fields: Partial<Parameters<ReturnType<typeof backend>["calls"]["record"]>[0]>) => {
        const id = crypto.randomUUID();
        const answeredAt = PAST + 2 * HOUR;
        const entry = {
          id,
          languageId,
          language: "Any",
          type: "audio" as const,
          callerName: "Ana Ruiz",
          customerId,
          interpreterId: null,
          interpreterName: null,
        };
        return backend()
          .calls.record({ ...entry, outcome: "answered", requestedAt: answeredAt - 30_000, answeredAt, endedAt: answeredAt + 61_000, ...fields })
          .then(() => id);
      };
      const later = await call({ answeredAt: PAST + 3 * HOUR, endedAt: PAST + 3 * HOUR + 5_000 });
      const billed = await call({});
      const nobody = await call({ customerId: null });
      const missed = await call({ outcome: "missed", answeredAt: null });
      const unknown = await call({ customerId: 987_654_321 });

      const mine = (work: Awaited<ReturnType<ReturnType<typeof invoices>["unbilled"]>>) =>
        work.calls.filter((each) => ([later, billed, nobody, missed, unknown] as string[]).includes(each.id));
      expect(mine(await invoices().unbilled(LATE_HOURS))).toEqual([
        { id: billed, customerId, currency: "USD", languageId, answeredAt: PAST + 2 * HOUR, endedAt: PAST + 2 * HOUR + 61_000 },
        { id: later, customerId, currency: "USD", languageId, answeredAt: PAST + 3 * HOUR, endedAt: PAST + 3 * HOUR + 5_000 },
      ]);
      const item = {
        source: `call:${billed}`,
        customerId,
        workDay: "2020-07-07",
        currency: "USD",
        amountMinor: 300,
        rateLineId: null,
        languageId,
        computation: held,
      };
      await invoices().addItems([item], PAST + 4 * HOUR);
      expect(mine(await invoices().unbilled(LATE_HOURS)).map((each) => each.id)).toEqual([later]);
    });

    it("each appointment and call comes with its customer's billing currency, as it is when billing reads it", async () => {
      const done = await completed(PAST + 50 * 24 * HOUR);
      const customerId = (await backend().appointments.get(done))!.customerId;
      const callId = crypto.randomUUID();
      const answeredAt = PAST + 50 * 24 * HOUR + 3 * HOUR;
      await backend().calls.record({
        ...{ id: callId, languageId, language: "Any", type: "audio", callerName: "Ana Ruiz", customerId, interpreterId: null, interpreterName: null },
        ...{ outcome: "answered", requestedAt: answeredAt - 30_000, answeredAt, endedAt: answeredAt + 61_000 },
      });
      const currencies = async () => {
        const work = await invoices().unbilled(LATE_HOURS);
        return [work.appointments.find((each) => each.id === done)?.currency, work.calls.find((each) => each.id === callId)?.currency];
      };
      expect(await currencies()).toEqual(["USD", "USD"]);
      expect(await backend().orders.setCustomerCurrency(customerId, "EUR")).toBe(true);
      expect(await currencies()).toEqual(["EUR", "EUR"]);
    });

    it("every line of a side for pricing, as stored", async () => {
      const bill = await backend().rates.add(sampleRateLine({ priceMinor: 7100 }), "admin", PAST);
      const pay = await backend().rates.add(sampleRateLine({ side: "pay", priceMinor: 4100 }), "admin", PAST);
      if (!bill.ok || !pay.ok) throw new Error("not added");
      const lines = await backend().rates.forPricing("bill");
      const { customerEmail: _customer, interpreterEmail: _interpreter, ...asStored } = sampleRateLine({ priceMinor: 7100 });
      expect(lines.find((line) => line.id === bill.id)).toEqual({ ...asStored, id: bill.id, customerId: null, interpreterId: null });
      expect(lines.some((line) => line.id === pay.id)).toBe(false);
      expect((await backend().rates.forPricing("pay")).some((line) => line.id === pay.id)).toBe(true);
    });

    it("the invoices list: newest first, with the customer and the count and sum of the items", async () => {
      const startsAt = PAST + 40 * 24 * HOUR;
      const id = await completed(startsAt);
      const customerId = (await backend().appointments.get(id))!.customerId;
      const customer = (await backend().orders.customer(customerId, 1))!;
      const item = (amountMinor: number) => ({
        source: unique("appointment:"),
        customerId,
        workDay: "2020-08-16",
        currency: "USD",
        amountMinor,
        rateLineId: null,
        languageId: null,
        computation: held,
      });
      await invoices().addItems([item(13000), item(300)], PAST);
      const draft = await invoices().createDraft({ customerId, currency: "USD", from: "2020-08-01", to: "2020-08-31", by: "admin" }, PAST);
      if (!draft.ok) throw new Error(draft.reason);
      const listed = await everyPage((page) => invoices().list(page));
      expect(listed[0]).toMatchObject({ id: draft.id, status: "draft", number: null, totalMinor: null, customerId, itemCount: 2, itemsMinor: 13300 });
      expect(listed[0]!.customerEmail).toBe(customer.customer.email);
      const first = await invoices().list(1);
      expect(first.items.length).toBeLessThanOrEqual(INVOICES_PAGE_SIZE);
      expect(first.pageCount).toBe(Math.max(1, Math.ceil(first.total / INVOICES_PAGE_SIZE)));
    });
  });
}
