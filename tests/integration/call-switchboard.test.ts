// The call switchboard Durable Object (app/features/calls/switchboard-object.server.ts) in workerd: presence over hibernatable sockets,
// ringing by language, the single winner, heartbeats, rooms, and the call log it writes.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "~/backend/index.server";
import { PRESENCE_TIMEOUT_MS, type Board } from "~/domain/switchboard";
import { roomPartyOf } from "~/features/calls/room-token.server";
import { seed } from "./helpers";
import {
  ARABIC,
  availableInterpreter,
  caller,
  freshSwitchboard,
  goAvailable,
  interpreter,
  joinRoom,
  SECRET,
  settle,
  silentFor,
  someCall,
  SPANISH,
} from "./switchboard-sockets";

// Languages 1 and 2 and the sample people exist (the log references them).
beforeAll(async () => {
  await seed();
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
    const first = await availableInterpreter(stub, "amal", [ARABIC]);
    first.ws.close(1000);
    await settle();
    const again = await interpreter(stub, "amal", [ARABIC]);
    expect(again.messages[0]).toMatchObject({ type: "presence", available: true });
    expect(await stub.availability()).toEqual({ [ARABIC]: ["Name amal"] });
  });

  it("the runtime answers the heartbeat, and a recent heartbeat keeps the connection through the alarm", async () => {
    const stub = freshSwitchboard();
    const amal = await availableInterpreter(stub, "amal", [ARABIC]);
    amal.ws.send("ping");
    await amal.next("pong");
    await silentFor(stub, PRESENCE_TIMEOUT_MS + 1000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.availability()).toEqual({ [ARABIC]: ["Name amal"] });
  });

  it("a connection with no heartbeat for 20 s is dropped by the alarm: they are unavailable", async () => {
    const stub = freshSwitchboard();
    await availableInterpreter(stub, "amal", [ARABIC]);
    await silentFor(stub, PRESENCE_TIMEOUT_MS + 1000);
    await runDurableObjectAlarm(stub);
    expect(await stub.availability()).toEqual({});
  });

  it("survives hibernation: the board is in storage, and a new instance on the same state sees the same people", async () => {
    const stub = freshSwitchboard();
    await availableInterpreter(stub, "amal", [ARABIC]);
    await runInDurableObject(stub, async (_instance, state) => {
      const { CallSwitchboard } = await import("../../app/features/calls/switchboard-object.server");
      const woken = new CallSwitchboard(state, env);
      await state.blockConcurrencyWhile(async () => {});
      expect(woken.availability()).toEqual({ [ARABIC]: ["Name amal"] });
      // The sockets were accepted through the hibernation API: the runtime, not the instance, holds them.
      expect(state.getWebSockets("i:amal")).toHaveLength(1);
    });
  });
});

describe("ringing and the single winner", () => {
  it("rings only the available interpreters linked to the caller's language", async () => {
    const stub = freshSwitchboard();
    const amal = await availableInterpreter(stub, "amal", [ARABIC]);
    const sofia = await availableInterpreter(stub, "sofia", [SPANISH]);
    const call = await caller(stub, ARABIC);
    expect(await call.next("waiting")).toMatchObject({ interpreters: 1 });
    const ringing = await amal.next("ringing", someCall);
    expect(ringing.calls).toEqual([expect.objectContaining({ language: "Arabic", type: "video", callerName: "Test Caller" })]);
    await settle();
    expect(sofia.messages.filter(someCall)).toEqual([]);
  });

  it("two accepts in the same instant: exactly one room, the other interpreter is told it was taken", async () => {
    const stub = freshSwitchboard();
    const amal = await availableInterpreter(stub, "amal", [ARABIC]);
    const omar = await availableInterpreter(stub, "omar", [ARABIC]);
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
    // Both go to the same address, with no secret in it; the caller alone gets the room's key (to post, never to link).
    expect(accepted.url).toBe(`/call-room/${String(accepted.roomId)}`);
    expect(answered.url).toBe(`/call-room/${String(answered.roomId)}`);
    expect(await roomPartyOf(SECRET, String(answered.roomId), String(answered.key))).toBe("caller");
    expect(accepted.key).toBeUndefined();
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
    const [logged] = await createBackend({ env, request: new Request("https://push.test/") }).calls.page(
      { from: null, to: null, languageId: SPANISH, interpreterId: null },
      null,
      10,
    );
    expect(logged).toMatchObject({ id: callId, outcome: "callback", answeredAt: null, language: "Spanish" });
  });

  it("a ringing call times out after 45 s (the alarm) and the caller is offered a callback", async () => {
    const stub = freshSwitchboard();
    const amal = await availableInterpreter(stub, "amal", [ARABIC]);
    const call = await caller(stub);
    await amal.next("ringing", someCall);
    await runInDurableObject(stub, (instance) => {
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
    person = (await env.DB.prepare("SELECT id, full_name AS name FROM users WHERE role = 'interpreter' ORDER BY email LIMIT 1").first<{
      id: string;
      name: string;
    }>())!;
  });

  it("relays signalling between the two parties; a hang-up ends both sides and logs the answered call with its times", async () => {
    const stub = freshSwitchboard();
    const amal = await availableInterpreter(stub, person.id, [ARABIC], person.name);
    const call = await caller(stub);
    const { calls } = (await amal.next("ringing", someCall)) as unknown as { calls: { id: string }[] };
    const callId = calls[0]!.id;
    const requestedAt = Date.now();
    amal.ws.send(JSON.stringify({ type: "accept", callId }));
    await call.next("answered");

    // The switchboard opened the call's room for its two parties before sending either there.
    const callerSide = await joinRoom(callId, "caller");
    const interpreterSide = await joinRoom(callId, "interpreter");
    await callerSide.next("peer-joined");
    callerSide.ws.send(JSON.stringify({ type: "offer", sdp: "v=0 offer" }));
    expect(await interpreterSide.next("offer")).toMatchObject({ sdp: "v=0 offer" });
    interpreterSide.ws.send(JSON.stringify({ type: "candidate", candidate: { candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host" } }));
    expect(await callerSide.next("candidate")).toMatchObject({ candidate: { candidate: expect.stringContaining("127.0.0.1") } });

    callerSide.ws.send(JSON.stringify({ type: "hangup" }));
    await interpreterSide.next("ended");
    // The room tells the switchboard that answered the call: the caller's line hears it is over.
    await call.next("ended");
    // Anyone coming back to the room once it has ended only hears that it has.
    const late = await joinRoom(callId, "caller", "another-tab");
    await late.next("ended");
    const [logged] = await createBackend({ env, request: new Request("https://push.test/") }).calls.page(
      { from: null, to: null, languageId: null, interpreterId: person.id },
      null,
      10,
    );
    expect(logged).toMatchObject({ id: callId, outcome: "answered", interpreterId: person.id, interpreterName: person.name, type: "video" });
    expect(Math.abs(logged!.requestedAt - requestedAt)).toBeLessThan(1000);
    expect(logged!.answeredAt).toBeGreaterThanOrEqual(logged!.requestedAt);
    expect(logged!.endedAt).toBeGreaterThanOrEqual(logged!.answeredAt!);
    expect(await stub.availability()).toEqual({ [ARABIC]: [person.name] });
  });
});
