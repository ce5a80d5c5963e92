// The Invoices pages' server side (issue 26, build item 3; docs/decisions/0037): the paged list, "Bill work", a new
// draft for a customer's month, and issuing a draft. Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import { DEFAULT_BILLING_CALENDAR } from "~/domain/billable-work";
import { draftSchema, issueSchema } from "~/domain/invoice-forms";
import { companyToday } from "~/domain/orders";
import { pageParam } from "~/domain/paging";
import { format, plural } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { load } from "~/request/page-loads.server";
import { redirectWithToast } from "~/request/toast.server";
import { customerByEmail } from "~/features/orders/customer-lookup.server";
import { billWork } from "./bill-work.server";
import { INVOICES_PATH, invoicePath } from "./invoice-paths";

export async function loadInvoices(backend: Backend, url: URL) {
  // ?unpriced= and ?unpaid=: how many pieces of work no bill line and no pay line priced, from "Bill work" to the page.
  const count = (name: string) => {
    const value = Number(url.searchParams.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  };
  return {
    invoices: await load("invoices", () => backend.invoices.list(pageParam(url))),
    unpriced: count("unpriced"),
    unpaid: count("unpaid"),
  };
}

/**
 * "Bill work": "N items made. M pay lines made."; work no bill or pay line prices is counted on the page, with the way
 * to the rate card.
 */
export async function billWorkIntent({ request, app, user, messages }: IntentInput) {
  const { made, unpriced, pay } = await billWork(app.backend, Date.now(), { ...DEFAULT_BILLING_CALENDAR, holidays: app.config.billingHolidays });
  const search = new URLSearchParams();
  if (unpriced.length > 0) search.set("unpriced", String(unpriced.length));
  if (pay.unpriced.length > 0) search.set("unpaid", String(pay.unpriced.length));
  const t = messages.billing.invoices.billWork;
  return redirectWithToast(
    `${INVOICES_PATH}${search.size > 0 ? `?${search}` : ""}#bill-work`,
    { type: "success", message: `${plural(user.locale, t.made, made)} ${plural(user.locale, t.payMade, pay.made)}` },
    { request, config: app.config },
  );
}

/**
 * "New draft", in the customer's billing currency: 400 with field messages (nothing stored) for bad input, an e-mail
 * that names no customer, or a month with nothing to bill in it; the draft's page otherwise.
 */
export async function createDraftIntent({ request, app, formData, user, messages }: IntentInput) {
  const v = messages.billing.invoices.validation;
  const form = parseFormData(formData, draftSchema(messages));
  if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "draft" });
  const customer = await customerByEmail(app.backend, form.data.customerEmail);
  if (customer === undefined) return formFailure({ errors: { customer: v.customerUnknown }, values: keptValues(formData), intent: "draft" });
  const made = await app.backend.invoices.createDraft(
    { customerId: customer.id, currency: customer.currency, from: form.data.from, to: form.data.to, by: user.id },
    Date.now(),
  );
  if (!made.ok) return formFailure({ errors: { month: v.nothingToBill }, values: keptValues(formData), intent: "draft" });
  return redirectWithToast(invoicePath(made.id), { type: "success", message: messages.billing.invoices.draft.made }, { request, config: app.config });
}

/**
 * "Issue" at the version the page showed, at the company's tax rate, numbered in the company's current year: back to
 * the invoice with "Issued as PUSH-2026-0001."; 409 when it changed in the meantime (the page shows it as it is now).
 */
export function issueIntent(invoiceId: number) {
  return async ({ request, url, app, formData, user, messages }: IntentInput) => {
    const t = messages.billing.invoices.issue;
    const form = parseFormData(formData, issueSchema(messages));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "issue" });
    const year = Number(companyToday(new Date()).slice(0, 4));
    const change = { basedOn: form.data.basedOn, taxBasisPoints: app.config.invoiceTaxBasisPoints, year, by: user.id };
    const issued = await app.backend.invoices.issue(invoiceId, change, Date.now());
    if (!issued.ok && issued.reason === "not-found") return formFailure({ formError: messages.errors.notFound, intent: "issue" }, { status: 404 });
    if (!issued.ok && issued.reason === "stale") return formFailure({ formError: t.stale, intent: "issue" }, { status: 409 });
    const message = issued.ok ? format(t.issued, { number: issued.number }) : t.already;
    return redirectWithToast(url.pathname, { type: "success", message }, { request, config: app.config });
  };
}
