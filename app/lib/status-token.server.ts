// The private status link of an order (/Quote/<token>, issue 13): a long random token the customer gets by e-mail,
// of which only the SHA-256 is stored (docs/decisions/0018). A leaked database gives no working link, and a link
// is revoked by its order row, not by the token.
import { sha256Hex } from "./hash.server";

/** 32 random bytes as base64url: 43 characters, 256 bits, nothing to guess. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function newStatusToken(): Promise<{ token: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return { token, hash: await sha256Hex(token) };
}

/**
 * The hash to look an order up by, or null for anything that cannot be a token (the route answers 404 without
 * reading the database).
 */
export async function statusTokenHash(token: string): Promise<string | null> {
  return TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
}
