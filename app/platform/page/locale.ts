// Which language a page is in. Public and sign-in pages say it in their URL (English at the spec's paths, Arabic
// under /ar); dashboard pages follow the signed-in person's choice (their account's `locale`). Nothing is guessed
// from Accept-Language: a crawler or a shared link gets what the URL says.
import { useLocation, useMatches } from "react-router";
import { en, isLocale, type Locale, type Messages } from "~/i18n";
import { ar } from "~/i18n/ar";

const catalogues: Record<Locale, Messages> = { en, ar };

export const ARABIC_PREFIX = "/ar";

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}

/** The language a public or sign-in URL is in. */
export function localeOfPath(pathname: string): Locale {
  // A client navigation's data request names the page with `.data` appended (`/ar.data` for the Arabic home).
  const page = pathname.replace(/\.data$/, "");
  return page === ARABIC_PREFIX || page.startsWith(`${ARABIC_PREFIX}/`) ? "ar" : "en";
}

/** The English path of a page (the spec's spelling), whichever language `pathname` is in. */
export function englishPath(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(ARABIC_PREFIX.length) || "/";
}

/**
 * A path on this site, whatever the request's path was: runs of `/` and `\` become one `/`. A browser reads `//host`
 * and `/\host` as another site, so `/ar//evil.example/x` must not become a link to `//evil.example/x`.
 */
export function sameSitePath(path: string): string {
  const collapsed = path.replace(/[\\/]+/g, "/");
  return collapsed.startsWith("/") ? collapsed : `/${collapsed}`;
}

/** A page's path in `locale`: `/Services` → `/ar/Services`, `/` → `/ar`. Always a path on this site (sameSitePath). */
export function localizedPath(locale: Locale, path: string): string {
  const english = englishPath(sameSitePath(path));
  if (locale === "en") return english;
  return english === "/" ? ARABIC_PREFIX : `${ARABIC_PREFIX}${english}`;
}

/** What a route's loader returns so the page, its toasts and <html> use this language. */
export type LocaleData = { uiLocale: Locale };

/**
 * A page's language from its route matches: the deepest route that names one (the dashboard layout names the
 * person's choice; the root names the URL's), else the URL's (an error page rendered without loader data). The
 * components (useLocale) and the meta functions (metaLocale) both decide it here.
 */
export function localeOfMatches(matches: readonly ({ loaderData?: unknown } | undefined)[], pathname: string): Locale {
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.loaderData as Partial<LocaleData> | undefined;
    if (data && typeof data === "object" && isLocale(data.uiLocale)) return data.uiLocale;
  }
  return localeOfPath(pathname);
}

/** The current page's language (see localeOfMatches). */
export function useLocale(): Locale {
  return localeOfMatches(useMatches(), useLocation().pathname);
}

/** The current page's catalogue. */
export function useMessages(): Messages {
  return messagesFor(useLocale());
}

/** Builds links to pages in the current page's language: `href("/Services")` → `/ar/Services` on an Arabic page. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localizedPath(locale, path);
}

/** The catalogue of a public or sign-in request, from its URL (a form posts to its own page's path). */
export function messagesOfRequest(request: Request): Messages {
  return messagesFor(localeOfPath(new URL(request.url).pathname));
}
