import type { Route } from "./+types/robots";

export function loader({ url }: Route.LoaderArgs) {
  const { origin } = url;
  const body = ["User-agent: *", "Allow: /", "Disallow: /Dashboard", "Disallow: /call-room", "", `Sitemap: ${origin}/sitemap.xml`, ""];
  return new Response(body.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
