import { LOCALES } from "~/i18n";
import { localizedPath } from "~/platform/page/locale";
import type { Route } from "./+types/sitemap";

/** The public pages, in the spec's spelling of their paths (the Arabic ones are the same under /ar). */
export const PUBLIC_PATHS = ["/", "/Aboutus", "/Services", "/Contactus", "/Quote", "/Book", "/Call", "/Privacy", "/Terms"] as const;

/** Every page in every language, each with its hreflang alternates (Google's sitemap form of them). */
export function loader({ url }: Route.LoaderArgs) {
  const { origin } = url;
  const entries = PUBLIC_PATHS.flatMap((path) => {
    const alternates = [
      ...LOCALES.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${origin}${localizedPath(locale, path)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`,
    ].join("\n");
    return LOCALES.map((locale) => `  <url>\n    <loc>${origin}${localizedPath(locale, path)}</loc>\n${alternates}\n  </url>`);
  });
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
