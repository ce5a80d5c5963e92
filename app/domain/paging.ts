// Pages of the dashboard's lists (issue 23; docs/decisions/0026): page numbers over an index that keeps a deep page
// about as cheap as the first, with the total counted through an index or a maintained counter.

export type Paged<T> = { items: T[]; total: number; page: number; pageCount: number };

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** A positive whole number from a URL parameter, or null. */
export const positiveInt = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** ?page=N, 1 when absent or unreadable. */
export const pageParam = (url: URL, name = "page") => positiveInt(url.searchParams.get(name)) ?? 1;

/**
 * A search box's words: trimmed, at most `max` characters, control characters turned into spaces. The Supabase search
 * reads a row's fields joined by a control character (docs/decisions/0026), so a search never spans two fields.
 */
export const searchParam = (url: URL, name = "q", max = 100) =>
  (url.searchParams.get(name) ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, max);

/**
 * Names, e-mails and companies are searched through trigram indexes (docs/decisions/0026), which need three
 * characters: a shorter search matches order numbers only, and the page says why.
 */
export const MIN_SEARCH_LENGTH = 3;
export const isTextSearch = (text: string) => [...text].length >= MIN_SEARCH_LENGTH;

/** Keyset paging, where people go deep in a long log: a page starts after this row (the last of the page before). */
export type Keyset = { at: number; id: number };

/** ?<name>=<ms>.<id> → the keyset; anything else is the first page. */
export function keysetFrom(url: URL, name = "before"): Keyset | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(url.searchParams.get(name) ?? "");
  return match ? { at: Number(match[1]), id: Number(match[2]) } : null;
}

export const keysetParam = ({ at, id }: Keyset) => `${at}.${id}`;
