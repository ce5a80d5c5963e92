// The call switchboard Durable Object (workers/call-switchboard.ts) in workerd: presence over hibernatable sockets,
// ringing by language, the single winner, heartbeats, rooms, and the call log it writes.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "~/backend/index.server";
import { PRESENCE_TIMEOUT_MS, type Board } from "~/domain/switchboard";
import { roomPartyOf } from "~/lib/room-token.server";
import type { CallSwitchboard } from "../../workers/call-switchboard";
import { roomObjectName } from "~/lib/switchboard.server";
import { CALL_HEADER, PERSON_HEADER, ROOM_HEADER, SOCKET_HEADER, toHeader, type SocketKind } from "../../workers/call-protocol";
import { seed } from "./helpers";

const ARABIC = 1;
const SPANISH = 2;
const SECRET = "integration-test-secret-0123456789abcdef";

type Message = Record<string, unknown> & { type: string };
type Socket = { ws: WebSocket; messages: Message[]; next(type: string, match?: (message: Message) => boolean): Promise<Message> };

// Languages 1 and 2 and the sample people exist (the log references them).
beforeAll(async () => {
  await seed();
});

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000);
});

/** A fresh switchboard per test (each its own object: no state shared between tests). */
const freshSwitchboard = () => env.CALLS.get(env.CALLS.idFromName(`switchboard-test-${crypto.randomUUID()}`)) as DurableObjectStub<CallSwitchboard>;

/** A socket opened on the object as the worker opens them: its kind and what the worker checked, in headers. */
const socketRequest = (kind: SocketKind, headers: Record<string, string> = {}) =>
  new Request("https://switchboard.internal/", { headers: { Upgrade: "websocket", [SOCKET_HEADER]: kind, ...headers } });

async function connect(stub: DurableObjectStub<CallSwitchboard>, kind: SocketKind, headers: Record<string, string> = {}): Promise<Socket> {
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
const someCall = (message: Message) => Array.isArray(message.calls) && message.calls.length > 0;

/** An interpreter's dashboard connected: told at once whether they are available (they choose; Away at first). */
async function interpreter(stub: DurableObjectStub<CallSwitchboard>, id: string, languages: number[], name = `Name ${id}`): Promise<Socket> {
  const socket = await connect(stub, "interpreter", { [PERSON_HEADER]: toHeader({ id, name, languages }) });
  await socket.next("presence");
  return socket;
}

const caller = (stub: DurableObjectStub<CallSwitchboard>, languageId = ARABIC) =>
  connect(stub, "caller", { [CALL_HEADER]: toHeader({ languageId, language: languageId === ARABIC ? "Arabic" : "Spanish", type: "video", callerName: "Test Caller" }) });

async function goAvailable(socket: Socket): Promise<void> {
  socket.ws.send(JSON.stringify({ type: "availability", available: true }));
  await socket.next("presence", (message) => message.available === true);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Makes every socket of the object look silent since `ms` ago, as its next alarm will find them. */
const silentFor = (stub: DurableObjectStub<CallSwitchboard>, ms: number) =>
  runInDurableObject(stub, (_instance, state) => {
    for (const ws of state.getWebSockets()) ws.serializeAttachment({ ...ws.deserializeAttachment(), since: Date.now() - ms });
  });

describe("presence", () => {
  it("an interpreter is Away until they choose Available; staff see them per language; closing the socket takes them off", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC, SPANISH]);
    expect(amal.messages[0]).toMatchObject({ type: "presence", available: false });
    expect(await stub.availability()).toEqual({});
    await goAvailable(amal);
    expect(await stub.availability()).toEqual({ [ARABIC]: ["Name amal"], [SPANISH]: ["Name amal"] });
    amal.ws.close(1000);
    await settle();
    expect(await stub.availability()).toEqual({});
  });

  it("a reload keeps them available: the choice outlives the connection", async () => {
    const stub = freshSwitchboard();
    const first = await interpreter(stub, "amal", [ARABIC]);
    await goAvailable(first);
    first.ws.close(1000);
    await settle();
    const again = await interpreter(stub, "amal", [ARABIC]);
    expect(again.messages[0]).toMatchObject({ type: "presence", available: true });
    expect(await stub.availability()).toEqual({ [ARABIC]: ["Name amal"] });
  });

  it("the runtime answers the heartbeat, and a recent heartbeat keeps the connection through the alarm", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC]);
    await goAvailable(amal);
    amal.ws.send("ping");
    await amal.next("pong");
    await silentFor(stub, PRESENCE_TIMEOUT_MS + 1000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.availability()).toEqual({ [ARABIC]: ["Name amal"] });
  });

  it("a connection with no heartbeat for 20 s is dropped by the alarm: they are unavailable", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC]);
    await goAvailable(amal);
    await silentFor(stub, PRESENCE_TIMEOUT_MS + 1000);
    await runDurableObjectAlarm(stub);
    expect(await stub.availability()).toEqual({});
  });

  it("survives hibernation: the board is in storage, and a new instance on the same state sees the same people", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC]);
    await goAvailable(amal);
    await runInDurableObject(stub, async (_instance, state) => {
      const { CallSwitchboard } = await import("../../workers/call-switchboard");
      const woken = new CallSwitchboard(state, env);
      await state.blockConcurrencyWhile(async () => {});
      expect(await woken.availability()).toEqual({ [ARABIC]: ["Name amal"] });
      // The sockets were accepted through the hibernation API: the runtime, not the instance, holds them.
      expect(state.getWebSockets("i:amal")).toHaveLength(1);
    });
  });
});

describe("ringing and the single winner", () => {
  it("rings only the available interpreters linked to the caller's language", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC]);
    const sofia = await interpreter(stub, "sofia", [SPANISH]);
    await goAvailable(amal);
    await goAvailable(sofia);
    const call = await caller(stub, ARABIC);
    expect(await call.next("waiting")).toMatchObject({ interpreters: 1 });
    const ringing = await amal.next("ringing", someCall);
    expect(ringing.calls).toEqual([expect.objectContaining({ language: "Arabic", type: "video", callerName: "Test Caller" })]);
    await settle();
    expect(sofia.messages.filter(someCall)).toEqual([]);
  });

  it("two accepts in the same instant: exactly one room, the other interpreter is told it was taken", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC]);
    const omar = await interpreter(stub, "omar", [ARABIC]);
    await goAvailable(amal);
    await goAvailable(omar);
    const call = await caller(stub);
    const { calls } = (await amal.next("ringing", someCall)) as unknown as { calls: { id: string }[] };
    await omar.next("ringing", someCall);
    const callId = calls[0]!.id;
    amal.ws.send(JSON.stringify({ type: "accept", callId }));
    omar.ws.send(JSON.stringify({ type: "accept", callId }));
    const answered = await call.next("answered");
    await settle();
    const winners = [amal, omar].filter((socket) => socket.messages.some((message) => message.type === "accepted"));
    const losers = [amal, omar].filter((socket) => socket.messages.some((message) => message.type === "taken"));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]).not.toBe(winners[0]);
    const accepted = winners[0]!.messages.find((message) => message.type === "accepted")!;
    expect(accepted.roomId).toBe(answered.roomId);
    // Each party's room address carries their own key.
    const keyOf = (url: unknown) => new URL(String(url), "https://push.test").searchParams.get("key");
    expect(await roomPartyOf(SECRET, String(answered.roomId), keyOf(answered.url))).toBe("caller");
    expect(await roomPartyOf(SECRET, String(accepted.roomId), keyOf(accepted.url))).toBe("interpreter");
    expect(await roomPartyOf(SECRET, String(accepted.roomId), "x".repeat(43))).toBeNull();
  });

  it("nobody available: the caller is told at once, and the call is logged as a callback once they leave one", async () => {
    const stub = freshSwitchboard();
    const call = await caller(stub, SPANISH);
    expect(await call.next("unanswered")).toEqual({ type: "unanswered" });
    const board = await runInDurableObject(stub, (_instance, state) => state.storage.get<Board>("board"));
    const callId = board!.calls[0]!.id;
    expect(await stub.callbackLeft(callId)).toBe(true);
    expect(await stub.callbackLeft(callId)).toBe(false);
    const [logged] = await createBackend({ env, request: new Request("https://push.test/") }).calls.list({ from: null, to: null, languageId: SPANISH, interpreterId: null }, 10);
    expect(logged).toMatchObject({ id: callId, outcome: "callback", answeredAt: null, language: "Spanish" });
  });

  it("a ringing call times out after 45 s (the alarm) and the caller is offered a callback", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, "amal", [ARABIC]);
    await goAvailable(amal);
    const call = await caller(stub);
    await amal.next("ringing", someCall);
    await runInDurableObject(stub, async (instance) => {
      const inside = instance as unknown as { board: Board };
      inside.board = { ...inside.board, calls: inside.board.calls.map((item) => ({ ...item, requestedAt: item.requestedAt - 45_000 })) };
    });
    await runDurableObjectAlarm(stub);
    await call.next("unanswered");
    await amal.next("ringing", (message) => Array.isArray(message.calls) && message.calls.length === 0);
  });
});

describe("the room and the log", () => {
  // The log names a real person (call_log.interpreter_id references users).
  let person = { id: "", name: "" };
  beforeAll(async () => {
    person = (await env.DB.prepare("SELECT id, full_name AS name FROM users WHERE role = 'interpreter' ORDER BY email LIMIT 1").first<{ id: string; name: string }>())!;
  });

  it("relays signalling between the two parties; a hang-up ends both sides and logs the answered call with its times", async () => {
    const stub = freshSwitchboard();
    const amal = await interpreter(stub, person.id, [ARABIC], person.name);
    await goAvailable(amal);
    const call = await caller(stub);
    const { calls } = (await amal.next("ringing", someCall)) as unknown as { calls: { id: string }[] };
    const callId = calls[0]!.id;
    const requestedAt = Date.now();
    amal.ws.send(JSON.stringify({ type: "accept", callId }));
    await call.next("answered");

    // A room reports its end to the object named "switchboard"; this test's board is told through the same RPC.
    const room = env.CALLS.get(env.CALLS.idFromName(roomObjectName(`${callId}-test`))) as DurableObjectStub<CallSwitchboard>;
    const callerSide = await connect(room, "room", { [ROOM_HEADER]: toHeader({ roomId: callId, party: "caller" }) });
    const interpreterSide = await connect(room, "room", { [ROOM_HEADER]: toHeader({ roomId: callId, party: "interpreter" }) });
    await callerSide.next("peer-joined");
    callerSide.ws.send(JSON.stringify({ type: "offer", sdp: "v=0 offer" }));
    expect(await interpreterSide.next("offer")).toMatchObject({ sdp: "v=0 offer" });
    interpreterSide.ws.send(JSON.stringify({ type: "candidate", candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host" } }));
    expect(await callerSide.next("candidate")).toMatchObject({ candidate: { candidate: expect.stringContaining("127.0.0.1") } });

    callerSide.ws.send(JSON.stringify({ type: "hangup" }));
    await interpreterSide.next("ended");
    // The room refuses anyone once ended.
    const late = await room.fetch(socketRequest("room", { [ROOM_HEADER]: toHeader({ roomId: callId, party: "caller" }) }));
    expect(late.status).toBe(410);

    await stub.callEnded(callId);
    await call.next("ended");
    const [logged] = await createBackend({ env, request: new Request("https://push.test/") }).calls.list({ from: null, to: null, languageId: null, interpreterId: person.id }, 10);
    expect(logged).toMatchObject({ id: callId, outcome: "answered", interpreterId: person.id, interpreterName: person.name, type: "video" });
    expect(Math.abs(logged!.requestedAt - requestedAt)).toBeLessThan(1000);
    expect(logged!.answeredAt).toBeGreaterThanOrEqual(logged!.requestedAt);
    expect(logged!.endedAt).toBeGreaterThanOrEqual(logged!.answeredAt!);
    expect(await stub.availability()).toEqual({ [ARABIC]: [person.name] });
  });
});
