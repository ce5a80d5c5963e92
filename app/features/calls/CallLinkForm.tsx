// The call link form (/Dashboard/Dashboardcall, administrators): a customer's name, a language someone is linked to,
// video or voice, how long it works and the page's language; the link it makes is shown below, ready to copy.
import { useRef, useState } from "react";
import { Form } from "react-router";
import { Field, FormAlert, formFields, languageOptions, SelectField, SubmitButton } from "~/components/forms";
import { CALL_LINK_HOURS, CALLER_NAME_MAX } from "~/domain/call-forms";
import { CALL_TYPES } from "~/domain/switchboard";
import { LOCALE_ENDONYMS, LOCALES, localeAttributes } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

type Result = FormFailure | { created: { url: string; message: string } };

export function CallLinkForm({ languages, result }: { languages: { id: number; name: string }[]; result: Result | null }) {
  const t = useMessages();
  const m = t.dashboard.call.link;
  const failure = result && "errors" in result ? result : null;
  const created = result && "created" in result ? result.created : null;
  const values = failure?.values ?? {};
  const field = formFields("call-link", failure);
  return (
    <section className="panel" aria-labelledby="call-link-heading">
      <h2 id="call-link-heading">{m.heading}</h2>
      <p>{m.intro}</p>
      {languages.length === 0 ? (
        <p role="status">{m.noLanguages}</p>
      ) : (
        <Form method="post" noValidate className="form" preventScrollReset>
          <FormAlert message={failure?.formError} />
          <Field {...field("name")} label={m.name} autoComplete="off" required maxLength={CALLER_NAME_MAX} />
          <SelectField {...field("language")} label={m.language} required placeholder={m.chooseLanguage} options={languageOptions(languages)} />
          <SelectField
            {...field("type")}
            label={m.type}
            options={CALL_TYPES.map((type) => ({ value: type, label: t.call[type] }))}
            defaultValue={values.type ?? "video"}
          />
          <SelectField
            {...field("validFor")}
            label={m.validFor}
            options={CALL_LINK_HOURS.map((hours) => ({ value: hours, label: m.validity[hours] }))}
            defaultValue={values.validFor ?? "24"}
          />
          <SelectField
            {...field("locale")}
            label={m.pageLanguage}
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_ENDONYMS[locale], lang: localeAttributes[locale].lang }))}
            defaultValue={values.locale ?? "en"}
          />
          <Field {...field("customer")} label={m.customer} hint={m.customerHint} type="email" autoComplete="off" maxLength={254} dir="ltr" />
          <SubmitButton label={m.create} pendingLabel={m.creating} intent="call-link" />
        </Form>
      )}
      {/* Always on the page, so that a new link's sentence is announced (and only the sentence, not the address). */}
      <p role="status" className="call-link__made">
        {created?.message}
      </p>
      {created ? <CreatedLink url={created.url} /> : null}
    </section>
  );
}

/** The new link in a read-only field (selectable without JavaScript), with a copy button. */
function CreatedLink({ url }: { url: string }) {
  const m = useMessages().dashboard.call.link;
  // Copied: this link, not one made before it.
  const [copiedUrl, setCopiedUrl] = useState<string | null>(null);
  const copied = copiedUrl === url;
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="call-link">
      <div className="field">
        <label htmlFor="call-link-url">{m.linkLabel}</label>
        <input ref={field} id="call-link-url" readOnly value={url} dir="ltr" onFocus={(event) => event.currentTarget.select()} />
      </div>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          field.current?.select();
          // Refused (no permission, an insecure page): the address is selected, to copy by hand.
          navigator.clipboard?.writeText(url).then(
            () => setCopiedUrl(url),
            () => setCopiedUrl(null),
          );
        }}
      >
        {m.copy}
      </button>{" "}
      <span aria-live="polite">{copied ? m.copied : ""}</span>
    </div>
  );
}
