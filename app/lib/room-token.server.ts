// A call room's keys (issue 14): one per party, an HMAC of the room and the party under a key derived from
// SESSION_SECRET. The switchboard hands each party theirs when a call is answered; the room's page and its signalling
// socket open only with one of the two (anyone else: 403). Nothing is stored: the key is checked by recomputing it.

export const ROOM_PARTIES = ["caller", "interpreter"] as const;
export type RoomParty = (typeof ROOM_PARTIES)[number];

const encoder = new TextEncoder();

async function roomKey(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("push call room key v1") },
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

const base64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function roomToken(secret: string, roomId: string, party: RoomParty): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", await roomKey(secret), encoder.encode(`${roomId}\n${party}`)));
}

/** Which party a key belongs to, or null (a wrong, altered or missing key: the caller learns nothing more). */
export async function roomPartyOf(secret: string, roomId: string, token: string | null): Promise<RoomParty | null> {
  const signature = token ? fromBase64url(token) : null;
  if (!signature) return null;
  const key = await roomKey(secret);
  for (const party of ROOM_PARTIES) {
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", key, signature, encoder.encode(`${roomId}\n${party}`))) return party;
  }
  return null;
}

/** The room's page for one party: their key in the address, checked by the page and by the room's socket. */
export function roomPath(roomId: string, key: string): string {
  return `/call-room/${encodeURIComponent(roomId)}?key=${encodeURIComponent(key)}`;
}
