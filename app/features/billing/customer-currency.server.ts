// "Billing currency" on a customer's page (issue 26, build item 3: "a currency per customer (default USD)"): what their
// appointments and calls are priced in from the next "Bill work" on, and what "New draft" drafts in. Items already made
// keep their currency (a price never changes work already billed). Callers have checked the admin guard.
import { customerCurrencySchema } from "~/domain/invoice-forms";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";

/** 400 with the field's message for anything but an offered currency; 404 for no such customer; back to the page with
 * "Ana Ruiz is billed in EUR from now on." otherwise. */
export function customerCurrencyIntent(customerId: number, name: string) {
  return async ({ request, url, app, formData, messages }: IntentInput) => {
    const form = parseFormData(formData, customerCurrencySchema(messages));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "currency" });
    if (!(await app.backend.orders.setCustomerCurrency(customerId, form.data.currency)))
      return formFailure({ formError: messages.errors.notFound, intent: "currency" }, { status: 404 });
    const message = format(messages.orders.customers.currency.saved, { name, currency: form.data.currency });
    return redirectWithToast(`${url.pathname}#billing`, { type: "success", message }, { request, config: app.config });
  };
}
