// The staff invoice page's payments (issue 26, build items 3 and 5): what was received, what is still open, and "Record
// a payment" while anything is (amount in the invoice's currency, the day, how, a reference). Works without
// JavaScript: the form posts; a refusal comes back on its fields with what was typed.
import { Form } from "react-router";
import type { Invoice } from "~/backend/port-invoices.server";
import { Cell, DataTable } from "~/components/DataTable";
import { Field, formFields, SelectField, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { PAYMENT_METHOD_VALUES, PAYMENT_REFERENCE_MAX } from "~/domain/invoice-forms";
import { formatAmount } from "~/domain/orders";
import { format, formatDate } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";
import { openOf } from "./invoice-document";

export function InvoicePayments({ invoice, today, failure }: { invoice: Invoice; today: string; failure: FormFailure | null }) {
  const m = useMessages();
  const t = m.billing.invoices.payments;
  const locale = useLocale();
  const money = (minor: number) => formatAmount(minor, invoice.currency, locale);
  const open = openOf(invoice);
  const mine = failure?.intent === "payment" ? failure : null;
  const field = formFields("payment", mine);
  const values = mine?.values ?? {};
  return (
    <Panel id="payments" heading={t.heading}>
      {invoice.payments.length === 0 ? (
        <p className="empty-state">{t.none}</p>
      ) : (
        <DataTable labelledBy="payments" className="invoice-payments" columns={[t.columns.paidOn, t.columns.amount, t.columns.method, t.columns.reference]}>
          {invoice.payments.map((payment) => (
            <tr key={payment.id}>
              <th scope="row">{formatDate(locale, payment.paidOn)}</th>
              <Cell label={t.columns.amount}>{money(payment.amountMinor)}</Cell>
              <Cell label={t.columns.method}>{t.methods[payment.method]}</Cell>
              <Cell label={t.columns.reference}>
                <bdi>{payment.reference}</bdi>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      <dl className="facts">
        <dt>{t.paid}</dt>
        <dd>{money(invoice.paidMinor)}</dd>
        <dt>{t.open}</dt>
        <dd>{money(open)}</dd>
      </dl>
      {open > 0 && (
        <Form method="post" className="form" aria-label={t.record}>
          <h3>{t.record}</h3>
          <Field
            {...field("amount")}
            label={format(t.amount, { currency: invoice.currency })}
            inputMode="decimal"
            defaultValue={values.amount ?? ""}
            required
          />
          <Field {...field("paidOn")} label={t.paidOn} type="date" max={today} defaultValue={values.paidOn ?? today} required />
          <SelectField
            {...field("method")}
            label={t.method}
            options={PAYMENT_METHOD_VALUES.map((value) => ({ value, label: t.methods[value] }))}
            defaultValue={values.method ?? "bank-transfer"}
          />
          <Field {...field("reference")} label={t.reference} hint={t.referenceHint} maxLength={PAYMENT_REFERENCE_MAX} defaultValue={values.reference ?? ""} />
          <div className="form__actions">
            <SubmitButton label={t.submit} pendingLabel={t.pending} intent="payment" />
          </div>
        </Form>
      )}
    </Panel>
  );
}
