import { useMatches } from "react-router";

/**
 * Routes may opt out of hydration with `export const handle = { hydrate: false }`.
 * The public marketing pages do: they are complete as server-rendered HTML, and React plus
 * React Router alone weigh ~107 KB gzip, over the public pages' 90 KB budget
 * (docs/decisions/0003-public-pages-without-hydration.md).
 */
export type RouteHandle = { hydrate?: boolean };

/** The deepest route that says decides: a public page that needs React (/Call) opts back in under its layout. */
export function useShouldHydrate(): boolean {
  const said = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.hydrate)
    .filter((hydrate) => hydrate !== undefined);
  return said.at(-1) ?? true;
}
