// The staff's "next step" forms of an order (issue 13): only the buttons the state machine allows now are shown
// (availableTransitions), each form carrying the version its page showed.
import { Panel } from "~/components/Panel";
import { Form } from "react-router";
import type { OrderDetail } from "~/domain/order-records";
import type { PersonChoice } from "~/domain/person-choice";
import { ORDER_LIMITS } from "~/domain/order-forms";
import { QUOTE_CURRENCIES, type OrderTransition } from "~/domain/orders";
import { format, plural } from "~/i18n";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from "~/features/orders/document-limits";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";
import { PersonField } from "~/features/people/PersonField";
import { Field, FormAlert, SelectField, SubmitButton, TextAreaField, formFields } from "~/components/forms";

const ACCEPT = ".pdf,.docx,.txt,.jpg,.jpeg,.png";
const failureFor = (failure: FormFailure | null, intent: string) => (failure?.intent === intent ? failure : null);

/** The delivery upload: the assigned interpreter's (their job page) and staff's (the order page). */
export function DeliverForm({ version, failure, hint }: { version: number; failure: FormFailure | null; hint?: string }) {
  const t = useMessages().orders;
  const locale = useLocale();
  const mine = failureFor(failure, "deliver");
  return (
    <Form method="post" encType="multipart/form-data" className="form" aria-labelledby="deliver-heading">
      <h3 id="deliver-heading">{t.detail.deliverHeading}</h3>
      {hint && <p>{hint}</p>}
      <FormAlert message={mine?.formError} />
      <input type="hidden" name="basedOn" value={version} />
      <Field
        id="deliver-files"
        label={t.files.deliveryLabel}
        name="files"
        type="file"
        multiple
        required
        accept={ACCEPT}
        hint={plural(locale, t.files.deliveryHint, DOCUMENT_MAX_FILES, { size: DOCUMENT_MAX_BYTES / 1024 / 1024 })}
        error={mine?.errors.files}
      />
      <div>
        <SubmitButton intent="deliver" label={t.detail.deliver} pendingLabel={t.detail.delivering} />
      </div>
    </Form>
  );
}

type Props = {
  order: OrderDetail;
  available: OrderTransition[];
  /** The first people who may be assigned (the field's suggestions); empty when nobody can be. */
  eligible: PersonChoice[];
  /** The languages someone must be linked to, to be assigned. */
  assignLanguages: number[];
  failure: FormFailure | null;
  today: string;
};

export function StaffSteps({ order, available, eligible, assignLanguages, failure, today }: Props) {
  const messages = useMessages();
  const t = messages.orders;
  const d = t.detail;
  const can = (transition: OrderTransition) => available.includes(transition);
  const refusal =
    failure && ["quote", "assign", "deliver", "complete", "cancel"].includes(failure.intent ?? "") && !Object.keys(failure.errors).length
      ? failure.formError
      : null;
  const quoteForm = failureFor(failure, "quote");
  const field = formFields("staff-quote", quoteForm);
  const cancelForm = failureFor(failure, "cancel");
  const assignForm = failureFor(failure, "assign");
  const languages = { source: order.sourceLanguage, targets: order.targetLanguages.join(", ") };

  return (
    <Panel id="actions" heading={d.actions}>
      <FormAlert message={refusal} />
      {available.length === 0 && <p>{order.status === "quoted" ? d.waitingForCustomer : format(d.noActions, { status: t.statuses[order.status] })}</p>}
      {order.status === "in_progress" && order.interpreter && <p>{format(d.waitingForInterpreter, { name: order.interpreter.name })}</p>}

      {can("quote") && (
        <Form method="post" className="form" aria-labelledby="quote-form-heading">
          <h3 id="quote-form-heading">{d.quoteHeading}</h3>
          <input type="hidden" name="basedOn" value={order.version} />
          <div className="form-grid">
            <Field {...field("amount")} label={d.amount} inputMode="decimal" required hint={d.amountHint} dir="ltr" />
            <SelectField
              {...field("currency")}
              label={d.currency}
              required
              options={QUOTE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              defaultValue={quoteForm?.values.currency ?? "USD"}
            />
            <Field {...field("dueDate")} label={t.fields.dueDate} type="date" min={today} required defaultValue={quoteForm?.values.dueDate ?? order.deadline} />
            <Field {...field("validUntil")} label={t.fields.validUntil} type="date" min={today} required />
          </div>
          <div>
            <SubmitButton intent="quote" label={d.sendQuote} pendingLabel={d.sendingQuote} />
          </div>
        </Form>
      )}

      {can("assign") && (
        <Form method="post" className="form" aria-labelledby="assign-heading">
          <h3 id="assign-heading">{d.assignHeading}</h3>
          <input type="hidden" name="basedOn" value={order.version} />
          {eligible.length === 0 ? (
            <p>{format(d.noneEligible, languages)}</p>
          ) : (
            <>
              <PersonField
                id="assign-interpreter"
                label={t.fields.interpreter}
                name="interpreterId"
                required
                hint={`${format(d.assignHint, languages)} ${messages.people.personField.hint}`}
                suggestions={eligible}
                languageIds={assignLanguages}
                defaultValue={assignForm?.values.interpreterId ?? ""}
                error={assignForm?.errors.interpreterId}
              />
              <div>
                <SubmitButton intent="assign" label={d.assign} pendingLabel={d.assigning} />
              </div>
            </>
          )}
        </Form>
      )}

      {can("deliver") && <DeliverForm version={order.version} failure={failure} />}

      {can("complete") && (
        <Form method="post" className="form">
          <input type="hidden" name="basedOn" value={order.version} />
          <div>
            <SubmitButton intent="complete" label={d.complete} pendingLabel={d.completing} />
          </div>
        </Form>
      )}

      {can("cancel") && (
        <details className="danger-zone" open={Boolean(cancelForm)}>
          <summary>{d.cancelHeading}</summary>
          <Form method="post" className="form">
            <input type="hidden" name="basedOn" value={order.version} />
            <TextAreaField
              id="cancel-reason"
              label={d.cancelReason}
              name="reason"
              rows={2}
              required
              maxLength={ORDER_LIMITS.reason}
              defaultValue={cancelForm?.values.reason}
              error={cancelForm?.errors.reason}
            />
            <div>
              <SubmitButton intent="cancel" label={d.cancel} pendingLabel={d.cancelling} className="button--danger" />
            </div>
          </Form>
        </details>
      )}
    </Panel>
  );
}
