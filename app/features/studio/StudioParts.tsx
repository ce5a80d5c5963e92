// Pieces every studio form shares: an image slot (current image, new file, alt text), the record's history with
// Restore, and the comparison shown when someone else saved first.
import { Cell, DataTable } from "~/components/DataTable";
import { Form } from "react-router";
import { OfficeTime } from "~/components/OfficeTime";
import { Field, SubmitButton, TextAreaField } from "~/components/forms";
import { TRANSLATED_LOCALES, translationField } from "~/domain/translations";
import { STUDIO_LIMITS, type ContentVersion, type StoredImage, type StudioRecord } from "~/domain/studio";
import { format, localeAttributes, plural, type Locale } from "~/i18n";
import type { FieldErrors, FormFailure } from "~/platform/page/form-failure";
import { useLocale, useMessages } from "~/platform/page/locale";

/** A stored image with the URL the page can show it from. */
export type ShownImage = StoredImage & { url: string };

/** The form's values: what was typed when the last post failed, else the record as stored. */
export type FormState = { values: Record<string, string>; errors: FieldErrors };

type SlotProps = { label: string; field: string; altField: string; image: ShownImage | null; state: FormState; required?: boolean };

export function ImageSlotFields({ label, field, altField, image, state }: SlotProps) {
  const t = useMessages().studio.fields;
  return (
    <fieldset className="studio-image">
      <legend>{label}</legend>
      {image ? (
        <img
          className="studio-image__current"
          src={image.url}
          alt={format(t.currentImage, { image: label.toLowerCase() })}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          loading="lazy"
        />
      ) : (
        <p className="field__hint">{t.noImage}</p>
      )}
      <Field
        label={label}
        name={field}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        hint={image ? t.imageHint : t.newImageHint}
        error={state.errors[field]}
      />
      <TranslatedField
        label={format(t.alt, { image: label.toLowerCase() })}
        name={altField}
        hint={t.altHint}
        maxLength={STUDIO_LIMITS.alt}
        state={{ values: { ...state.values, [altField]: state.values[altField] ?? image?.alt ?? "" }, errors: state.errors }}
      />
    </fieldset>
  );
}

type TranslatedProps = { label: string; name: string; state: FormState; hint?: string; maxLength: number; required?: boolean; rows?: number; type?: string };

/**
 * A text in English and, beside it, in every other language of the site (`title`, `title_ar`, …): each input is
 * labelled with its language and written in its own direction. Only English may be required: an empty translation
 * shows the English text on that language's pages.
 */
export function TranslatedField({ label, name, state, hint, maxLength, required, rows, type }: TranslatedProps) {
  const messages = useMessages();
  const f = messages.studio.fields;
  const input = (locale: Locale, fieldName: string) => {
    const props = {
      label: format(f.inLanguage, { field: label, language: messages.localeNames[locale] }),
      name: fieldName,
      maxLength,
      defaultValue: state.values[fieldName] ?? "",
      error: state.errors[fieldName],
      hint: locale === "en" ? hint : format(f.translationHint, { language: messages.localeNames[locale] }),
      ...localeAttributes[locale],
    };
    return rows ? (
      <TextAreaField key={locale} rows={rows} required={locale === "en" && required} {...props} />
    ) : (
      <Field key={locale} type={type} required={locale === "en" && required} {...props} />
    );
  };
  return (
    <div className="translated-field">
      {input("en", name)}
      {TRANSLATED_LOCALES.map((locale) => input(locale, translationField(name, locale)))}
    </div>
  );
}

/** The kept versions of one record, newest first; any but the current one can be restored. */
export function HistoryPanel<F>({
  record,
  id,
  currentVersion,
  versions,
  describe,
}: {
  record: StudioRecord;
  id: number;
  currentVersion: number;
  versions: ContentVersion<F>[];
  describe: (fields: F) => string;
}) {
  const locale = useLocale();
  const t = useMessages().studio.history;
  return (
    <details className="studio-history">
      <summary>{plural(locale, t.summary, versions.length)}</summary>
      {versions.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ol className="studio-history__list">
          {versions.map((entry) => (
            <li key={entry.version}>
              <p>
                <strong>{format(t.version, { version: entry.version })}</strong>
                {entry.version === currentVersion && ` (${t.current})`} · {entry.savedBy ? format(t.savedBy, { who: entry.savedBy }) : t.beforeStudio} ·{" "}
                <OfficeTime at={Date.parse(entry.savedAt)} />
              </p>
              <p className="studio-history__what">{describe(entry.fields)}</p>
              {entry.version !== currentVersion && (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="record" value={record} />
                  <input type="hidden" name="id" value={id} />
                  <input type="hidden" name="version" value={entry.version} />
                  <input type="hidden" name="basedOn" value={currentVersion} />
                  <SubmitButton
                    intent="restore"
                    rowId={String(id)}
                    label={t.restore}
                    pendingLabel={t.restore}
                    className="button--ghost"
                    accessibleName={format(t.restoreLabel, { version: entry.version })}
                  />
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/** Someone saved this record after the form was rendered: their values beside the typed ones, where they differ. */
export function ConflictTable({
  conflict,
  typed,
  labels,
}: {
  conflict: NonNullable<FormFailure["conflict"]>;
  typed: Record<string, string>;
  labels: Record<string, string>;
}) {
  const t = useMessages().studio.conflict;
  const differing = Object.keys(labels).filter((name) => (conflict.values[name] ?? "") !== (typed[name] ?? "") && name in typed);
  if (differing.length === 0) return null;
  return (
    <DataTable
      labelledBy="studio-conflict"
      caption={format(t.heading, { version: conflict.version })}
      captionId="studio-conflict"
      className="studio-conflict"
      columns={[t.field, t.saved, t.yours]}
    >
      {differing.map((name) => (
        <tr key={name}>
          <th scope="row">{labels[name]}</th>
          <Cell label={t.saved}>{conflict.values[name]}</Cell>
          <Cell label={t.yours}>{typed[name]}</Cell>
        </tr>
      ))}
    </DataTable>
  );
}
