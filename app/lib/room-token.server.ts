// A call room's keys (issue 14): one per party, an HMAC of the room and the party under a key derived from
// SESSION_SECRET. The switchboard hands each party theirs when a call is answered; the room's page and its signalling
// socket open only with one of the two (anyone else: 403). Nothing is stored: the key is checked by recomputing it.
import { ROOM_PARTIES, type RoomParty } from "~/domain/switchboard";
import { fromBase64Url, SIGNATURE, toBase64Url } from "./base64url";
import { hmacKey } from "./hmac-key.server";


const encoder = new TextEncoder();

const roomKey = (secret: string) => hmacKey(secret, "push call room key v1");

export async function roomToken(secret: string, roomId: string, party: RoomParty): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await roomKey(secret), encoder.encode(`${roomId}\n${party}`)));
}

/** Which party a key belongs to, or null (a wrong, altered or missing key: the caller learns nothing more). */
export async function roomPartyOf(secret: string, roomId: string, token: string | null): Promise<RoomParty | null> {
  const signature = token && SIGNATURE.test(token) ? fromBase64Url(token) : null;
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
