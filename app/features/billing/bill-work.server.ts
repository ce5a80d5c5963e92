// "Bill work" (issue 26, build item 2): what there is to bill becomes billable items, each priced and explained once
// (docs/decisions/0035, 0037). Safe to run again, or twice at once: an item is made once per source, and work no rate
// line prices is left to bill and named. Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import { billableItems, COMPANY_CURRENCY, DEFAULT_BILLING_CALENDAR, type Unpriced } from "~/domain/billable-work";
import type { BillingCalendar } from "~/domain/pricing";

/** `calendar`: the company's (its public holidays from BILLING_HOLIDAYS); the default calendar without holidays else. */
export async function billWork(
  backend: Backend,
  now: number,
  calendar: BillingCalendar = DEFAULT_BILLING_CALENDAR,
): Promise<{ made: number; unpriced: Unpriced[] }> {
  const [sources, lines] = await Promise.all([backend.invoices.unbilled(calendar.lateCancellationHours), backend.rates.forPricing("bill")]);
  const { items, unpriced } = billableItems(sources, lines, COMPANY_CURRENCY, calendar);
  return { made: await backend.invoices.addItems(items, now), unpriced };
}
