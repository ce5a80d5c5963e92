// The quote request form (/Quote, issue 13): a plain multipart form, complete without JavaScript. A refused request
// comes back with what was typed and a message per field; files are never kept, and the form says so.
import { Link } from "react-router";
import { QUOTE_LIMITS } from "~/domain/quote-request";
import { format, formatNumber, plural } from "~/i18n";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from "~/features/orders/document-limits";
import type { FormFailure } from "~/platform/page/form-failure";
import { useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { Field, FormAlert, languageOptions, SelectField, TextAreaField } from "~/components/forms";
import { BotChecks } from "~/components/BotChecks";

export type QuoteFormOptions = {
  services: { id: number; title: string; inEnglish: boolean }[];
  languages: { id: number; name: string }[];
  /** The first day a deadline may be (today on the company's calendar). */
  today: string;
  preselectedService: number | null;
  turnstileSiteKey: string | null;
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
  const chosenTargets = new Set(state?.targets ?? []);
  const service = values.service ?? (options.preselectedService ? String(options.preselectedService) : "");
  const targetsErrorId = "quote-targets-error";

  return (
    <form id="quote-form" method="post" encType="multipart/form-data" className="form quote-form" aria-labelledby="quote-title" noValidate>
      <FormAlert message={state?.formError} />
      <div className="form-grid">
        <Field
          id="quote-name"
          label={q.name}
          name="name"
          autoComplete="name"
          required
          maxLength={QUOTE_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
        />
        <Field
          id="quote-email"
          label={q.email}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          maxLength={QUOTE_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
        />
        <Field
          id="quote-phone"
          label={q.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={QUOTE_LIMITS.phone}
          defaultValue={values.phone}
          error={errors.phone}
        />
        <Field
          id="quote-company"
          label={q.company}
          name="company"
          autoComplete="organization"
          maxLength={QUOTE_LIMITS.company}
          defaultValue={values.company}
          error={errors.company}
        />
      </div>
      <SelectField
        id="quote-service"
        label={q.service}
        name="service"
        required
        placeholder={q.chooseService}
        options={options.services.map((item) => ({ value: String(item.id), label: item.title, lang: item.inEnglish && locale !== "en" ? "en" : undefined }))}
        defaultValue={service}
        error={errors.service}
      />
      <SelectField
        id="quote-source"
        label={q.source}
        name="source"
        required
        placeholder={q.chooseLanguage}
        options={languageOptions(options.languages, locale !== "en" ? "en" : undefined)}
        defaultValue={values.source ?? ""}
        error={errors.source}
      />
      <fieldset className="field quote-form__targets" aria-describedby={`quote-targets-hint${errors.targets ? ` ${targetsErrorId}` : ""}`}>
        <legend>{q.targets}</legend>
        <p id="quote-targets-hint" className="field__hint">
          {q.targetsHint}
        </p>
        <ul className="checkbox-grid">
          {options.languages.map((language) => (
            <li key={language.id}>
              <label>
                <input
                  type="checkbox"
                  name="targets"
                  value={language.id}
                  defaultChecked={chosenTargets.has(String(language.id))}
                  aria-invalid={errors.targets ? true : undefined}
                />
                <bdi lang={locale !== "en" ? "en" : undefined}>{language.name}</bdi>
              </label>
            </li>
          ))}
        </ul>
        {errors.targets && (
          <p id={targetsErrorId} className="field__error">
            {errors.targets}
          </p>
        )}
      </fieldset>
      <Field
        id="quote-deadline"
        label={q.deadline}
        name="deadline"
        type="date"
        required
        min={options.today}
        defaultValue={values.deadline}
        error={errors.deadline}
      />
      <TextAreaField
        id="quote-details"
        label={q.details}
        name="details"
        rows={5}
        maxLength={QUOTE_LIMITS.details}
        hint={format(q.detailsHint, { max: formatNumber(locale, QUOTE_LIMITS.details) })}
        defaultValue={values.details}
        error={errors.details}
      />
      <Field
        id="quote-files"
        label={q.files}
        name="files"
        type="file"
        multiple
        accept={ACCEPT}
        hint={plural(locale, q.filesHint, DOCUMENT_MAX_FILES, { size: DOCUMENT_MAX_BYTES / 1024 / 1024 })}
        error={errors.files}
      />
      <div className="field field--checkbox">
        <label>
          <input
            type="checkbox"
            name="consent"
            required
            defaultChecked={values.consent === "on"}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "quote-consent-error" : undefined}
          />
          <span>
            {q.consent} <Link to={href("/Privacy")}>{t.footer.privacy}</Link>
          </span>
        </label>
        {errors.consent && (
          <p id="quote-consent-error" className="field__error">
            {errors.consent}
          </p>
        )}
      </div>
      <BotChecks form="quote" turnstileSiteKey={options.turnstileSiteKey} />
      <div>
        <button type="submit" className="button" data-pending-label={q.sending}>
          {q.send}
        </button>
      </div>
    </form>
  );
}
