import { CONTACT_LIMITS, type ContactFormState } from "~/domain/contact";
import { format, formatNumber } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { Field, FormAlert, formFields, TextAreaField } from "~/components/forms";
import { BotChecks } from "~/components/BotChecks";

/**
 * The contact form (SPEC §3, §5). It posts to the worker route /api/contact: without JavaScript as a normal
 * form (303 back here with a toast, or this page again with its errors); with it, the page's enhancement
 * script sends it with fetch and shows the answer in place (app/platform/page/enhance.ts).
 */
export function ContactForm({ state, turnstileSiteKey }: { state: ContactFormState | null; turnstileSiteKey: string | null }) {
  const t = useMessages().contact;
  const locale = useLocale();
  const field = formFields("contact", state);
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
      <Field {...field("name")} label={t.name} autoComplete="name" required maxLength={CONTACT_LIMITS.name} />
      <Field {...field("email")} label={t.yourEmail} type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} />
      <Field {...field("subject")} label={t.subject} required maxLength={CONTACT_LIMITS.subject} />
      <TextAreaField
        {...field("message")}
        label={t.message}
        required
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        hint={format(t.messageHint, { max: formatNumber(locale, CONTACT_LIMITS.message) })}
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
