// "Add a line" under each side's table: the fields app/domain/rate-forms.ts reads, the side as a hidden field. Works
// without JavaScript (a plain post, then the page again); a refused post comes back with each field's message and
// what was typed, and only that side's form shows them.
import { Form, useLocation } from "react-router";
import { Field, formFields, SelectField, SubmitButton } from "~/components/forms";
import type { Language } from "~/domain/people";
import { QUOTE_CURRENCIES } from "~/domain/orders";
import { SERVICES, SURCHARGES, UNITS, type RateLine } from "~/domain/pricing";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

type Props = { side: RateLine["side"]; languages: Language[]; today: string; failure: FormFailure | null };

export function RateLineForm({ side, languages, today, failure }: Props) {
  const t = useMessages().billing.rates;
  const f = t.form;
  const location = useLocation();
  const field = formFields(`rate-${side}`, failure);
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  const headingId = `add-rate-${side}`;
  return (
    <section aria-labelledby={headingId} className="rate-form">
      <h3 id={headingId}>{f.heading[side]}</h3>
      {/* A new location after a successful add (redirect) empties the form; a refused one keeps the values. */}
      <Form method="post" key={location.key} noValidate className="form form--grid" preventScrollReset aria-labelledby={headingId}>
        <input type="hidden" name="side" value={side} />
        {/* The schema reads both parties: the other side's is always empty. */}
        <input type="hidden" name={side === "bill" ? "interpreter" : "customer"} value="" />
        <SelectField
          {...field("service")}
          defaultValue={value("service", SERVICES[0])}
          label={f.service}
          options={SERVICES.map((service) => ({ value: service, label: t.services[service] }))}
        />
        <SelectField
          {...field("unit")}
          defaultValue={value("unit", UNITS[0])}
          label={f.unit}
          hint={f.unitHint}
          options={UNITS.map((unit) => ({ value: unit, label: t.units[unit] }))}
        />
        <SelectField
          {...field("language")}
          defaultValue={value("language", "")}
          label={f.language}
          options={[{ value: "", label: t.anyLanguage }, ...languages.map((language) => ({ value: String(language.id), label: language.name }))]}
        />
        {side === "bill" ? (
          <Field {...field("customer")} label={f.customer} hint={f.customerHint} type="email" autoComplete="off" maxLength={254} />
        ) : (
          <Field {...field("interpreter")} label={f.interpreter} hint={f.interpreterHint} type="email" autoComplete="off" maxLength={254} />
        )}
        <SelectField
          {...field("currency")}
          defaultValue={value("currency", QUOTE_CURRENCIES[0])}
          label={f.currency}
          options={QUOTE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
        />
        <Field {...field("price")} label={f.price} inputMode="decimal" autoComplete="off" required />
        <Field {...field("minimum")} label={f.minimum} hint={f.quantityHint} inputMode="numeric" autoComplete="off" />
        <Field {...field("increment")} label={f.increment} inputMode="numeric" autoComplete="off" />
        {SURCHARGES.map((kind) => (
          <Field key={kind} {...field(kind)} label={f.surcharge[kind]} hint={f.percentHint} inputMode="decimal" autoComplete="off" />
        ))}
        <Field {...field("lateCancellation")} label={f.lateCancellation} hint={f.lateCancellationHint} inputMode="decimal" autoComplete="off" />
        <Field {...field("effectiveFrom")} defaultValue={value("effectiveFrom", today)} label={f.effectiveFrom} type="date" required />
        <div className="form__actions">
          <SubmitButton label={f.submit} pendingLabel={f.pending} intent="add" rowId={side} rowField="side" />
        </div>
      </Form>
    </section>
  );
}
