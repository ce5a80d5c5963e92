// What the worker tells the call switchboard about a connection it has authorized (app/features/calls/switchboard-object.server.ts),
// and where a call room lives. The worker checks who is asking; the object trusts these headers, which only the
// worker can set (a Durable Object has no public address).
import type { CallType } from "~/domain/switchboard";

/** Which kind of socket the worker opens on the object (the object has no paths: it is never reached by URL). */
export const SOCKET_HEADER = "X-Push-Socket";
export type SocketKind = "interpreter" | "caller" | "room";

/** A room's socket: the party the worker admitted (by the caller's room cookie or the interpreter's session) and its tab. */
export const ROOM_HEADER = "X-Push-Room";

/** An interpreter's socket: who they are and the languages they are linked to (read by the worker from the backend). */
export const PERSON_HEADER = "X-Push-Person";
export type PersonOnBoard = { id: string; name: string; languages: number[] };
/**
 * Whose sign-in an interpreter's socket rides on: the account's email and the session's key (the same opaque key the
 * Profile page's session list uses). When that session ends, so does the socket (issue 22).
 */
export const SIGN_IN_HEADER = "X-Push-Sign-In";
export type SocketSignIn = { email: string; session: string | null };

/** A caller's socket: what they asked for (validated by the worker). */
export const CALL_HEADER = "X-Push-Call";
/** `customerId`: the customer a staff member's call link bills the call to (issue 26); absent for anyone else's call. */
/** `excluded`: the interpreters the organisation of `customerId` blocks, read when the call is rung (issue 27). */
export type CallRequest = { languageId: number; language: string; type: CallType; callerName: string; customerId?: number; excluded?: string[] };

// Header values are ASCII: names in any script travel percent-encoded (JSON, then encodeURIComponent).
export const toHeader = (value: unknown) => encodeURIComponent(JSON.stringify(value));
export const fromHeader = <T>(text: string | null): T => JSON.parse(decodeURIComponent(text ?? "null")) as T;

/** A socket's message as an object, or null (not JSON, too long, not an object). */
export function parseMessage(raw: string | ArrayBuffer): Record<string, unknown> | null {
  if (typeof raw !== "string" || raw.length > 64 * 1024) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
