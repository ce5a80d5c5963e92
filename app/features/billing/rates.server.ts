// The Rates page's server side (issue 26, build item 1; docs/decisions/0035): one page of each side's lines, and the
// "Add a line" form of either side. A line is never edited: adding is the only write. Callers have checked the admin
// guard.
import type { Backend } from "~/backend/index.server";
import { pageParam } from "~/domain/paging";
import type { RateLine } from "~/domain/pricing";
import { rateStatuses, type RateStatus } from "~/domain/rate-status";
import { rateLineSchema } from "~/domain/rate-forms";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { load } from "~/request/page-loads.server";
import { redirectWithToast } from "~/request/toast.server";
import { listUrl } from "~/platform/page/url-state";
import { PAGE_PARAMS, SECTION_IDS } from "./rate-sections";

export async function loadRates(backend: Backend, url: URL, today: string) {
  const [bill, pay, languages] = await Promise.all([
    load("customer prices", () => sideOf(backend, "bill", pageParam(url, PAGE_PARAMS.bill), today)),
    load("interpreter pay", () => sideOf(backend, "pay", pageParam(url, PAGE_PARAMS.pay), today)),
    load("languages", () => backend.languages.list()),
  ]);
  return { bill, pay, languages };
}

/**
 * One page of a side's lines, each with its status judged among the whole card of that side (a line's replacement may
 * be on an earlier page); the card stays on the server, only the page's statuses go to the browser.
 */
async function sideOf(backend: Backend, side: RateLine["side"], page: number, today: string) {
  const [lines, card] = await Promise.all([backend.rates.list(side, page), backend.rates.forPricing(side)]);
  const statuses = rateStatuses(card, today);
  const shown: Record<number, RateStatus> = {};
  for (const line of lines.items) shown[line.id] = statuses.get(line.id) ?? { kind: "in-effect" };
  return { ...lines, statuses: shown };
}

/**
 * Adds one line, of the side the form posts: 400 with field messages (nothing stored) for bad input or an e-mail that
 * names no customer or interpreter; back to that side's table with "Line added." otherwise.
 */
export async function addRateLine({ request, url, app, formData, user, messages }: IntentInput) {
  const v = messages.billing.rates.validation;
  const languageIds = (await app.backend.languages.list()).map((language) => language.id);
  const form = parseFormData(formData, rateLineSchema(messages, new Date(), { languageIds }));
  if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "add" });
  const result = await app.backend.rates.add(form.data, user.id, Date.now());
  if (!result.ok) {
    const errors = result.reason === "unknown-customer" ? { customer: v.customerUnknown } : { interpreter: v.interpreterUnknown };
    return formFailure({ errors, values: keptValues(formData), intent: "add" });
  }
  return redirectWithToast(
    listUrl(url, SECTION_IDS[form.data.side]),
    { type: "success", message: messages.billing.rates.form.added },
    { request, config: app.config },
  );
}
