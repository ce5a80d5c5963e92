// Reading public content for a page: a failed read never breaks the page (SPEC §8). The page renders,
// the visitor gets the 'Failed to fetch data ...' toast, and the error is logged. The page shows a short reason
// and a reference that is in the log line beside the full error — never the backend's own text (it can name
// tables, queries or hosts).
import { data } from "react-router";
import type { Backend } from "~/backend/index.server";
import { companyIn } from "~/domain/content";
import type { Locale, Messages } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { EDGE_TTL_SECONDS } from "~/platform/http/edge-cache.server";
import type { Toast } from "~/platform/page/toast";

/** A failed read carries only a reference to its log line: the page says it in its own language. */
export type Loaded<T> = { ok: true; value: T } | { ok: false; reference: string };

export async function load<T>(what: string, read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    const reference = errorReference();
    console.error(`Failed to fetch ${what} (reference ${reference}):`, error);
    return { ok: false, reference };
  }
}

/** A short id that ties what a visitor (or a staff member) is shown to the full error in the log. */
export function errorReference(): string {
  return crypto.randomUUID().slice(0, 8);
}

/** One toast for the page, however many of its reads failed (toasts with one id show once). */
export function failureToasts(t: Messages, ...results: Loaded<unknown>[]): Toast[] {
  return results.some((result) => !result.ok) ? [{ id: "content-fetch-failed", type: "error", message: t.errors.fetchFailed }] : [];
}

// Public pages are the same for every visitor: shared caches (the worker's edge cache, any CDN) may keep them for
// as long as a studio save may take to show everywhere (docs/decisions/0014); browsers ask again each time.
// A page built from a failed read is never cached.
const PUBLIC_CACHE = `public, max-age=0, s-maxage=${EDGE_TTL_SECONDS}`;
const NO_CACHE = "no-store";

export function publicCacheHeaders(...results: Loaded<unknown>[]): HeadersInit {
  return { "Cache-Control": results.every((result) => result.ok) ? PUBLIC_CACHE : NO_CACHE };
}

/**
 * Loader body of every page built from the company row (layout, home, legal pages), in the page's language.
 * `textsIn`: the language of the company's texts, when a page needs them otherwise (the legal texts name the
 * company and its address as registered, in English).
 */
export async function loadCompanyPage(backend: Backend, locale: Locale, textsIn: Locale = locale) {
  const company = await load("company", async () => {
    const found = await backend.content.company();
    return found && companyIn(textsIn, found);
  });
  return data({ company, toasts: failureToasts(messagesFor(locale), company) }, { headers: publicCacheHeaders(company) });
}
