import type { HeadersFunction } from "react-router";

/**
 * `headers` export of the public layout and pages: Cache-Control comes from the loaders
 * (publicCacheHeaders). A page is only as cacheable as its least cacheable read, so a
 * `no-store` from the layout (or the page) wins over a page's `public`.
 */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const values = [parentHeaders.get("Cache-Control"), loaderHeaders.get("Cache-Control")].filter((value): value is string => Boolean(value));
  const cacheControl = values.find((value) => value.includes("no-store")) ?? values.at(-1);
  return new Headers(cacheControl ? { "Cache-Control": cacheControl } : undefined);
};
