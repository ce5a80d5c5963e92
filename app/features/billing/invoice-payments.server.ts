// "Record a payment" on an issued invoice (issue 26, build item 5: without Stripe keys, staff record payments by hand).
// Callers have checked the admin guard. Whether the amount is more than what is still open is decided by the store in
// the write that stores it, so two admins recording at once never make an invoice more than paid.
import { paymentSchema } from "~/domain/invoice-forms";
import { companyToday, formatAmount } from "~/domain/orders";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { openOf } from "./invoice-document";

/**
 * 400 with field messages (nothing stored) for bad input or more than the open balance; 409 for a draft; back to the
 * invoice with "Payment of $40.00 recorded." otherwise.
 */
export function recordPaymentIntent(invoiceId: number) {
  return async ({ request, url, app, formData, user, messages }: IntentInput) => {
    const v = messages.billing.invoices.payments.validation;
    const invoice = await app.backend.invoices.get(invoiceId);
    if (!invoice) return formFailure({ formError: messages.errors.notFound, intent: "payment" }, { status: 404 });
    if (invoice.status !== "issued") return formFailure({ formError: v.notIssued, intent: "payment" }, { status: 409 });
    const form = parseFormData(formData, paymentSchema(messages, { currency: invoice.currency, today: companyToday(new Date()) }));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "payment" });

    const recorded = await app.backend.invoices.recordPayment(invoiceId, { ...form.data, by: user.id }, Date.now());
    const money = (minor: number) => formatAmount(minor, invoice.currency, user.locale);
    if (!recorded.ok && recorded.reason === "over") {
      const now = await app.backend.invoices.get(invoiceId);
      const open = now ? openOf(now) : 0;
      return formFailure({ errors: { amount: format(v.over, { open: money(open) }) }, values: keptValues(formData), intent: "payment" });
    }
    if (!recorded.ok)
      return formFailure({ formError: recorded.reason === "draft" ? v.notIssued : messages.errors.notFound, intent: "payment" }, { status: 409 });
    const message = format(messages.billing.invoices.payments.recorded, { amount: money(form.data.amountMinor) });
    return redirectWithToast(url.pathname, { type: "success", message }, { request, config: app.config });
  };
}
