// What the product recorded, as work billing can price (issue 26, build item 2): an appointment once staff approved its
// record (or a customer's late cancellation), and an answered call that belongs to a customer (by their call link). Orders are billed at their accepted quote, not
// priced from rates. Pure: the records come in, the Work of pricing.ts comes out, or null when there is nothing to bill.
import type { AppointmentRecord } from "./appointment-records";
import { LATE_CANCELLATION_HOURS, type Appointment } from "./appointments";
import type { CallLogEntry } from "./call-log";
import { COMPANY_TIME_ZONE, type Quote } from "./orders";
import { priceWork, type BillingCalendar, type Computation, type PriceRefusal, type RateLine, type Work } from "./pricing";
import { wallClockOf } from "./zoned-time";

/** A priced piece of work, keyed by where it came from ("appointment:12", "call:<id>", "order:7"): made once. */
export type NewBillableItem = {
  source: string;
  customerId: number;
  /** The company's calendar day of the work (YYYY-MM-DD): what a draft's period selects by. */
  workDay: string;
  currency: string;
  amountMinor: number;
  rateLineId: number | null;
  /** The language the work was in, for the reports' revenue by language; null when it has none (an order). */
  languageId: number | null;
  computation: Computation;
};

/**
 * An appointment with something to bill and no item yet: completed with its record approved, or cancelled by the
 * customer late (less than the company's window before the start). What `workOfAppointment` reads; `currency` is its
 * customer's billing currency, which it is priced in.
 */
export type UnbilledAppointment = Pick<
  Appointment,
  "id" | "customerId" | "mode" | "languageId" | "startsAt" | "createdAt" | "status" | "cancelledAt" | "cancelledBy"
> & { record: AppointmentRecord | null; currency: string };

/** A completed order with its accepted quote and no item yet: billed at the quote. */
export type UnbilledOrder = { id: number; customerId: number; quote: Pick<Quote, "amountMinor" | "currency">; completedAt: number };

/** An answered call billed to a customer (their call link named them) with no item yet: billed for its talk time, in
 * the customer's billing currency (`currency`). */
export type UnbilledCall = Pick<CallLogEntry, "id" | "languageId" | "answeredAt" | "endedAt"> & { customerId: number; currency: string };

/** What there is to bill and no item yet, as the port reads it. */
export type UnbilledWork = { appointments: readonly UnbilledAppointment[]; orders: readonly UnbilledOrder[]; calls: readonly UnbilledCall[] };

type BillableAppointment = Pick<Appointment, "mode" | "languageId" | "startsAt" | "createdAt" | "status" | "cancelledAt" | "cancelledBy">;

const MODE = { on_site: "onsite", video: "video", phone: "phone" } as const;

/**
 * An appointment as work: completed with an approved record → held for the recorded time (from its actual start), or
 * the recorded no-show; cancelled by the customer → a cancellation at its moment (pricing decides whether it was late);
 * anything else (still to come, not yet approved, cancelled by staff) → null: nothing to bill.
 */
export function workOfAppointment(appointment: BillableAppointment, record: AppointmentRecord | null): Extract<Work, { kind: "appointment" }> | null {
  const common = { kind: "appointment" as const, mode: MODE[appointment.mode], languageId: appointment.languageId, bookedAt: appointment.createdAt };
  if (appointment.status === "cancelled") {
    if (appointment.cancelledBy !== "customer" || appointment.cancelledAt === null) return null;
    return { ...common, start: appointment.startsAt, outcome: { kind: "cancelled", at: appointment.cancelledAt } };
  }
  if (appointment.status !== "completed" || !record || record.approvedAt === null) return null;
  if (record.noShow !== null)
    return { ...common, start: appointment.startsAt, outcome: { kind: record.noShow === "customer" ? "customer-no-show" : "interpreter-no-show" } };
  return { ...common, start: record.actualStart, outcome: { kind: "held", seconds: Math.round((record.actualEnd - record.actualStart) / 1000) } };
}

/** An answered call as work: its talk time, in whole seconds begun (a call of 60.2 s is 61 s), from when it was answered. */
export function workOfCall(entry: Pick<CallLogEntry, "languageId" | "answeredAt" | "endedAt">): Extract<Work, { kind: "call" }> | null {
  if (entry.answeredAt === null) return null;
  return { kind: "call", languageId: entry.languageId, start: entry.answeredAt, seconds: Math.ceil((entry.endedAt - entry.answeredAt) / 1000) };
}

/** The company's currency: what interpreters are paid in, and every customer's billing currency until an admin sets
 * theirs (customers.currency defaults to it). */
export const COMPANY_CURRENCY = "USD";

/** The company's billing calendar until it keeps one of its own (a settings page): its zone, Saturday and Sunday,
 * 08:00–18:00, no public holidays yet, 24 hours' notice before rush, 24 hours before a cancellation is late. */
export const DEFAULT_BILLING_CALENDAR: BillingCalendar = {
  zone: COMPANY_TIME_ZONE,
  weekendDays: [0, 6],
  businessHours: { from: "08:00", to: "18:00" },
  holidays: [],
  rushNoticeHours: 24,
  lateCancellationHours: LATE_CANCELLATION_HOURS,
};

/** What billing could not price, and why: no rate line applies, or the work does not say its quantity. */
export type Unpriced = { source: string; reason: PriceRefusal };

/**
 * The billable items of what there is to bill: appointments and calls by the rate lines in their customer's billing
 * currency, orders at their accepted quote (in its own currency). Work no line prices is left out and named, so it
 * stays to bill once a line exists (e.g. a customer's currency changed to one the rate card has no line in yet).
 */
export function billableItems(
  sources: UnbilledWork,
  lines: readonly RateLine[],
  calendar: BillingCalendar = DEFAULT_BILLING_CALENDAR,
): { items: NewBillableItem[]; unpriced: Unpriced[] } {
  const items: NewBillableItem[] = [];
  const unpriced: Unpriced[] = [];
  const measured = [
    ...sources.appointments.map((appointment) => ({
      source: `appointment:${appointment.id}`,
      customerId: appointment.customerId,
      currency: appointment.currency,
      work: workOfAppointment(appointment, appointment.record),
    })),
    ...sources.calls.map((call) => ({ source: `call:${call.id}`, customerId: call.customerId, currency: call.currency, work: workOfCall(call) })),
  ];
  for (const { source, customerId, currency, work } of measured) {
    if (!work) continue;
    const priced = priceWork(work, lines, { side: "bill", customerId, currency }, calendar);
    if (priced === null) continue;
    if ("refused" in priced) {
      unpriced.push({ source, reason: priced.refused });
      continue;
    }
    items.push({
      source,
      customerId,
      workDay: wallClockOf(work.start, calendar.zone).date,
      currency: priced.currency,
      amountMinor: priced.amountMinor,
      rateLineId: priced.rateLineId,
      languageId: work.languageId,
      computation: priced.computation,
    });
  }
  for (const order of sources.orders)
    items.push({
      source: `order:${order.id}`,
      customerId: order.customerId,
      workDay: wallClockOf(order.completedAt, calendar.zone).date,
      currency: order.quote.currency,
      amountMinor: order.quote.amountMinor,
      rateLineId: null,
      languageId: null,
      computation: { kind: "quote", orderId: order.id },
    });
  return { items, unpriced };
}
