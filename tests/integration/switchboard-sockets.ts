// The call switchboard's and the call rooms' Durable Objects as the worker drives them, in tests: sockets opened with
// the headers the worker sets, messages awaited by type, and the board's clock moved by hand.
import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, expect } from "vitest";
import type { CallRoom } from "../../app/features/calls/room-object.server";
import type { CallSwitchboard } from "../../app/features/calls/switchboard-object.server";
import { sha256Hex } from "~/platform/core/hash.server";
import { CALL_HEADER, PERSON_HEADER, ROOM_HEADER, SIGN_IN_HEADER, SOCKET_HEADER, toHeader, type SocketKind } from "../../app/features/calls/protocol";

export const ARABIC = 1;
export const SPANISH = 2;
export const SECRET = "integration-test-secret-0123456789abcdef";

export type Message = Record<string, unknown> & { type: string };
export type Socket = { ws: WebSocket; messages: Message[]; next(type: string, match?: (message: Message) => boolean): Promise<Message> };
type Stub = DurableObjectStub<CallSwitchboard> | DurableObjectStub<CallRoom>;

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000);
});

/** A fresh switchboard per test (each its own object: no state shared between tests). */
export const freshSwitchboard = () => env.CALLS.get(env.CALLS.idFromName(`switchboard-test-${crypto.randomUUID()}`));

/** A socket opened on the object as the worker opens them: its kind and what the worker checked, in headers. */
export const socketRequest = (kind: SocketKind, headers: Record<string, string> = {}) =>
  new Request("https://switchboard.internal/", { headers: { Upgrade: "websocket", [SOCKET_HEADER]: kind, ...headers } });

export async function connect(stub: Stub, kind: SocketKind, headers: Record<string, string> = {}): Promise<Socket> {
  const response = await stub.fetch(socketRequest(kind, headers));
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const messages: Message[] = [];
  const consumed = new Set<Message>();
  const waiting: { accepts: (message: Message) => boolean; resolve: (message: Message) => void }[] = [];
  ws.addEventListener("message", (event) => {
    const message = event.data === "pong" ? { type: "pong" } : (JSON.parse(String(event.data)) as Message);
    messages.push(message);
    const waiter = waiting.find((item) => item.accepts(message));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      consumed.add(message);
      waiter.resolve(message);
    }
  });
  return {
    ws,
    messages,
    /** The first message of this type (and shape) not yet taken by an earlier call, waiting up to 2 s for it. */
    next(type, match = () => true) {
      const accepts = (message: Message) => message.type === type && !consumed.has(message) && match(message);
      const seen = messages.find(accepts);
      if (seen) return Promise.resolve((consumed.add(seen), seen));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" message within 2 s; got ${JSON.stringify(messages)}`)), 2000);
        waiting.push({ accepts, resolve: (message) => (clearTimeout(timer), resolve(message)) });
      });
    },
  };
}

/** A ringing message that lists at least one call. */
export const someCall = (message: Message) => Array.isArray(message.calls) && message.calls.length > 0;

/**
 * The person as the backend knows them, which the switchboard asks when a call rings (issue 22): an account with a users
 * row, a live session (the socket's) and links to `languages`. Returns what the worker puts in the sign-in header.
 */
export async function signedInPerson(id: string, name: string, languages: number[]): Promise<{ email: string; session: string }> {
  const email = `${id.toLowerCase()}@switchboard.test`;
  const idHash = await sha256Hex(`session of ${id}`);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT OR IGNORE INTO accounts (id, email, password_hash) VALUES (?, ?, 'none')").bind(id, email),
    env.DB.prepare("INSERT OR IGNORE INTO users (id, full_name, email) VALUES (?, ?, ?)").bind(id, name, email),
    env.DB.prepare("INSERT OR IGNORE INTO sessions (id_hash, account_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)").bind(
      idHash,
      id,
      now,
      now + 86_400_000,
      now,
    ),
    env.DB.prepare("INSERT OR IGNORE INTO languages (id, name) VALUES (?, 'Arabic'), (?, 'Spanish')").bind(ARABIC, SPANISH),
    env.DB.prepare("DELETE FROM user_languages WHERE user_id = ?").bind(id),
    ...languages.map((language) => env.DB.prepare("INSERT INTO user_languages (user_id, language_id) VALUES (?, ?)").bind(id, language)),
  ]);
  return { email, session: idHash.slice(0, 12) };
}

/** An interpreter's dashboard connected: told at once whether they are available (they choose; Away at first). */
export async function interpreter(stub: DurableObjectStub<CallSwitchboard>, id: string, languages: number[], name = `Name ${id}`): Promise<Socket> {
  const signIn = await signedInPerson(id, name, languages);
  const socket = await connect(stub, "interpreter", { [PERSON_HEADER]: toHeader({ id, name, languages }), [SIGN_IN_HEADER]: toHeader(signIn) });
  await socket.next("presence");
  return socket;
}

/** A caller, as the worker rings them; `billedTo`: the customer their call link named. */
export const caller = (stub: DurableObjectStub<CallSwitchboard>, languageId = ARABIC, billedTo: { customerId?: number } = {}) =>
  connect(stub, "caller", {
    [CALL_HEADER]: toHeader({ languageId, language: languageId === ARABIC ? "Arabic" : "Spanish", type: "video", callerName: "Test Caller", ...billedTo }),
  });

export async function goAvailable(socket: Socket): Promise<void> {
  socket.ws.send(JSON.stringify({ type: "availability", available: true }));
  await socket.next("presence", (message) => message.available === true);
}

/** An interpreter's incoming-call screen (as `interpreter` opens it), switched to Available. */
export async function availableInterpreter(stub: DurableObjectStub<CallSwitchboard>, id: string, languages: number[], name?: string): Promise<Socket> {
  const socket = await interpreter(stub, id, languages, name);
  await goAvailable(socket);
  return socket;
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Makes every socket of the object look silent since `ms` ago, as its next alarm will find them. */
export const silentFor = (stub: Stub, ms: number) =>
  runInDurableObject(stub, (_instance, state) => {
    for (const ws of state.getWebSockets()) ws.serializeAttachment({ ...ws.deserializeAttachment(), since: Date.now() - ms });
  });

/** The room of an answered call (opened by the switchboard that answered it), and a party's socket in it. */
export const roomStub = (callId: string) => env.CALL_ROOMS.get(env.CALL_ROOMS.idFromName(callId));

export const joinRoom = (callId: string, party: "caller" | "interpreter", tab = `${party}-tab`) =>
  connect(roomStub(callId), "room", { [ROOM_HEADER]: toHeader({ party, tab }) });

/** A ringing call answered by `person`: the call's id and the caller's message with the room. */
export async function answeredCall(stub: DurableObjectStub<CallSwitchboard>, person: Socket, call: Socket): Promise<string> {
  const { calls } = (await person.next("ringing", someCall)) as unknown as { calls: { id: string }[] };
  const callId = calls[0]!.id;
  person.ws.send(JSON.stringify({ type: "accept", callId }));
  await call.next("answered");
  return callId;
}
