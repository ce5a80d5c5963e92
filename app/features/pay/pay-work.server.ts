// Interpreters' pay items (issue 26, build item 6; docs/decisions/0039): the work with an interpreter and nothing on
// their pay yet becomes pay items, each priced at their pay rate in the company's currency and explained once. Run by
// "Bill work" and by the worker's hourly cron. Safe to run again, or twice at once: an item is made once per source.
import type { Backend } from "~/backend/index.server";
import { COMPANY_CURRENCY, DEFAULT_BILLING_CALENDAR, type Unpriced } from "~/domain/billable-work";
import { payItems } from "~/domain/pay-work";
import type { BillingCalendar } from "~/domain/pricing";

/** `calendar`: the company's (its public holidays from BILLING_HOLIDAYS); the default calendar without holidays else. */
export async function payWork(
  backend: Backend,
  now: number,
  calendar: BillingCalendar = DEFAULT_BILLING_CALENDAR,
): Promise<{ made: number; unpriced: Unpriced[] }> {
  const [sources, lines] = await Promise.all([backend.pay.unpaid(calendar.lateCancellationHours), backend.rates.forPricing("pay")]);
  const { items, unpriced } = payItems(sources, lines, COMPANY_CURRENCY, calendar);
  return { made: await backend.pay.addItems(items, now), unpriced };
}
