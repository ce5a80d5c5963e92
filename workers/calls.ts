// The call sockets (issue 14): the worker checks who is asking, then hands the WebSocket to the switchboard
// (app/features/calls/switchboard-object.server.ts, docs/decisions/0021), which only ever sees what the worker vouched for.
//   /api/calls/interpreter   a signed-in interpreter's incoming-call screen (presence, ringing, accept)
//   /api/calls/caller        a visitor calling from /Call (?language=&type=&name=), public unless switched off;
//                            or a customer by a staff member's call link (?link=), also when switched off
//   /api/calls/room/<id>     a call room's signalling (?tab= the page's tab): the caller by the room's cookie, the
//                            interpreter by their session (app/features/calls/room-access.server.ts); a video
//                            appointment's room only while the appointment, read again, admits them (issue 25)
//   POST /api/calls/room/<id>/enter    the caller's page posts the room's key; answered with the room's cookie
//   POST /api/calls/room/<id>/hangup   a hang-up when the page's socket is down
import { createBackend, type Backend } from "../app/backend/index.server";
import { callableLanguages, callRequestSchema } from "../app/domain/call-forms";
import { callLinkOffer } from "../app/features/calls/call-link.server";
import { signedInRequester } from "../app/features/orders/signed-in-requester.server";
import { customerIdByEmail } from "../app/features/orders/customer-lookup.server";
import { readConfig } from "../app/platform/core/config.server";
import { admitCallSocket } from "../app/request/public-form.server";
import { enterAsCaller, ROOM_ID, roomPartyFor } from "../app/features/calls/room-access.server";
import { roomPartyOf } from "../app/features/calls/room-token.server";
import { appointmentRoomCheck } from "../app/features/appointments/appointment-room.server";
import { roomOf } from "../app/features/calls/room-object.server";
import { currentSessionKey, SWITCHBOARD_NAME } from "../app/features/calls/switchboard.server";
import { isSameOrigin } from "../app/platform/core/same-origin.server";
import {
  CALL_HEADER,
  PERSON_HEADER,
  ROOM_HEADER,
  SIGN_IN_HEADER,
  SOCKET_HEADER,
  toHeader,
  type CallRequest,
  type PersonOnBoard,
  type SocketKind,
  type SocketSignIn,
} from "../app/features/calls/protocol";

export const CALLS_PATH = "/api/calls/";
/** A page's own name for its tab (sessionStorage), so a reload replaces its old socket and a second tab does not. */
const TAB = /^[A-Za-z0-9-]{1,64}$/;

export const isCallSocket = (url: URL) => url.pathname.startsWith(CALLS_PATH);

const refusal = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function handleCallSocket(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const [kind, roomId, action, ...rest] = url.pathname.slice(CALLS_PATH.length).split("/");
  const room = kind === "room" && roomId && ROOM_ID.test(roomId) && rest.length === 0 ? roomId : null;
  if (room && (action === "enter" || action === "hangup")) {
    if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
    // A form post or a fetch from this site only: another site cannot push a key or end a call.
    if (!isSameOrigin(request, url)) return refusal(403, "Forbidden");
    return action === "enter" ? enterRoom(request, env, room) : hangUp(request, env, room);
  }
  if (request.method !== "GET") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return refusal(426, "A WebSocket is expected here.");
  // Browsers send Origin with every WebSocket handshake; a page of another site may not open these sockets.
  if (!isSameOrigin(request, url)) return refusal(403, "Forbidden");
  if (kind === "interpreter" && roomId === undefined) return interpreterSocket(request, env);
  if (kind === "caller" && roomId === undefined) return callerSocket(request, env, url);
  if (room && action === undefined) return roomSocket(request, env, room, url.searchParams.get("tab"));
  return refusal(404, "Not Found");
}

async function interpreterSocket(request: Request, env: Env): Promise<Response> {
  const backend = createBackend({ env, request });
  const user = await backend.auth.currentUser();
  if (!user) return refusal(401, "Sign in first.");
  // A customer's requester takes no calls; an account without a users row is nobody a call could be logged against.
  if (user.kind !== "staff" || !user.profile) return refusal(403, "Forbidden");
  const [languages, session] = await Promise.all([backend.links.forUser(user.id), currentSessionKey(backend)]);
  const person: PersonOnBoard = { id: user.id, name: user.profile.fullName, languages: languages.map((language) => language.id) };
  const signIn: SocketSignIn = { email: user.email, session };
  return toObject(env, SWITCHBOARD_NAME, "interpreter", { [PERSON_HEADER]: toHeader(person), [SIGN_IN_HEADER]: toHeader(signIn) });
}

async function callerSocket(request: Request, env: Env, url: URL): Promise<Response> {
  const config = readConfig(env);
  const linkToken = url.searchParams.get("link");
  const backend = createBackend({ env, request });
  // A customer's signed-in requester calls on their organisation's terms, as a call link does, without one (issue 27):
  // billed to them, under their own name, also while public calls are switched off.
  const requester = linkToken === null ? await signedInRequester(backend) : null;
  // A staff member's call link (app/features/calls/call-link.server.ts) rings even while public calls are switched off; its terms
  // are signed, so the query's own language, type and name are not read. Everything else applies to it as well.
  if (linkToken === null && !requester && !config.publicCalls) return refusal(403, "Calls from the website are switched off.");
  const checks = await admitCallSocket(request, env.CALL_LIMITER, config, url.searchParams.get("turnstile") ?? "");
  if (checks === "too-many") return refusal(429, "Too many calls from this address. Try again in a minute.");
  if (checks === "challenge-failed") return refusal(403, "The challenge was not passed.");
  const callable = callableLanguages(await backend.links.languages());
  if (linkToken !== null) {
    const offer = await callLinkOffer(config.SESSION_SECRET, linkToken, callable);
    if (offer.state === "unavailable") return refusal(400, "No interpreter speaks that language.");
    if (offer.state !== "ok") return refusal(403, "This call link is not valid.");
    const billedTo = await billedToCustomer(backend, offer.customerId ?? undefined);
    return ring(env, { languageId: offer.languageId, language: offer.language, type: offer.type, callerName: offer.name, ...billedTo });
  }
  const asked = Object.fromEntries(url.searchParams);
  const parsed = callRequestSchema.safeParse(requester ? { ...asked, name: requester.fullName } : asked);
  if (!parsed.success) return refusal(400, "Choose a language and a call type, and give your name.");
  const language = callable.find((item) => item.id === parsed.data.language);
  if (!language) return refusal(400, "No interpreter speaks that language.");
  const billedTo = await billedToCustomer(backend, requester ? await customerIdByEmail(backend, requester.email) : undefined);
  return ring(env, { languageId: language.id, language: language.name, type: parsed.data.type, callerName: parsed.data.name, ...billedTo });
}

/**
 * What a call billed to a customer adds to its request: the customer, and the interpreters their organisation blocks —
 * the switchboard never rings those (issue 27), whether the call came by a call link or from a signed-in requester.
 */
async function billedToCustomer(backend: Backend, customerId: number | undefined): Promise<Pick<CallRequest, "customerId" | "excluded">> {
  return customerId === undefined ? {} : { customerId, excluded: await backend.preferences.blockedFor(customerId) };
}

const ring = (env: Env, call: CallRequest) => toObject(env, SWITCHBOARD_NAME, "caller", { [CALL_HEADER]: toHeader(call) });

const admission = (request: Request, env: Env, roomId: string) => {
  // One backend for the request: the session (an interpreter) and, for an appointment's room, the appointment.
  const backend = createBackend({ env, request });
  return roomPartyFor(
    request,
    env,
    readConfig(env).SESSION_SECRET,
    roomId,
    async () => (await backend.auth.currentUser())?.id ?? null,
    appointmentRoomCheck(backend),
  );
};

async function roomSocket(request: Request, env: Env, roomId: string, tab: string | null): Promise<Response> {
  const admitted = await admission(request, env, roomId);
  if (!admitted) return refusal(403, "Forbidden");
  const headers = {
    Upgrade: "websocket",
    [SOCKET_HEADER]: "room",
    [ROOM_HEADER]: toHeader({ party: admitted.party, tab: tab && TAB.test(tab) ? tab : crypto.randomUUID() }),
  };
  return roomOf(env, roomId).fetch(new Request("https://room.internal/", { headers }));
}

/** The caller's page hands over the room's key (from its socket) and is sent to the room with the room's cookie. */
async function enterRoom(request: Request, env: Env, roomId: string): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const key = form?.get("key");
  if (typeof key !== "string" || (await roomPartyOf(readConfig(env).SESSION_SECRET, roomId, key)) !== "caller") return refusal(403, "Forbidden");
  return enterAsCaller(request, roomId, key);
}

/** A hang-up over HTTP, for a page whose socket is down: the room ends now, for the party this request speaks for. */
async function hangUp(request: Request, env: Env, roomId: string): Promise<Response> {
  const admitted = await admission(request, env, roomId);
  if (!admitted) return refusal(403, "Forbidden");
  await roomOf(env, roomId).end(Date.now());
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

/** A fresh request to the switchboard: only the headers set here reach it (never the client's own X-Push-* headers). */
function toObject(env: Env, name: string, kind: SocketKind, headers: Record<string, string>): Promise<Response> {
  const stub = env.CALLS.get(env.CALLS.idFromName(name));
  return stub.fetch(new Request("https://switchboard.internal/", { headers: { Upgrade: "websocket", [SOCKET_HEADER]: kind, ...headers } }));
}
