// "Bill work" (issue 26, build items 2 and 6): what there is to bill becomes billable items, and what interpreters did
// becomes their pay items, each priced and explained once (a customer's work in their billing currency, pay in the
// company's) (docs/decisions/0035, 0037, 0039). Safe to run again, or
// twice at once: an item is made once per source, and work no rate line prices is left to bill or pay and named.
// Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import { billableItems, DEFAULT_BILLING_CALENDAR, type Unpriced } from "~/domain/billable-work";
import type { BillingCalendar } from "~/domain/pricing";
import { payWork } from "~/features/pay/pay-work.server";

/** `calendar`: the company's (its public holidays from BILLING_HOLIDAYS); the default calendar without holidays else. */
export async function billWork(
  backend: Backend,
  now: number,
  calendar: BillingCalendar = DEFAULT_BILLING_CALENDAR,
): Promise<{ made: number; unpriced: Unpriced[]; pay: { made: number; unpriced: Unpriced[] } }> {
  const [sources, lines] = await Promise.all([backend.invoices.unbilled(calendar.lateCancellationHours), backend.rates.forPricing("bill")]);
  const { items, unpriced } = billableItems(sources, lines, calendar);
  const made = await backend.invoices.addItems(items, now);
  return { made, unpriced, pay: await payWork(backend, now, calendar) };
}
