import { ar } from "./ar";
import { en, type Messages } from "./en";
import { specArabic } from "./spec-arabic";

export { ar, en, specArabic, type Messages };
export { plural, pluralCategories, formatDate, formatNumber, INTL_LOCALE, type Plural } from "./plural";

export { LOCALES, isLocale, type Locale } from "./locales";
import type { Locale } from "./locales";

/** `lang` and `dir` for <html> (and for any element that shows another locale's text). */
export const localeAttributes = {
  en: { lang: "en", dir: "ltr" },
  ar: { lang: "ar", dir: "rtl" },
} as const satisfies Record<Locale, { lang: string; dir: "ltr" | "rtl" }>;

/** Fills {name} placeholders: format("Hello {name}", { name: "Ana" }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/**
 * A value built from a catalogue, built once per locale: the forms' schemas carry their messages in the page's
 * language (`contactSchema(t)`), without a schema per request.
 */
export function localized<T>(build: (t: Messages) => T): (t: Messages) => T {
  const built = new WeakMap<Messages, T>();
  return (t) => {
    if (!built.has(t)) built.set(t, build(t));
    return built.get(t) as T;
  };
}

/** Each language's name in itself: the language switch is labelled in the language it leads to. */
export const LOCALE_ENDONYMS = { en: "English", ar: "العربية" } as const satisfies Record<Locale, string>;
