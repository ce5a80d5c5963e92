import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { en } from "~/i18n";

type MetaMatchLike = { id: string; loaderData?: unknown };

/** Title, description, canonical link (in the spec's spelling of the path) and Open Graph tags of a page. */
export function pageMeta(
  matches: readonly (MetaMatchLike | undefined)[],
  page: { title: string; description: string; path: string },
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  const url = new URL(page.path, root?.origin ?? "http://127.0.0.1").href;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "PUSH" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
  ];
}

/** The page title of an error page (a boundary's route renders it, with that route's meta). */
export function errorTitle(error: unknown): string {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return status === 400 || status === 403 || status === 404 || status === 413 || status === 415
    ? en.errors.titles[status]
    : en.errors.titles.other;
}
