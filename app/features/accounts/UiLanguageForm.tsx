// The Profile page's choice of dashboard language: kept on the account, applied to every dashboard page.
import { Panel } from "~/components/Panel";
import { Form } from "react-router";
import { FormAlert, SelectField, SubmitButton } from "~/components/forms";
import { SET_LOCALE_INTENT } from "~/domain/accounts";
import { LOCALE_ENDONYMS, LOCALES, localeAttributes, type Locale } from "~/i18n";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";

export function UiLanguageForm({ current, failure }: { current: Locale; failure: FormFailure | null }) {
  const t = useMessages().dashboard.uiLanguage;
  const options = LOCALES.map((locale) => ({ value: locale, label: LOCALE_ENDONYMS[locale], lang: localeAttributes[locale].lang }));
  return (
    <Panel id="ui-language" heading={t.heading}>
      <p>{t.intro}</p>
      <FormAlert message={failure?.formError} />
      <Form method="post" className="form form--inline" preventScrollReset>
        <SelectField label={t.label} name="locale" options={options} defaultValue={failure?.values.locale ?? current} error={failure?.errors.locale} />
        <SubmitButton label={t.save} pendingLabel={t.saving} intent={SET_LOCALE_INTENT} />
      </Form>
    </Panel>
  );
}
