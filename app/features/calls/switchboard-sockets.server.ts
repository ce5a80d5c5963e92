// The switchboard's sockets (docs/decisions/0021, 0023): each is tagged by who holds it — an interpreter's id and
// account e-mail (a password reset names the account by its e-mail only), or a caller's call id — and carries what
// the worker vouched for when it was opened (its attachment, which survives hibernation).
import type { Outbound } from "~/domain/switchboard";
import { readConfig } from "~/platform/core/config.server";
import {
  CALL_HEADER,
  fromHeader,
  PERSON_HEADER,
  SIGN_IN_HEADER,
  SOCKET_HEADER,
  type CallRequest,
  type PersonOnBoard,
  type SocketKind,
  type SocketSignIn,
} from "./protocol";
import { livePath, roomToken } from "./room-token.server";

export type Attachment =
  { kind: "interpreter"; person: PersonOnBoard; signIn: SocketSignIn; since: number } | { kind: "caller"; callId: string; since: number };

/** Which of an account's sessions ended: one (signed out), all but the one that stays (the others signed out), or all. */
export type EndedSessions = { only: string } | { allBut: string | null } | "all";

export const interpreterTag = (personId: string) => `i:${personId}`;
export const callerTag = (callId: string) => `c:${callId}`;
export const emailTag = (email: string) => `e:${email.toLowerCase()}`;

export const attachmentOf = (ws: WebSocket) => ws.deserializeAttachment() as Attachment;

/** Whether an interpreter's screen rides on one of the sessions that ended. */
export function onEndedSession(attachment: Attachment, ended: EndedSessions): boolean {
  if (attachment.kind !== "interpreter") return false;
  const session = attachment.signIn?.session ?? null; // (a socket from before sessions were recorded has none)
  return ended === "all" || ("only" in ended ? session === ended.only : session !== ended.allBut);
}

/**
 * A message as its socket receives it. The interpreter's room opens with their own session; the caller's with a key
 * of the room's, which their page hands to the worker in a form post (never in an address) for a cookie scoped to it.
 */
export async function outboundText({ message }: Outbound, env: Env): Promise<string> {
  if (message.type === "accepted") return JSON.stringify({ ...message, url: livePath(message.roomId) });
  if (message.type === "answered")
    return JSON.stringify({ ...message, url: livePath(message.roomId), key: await roomToken(readConfig(env).SESSION_SECRET, message.roomId, "caller") });
  return JSON.stringify(message);
}

/** The tag of whom an outbound message is for. */
export const recipientTag = ({ to }: Outbound) => ("interpreter" in to ? interpreterTag(to.interpreter) : callerTag(to.caller));

/** Who opens a socket, as the worker vouched for it in the upgrade's headers; null for anything else. */
export function socketOpening(
  request: Request,
): { kind: "interpreter"; person: PersonOnBoard; signIn: SocketSignIn } | { kind: "caller"; call: CallRequest } | null {
  const kind = request.headers.get(SOCKET_HEADER) as SocketKind | null;
  if (kind === "interpreter")
    return {
      kind,
      person: fromHeader<PersonOnBoard>(request.headers.get(PERSON_HEADER)),
      signIn: fromHeader<SocketSignIn>(request.headers.get(SIGN_IN_HEADER)),
    };
  if (kind === "caller") return { kind, call: fromHeader<CallRequest>(request.headers.get(CALL_HEADER)) };
  return null;
}
