// Random secrets and their stored form. The database keeps only SHA-256 digests of session ids and reset
// tokens, so a copy of the database lets nobody sign in or reset a password.

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export { sha256Hex } from "~/platform/core/hash.server";
