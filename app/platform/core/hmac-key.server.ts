// One HMAC-SHA-256 key per purpose, derived from SESSION_SECRET with HKDF: a room key can never pass as a call link,
// nor the other way round, and neither is the session secret itself.
const encoder = new TextEncoder();

export async function hmacKey(secret: string, purpose: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(purpose) },
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}
