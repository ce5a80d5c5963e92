import { CONTACT_LIMITS, type ContactFormState } from "~/domain/contact";
import { format, formatNumber } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { Field, FormAlert, TextAreaField } from "~/components/forms";
import { BotChecks } from "~/components/BotChecks";

/**
 * The contact form (SPEC §3, §5). It posts to the worker route /api/contact: without JavaScript as a normal
 * form (303 back here with a toast, or this page again with its errors); with it, the page's enhancement
 * script sends it with fetch and shows the answer in place (app/platform/page/enhance.ts).
 */
export function ContactForm({ state, turnstileSiteKey }: { state: ContactFormState | null; turnstileSiteKey: string | null }) {
  const t = useMessages().contact;
  const locale = useLocale();
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  return (
    <form
      id="contact-form"
      method="post"
      // The English form posts to the spec's /api/contact as it always has; another language names itself.
      action={locale === "en" ? "/api/contact" : `/api/contact?lang=${locale}`}
      className="form contact-form"
      aria-labelledby="contact-form-title"
      data-pending-label={t.sending}
      data-failure-message={t.notSent}
    >
      <p className="contact-form__intro">{t.formIntro}</p>
      <FormAlert message={state?.formError} />
      <Field
        id="contact-name"
        label={t.name}
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        defaultValue={values.name}
        error={errors.name}
      />
      <Field
        id="contact-email"
        label={t.yourEmail}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        defaultValue={values.email}
        error={errors.email}
      />
      <Field
        id="contact-subject"
        label={t.subject}
        name="subject"
        required
        maxLength={CONTACT_LIMITS.subject}
        defaultValue={values.subject}
        error={errors.subject}
      />
      <TextAreaField
        id="contact-message"
        label={t.message}
        name="message"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        hint={format(t.messageHint, { max: formatNumber(locale, CONTACT_LIMITS.message) })}
        defaultValue={values.message}
        error={errors.message}
      />
      <BotChecks form="contact" turnstileSiteKey={turnstileSiteKey} />
      <div>
        <button type="submit" className="button">
          {t.send}
        </button>
      </div>
    </form>
  );
}
