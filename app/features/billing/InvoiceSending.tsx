// The staff invoice page's "Send to the customer" (issue 26, build item 3): the language the customer reads it in, the
// button (again, once sent), when it was first sent, and each e-mail with where its sending stands. Works without
// JavaScript: the form posts, the page comes back with the toast.
import { Form } from "react-router";
import type { Invoice } from "~/backend/port-invoices.server";
import { formFields, SelectField, SubmitButton } from "~/components/forms";
import { Panel } from "~/components/Panel";
import type { OutgoingMail } from "~/domain/mail";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { format, formatDate, LOCALE_ENDONYMS, LOCALES, localeAttributes, plural } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";

export function InvoiceSending({
  invoice,
  customerEmail,
  mails,
  failure,
}: {
  invoice: Invoice;
  customerEmail: string;
  mails: Pick<OutgoingMail, "id" | "to" | "subject" | "status" | "createdAt">[];
  failure: FormFailure | null;
}) {
  const m = useMessages();
  const t = m.billing.invoices.send;
  const locale = useLocale();
  const field = formFields("send", failure?.intent === "send" ? failure : null);
  const chosen = failure?.intent === "send" ? failure.values.locale : undefined;
  const when = (at: number) => formatDate(locale, at, { dateStyle: "long", timeStyle: "short", timeZone: COMPANY_TIME_ZONE });
  return (
    <Panel id="send" heading={t.heading}>
      <p>{format(t.intro, { email: customerEmail })}</p>
      {invoice.link && <p className="send__sent">{plural(locale, t.sentOn, invoice.link.sends, { date: when(invoice.link.sentAt) })}</p>}
      <Form method="post" className="form" aria-labelledby="send">
        <SelectField
          {...field("locale")}
          label={t.language}
          options={LOCALES.map((value) => ({ value, label: LOCALE_ENDONYMS[value], lang: localeAttributes[value].lang }))}
          defaultValue={chosen ?? invoice.link?.locale ?? "en"}
        />
        <div className="form__actions">
          <SubmitButton label={invoice.link ? t.again : t.submit} pendingLabel={t.pending} intent="send" />
        </div>
      </Form>
      {mails.length > 0 && (
        <>
          <h3>{t.mails}</h3>
          <ul className="sent-mails">
            {mails.map((mail) => (
              <li key={mail.id}>
                {when(mail.createdAt)}: <bdi>{mail.subject}</bdi> → <bdi>{mail.to}</bdi> ({t.mailStatus[mail.status]})
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
