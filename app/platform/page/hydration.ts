import { useSyncExternalStore } from "react";
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

const nothingToWatch = () => () => {};

/**
 * False in the server's HTML and while React hydrates it (so the two match), true once React runs the page in the
 * browser: what needs JavaScript to work is shown from then on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
