// Interpreters' pay items (issue 26, build item 6): which work pays, at whose rate, on which statement's month — priced
// through to the words the interpreter reads on their statement.
import { describe, expect, it } from "vitest";
import type { AppointmentRecord } from "~/domain/appointment-records";
import { payItems, type NewPayItem, type UnpaidAppointment, type UnpaidCall, type UnpaidOrder } from "~/domain/pay-work";
import type { BillingCalendar, RateLine } from "~/domain/pricing";
import { explainPriced } from "~/domain/pricing-words";
import { ar, en } from "~/i18n";

const at = (iso: string) => Date.parse(iso);
const START = at("2026-12-08T17:00:00Z"); // a Tuesday, 10:00 in Denver
const calendar: BillingCalendar = {
  zone: "America/Denver",
  weekendDays: [0, 6],
  businessHours: { from: "08:00", to: "18:00" },
  holidays: [],
  rushNoticeHours: 24,
  lateCancellationHours: 24,
};
const NONE = { rush: 0, afterHours: 0, weekend: 0, holiday: 0 };
const line = (id: number, fields: Partial<RateLine> & Pick<RateLine, "service" | "unit" | "priceMinor">): RateLine => ({
  ...{ id, side: "pay", languageId: null, customerId: null, interpreterId: null, currency: "USD", minimum: 0, increment: 1 },
  ...{ surcharges: NONE, lateCancellationMinor: 0, effectiveFrom: "2026-01-01" },
  ...fields,
});
const lines: RateLine[] = [
  line(1, { service: "onsite", unit: "hour", priceMinor: 3000, minimum: 120, increment: 15, lateCancellationMinor: 6000 }),
  line(2, { service: "onsite", unit: "hour", priceMinor: 4000, minimum: 120, increment: 15, interpreterId: "maya", lateCancellationMinor: 8000 }),
  line(3, { service: "call", unit: "minute", priceMinor: 50, minimum: 1, increment: 1 }),
  line(4, { service: "translation", unit: "flat", priceMinor: 2500, minimum: 1, increment: 1, languageId: 7 }),
  line(5, { service: "translation", unit: "word", priceMinor: 8, minimum: 1, increment: 1, languageId: 8 }),
  // A customer's bill line never prices pay, whatever it says.
  line(6, { side: "bill", service: "call", unit: "minute", priceMinor: 999, minimum: 1, increment: 1, languageId: 7 }),
];
const approved = (fields: Partial<AppointmentRecord>): AppointmentRecord =>
  ({
    ...{ appointmentId: 1, actualStart: START + 5 * 60_000, actualEnd: START + 135 * 60_000, travelMinutes: 0, noShow: null },
    ...{ recordedBy: "maya", recordedAt: START + 3 * 3_600_000, approvedBy: "admin", approvedAt: START + 4 * 3_600_000 },
    ...fields,
  }) as AppointmentRecord;
const appointment = (id: number, interpreterId: string, fields: Partial<UnpaidAppointment> = {}): UnpaidAppointment => ({
  ...{ id, interpreterId, mode: "on_site", languageId: 7, startsAt: START, createdAt: START - 14 * 24 * 3_600_000 },
  ...{ status: "completed", cancelledAt: null, cancelledBy: null, record: approved({ appointmentId: id }) },
  ...fields,
});
const none = { appointments: [] as UnpaidAppointment[], calls: [] as UnpaidCall[], orders: [] as UnpaidOrder[] };
const words = (item: NewPayItem) => explainPriced(item, "en", en, "pay").replaceAll("\u00a0", " ");

describe("pay items", () => {
  it("an approved appointment at the interpreter's own pay line, before the default", () => {
    const { items, unpriced } = payItems({ ...none, appointments: [appointment(1, "maya"), appointment(2, "omar")] }, lines, "USD", calendar);
    expect(unpriced).toEqual([]);
    expect(items.map((item) => [item.source, item.interpreterId, item.workDay, item.amountMinor, item.rateLineId])).toEqual([
      ["appointment:1", "maya", "2026-12-08", 9000, 2],
      ["appointment:2", "omar", "2026-12-08", 6750, 1],
    ]);
    expect(words(items[0]!)).toBe("2 h 10 min on site → 2 h 15 min paid (2 h minimum, 15-min increments) × $40.00/h = $90.00");
    // The same line on the Arabic statement, and as a customer's bill line (billed, not paid).
    expect(explainPriced(items[0]!, "ar", ar, "pay")).toContain("مدفوعة");
    expect(explainPriced(items[0]!, "en", en).replaceAll("\u00a0", " ")).toContain("2 h 15 min billed");
  });

  it("the customer's late cancellation or no-show pays the line's charge; the interpreter's own no-show pays nothing", () => {
    const cancelled = appointment(3, "maya", { status: "cancelled", cancelledBy: "customer", cancelledAt: START - 5 * 3_600_000, record: null });
    const inTime = appointment(4, "maya", { status: "cancelled", cancelledBy: "customer", cancelledAt: START - 48 * 3_600_000, record: null });
    const customerNoShow = appointment(5, "omar", {
      record: approved({ actualStart: null, actualEnd: null, noShow: "customer" }),
    });
    const ownNoShow = appointment(6, "omar", { record: approved({ actualStart: null, actualEnd: null, noShow: "interpreter" }) });
    const { items } = payItems({ ...none, appointments: [cancelled, inTime, customerNoShow, ownNoShow] }, lines, "USD", calendar);
    expect(items.map((item) => [item.source, item.amountMinor])).toEqual([
      ["appointment:3", 8000],
      ["appointment:5", 6000],
    ]);
    expect(words(items[0]!)).toBe("Cancelled 5 hours before the start (under 24 hours) → late-cancellation pay $80.00");
  });

  it("an answered call of 61 seconds: 2 minutes at the pay rate; the bill line is never the pay", () => {
    const call: UnpaidCall = { id: "c-1", interpreterId: "maya", languageId: 7, answeredAt: START, endedAt: START + 61_000 };
    const { items } = payItems({ ...none, calls: [call] }, lines, "USD", calendar);
    expect(items).toMatchObject([{ source: "call:c-1", interpreterId: "maya", amountMinor: 100, rateLineId: 3 }]);
    expect(words(items[0]!)).toBe("1 min 1 s call → 2 min paid (1 min minimum, 1-min increments) × $0.50/min = $1.00");
  });

  it("an order: a flat pay line prices it; per word it has no count and is named; without a line, named too", () => {
    const order = (id: number, languageId: number): UnpaidOrder => ({
      ...{ id, interpreterId: "maya", languageId, createdAt: at("2026-11-02T16:00:00Z"), deadline: "2026-11-20" },
      doneAt: at("2026-12-01T03:00:00Z"), // 20:00 on 30 November in Denver: November's statement
    });
    const { items, unpriced } = payItems({ ...none, orders: [order(7, 7), order(8, 8), order(9, 9)] }, lines, "USD", calendar);
    expect(items.map((item) => [item.source, item.workDay, item.amountMinor])).toEqual([["order:7", "2026-11-30", 2500]]);
    expect(unpriced).toEqual([
      { source: "order:8", reason: "no-quantity" },
      { source: "order:9", reason: "no-rate" },
    ]);
  });
});
