// The staff invoice page's credit notes (issue 26, build item 3): the corrections of an issued invoice, and "Issue a
// credit note" while anything is open (an amount in the invoice's currency and the reason printed for the customer).
// Works without JavaScript: the form posts; a refusal comes back on its fields with what was typed.
import { Form } from "react-router";
import type { Invoice } from "~/backend/port-invoices.server";
import { Cell, DataTable } from "~/components/DataTable";
import { Field, formFields, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import { CREDIT_REASON_MAX } from "~/domain/invoices";
import { companyToday, formatAmount } from "~/domain/orders";
import { format, formatDate } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";
import { openOf } from "./invoice-document";

export function InvoiceCredits({ invoice, failure }: { invoice: Invoice; failure: FormFailure | null }) {
  const t = useMessages().billing.invoices.credits;
  const locale = useLocale();
  const money = (minor: number) => formatAmount(minor, invoice.currency, locale);
  const mine = failure?.intent === "credit" ? failure : null;
  const field = formFields("credit", mine);
  const values = mine?.values ?? {};
  return (
    <Panel id="credit-notes" heading={t.heading}>
      <p>{t.intro}</p>
      {invoice.credits.length === 0 ? (
        <p className="empty-state">{t.none}</p>
      ) : (
        <>
          <DataTable labelledBy="credit-notes" className="invoice-credits" columns={[t.columns.number, t.columns.issuedOn, t.columns.amount, t.columns.reason]}>
            {invoice.credits.map((note) => (
              <tr key={note.id}>
                <th scope="row">{note.number}</th>
                <Cell label={t.columns.issuedOn}>{formatDate(locale, companyToday(new Date(note.createdAt)))}</Cell>
                <Cell label={t.columns.amount}>{money(note.amountMinor)}</Cell>
                <Cell label={t.columns.reason}>
                  <bdi>{note.reason}</bdi>
                </Cell>
              </tr>
            ))}
          </DataTable>
          <dl className="facts">
            <dt>{t.credited}</dt>
            <dd>{money(invoice.creditedMinor)}</dd>
          </dl>
        </>
      )}
      {openOf(invoice) > 0 && (
        <Form method="post" className="form" aria-label={t.issue}>
          <h3>{t.issue}</h3>
          <Field
            {...field("amount")}
            label={format(t.amount, { currency: invoice.currency })}
            inputMode="decimal"
            defaultValue={values.amount ?? ""}
            required
          />
          <Field {...field("reason")} label={t.reason} hint={t.reasonHint} maxLength={CREDIT_REASON_MAX} defaultValue={values.reason ?? ""} required />
          <div className="form__actions">
            <SubmitButton label={t.submit} pendingLabel={t.pending} intent="credit" />
          </div>
        </Form>
      )}
    </Panel>
  );
}
