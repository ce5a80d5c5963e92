// Live calls as real people and real systems behave (issue 21), in workerd: a call-log write that fails, a language or
// an interpreter deleted mid-call, both parties gone without a hang-up, one party gone while the other stays, a
// restart that drops every socket without a close event, and a second tab.
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "~/backend/index.server";
import type { CallLogEntry } from "~/domain/call-log";
import { PRESENCE_TIMEOUT_MS, ROOM_GRACE_MS, type Board } from "~/domain/switchboard";
import { seed } from "./helpers";
import {
  answeredCall,
  ARABIC,
  availableInterpreter,
  caller,
  connect,
  freshSwitchboard,
  interpreter,
  joinRoom,
  roomStub,
  settle,
  type Socket,
  someCall,
} from "./switchboard-sockets";

let person = { id: "", name: "" };
beforeAll(async () => {
  await seed();
  person = (await env.DB.prepare("SELECT id, full_name AS name FROM users WHERE role = 'interpreter' ORDER BY email LIMIT 1").first<{
    id: string;
    name: string;
  }>())!;
});

const logged = async (id: string): Promise<CallLogEntry | undefined> =>
  (
    await createBackend({ env, request: new Request("https://push.test/") }).calls.page(
      { from: null, to: null, languageId: null, interpreterId: null },
      null,
      1000,
    )
  ).find((line) => line.id === id);

/** Makes the database refuse every new call-log line until the returned function is called. */
async function refuseCallLog(): Promise<() => Promise<void>> {
  await env.DB.exec("CREATE TRIGGER refuse_call_log BEFORE INSERT ON call_log BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
  return async () => void (await env.DB.exec("DROP TRIGGER refuse_call_log"));
}

/**
 * Moves an answered call `ms` into the past — its times on the board and its room's departures — as the alarms will
 * find them after that long.
 */
async function callAged(stub: ReturnType<typeof freshSwitchboard>, callId: string, ms: number): Promise<Record<string, number | null>> {
  await runInDurableObject(stub, async (instance, state) => {
    const inside = instance as unknown as { board: Board };
    const back = (at: number | null) => (at === null ? null : at - ms);
    inside.board = {
      ...inside.board,
      calls: inside.board.calls.map((call) => (call.id === callId ? { ...call, requestedAt: call.requestedAt - ms, answeredAt: back(call.answeredAt) } : call)),
    };
    await state.storage.put("board", inside.board);
  });
  return runInDurableObject(roomStub(callId), async (_instance, state) => {
    const room = (await state.storage.get<{ awaySince: Record<string, number | null> }>("room"))!;
    const awaySince = Object.fromEntries(Object.entries(room.awaySince).map(([party, since]) => [party, since === null ? null : since - ms]));
    await state.storage.put("room", { ...room, awaySince });
    return awaySince;
  });
}

async function callInRoom(): Promise<{ stub: ReturnType<typeof freshSwitchboard>; staff: Socket; line: Socket; callId: string }> {
  const stub = freshSwitchboard();
  const staff = await availableInterpreter(stub, person.id, [ARABIC], person.name);
  const line = await caller(stub);
  const callId = await answeredCall(stub, staff, line);
  return { stub, staff, line, callId };
}

describe("a call-log write that fails", () => {
  it("does not stop the board: later callers still ring, and the line is written once the database takes it", async () => {
    const { stub, staff, line, callId } = await callInRoom();
    const restore = await refuseCallLog();
    await stub.callEnded(callId);
    await line.next("ended");
    // Before issue 21, the failed write left the board unsaved and every later connection failed with it.
    const next = await caller(stub);
    expect(await next.next("waiting")).toMatchObject({ interpreters: 1 });
    await staff.next("ringing", someCall);
    expect(await logged(callId)).toBeUndefined();
    await restore();
    await runInDurableObject(stub, async (_instance, state) => {
      // The retry waits a little after a failure; the alarm finds it due.
      for (const [key, pending] of await state.storage.list<Record<string, unknown>>({ prefix: "log:" }))
        await state.storage.put(key, { ...pending, nextAttemptAt: 0 });
    });
    await runDurableObjectAlarm(stub);
    expect(await logged(callId)).toMatchObject({ outcome: "answered", interpreterId: person.id });
  });

  it("a language deleted while its call is on the board: new callers still connect, and the old call is logged by name", async () => {
    const stub = freshSwitchboard();
    const { meta } = await env.DB.prepare("INSERT INTO languages (name) VALUES ('Tigrinya')").run();
    const tigrinya = Number(meta.last_row_id);
    const staff = await availableInterpreter(stub, person.id, [tigrinya, ARABIC], person.name);
    const tigrinyaCall = (callerName: string) =>
      connect(stub, "caller", { "X-Push-Call": encodeURIComponent(JSON.stringify({ languageId: tigrinya, language: "Tigrinya", type: "audio", callerName })) });
    const line = await tigrinyaCall("In Tigrinya");
    const callId = await answeredCall(stub, staff, line);
    const other = await availableInterpreter(stub, "other-person", [tigrinya]);
    const waiting = await tigrinyaCall("Waiting In Tigrinya");
    await other.next("ringing", someCall);
    // Staff delete the language (its links go with it) while one of its calls is answered and another rings.
    await env.DB.prepare("DELETE FROM languages WHERE id = ?").bind(tigrinya).run();
    await stub.languageDeleted(tigrinya);
    // Nobody speaks it any more: its waiting caller is offered a callback at once instead of ringing for nobody.
    await waiting.next("unanswered");
    // The answered call goes on; when it ends it is logged under the language's name (before: a FOREIGN KEY refusal).
    await stub.callEnded(callId);
    await line.next("ended");
    expect(await logged(callId)).toMatchObject({ outcome: "answered", language: "Tigrinya", languageId: null });
    expect(await (await caller(stub)).next("waiting")).toMatchObject({ interpreters: 1 });
  });
});

describe("the room ends on its own", () => {
  it("both parties leave without a hang-up: logged with talk time up to the last departure, and the interpreter rings again", async () => {
    const { stub, staff, line, callId } = await callInRoom();
    const callerSide = await joinRoom(callId, "caller");
    const interpreterSide = await joinRoom(callId, "interpreter");
    callerSide.ws.close(1001);
    await settle();
    interpreterSide.ws.close(1001);
    await settle();
    const away = await callAged(stub, callId, ROOM_GRACE_MS);
    await runDurableObjectAlarm(roomStub(callId));
    await line.next("ended");
    const log = await logged(callId);
    expect(log).toMatchObject({ outcome: "answered" });
    expect(log!.endedAt).toBe(Math.max(away.caller!, away.interpreter!));
    // Free again: the next caller rings on them.
    await caller(stub);
    await staff.next("ringing", someCall);
  });

  it("only the caller leaves: the call ends for the interpreter after the grace time, at the moment the caller left", async () => {
    const { stub, line, callId } = await callInRoom();
    const callerSide = await joinRoom(callId, "caller");
    const interpreterSide = await joinRoom(callId, "interpreter");
    callerSide.ws.close(1001);
    await interpreterSide.next("peer-left");
    // The interpreter's page keeps its heartbeat going; that must not keep the call alive.
    interpreterSide.ws.send("ping");
    await runDurableObjectAlarm(roomStub(callId));
    expect(interpreterSide.messages.some((message) => message.type === "ended")).toBe(false);
    const away = await callAged(stub, callId, ROOM_GRACE_MS);
    await runDurableObjectAlarm(roomStub(callId));
    await interpreterSide.next("ended");
    await line.next("ended");
    expect((await logged(callId))!.endedAt).toBe(away.caller);
  });

  it("a caller who never arrives ends the call after the grace time", async () => {
    const { stub, line, callId } = await callInRoom();
    const interpreterSide = await joinRoom(callId, "interpreter");
    await callAged(stub, callId, ROOM_GRACE_MS);
    await runDurableObjectAlarm(roomStub(callId));
    await interpreterSide.next("ended");
    await line.next("ended");
  });
});

describe("a room's sockets dropped without a close event", () => {
  it("a party silent past the heartbeat's limit has left when they were last heard from", async () => {
    const { stub, line, callId } = await callInRoom();
    await joinRoom(callId, "caller");
    const interpreterSide = await joinRoom(callId, "interpreter");
    // The caller's network went away: no close, no more pings. The interpreter keeps pinging.
    await runInDurableObject(roomStub(callId), (_instance, state) => {
      for (const ws of state.getWebSockets("r:caller"))
        ws.serializeAttachment({ ...ws.deserializeAttachment(), since: Date.now() - PRESENCE_TIMEOUT_MS - 1000 });
    });
    interpreterSide.ws.send("ping");
    await interpreterSide.next("pong");
    await runDurableObjectAlarm(roomStub(callId));
    await interpreterSide.next("peer-left");
    await callAged(stub, callId, ROOM_GRACE_MS);
    await runDurableObjectAlarm(roomStub(callId));
    await interpreterSide.next("ended");
    await line.next("ended");
  });

  it("a restart mid-call: the room keeps its parties and its state; both come back and the call ends by hang-up, logged once", async () => {
    const { stub, line, callId } = await callInRoom();
    await joinRoom(callId, "caller");
    await joinRoom(callId, "interpreter");
    await abortAllDurableObjects();
    const callerBack = await joinRoom(callId, "caller");
    const interpreterBack = await joinRoom(callId, "interpreter");
    expect(await interpreterBack.next("joined")).toMatchObject({ peerPresent: true });
    callerBack.ws.send(JSON.stringify({ type: "hangup" }));
    await interpreterBack.next("ended");
    await expect.poll(async () => (await logged(callId))?.outcome).toBe("answered");
    // The switchboard's line to the caller did not survive the restart; the board has freed the interpreter.
    expect(line.ws.readyState).not.toBe(WebSocket.OPEN);
    expect(await env.CALLS.get(stub.id).availability()).toEqual({});
  });
});

describe("a restart mid-call that nobody comes back from", () => {
  it("the room counts both parties gone from its first alarm after the restart, and ends the call after the grace time", async () => {
    const { stub, callId } = await callInRoom();
    await joinRoom(callId, "caller");
    await joinRoom(callId, "interpreter");
    await abortAllDurableObjects();
    await runDurableObjectAlarm(roomStub(callId));
    const away = await callAged(env.CALLS.get(stub.id), callId, ROOM_GRACE_MS);
    expect(away.caller).not.toBeNull();
    expect(away.interpreter).not.toBeNull();
    await runDurableObjectAlarm(roomStub(callId));
    await expect.poll(async () => (await logged(callId))?.outcome).toBe("answered");
  });
});

describe("one live connection per party", () => {
  it("a second tab is told the call is open elsewhere and the first keeps it; the same tab coming back replaces its socket", async () => {
    const { callId } = await callInRoom();
    const first = await joinRoom(callId, "interpreter", "tab-one");
    const callerSide = await joinRoom(callId, "caller");
    await callerSide.next("joined");
    const second = await joinRoom(callId, "interpreter", "tab-two");
    await second.next("elsewhere");
    await settle();
    expect(callerSide.messages.filter((message) => message.type === "peer-joined")).toHaveLength(0);
    callerSide.ws.send(JSON.stringify({ type: "offer", sdp: "v=0" }));
    await first.next("offer");
    const again = await joinRoom(callId, "interpreter", "tab-one");
    await again.next("joined");
    callerSide.ws.send(JSON.stringify({ type: "offer", sdp: "v=1" }));
    expect(await again.next("offer")).toMatchObject({ sdp: "v=1" });
  });
});

describe("a restart that drops every socket without a close event", () => {
  it("the stored board is reconciled: nobody stays available without a connection, and a ringing caller can leave a callback", async () => {
    const before = freshSwitchboard();
    const staff = await availableInterpreter(before, "amal", [ARABIC]);
    const line = await caller(before);
    await staff.next("ringing", someCall);
    await abortAllDurableObjects();
    // The same object, started again from its storage.
    const stub = env.CALLS.get(before.id);
    // Started again, the object finds amal on its stored board with no connection: not available (before issue 21
    // they stayed "available" and callers waited 45 s for nobody); the ringing call's caller is gone too.
    expect(await stub.availability()).toEqual({});
    const [call] = (await runInDurableObject(stub, (_instance, state) => state.storage.get<Board>("board")))!.calls;
    expect(call).toMatchObject({ status: "missed" });
    expect(await stub.callbackLeft(call!.id)).toBe(true);
    expect(line.ws.readyState).not.toBe(WebSocket.OPEN);
  });

  it("an interpreter who reconnects while a call still rings is rung for it again", async () => {
    const stub = freshSwitchboard();
    const first = await availableInterpreter(stub, "amal", [ARABIC]);
    const line = await caller(stub);
    await first.next("ringing", someCall);
    first.ws.close(1001);
    await settle();
    const back = await interpreter(stub, "amal", [ARABIC]);
    const ringing = await back.next("ringing", someCall);
    expect(ringing.calls).toHaveLength(1);
    expect(line.messages.some((message) => message.type === "unanswered")).toBe(false);
  });
});

describe("staff remove or lock an interpreter", () => {
  it("they leave the board at once, their sockets close, and their call ends and is logged", async () => {
    const { stub, staff, line, callId } = await callInRoom();
    const interpreterSide = await joinRoom(callId, "interpreter");
    const closed = new Promise<number>((resolve) => staff.ws.addEventListener("close", (event) => resolve(event.code)));
    await stub.personChanged(person.id, null);
    expect(await closed).toBe(4003);
    await interpreterSide.next("ended");
    await line.next("ended");
    expect(await logged(callId)).toMatchObject({ outcome: "answered", interpreterId: person.id });
    expect(await stub.availability()).toEqual({});
  });
});
