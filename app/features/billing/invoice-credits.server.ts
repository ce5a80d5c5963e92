// "Issue a credit note" on an issued invoice (issue 26, build item 3; docs/decisions/0037): the correction of an invoice
// that never changes. Callers have checked the admin guard. Whether the amount is more than what is still open is
// decided by the store in the write that stores it, so a credit note and a payment recorded at once never take an
// invoice below nothing.
import { creditSchema } from "~/domain/invoice-forms";
import { companyToday, formatAmount } from "~/domain/orders";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { openOf } from "./invoice-document";

/**
 * 400 with field messages (nothing stored, no number taken) for bad input or more than the open balance; 409 for a
 * draft; back to the invoice with "Credit note PUSH-CN-2026-0001 issued." otherwise, numbered in the company's year.
 */
export function creditIntent(invoiceId: number) {
  return async ({ request, url, app, formData, user, messages }: IntentInput) => {
    const v = messages.billing.invoices.credits.validation;
    const invoice = await app.backend.invoices.get(invoiceId);
    if (!invoice) return formFailure({ formError: messages.errors.notFound, intent: "credit" }, { status: 404 });
    if (invoice.status !== "issued") return formFailure({ formError: v.notIssued, intent: "credit" }, { status: 409 });
    const form = parseFormData(formData, creditSchema(messages, { currency: invoice.currency }));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "credit" });

    const year = Number(companyToday(new Date()).slice(0, 4));
    const credited = await app.backend.invoices.credit(invoiceId, { ...form.data, year, by: user.id }, Date.now());
    if (!credited.ok && credited.reason === "over") {
      const now = await app.backend.invoices.get(invoiceId);
      const open = formatAmount(now ? openOf(now) : 0, invoice.currency, user.locale);
      return formFailure({ errors: { amount: format(v.over, { open }) }, values: keptValues(formData), intent: "credit" });
    }
    if (!credited.ok)
      return formFailure({ formError: credited.reason === "draft" ? v.notIssued : messages.errors.notFound, intent: "credit" }, { status: 409 });
    const message = format(messages.billing.invoices.credits.issued, { number: credited.number });
    return redirectWithToast(url.pathname, { type: "success", message }, { request, config: app.config });
  };
}
