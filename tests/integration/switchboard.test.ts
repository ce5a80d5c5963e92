// The switchboard's rules (app/domain/switchboard.ts), one event at a time, as the Durable Object applies them:
// who rings, who wins, who is told what.
import { describe, expect, it } from "vitest";
import {
  acceptCall,
  availableByLanguage,
  cancelCall,
  endCall,
  requestCall,
  ringingFor,
  setPresence,
  unanswered,
  type Board,
  type Interpreter,
  type Outbound,
} from "~/domain/switchboard";

const ARABIC = 1;
const SPANISH = 2;
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

const person = (id: string, languages: number[], available = true): Interpreter => ({ id, name: `Name ${id}`, languages, available });

function boardWith(...people: Interpreter[]): Board {
  return people.reduce<Board>((board, item) => setPresence(board, item).board, { interpreters: [], calls: [] });
}

const call = (id: string, languageId = ARABIC, requestedAt = T0) => ({
  id,
  languageId,
  language: languageId === ARABIC ? "Arabic" : "Spanish",
  type: "video" as const,
  callerName: "Caller",
  requestedAt,
});

/** The messages one party receives, in order. */
const to = (out: Outbound[], party: { interpreter: string } | { caller: string }) =>
  out.filter((item) => JSON.stringify(item.to) === JSON.stringify(party)).map((item) => item.message);

describe("ringing", () => {
  it("rings every available interpreter linked to the language, and nobody else", () => {
    const board = boardWith(person("a", [ARABIC]), person("b", [ARABIC, SPANISH]), person("c", [SPANISH]), person("d", [ARABIC], false));
    const { board: next, out } = requestCall(board, call("k1"));
    expect(next.calls[0]).toMatchObject({ status: "ringing", ringing: ["a", "b"] });
    expect(to(out, { caller: "k1" })).toEqual([{ type: "waiting", callId: "k1", interpreters: 2 }]);
    expect(to(out, { interpreter: "a" })).toEqual([
      { type: "ringing", calls: [{ id: "k1", language: "Arabic", type: "video", callerName: "Caller", requestedAt: T0 }] },
    ]);
    expect(to(out, { interpreter: "b" })).toHaveLength(1);
    expect(to(out, { interpreter: "c" })).toEqual([]);
    expect(to(out, { interpreter: "d" })).toEqual([]);
  });

  it("does not ring an interpreter who is already in a call", () => {
    let board = boardWith(person("a", [ARABIC]), person("b", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    board = acceptCall(board, "k1", "a", "room-1", T0 + 1000).board;
    const { board: next } = requestCall(board, call("k2", ARABIC, T0 + 2000));
    expect(next.calls.find((item) => item.id === "k2")?.ringing).toEqual(["b"]);
  });

  it("with nobody available, tells the caller at once (the callback form) and logs a missed call", () => {
    const board = boardWith(person("c", [SPANISH]));
    const { board: next, out } = requestCall(board, call("k1"));
    expect(next.calls[0]).toMatchObject({ status: "missed", endedAt: T0 });
    expect(to(out, { caller: "k1" })).toEqual([{ type: "unanswered" }]);
  });
});

describe("the single winner", () => {
  it("gives the call to the first accept; a second accept in the same instant is told it was taken", () => {
    let board = boardWith(person("a", [ARABIC]), person("b", [ARABIC]), person("c", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    const first = acceptCall(board, "k1", "b", "room-1", T0 + 5000);
    const second = acceptCall(first.board, "k1", "a", "room-2", T0 + 5000);
    expect(first.won).toBe(true);
    expect(second.won).toBe(false);
    expect(second.board).toBe(first.board);
    expect(first.board.calls[0]).toMatchObject({ status: "answered", interpreterId: "b", roomId: "room-1", answeredAt: T0 + 5000 });
    expect(to(first.out, { interpreter: "b" })[0]).toEqual({ type: "accepted", callId: "k1", roomId: "room-1" });
    expect(to(first.out, { caller: "k1" })).toEqual([{ type: "answered", roomId: "room-1", interpreter: "Name b" }]);
    // Everyone else stops ringing in the same step: told "taken", and their list of ringing calls is empty.
    for (const other of ["a", "c"])
      expect(to(first.out, { interpreter: other })).toEqual([
        { type: "taken", callId: "k1" },
        { type: "ringing", calls: [] },
      ]);
    expect(to(second.out, { interpreter: "a" })).toEqual([{ type: "taken", callId: "k1" }]);
  });

  it("refuses an accept from someone the call never rang", () => {
    let board = boardWith(person("a", [ARABIC]), person("s", [SPANISH]));
    board = requestCall(board, call("k1")).board;
    const attempt = acceptCall(board, "k1", "s", "room-1", T0 + 1000);
    expect(attempt.won).toBe(false);
    expect(attempt.board.calls[0]?.status).toBe("ringing");
  });

  it("stops a winner's other ringing calls, which keep ringing on the others", () => {
    let board = boardWith(person("a", [ARABIC]), person("b", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    board = requestCall(board, call("k2", ARABIC, T0 + 100)).board;
    const { board: next, out } = acceptCall(board, "k1", "a", "room-1", T0 + 1000);
    expect(next.calls.find((item) => item.id === "k2")?.ringing).toEqual(["b"]);
    expect(ringingFor(next, "a")).toEqual([]);
    expect(to(out, { interpreter: "b" }).at(-1)).toEqual({ type: "ringing", calls: [expect.objectContaining({ id: "k2" })] });
  });
});

describe("a call's end", () => {
  it("the caller cancels while waiting: it stops ringing everywhere", () => {
    let board = boardWith(person("a", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    const { board: next, out } = cancelCall(board, "k1", T0 + 3000);
    expect(next.calls[0]).toMatchObject({ status: "cancelled", endedAt: T0 + 3000 });
    expect(to(out, { interpreter: "a" })).toEqual([{ type: "ringing", calls: [] }]);
  });

  it("unanswered in time: the caller is offered a callback; an answered call cannot time out", () => {
    let board = boardWith(person("a", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    const timedOut = unanswered(board, "k1", T0 + 45_000);
    expect(to(timedOut.out, { caller: "k1" })).toEqual([{ type: "unanswered" }]);
    const answered = acceptCall(board, "k1", "a", "room-1", T0 + 2000).board;
    expect(unanswered(answered, "k1", T0 + 45_000)).toEqual({ board: answered, out: [] });
  });

  it("hanging up ends the call and frees the interpreter for the next one", () => {
    let board = boardWith(person("a", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    board = acceptCall(board, "k1", "a", "room-1", T0 + 2000).board;
    expect(availableByLanguage(board).get(ARABIC)).toBeUndefined();
    const { board: next, out } = endCall(board, "k1", T0 + 62_000);
    expect(next.calls[0]).toMatchObject({ status: "ended", answeredAt: T0 + 2000, endedAt: T0 + 62_000 });
    expect(to(out, { caller: "k1" })).toEqual([{ type: "ended" }]);
    expect(availableByLanguage(next).get(ARABIC)).toEqual(["Name a"]);
  });
});

describe("presence", () => {
  it("an interpreter who goes away or whose connection is lost stops ringing at once", () => {
    let board = boardWith(person("a", [ARABIC]), person("b", [ARABIC]));
    board = requestCall(board, call("k1")).board;
    const away = setPresence(board, person("a", [ARABIC], false));
    expect(away.board.calls[0]?.ringing).toEqual(["b"]);
    expect(to(away.out, { interpreter: "a" })).toEqual([
      { type: "presence", available: false },
      { type: "ringing", calls: [] },
    ]);
    const gone = setPresence(away.board, { id: "b", gone: true });
    expect(gone.board.calls[0]?.ringing).toEqual([]);
    expect(gone.board.interpreters.map((item) => item.id)).toEqual(["a"]);
  });

  it("lists who is available now per language for staff", () => {
    const board = boardWith(person("a", [ARABIC, SPANISH]), person("b", [SPANISH]), person("c", [ARABIC], false));
    expect(Object.fromEntries(availableByLanguage(board))).toEqual({ [ARABIC]: ["Name a"], [SPANISH]: ["Name a", "Name b"] });
  });
});
