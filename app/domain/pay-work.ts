// What the product recorded, as interpreters' pay (issue 26, build item 6; docs/decisions/0039): an approved appointment
// (or the customer's late cancellation or no-show), an answered call, and a delivered or completed order, each priced
// once at the interpreter's pay rate (their own line before the default). Pure: the records come in, pay items come out,
// and what no pay line prices is named, as billing does (billable-work.ts).
import { DEFAULT_BILLING_CALENDAR, workOfAppointment, workOfCall, type UnbilledAppointment, type Unpriced } from "./billable-work";
import { priceWork, type BillingCalendar, type Computation, type RateLine, type Work } from "./pricing";
import { instantOf, wallClockOf } from "./zoned-time";

/** A priced piece of an interpreter's work, keyed by where it came from ("appointment:12", "call:<id>", "order:7"). */
export type NewPayItem = {
  source: string;
  interpreterId: string;
  /** The company's calendar day of the work (YYYY-MM-DD); its month (the first 7 characters) is the statement's. */
  workDay: string;
  currency: string;
  amountMinor: number;
  rateLineId: number | null;
  computation: Computation;
};

/** An appointment with something to pay and no pay item yet (as billing reads it, with its interpreter). */
export type UnpaidAppointment = Omit<UnbilledAppointment, "customerId" | "currency"> & { interpreterId: string };
/** An answered call with no pay item yet. */
export type UnpaidCall = { id: string; interpreterId: string; languageId: number | null; answeredAt: number; endedAt: number };
/**
 * A delivered or completed order with an interpreter and no pay item yet: a translation, priced from the pay lines.
 * The order does not record a word or page count, so only a flat line prices it; per word or page it is left unpriced.
 */
export type UnpaidOrder = { id: number; interpreterId: string; languageId: number | null; createdAt: number; deadline: string; doneAt: number };

/** The month (YYYY-MM) of a calendar day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** A month as the pages name it in their addresses: YYYY-MM, a real month. */
export const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** An order's deadline as an instant: the end of its day on the company's clock (what "rush" is measured to). */
function dueAtOf(deadline: string, zone: string): number {
  const end = instantOf({ date: deadline, time: "23:59" }, zone);
  return end.kind === "exact" ? end.instant : end.kind === "repeated" ? end.later : Date.parse(`${deadline}T23:59:00Z`);
}

/**
 * The pay items of what there is to pay, in `currency` (the company's), and what no pay line prices. An interpreter's
 * own no-show pays nothing and makes no item; a cancellation in good time pays nothing either.
 */
export function payItems(
  sources: { appointments: readonly UnpaidAppointment[]; calls: readonly UnpaidCall[]; orders: readonly UnpaidOrder[] },
  lines: readonly RateLine[],
  currency: string,
  calendar: BillingCalendar = DEFAULT_BILLING_CALENDAR,
): { items: NewPayItem[]; unpriced: Unpriced[] } {
  const items: NewPayItem[] = [];
  const unpriced: Unpriced[] = [];
  const price = (source: string, interpreterId: string, work: Work, instant: number) => {
    const priced = priceWork(work, lines, { side: "pay", interpreterId, currency }, calendar);
    if (priced === null) return;
    if ("refused" in priced) {
      unpriced.push({ source, reason: priced.refused });
      return;
    }
    items.push({
      source,
      interpreterId,
      workDay: wallClockOf(instant, calendar.zone).date,
      currency: priced.currency,
      amountMinor: priced.amountMinor,
      rateLineId: priced.rateLineId,
      computation: priced.computation,
    });
  };
  for (const appointment of sources.appointments) {
    const work = workOfAppointment(appointment, appointment.record);
    if (!work || work.outcome.kind === "interpreter-no-show") continue;
    price(`appointment:${appointment.id}`, appointment.interpreterId, work, work.start);
  }
  for (const call of sources.calls) {
    const work = workOfCall(call);
    if (work) price(`call:${call.id}`, call.interpreterId, work, work.start);
  }
  for (const order of sources.orders) {
    const work: Work = {
      kind: "translation",
      languageId: order.languageId,
      requestedAt: order.createdAt,
      dueAt: dueAtOf(order.deadline, calendar.zone),
    };
    price(`order:${order.id}`, order.interpreterId, work, order.doneAt);
  }
  return { items, unpriced };
}
