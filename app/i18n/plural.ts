// Plural forms and numbers in the page's locale: English needs "one" and "other", Arabic six forms
// (zero, one, two, few, many, other). A catalogue entry that depends on a count is a Plural, never a sentence
// assembled around a number.
import type { Locale } from "./locales";

export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The BCP 47 tag for Intl: Arabic pages use Western digits, like the phone numbers, prices and emails people type. */
export const INTL_LOCALE = { en: "en", ar: "ar-u-nu-latn" } as const satisfies Record<Locale, string>;

/** The plural categories a locale's catalogue must give (the completeness test checks them). */
export function pluralCategories(locale: Locale): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(INTL_LOCALE[locale]).resolvedOptions().pluralCategories;
}

/** The form for `count`, with {count} (and any other placeholder) filled; the count formatted for the locale. */
export function plural(locale: Locale, forms: Plural, count: number, values: Record<string, string | number> = {}): string {
  const category = new Intl.PluralRules(INTL_LOCALE[locale]).select(count);
  const template = forms[category] ?? forms.other;
  const all: Record<string, string | number> = { ...values, count: new Intl.NumberFormat(INTL_LOCALE[locale]).format(count) };
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in all ? String(all[key]) : match));
}

/** A number in the locale's digits and grouping. */
export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], options).format(value);
}

/** A date (or ISO date string) in the locale's words, e.g. "March 21, 2025" / "21 مارس 2025". */
export function formatDate(locale: Locale, value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "UTC", ...options }).format(date);
}
