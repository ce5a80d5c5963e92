// The bot checks of every public form, in one place (issue 24): the honeypot field people never see or reach (only
// bots fill it in, and their posts are thanked and dropped: app/request/public-form.server.ts), and Cloudflare Turnstile's
// widget when it is configured.
import { HONEYPOT_FIELD } from "~/platform/page/bot-checks";
import { useMessages } from "~/platform/page/locale";

/** `form`: the form's id prefix, so the honeypot's id is unique on the page. */
export function BotChecks({ form, turnstileSiteKey }: { form: string; turnstileSiteKey: string | null }) {
  const t = useMessages().contact;
  return (
    <>
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${form}-website`}>{t.honeypot}</label>
        <input id={`${form}-website`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {turnstileSiteKey && <div className="cf-turnstile" data-sitekey={turnstileSiteKey} />}
    </>
  );
}
