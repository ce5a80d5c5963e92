// Who may be in a live call's room (issue 21): the interpreter who accepted the call, by their own signed-in account
// (the room remembers it: app/features/calls/room-object.server.ts), and the caller, by the room's caller key — which never travels in an
// address. The caller's page posts the key once (workers/calls.ts); the answer is an HttpOnly cookie scoped to the
// room's two paths, its page and its socket, so the key lands in no request log, history or Referer.
import { createCookie } from "react-router";
import type { RoomParty } from "~/domain/switchboard";
import { roomPartyOf } from "./room-token.server";
import { roomOf } from "./room-object.server";
import { usesSecureCookies } from "~/platform/core/transport.server";

export const ROOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The two paths a caller's room cookie is sent to: the room's page and its signalling socket (and its hang-up). */
export const roomPaths = (roomId: string) => [`/call-room/${roomId}`, `/api/calls/room/${roomId}`];

/** A call lasts hours at most; the cookie is useless once the room has ended anyway. */
const ROOM_COOKIE_SECONDS = 12 * 60 * 60;

const roomCookie = (request: Request, path: string) =>
  createCookie("push_room", { httpOnly: true, sameSite: "strict", secure: usesSecureCookies(request), path, maxAge: ROOM_COOKIE_SECONDS });

/** The Set-Cookie headers that let this browser into the room as its caller. */
export function callerCookies(request: Request, roomId: string, key: string): Promise<string[]> {
  return Promise.all(roomPaths(roomId).map((path) => roomCookie(request, path).serialize(key)));
}

export type RoomAdmission = { party: RoomParty; ended: boolean };

/**
 * The party this request speaks for in room `roomId`, or null (anyone else: they learn nothing about the room).
 * `signedInUserId` is asked only when the request carries no caller key, so a visitor costs no session read.
 */
export async function roomPartyFor(
  request: Request,
  env: Env,
  secret: string,
  roomId: string,
  signedInUserId: () => Promise<string | null>,
): Promise<RoomAdmission | null> {
  if (!ROOM_ID.test(roomId)) return null;
  const key: unknown = await roomCookie(request, "/").parse(request.headers.get("Cookie"));
  if (typeof key === "string" && (await roomPartyOf(secret, roomId, key)) === "caller") {
    return { party: "caller", ended: await roomOf(env, roomId).ended() };
  }
  const userId = await signedInUserId();
  if (!userId) return null;
  const room = await roomOf(env, roomId).interpreterIs(userId);
  return room.admitted ? { party: "interpreter", ended: room.ended } : null;
}
