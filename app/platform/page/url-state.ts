// The admin screens keep their state in the URL (?q, ?sort, ?page, ?edit=<id>, ?delete=<id>), so every step works
// without JavaScript and survives a reload. Plain functions: used by components and by the routes' server handlers.
import { sameSitePath } from "./locale";

/** A link that changes some of the URL's state (null or "" removes a parameter). */
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
  return `${sameSitePath(url.pathname)}${searchWith(url.search, { edit: null, delete: null }, hash)}`;
}
