import { useRouteLoaderData } from "react-router";
import { en, localeAttributes, type Locale, type Messages } from "~/i18n";

// The public site is English; the dashboard's Arabic texts come from the `ar` catalogue directly (SPEC §2).
// A bilingual site registers a full Arabic catalogue here.
const catalogues: Partial<Record<Locale, Messages>> = { en };

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale] ?? en;
}

/** The current page's catalogue (from the root loader's locale). */
export function useMessages(): Messages {
  return messagesFor(useLocale());
}

export function useLocale(): Locale {
  const data = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  return data?.locale ?? "en";
}

export { localeAttributes };
