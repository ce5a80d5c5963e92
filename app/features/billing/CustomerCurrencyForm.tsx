// The customer page's "Billing currency" form (issue 26, build item 3): one of the currencies quotes are made in.
// Works without JavaScript: the form posts, the page comes back with the toast (or the field's message).
import { Form } from "react-router";
import { formFields, SelectField, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { QUOTE_CURRENCIES } from "~/domain/orders";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

export function CustomerCurrencyForm({ currency, failure }: { currency: string; failure: FormFailure | null }) {
  const t = useMessages().orders.customers.currency;
  const mine = failure?.intent === "currency" ? failure : null;
  const field = formFields("currency", mine);
  return (
    <Panel id="billing" heading={t.heading}>
      <Form method="post" className="form" aria-labelledby="billing">
        <SelectField
          {...field("currency")}
          label={t.label}
          hint={t.hint}
          options={QUOTE_CURRENCIES.map((value) => ({ value, label: value }))}
          defaultValue={mine?.values.currency ?? currency}
        />
        <div className="form__actions">
          <SubmitButton label={t.submit} pendingLabel={t.pending} intent="currency" />
        </div>
      </Form>
    </Panel>
  );
}
