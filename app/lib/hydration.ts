import { useMatches } from "react-router";

/**
 * Routes may opt out of hydration with `export const handle = { hydrate: false }`.
 * The public marketing pages do: they are complete as server-rendered HTML, and React plus
 * React Router alone weigh ~107 KB gzip, over the public pages' 90 KB budget
 * (docs/decisions/0003-public-pages-without-hydration.md).
 */
export type RouteHandle = { hydrate?: boolean };

export function useShouldHydrate(): boolean {
  return !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
