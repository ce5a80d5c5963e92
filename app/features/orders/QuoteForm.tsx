// The quote request form (/Quote, issue 13): a plain multipart form, complete without JavaScript. A refused request
// comes back with what was typed and a message per field; files are never kept, and the form says so.
import { Link } from "react-router";
import { QUOTE_LIMITS } from "~/domain/quote-request";
import { format, formatNumber, plural } from "~/i18n";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from "~/features/orders/document-limits";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { CheckboxField, CheckboxGroup, Field, FormAlert, formFields, languageOptions, SelectField, TextAreaField } from "~/components/forms";
import { BotChecks } from "~/components/BotChecks";

export type QuoteFormOptions = {
  services: { id: number; title: string; inEnglish: boolean }[];
  languages: { id: number; name: string }[];
  /** The first day a deadline may be (today on the company's calendar). */
  today: string;
  preselectedService: number | null;
  turnstileSiteKey: string | null;
  /** A signed-in requester's address: the request is sent from it, so the field shows it and cannot be changed. */
  accountEmail: string | null;
};

/** The chosen target languages of a refused request (a repeated field: the kept values hold them joined). */
export type QuoteFormState = FormFailure & { targets: string[] };

const ACCEPT =
  ".pdf,.docx,.txt,.jpg,.jpeg,.png,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,image/jpeg,image/png";

export function QuoteForm({ options, state }: { options: QuoteFormOptions; state: QuoteFormState | null }) {
  const t = useMessages();
  const q = t.quote;
  const locale = useLocale();
  const href = useLocalizedPath();
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  const field = formFields("quote", state);
  const chosenTargets = new Set(state?.targets ?? []);
  const service = values.service ?? (options.preselectedService ? String(options.preselectedService) : "");

  return (
    <form id="quote-form" method="post" encType="multipart/form-data" className="form quote-form" aria-labelledby="quote-title" noValidate>
      <FormAlert message={state?.formError} />
      <div className="form-grid">
        <Field {...field("name")} label={q.name} autoComplete="name" required maxLength={QUOTE_LIMITS.name} />
        <Field
          {...field("email")}
          {...(options.accountEmail ? { defaultValue: options.accountEmail, readOnly: true, hint: q.accountEmailHint } : {})}
          label={q.email}
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          maxLength={QUOTE_LIMITS.email}
        />
        <Field {...field("phone")} label={q.phone} type="tel" autoComplete="tel" dir="ltr" maxLength={QUOTE_LIMITS.phone} />
        <Field {...field("company")} label={q.company} autoComplete="organization" maxLength={QUOTE_LIMITS.company} />
      </div>
      <SelectField
        {...field("service")}
        label={q.service}
        required
        placeholder={q.chooseService}
        options={options.services.map((item) => ({ value: String(item.id), label: item.title, lang: item.inEnglish && locale !== "en" ? "en" : undefined }))}
        defaultValue={service}
      />
      <SelectField
        {...field("source")}
        label={q.source}
        required
        placeholder={q.chooseLanguage}
        options={languageOptions(options.languages, locale !== "en" ? "en" : undefined)}
      />
      <CheckboxGroup
        id="quote-targets"
        className="quote-form__targets"
        legend={q.targets}
        name="targets"
        hint={q.targetsHint}
        options={languageOptions(options.languages, locale !== "en" ? "en" : undefined)}
        checked={chosenTargets}
        error={errors.targets}
      />
      <Field {...field("deadline")} label={q.deadline} type="date" required min={options.today} />
      <TextAreaField
        {...field("details")}
        label={q.details}
        rows={5}
        maxLength={QUOTE_LIMITS.details}
        hint={format(q.detailsHint, { max: formatNumber(locale, QUOTE_LIMITS.details) })}
      />
      <Field
        {...field("files")}
        label={q.files}
        type="file"
        multiple
        accept={ACCEPT}
        hint={plural(locale, q.filesHint, DOCUMENT_MAX_FILES, { size: DOCUMENT_MAX_BYTES / 1024 / 1024 })}
      />
      <CheckboxField
        id="quote-consent"
        name="consent"
        error={errors.consent}
        defaultChecked={values.consent === "on"}
        required
        label={
          <>
            {q.consent} <Link to={href("/Privacy")}>{t.footer.privacy}</Link>
          </>
        }
      />
      <BotChecks form="quote" turnstileSiteKey={options.turnstileSiteKey} />
      <div>
        <button type="submit" className="button" data-pending-label={q.sending}>
          {q.send}
        </button>
      </div>
    </form>
  );
}
