// Recorded work as billing prices it (issue 26, build item 2): which appointments and calls are billable, and in what
// measure — priced through to the words a customer reads.
import { describe, expect, it } from "vitest";
import { billableItems, workOfAppointment, workOfCall } from "~/domain/billable-work";
import type { AppointmentRecord } from "~/domain/appointment-records";
import { priceWork, type BillingCalendar, type RateLine } from "~/domain/pricing";
import { explainPriced } from "~/domain/pricing-words";
import { en } from "~/i18n";

const at = (iso: string) => Date.parse(iso);
const START = at("2026-12-08T17:00:00Z"); // a Tuesday, 10:00 in Denver
const appointment = {
  mode: "on_site" as const,
  languageId: 7,
  startsAt: START,
  createdAt: START - 14 * 24 * 3_600_000,
  status: "completed" as const,
  cancelledAt: null,
  cancelledBy: null,
};
const approved = (fields: Partial<AppointmentRecord>): AppointmentRecord =>
  ({
    appointmentId: 1,
    actualStart: START + 5 * 60_000,
    actualEnd: START + 135 * 60_000,
    travelMinutes: 40,
    noShow: null,
    recordedBy: "interpreter",
    recordedAt: START + 3 * 3_600_000,
    approvedBy: "admin",
    approvedAt: START + 4 * 3_600_000,
    ...fields,
  }) as AppointmentRecord;

describe("appointments", () => {
  it("completed and approved: the recorded time from the actual start (10:05 to 12:15 is 2 h 10 min)", () => {
    expect(workOfAppointment(appointment, approved({}))).toEqual({
      kind: "appointment",
      mode: "onsite",
      languageId: 7,
      bookedAt: appointment.createdAt,
      start: START + 5 * 60_000,
      outcome: { kind: "held", seconds: 130 * 60 },
    });
  });

  it("a recorded no-show, the customer's or the interpreter's", () => {
    const noShow = (who: "customer" | "interpreter") => approved({ actualStart: null, actualEnd: null, noShow: who });
    expect(workOfAppointment(appointment, noShow("customer"))?.outcome).toEqual({ kind: "customer-no-show" });
    expect(workOfAppointment(appointment, noShow("interpreter"))?.outcome).toEqual({ kind: "interpreter-no-show" });
  });

  it("nothing to bill before staff approve, before it is completed, or with no record", () => {
    expect(workOfAppointment(appointment, approved({ approvedAt: null }))).toBeNull();
    expect(workOfAppointment({ ...appointment, status: "confirmed" }, approved({}))).toBeNull();
    expect(workOfAppointment(appointment, null)).toBeNull();
  });

  it("cancelled by the customer: a cancellation at its moment; by staff: nothing to bill", () => {
    const cancelled = { ...appointment, status: "cancelled" as const, cancelledAt: START - 5 * 3_600_000 };
    expect(workOfAppointment({ ...cancelled, cancelledBy: "customer" }, null)?.outcome).toEqual({ kind: "cancelled", at: START - 5 * 3_600_000 });
    expect(workOfAppointment({ ...cancelled, cancelledBy: "staff" }, null)).toBeNull();
  });

  it("its language deleted since: priced by a line for any language", () => {
    const lines: RateLine[] = [
      {
        ...{ id: 1, side: "bill", service: "onsite", unit: "hour", languageId: null, customerId: null, interpreterId: null, currency: "USD" },
        ...{ priceMinor: 6500, minimum: 120, increment: 15, surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 } },
        ...{ lateCancellationMinor: 13000, effectiveFrom: "2026-01-01" },
      },
      {
        ...{ id: 2, side: "bill", service: "onsite", unit: "hour", languageId: 7, customerId: null, interpreterId: null, currency: "USD" },
        ...{ priceMinor: 9900, minimum: 60, increment: 60 },
        surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 },
        lateCancellationMinor: 0,
        effectiveFrom: "2026-01-01",
      },
    ];
    const calendar: BillingCalendar = {
      zone: "America/Denver",
      weekendDays: [0, 6],
      businessHours: { from: "08:00", to: "18:00" },
      holidays: [],
      rushNoticeHours: 24,
      lateCancellationHours: 24,
    };
    const work = workOfAppointment({ ...appointment, languageId: null }, approved({}))!;
    const priced = priceWork(work, lines, { side: "bill", customerId: 1, currency: "USD" }, calendar);
    if (!priced || "refused" in priced) throw new Error("not priced");
    expect(explainPriced(priced, "en", en).replaceAll("\u00a0", " ")).toBe(
      "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h = $146.25",
    );
  });
});

describe("calls", () => {
  it("an answered call: its talk time in whole seconds begun, from when it was answered", () => {
    expect(workOfCall({ languageId: 7, answeredAt: START, endedAt: START + 60_200 })).toEqual({ kind: "call", languageId: 7, start: START, seconds: 61 });
  });

  it("a call nobody answered is not billed", () => {
    expect(workOfCall({ languageId: 7, answeredAt: null, endedAt: START })).toBeNull();
  });
});

describe("each customer's currency (issue 26, build item 3)", () => {
  const line = (id: number, currency: string, priceMinor: number): RateLine => ({
    ...{ id, side: "bill", service: "call", unit: "minute", languageId: null, customerId: null, interpreterId: null, currency },
    ...{ priceMinor, minimum: 1, increment: 1, surcharges: { rush: 0, afterHours: 0, weekend: 0, holiday: 0 } },
    ...{ lateCancellationMinor: 0, effectiveFrom: "2026-01-01" },
  });
  const call = (id: string, customerId: number, currency: string) => ({
    ...{ id, customerId, currency, languageId: 7, answeredAt: START, endedAt: START + 61_000 },
  });

  it("a call is priced at the line in its customer's currency; none in it → unpriced and named; an order keeps its quote's", () => {
    const sources = {
      appointments: [],
      calls: [call("a", 1, "USD"), call("b", 2, "EUR"), call("c", 3, "GBP")],
      orders: [{ id: 9, customerId: 2, quote: { amountMinor: 25000, currency: "USD" }, completedAt: START }],
    };
    const { items, unpriced } = billableItems(sources, [line(1, "USD", 150), line(2, "EUR", 120)]);
    expect(items.map((item) => [item.source, item.customerId, item.currency, item.amountMinor, item.rateLineId])).toEqual([
      ["call:a", 1, "USD", 300, 1],
      ["call:b", 2, "EUR", 240, 2],
      ["order:9", 2, "USD", 25000, null],
    ]);
    expect(unpriced).toEqual([{ source: "call:c", reason: "no-rate" }]);
    expect(explainPriced(items[1]!, "en", en).replaceAll("\u00a0", " ")).toContain("€1.20");
  });
});
