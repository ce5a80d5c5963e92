import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { LOCALES, type Locale } from "~/i18n";
import { localeOfMatches, localeOfPath, localizedPath, messagesFor } from "./locale";

type MetaMatchLike = { id: string; loaderData?: unknown };
type Matches = readonly (MetaMatchLike | undefined)[];

/** A meta function's language, decided as useLocale() decides it. */
export function metaLocale(matches: Matches, location: { pathname: string }): Locale {
  return localeOfMatches(matches, location.pathname);
}

function originOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "http://127.0.0.1";
}

/**
 * Title, description, canonical link (the page's own language, in the spec's spelling of the path), the
 * hreflang alternates of every language plus x-default (the English page), and Open Graph tags.
 */
export function pageMeta(
  matches: Matches,
  location: { pathname: string },
  page: (t: ReturnType<typeof messagesFor>) => { title: string; description: string; path: string },
): MetaDescriptor[] {
  const locale = localeOfPath(location.pathname);
  const { title, description, path } = page(messagesFor(locale));
  const origin = originOf(matches);
  const urlIn = (language: Locale) => new URL(localizedPath(language, path), origin).href;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: urlIn(locale) },
    ...LOCALES.map((language) => ({ tagName: "link", rel: "alternate", hrefLang: language, href: urlIn(language) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlIn("en") },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "PUSH" },
    { property: "og:locale", content: locale === "ar" ? "ar_AR" : "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: urlIn(locale) },
  ];
}

/** The page title of an error page (a boundary's route renders it, with that route's meta). */
export function errorTitle(error: unknown, locale: Locale): string {
  const titles = messagesFor(locale).errors.titles;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 400 || status === 403 || status === 404 || status === 413 || status === 415) return titles[status];
  return titles.other;
}
