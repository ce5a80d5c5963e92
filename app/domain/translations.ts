// Content in more than one language (docs/decisions/0017). English stays in the spec's columns, the source every
// page falls back to; each other language's texts sit in the record's `translations` (one JSON value per row, keyed
// by language, then by text), so a third language is data, not a schema change. A page in another language shows
// each text in that language when it has one, and the English text, marked lang="en" dir="ltr", when not.
import type { Locale } from "~/i18n";

/** The languages content is translated into (English is the record itself). */
export const TRANSLATED_LOCALES = ["ar"] as const satisfies readonly Exclude<Locale, "en">[];
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/**
 * The texts of each record that have a version per language, by their key in `translations`, with the form field of
 * their English text (the other languages' inputs are `<field>_<locale>`, e.g. `title_ar`).
 */
export const TRANSLATABLE = {
  company: { title: "title", description: "description", address: "address", homeCoverAlt: "homecover_alt", contactCoverAlt: "contactcover_alt" },
  about: { description: "description", photoAAlt: "photoa_alt", photoBAlt: "photob_alt" },
  service: { title: "title", description: "description", photoAlt: "photo_alt" },
} as const;

export type TranslatedRecord = keyof typeof TRANSLATABLE;
export type TranslatableKey<R extends TranslatedRecord> = keyof (typeof TRANSLATABLE)[R] & string;

/** What a record holds in other languages; a missing text (or language) falls back to English. */
export type Translations<R extends TranslatedRecord> = Partial<Record<TranslatedLocale, Partial<Record<TranslatableKey<R>, string>>>>;

/** The form field of a text in a language: `title` in English, `title_ar` in Arabic. */
export function translationField(field: string, locale: TranslatedLocale): string {
  return `${field}_${locale}`;
}

/**
 * Only what a record may hold: known languages, known texts, non-empty strings. Reads D1's JSON text and Supabase's
 * jsonb alike; anything unreadable is no translation (the page then shows English, as it did before).
 */
export function translationsOf<R extends TranslatedRecord>(record: R, raw: unknown): Translations<R> {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (typeof value !== "object" || value === null) return {};
  const keys = Object.keys(TRANSLATABLE[record]);
  const result: Translations<R> = {};
  for (const locale of TRANSLATED_LOCALES) {
    const texts = (value as Record<string, unknown>)[locale];
    if (typeof texts !== "object" || texts === null) continue;
    const kept = Object.fromEntries(
      Object.entries(texts).filter(([key, text]) => keys.includes(key) && typeof text === "string" && text.trim() !== ""),
    ) as Partial<Record<TranslatableKey<R>, string>>;
    if (Object.keys(kept).length > 0) result[locale] = kept;
  }
  return result;
}

/** The texts a page in `locale` shows in English because they have no translation (marked on their element). */
export type InEnglish = { inEnglish: readonly string[] };

/**
 * The record as a page in `locale` shows it: each translatable text in that language when it has one; `inEnglish`
 * names the ones that fell back. `texts` maps each key to the record's English text of it.
 */
export function localizedTexts<R extends TranslatedRecord>(
  record: R,
  translations: Translations<R>,
  english: Record<TranslatableKey<R>, string | null>,
  locale: Locale,
): { texts: Record<TranslatableKey<R>, string | null>; inEnglish: string[] } {
  if (locale === "en") return { texts: english, inEnglish: [] };
  const own: Partial<Record<TranslatableKey<R>, string>> = translations[locale] ?? {};
  const texts = { ...english };
  const inEnglish: string[] = [];
  for (const key of Object.keys(TRANSLATABLE[record]) as TranslatableKey<R>[]) {
    const translated = own[key];
    if (translated) texts[key] = translated;
    else if (english[key]) inEnglish.push(key);
  }
  return { texts, inEnglish };
}

/** `lang`/`dir` for an element whose text fell back to English on a page in another language. */
export function englishMark(record: InEnglish | null | undefined, key: string): { lang?: "en"; dir?: "ltr" } {
  return record?.inEnglish.includes(key) ? { lang: "en", dir: "ltr" } : {};
}
