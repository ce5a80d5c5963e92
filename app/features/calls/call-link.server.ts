// A staff member's call link for a named customer (issue 14): /Call?link=<token> opens the call page with the
// customer's name, language and call type already chosen, and works while public calls are switched off. The token
// is the link's terms in base64url, a dot, and their HMAC under a key derived from SESSION_SECRET: nothing is stored,
// a link cannot be altered or extended, and it ends at its expiry (docs/decisions/0021: why not a table of links).
import type { LinkedCallOffer } from "~/domain/call-forms";
import { CALL_TYPES, type CallType } from "~/domain/switchboard";
import { fromBase64Url, SIGNATURE, toBase64Url } from "~/platform/core/base64url";
import type { Locale } from "~/i18n";
import { hmacKey } from "~/platform/core/hmac-key.server";
import { localizedPath } from "~/platform/page/locale";

/** `customerId`: the customer the call is billed to (issue 26), or null; a link made before it existed has none. */
export type CallLinkTerms = { name: string; languageId: number; type: CallType; expiresAt: number; customerId: number | null };

const linkKey = (secret: string) => hmacKey(secret, "push call link v1");
const encoder = new TextEncoder();

export async function callLinkToken(secret: string, terms: CallLinkTerms): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify({ n: terms.name, l: terms.languageId, t: terms.type, e: terms.expiresAt, c: terms.customerId })));
  const signature = await crypto.subtle.sign("HMAC", await linkKey(secret), encoder.encode(body));
  return `${body}.${toBase64Url(signature)}`;
}

/** What a link says and whether its time is over, or null for anything not signed here (altered, cut, made up). */
export async function readCallLink(secret: string, token: string, now = Date.now()): Promise<{ terms: CallLinkTerms; expired: boolean } | null> {
  // A name of 100 characters in any script stays far below this.
  if (token.length > 1200) return null;
  const [body = "", signatureText = "", ...rest] = token.split(".");
  const signature = SIGNATURE.test(signatureText) ? fromBase64Url(signatureText) : null;
  if (rest.length || !body || !signature) return null;
  if (!(await crypto.subtle.verify("HMAC", await linkKey(secret), signature, encoder.encode(body)))) return null;
  const terms = termsOf(fromBase64Url(body));
  return terms ? { terms, expired: terms.expiresAt <= now } : null;
}

function termsOf(bytes: Uint8Array | null): CallLinkTerms | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array())) as Record<string, unknown>;
    const { n: name, l: languageId, t: type, e: expiresAt, c: customerId = null } = parsed;
    if (typeof name !== "string" || !Number.isSafeInteger(languageId) || !CALL_TYPES.includes(type as CallType) || !Number.isSafeInteger(expiresAt))
      return null;
    if (customerId !== null && !Number.isSafeInteger(customerId)) return null;
    return { name, languageId: languageId as number, type: type as CallType, expiresAt: expiresAt as number, customerId: customerId as number | null };
  } catch {
    return null;
  }
}

/** The page a customer opens: /Call (or /ar/Call) with the link. */
export function callLinkPath(token: string, locale: Locale): string {
  return `${localizedPath(locale, "/Call")}?link=${encodeURIComponent(token)}`;
}

/**
 * A link as the call page and the caller socket take it: good for a language someone still speaks, or why not (an
 * expired one still names its customer and language, for the callback form).
 */
export type CallLinkOffer = LinkedCallOffer | { state: "expired"; name: string; languageId: number } | { state: "invalid" | "unavailable" };

export async function callLinkOffer(secret: string, token: string, callable: { id: number; name: string }[]): Promise<CallLinkOffer> {
  const read = await readCallLink(secret, token);
  if (read === null) return { state: "invalid" };
  const { terms, expired } = read;
  if (expired) return { state: "expired", name: terms.name, languageId: terms.languageId };
  const language = callable.find((item) => item.id === terms.languageId);
  if (!language) return { state: "unavailable" };
  return { state: "ok", token, name: terms.name, languageId: language.id, language: language.name, type: terms.type, customerId: terms.customerId };
}
