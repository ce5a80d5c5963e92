// The Invoices page's two forms: "Bill work" (one button) and "New draft" (a customer's e-mail and a month). Both work
// without JavaScript (a plain post, then the page again); a refused draft comes back with each field's message and
// what was typed.
import { Form, Link, useLocation } from "react-router";
import { Field, formFields, SubmitButton } from "~/components/forms";
import { plural } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";

export function BillWorkForm({ unpriced, unpaid }: { unpriced: number; unpaid: number }) {
  const t = useMessages().billing.invoices.billWork;
  const locale = useLocale();
  return (
    <>
      <p>{t.intro}</p>
      {unpriced > 0 && (
        <p className="notice" role="status">
          {plural(locale, t.unpriced, unpriced)} <Link to="/Dashboard/Rates">{t.ratesLink}</Link>
        </p>
      )}
      {unpaid > 0 && (
        <p className="notice" role="status">
          {plural(locale, t.unpaid, unpaid)} <Link to="/Dashboard/Rates">{t.ratesLink}</Link>
        </p>
      )}
      <Form method="post" className="form" preventScrollReset aria-labelledby="bill-work">
        <div className="form__actions">
          <SubmitButton label={t.submit} pendingLabel={t.pending} intent="bill" />
        </div>
      </Form>
    </>
  );
}

export function DraftForm({ failure }: { failure: FormFailure | null }) {
  const t = useMessages().billing.invoices.draft;
  const location = useLocation();
  const field = formFields("draft", failure);
  return (
    <>
      <p>{t.intro}</p>
      {/* A new location after a refusal keeps the values; a success leaves for the draft's page. */}
      <Form method="post" key={location.key} noValidate className="form form--grid" preventScrollReset aria-labelledby="new-draft">
        <Field {...field("customer")} label={t.customer} type="email" autoComplete="off" maxLength={254} required />
        <Field {...field("month")} label={t.month} hint={t.monthHint} type="month" placeholder="YYYY-MM" required />
        <div className="form__actions">
          <SubmitButton label={t.submit} pendingLabel={t.pending} intent="draft" />
        </div>
      </Form>
    </>
  );
}
