// Rooms the switchboard could not open when their calls were answered (issue 21, docs/decisions/0022): they wait in
// the switchboard's storage and each alarm tries them again, one at a time, so neither a room that still fails nor a
// restart midway through the retries loses a call's room.
import { abortAllDurableObjects, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Board, LiveCall } from "~/domain/switchboard";
import { freshSwitchboard, roomStub } from "./switchboard-sockets";

type Switchboard = ReturnType<typeof freshSwitchboard>;
/** What a test reaches inside the object: the step that opens a room, and the environment it opens rooms from. */
type Inside = { openRoom(call: LiveCall): Promise<boolean>; retryRooms(): Promise<void>; env: Env };

function answered(id: string): LiveCall {
  const at = Date.now() - 1_000;
  return {
    id,
    languageId: 1,
    language: "Arabic",
    type: "audio",
    callerName: "Caller",
    status: "answered",
    ringing: [],
    interpreterId: `interpreter-${id}`,
    interpreterName: "Interpreter",
    requestedAt: at - 5_000,
    answeredAt: at,
    endedAt: null,
    roomId: null,
  };
}

/** A switchboard, started again from its storage, whose answered calls' rooms were never opened. */
async function boardWithUnopenedRooms(count: number): Promise<{ stub: Switchboard; callIds: string[] }> {
  const before = freshSwitchboard();
  const callIds = Array.from({ length: count }, () => crypto.randomUUID());
  await runInDurableObject(before, async (_instance, state) => {
    const board: Board = { interpreters: [], calls: callIds.map(answered) };
    await state.storage.put({ board, ...Object.fromEntries(callIds.map((id) => [`unopened:${id}`, true])) });
    // As the switchboard leaves it when a room fails to open: an alarm pending (alarms outlive a restart).
    await state.storage.setAlarm(Date.now() + 60_000);
  });
  await abortAllDurableObjects();
  return { stub: env.CALLS.get(before.id), callIds };
}

const waiting = (stub: Switchboard) =>
  runInDurableObject(stub, async (_instance, state) => [...(await state.storage.list({ prefix: "unopened:" })).keys()].map((key) => key.slice(9)).sort());

const roomOpened = async (callId: string) =>
  runInDurableObject(roomStub(callId), async (_instance, state) => (await state.storage.get<{ callId: string }>("room"))?.callId === callId);

describe("rooms that could not be opened when their calls were answered", () => {
  it("a restart midway through the retries keeps every room not yet opened on the list, and the next alarm opens them", async () => {
    const { stub, callIds } = await boardWithUnopenedRooms(3);
    const order = await runInDurableObject(stub, async (instance) => {
      const inside = instance as unknown as Inside;
      const openRoom = inside.openRoom.bind(inside);
      const tried: string[] = [];
      // The object dies while opening the second room: nothing after that point runs.
      inside.openRoom = async (call) => {
        tried.push(call.id);
        if (tried.length === 2) throw new Error("restarted");
        return openRoom(call);
      };
      await expect(inside.retryRooms()).rejects.toThrow("restarted");
      return tried;
    });
    await abortAllDurableObjects();
    // The same object, started again from its storage.
    const again = env.CALLS.get(stub.id);

    const [first, second] = order;
    const notYetOpened = callIds.filter((id) => id !== first).sort();
    expect(await roomOpened(first!)).toBe(true);
    expect(await roomOpened(second!)).toBe(false);
    // The room that was being opened and the one never reached both wait for the next alarm.
    expect(await waiting(again)).toEqual(notYetOpened);

    expect(await runDurableObjectAlarm(again)).toBe(true);
    for (const id of callIds) expect(await roomOpened(id)).toBe(true);
    expect(await waiting(again)).toEqual([]);
  });

  it("a room that still cannot be opened stays on the list for the next alarm; the others are opened", async () => {
    const { stub, callIds } = await boardWithUnopenedRooms(2);
    const [failing, opening] = callIds as [string, string];
    await runInDurableObject(stub, async (instance) => {
      const inside = instance as unknown as Inside;
      const rooms = inside.env.CALL_ROOMS;
      // The room object of one call refuses (an overloaded or restarting object); the other answers as usual.
      const refusing = { open: () => Promise.reject(new Error("room unavailable")) };
      const flaky = {
        idFromName: (name: string) => rooms.idFromName(name),
        get: (id: DurableObjectId) => (id.equals(rooms.idFromName(failing)) ? refusing : rooms.get(id)),
      };
      inside.env = { ...inside.env, CALL_ROOMS: flaky as unknown as Env["CALL_ROOMS"] };
      await inside.retryRooms();
      inside.env = { ...inside.env, CALL_ROOMS: rooms };
    });

    expect(await roomOpened(opening)).toBe(true);
    expect(await roomOpened(failing)).toBe(false);
    expect(await waiting(stub)).toEqual([failing]);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await roomOpened(failing)).toBe(true);
    expect(await waiting(stub)).toEqual([]);
  });
});
