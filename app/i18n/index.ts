import { ar } from "./ar";
import { en, type Messages } from "./en";

export { ar, en, type Messages };

export type Locale = "en" | "ar";

/** `lang` and `dir` for <html> (and for any element that shows another locale's text). */
export const localeAttributes = {
  en: { lang: "en", dir: "ltr" },
  ar: { lang: "ar", dir: "rtl" },
} as const satisfies Record<Locale, { lang: string; dir: "ltr" | "rtl" }>;

/** Fills {name} placeholders: format("Hello {name}", { name: "Ana" }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
