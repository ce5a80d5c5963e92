// The private status link of an order (/Quote/<token>, issue 13): a long random token the customer gets by e-mail,
// of which only the SHA-256 is stored (docs/decisions/0018). A leaked database gives no working link, and a link
// is revoked by its order row, not by the token.
import { fromBase64Url, toBase64Url } from "~/platform/core/base64url";
import { sha256Hex } from "~/platform/core/hash.server";

/** 32 random bytes as base64url: 43 characters, 256 bits, nothing to guess. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function newStatusToken(): Promise<{ token: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = toBase64Url(bytes);
  return { token, hash: await sha256Hex(token) };
}

/**
 * The hash to look an order up by, or null for anything that cannot be a token (the route answers 404 without
 * reading the database).
 */
export async function statusTokenHash(token: string): Promise<string | null> {
  return TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
}

// A sealed copy of the token (AES-GCM under a key derived from SESSION_SECRET) is kept beside its hash so that later
// e-mails (the quote, the delivery) can carry the customer's link. The database alone still opens nothing: without
// the worker's secret the copy is noise, and a link is looked up by its hash only (docs/decisions/0020).

async function sealingKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("push-status-link"), info: new TextEncoder().encode("v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function sealStatusToken(token: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(secret), new TextEncoder().encode(token)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

/** The token, or null when there is no copy or it was sealed under another secret (a rotated SESSION_SECRET). */
export async function unsealStatusToken(sealed: string | null, secret: string): Promise<string | null> {
  if (!sealed) return null;
  try {
    const bytes = fromBase64Url(sealed);
    if (!bytes) return null;
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, await sealingKey(secret), bytes.subarray(12));
    const token = new TextDecoder().decode(plain);
    return TOKEN_PATTERN.test(token) ? token : null;
  } catch {
    return null;
  }
}
