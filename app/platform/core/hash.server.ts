// SHA-256 as lowercase hex: what the D1 adapter stores instead of session ids and reset tokens, and what rate-limit
// keys and trusted-device tags are derived from.
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
