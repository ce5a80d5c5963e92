import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The admin screens keep their state in the URL (?q, ?sort, ?page, ?edit=<id>, ?delete=<id>), so every
 * step works without JavaScript and survives a reload. This builds a link that changes some of it.
 */
export function searchWith(search: string, changes: Record<string, string | number | null>, hash?: string): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return `${query ? `?${query}` : "?"}${hash ? `#${hash}` : ""}`;
}

/** The list's URL without the one-off row states: where an action sends the browser back to. */
export function listUrl(url: URL, hash?: string): string {
  return `${url.pathname}${searchWith(url.search, { edit: null, delete: null }, hash)}`;
}

/**
 * After a navigation to #some-id, move keyboard focus there (the element needs tabIndex -1, or holds a
 * field marked data-autofocus), so that after each action focus lands on what changed. Without
 * JavaScript the browser scrolls to it.
 */
export function useFocusOnHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    // A row in edit mode marks the field to start in.
    const preferred = target?.querySelector<HTMLElement>("[data-autofocus]") ?? target;
    preferred?.focus({ preventScroll: false });
  }, [hash, key]);
}
