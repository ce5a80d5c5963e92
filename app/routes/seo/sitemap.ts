import type { Route } from "./+types/sitemap";

/** The public pages, in the spec's spelling of their paths. */
export const PUBLIC_PATHS = ["/", "/Aboutus", "/Services", "/Contactus", "/Privacy", "/Terms"] as const;

export function loader({ url }: Route.LoaderArgs) {
  const { origin } = url;
  const urls = PUBLIC_PATHS.map((path) => `  <url><loc>${origin}${path}</loc></url>`).join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
