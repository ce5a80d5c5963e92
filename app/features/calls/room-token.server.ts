// A call room's caller key (issue 14; issue 21 keeps it out of addresses): an HMAC of the room and the party under a
// key derived from SESSION_SECRET. The switchboard hands it to the caller's page over its socket when the call is
// answered; the page posts it to the worker (workers/room-entry.ts), which answers with an HttpOnly cookie scoped to
// the room's two paths. The interpreter needs no key: the room admits the account that accepted (app/features/calls/room-object.server.ts).
// Nothing is stored: the key is checked by recomputing it.
import { ROOM_PARTIES, type RoomParty } from "~/domain/switchboard";
import { fromBase64Url, SIGNATURE, toBase64Url } from "~/platform/core/base64url";
import { hmacKey } from "~/platform/core/hmac-key.server";

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

/** A live call's room page: the same address for both parties, with no secret in it. */
export const livePath = (roomId: string) => `/call-room/${encodeURIComponent(roomId)}`;
