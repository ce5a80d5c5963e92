// Who may be in a live call's room (issue 21): the interpreter who accepted the call, by their own signed-in account
// (the room remembers it: app/features/calls/room-object.server.ts), and the caller, by the room's caller key — which never travels in an
// address. The caller's page posts the key once (workers/calls.ts); the answer is an HttpOnly cookie scoped to the
// room's two paths, its page and its socket, so the key lands in no request log, history or Referer.
import { createCookie } from "react-router";
import type { RoomParty } from "~/domain/switchboard";
import { livePath, roomPartyOf } from "./room-token.server";
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

/** The answer that sends this browser into the room as its caller: to the room's page, with the room's cookies. */
export async function enterAsCaller(request: Request, roomId: string, key: string): Promise<Response> {
  const headers = new Headers({ Location: livePath(roomId), "Cache-Control": "no-store" });
  for (const cookie of await callerCookies(request, roomId, key)) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/** Who is in, whether the call is over, and whether the room is a video appointment's (issue 25). */
export type RoomAdmission = { party: RoomParty; ended: boolean; appointment: boolean };

/**
 * An appointment's room (issue 25) admits its parties only while the appointment, read now, still says so: the
 * verdict for this party is `open`, `over` (admitted to a room that has ended) or null (not admitted).
 */
export type AppointmentRoomCheck = (
  appointmentId: number,
  who: { party: "caller" } | { party: "interpreter"; userId: string },
) => Promise<"open" | "over" | null>;

/**
 * The party this request speaks for in room `roomId`, or null (anyone else: they learn nothing about the room).
 * `signedInUserId` is asked only when the request carries no caller key, so a visitor costs no session read. A room
 * that belongs to an appointment is refused to everyone unless `appointmentCheck` is given and admits them.
 */
export async function roomPartyFor(
  request: Request,
  env: Env,
  secret: string,
  roomId: string,
  signedInUserId: () => Promise<string | null>,
  appointmentCheck?: AppointmentRoomCheck,
): Promise<RoomAdmission | null> {
  if (!ROOM_ID.test(roomId)) return null;
  const key: unknown = await roomCookie(request, "/").parse(request.headers.get("Cookie"));
  const caller = typeof key === "string" && (await roomPartyOf(secret, roomId, key)) === "caller";
  const userId = caller ? null : await signedInUserId();
  if (!caller && !userId) return null;
  const stub = roomOf(env, roomId);
  const room = await stub.admission(userId);
  if (!caller && !room.interpreter) return null;
  const admitted: RoomAdmission = { party: caller ? "caller" : "interpreter", ended: room.ended, appointment: room.appointmentId !== null };
  if (room.appointmentId === null) return admitted;
  if (!appointmentCheck) return null;
  const verdict = await appointmentCheck(room.appointmentId, caller ? { party: "caller" } : { party: "interpreter", userId: userId! });
  if (verdict === null) return null;
  // Over by the appointment but not yet by the room (moved earlier since the last Join): the room ends now, so its
  // socket says so too.
  if (verdict === "over" && !room.ended) await stub.closeAppointment(Date.now());
  return { ...admitted, ended: admitted.ended || verdict === "over" };
}
