// Live interpreting calls (issue 14): who is available for which language, which calls ring whom, who gets a call,
// and what each step tells each party. Pure: the switchboard's Durable Object (app/features/calls/switchboard-object.server.ts) keeps the
// state, delivers the messages and runs the clock. One event at a time, so "the first to accept" is simply the first
// accept the object handles: the single winner needs no lock (docs/decisions/0021).

export const CALL_TYPES = ["video", "audio"] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** The two sides of an answered call, each with a key of their own to its room (app/features/calls/room-token.server.ts). */
export const ROOM_PARTIES = ["caller", "interpreter"] as const;
export type RoomParty = (typeof ROOM_PARTIES)[number];

/** A caller who waits this long unanswered is offered a callback (issue 14). */
export const RING_TIMEOUT_MS = 45_000;
/**
 * An interpreter whose connection has been silent this long (no heartbeat) is no longer available. With the
 * switchboard's alarm running every HEARTBEAT_MS, a lost connection is noticed at most 25 s after it was lost: within
 * the 30 s issue 14 allows, even when the close itself never reaches the object (a network that just went away).
 */
export const PRESENCE_TIMEOUT_MS = 20_000;
/**
 * A call's room ends when a party has been gone this long without coming back (a closed tab, a network that did not
 * return), at the moment they left; both gone, at the last departure (issue 21).
 */
export const ROOM_GRACE_MS = 30_000;
/** How often pages send their heartbeat, and how often the switchboard looks: four chances within PRESENCE_TIMEOUT_MS. */
export const HEARTBEAT_MS = 5_000;
/**
 * An incoming-call screen closed because its access ended: the person was removed or locked out, or the session it
 * was opened with ended (issue 22). The page does not reconnect: it loads itself again, and the guard sends a person
 * without a session to sign in.
 */
export const ACCESS_ENDED_CLOSE_CODE = 4003;

export type Interpreter = { id: string; name: string; languages: number[]; available: boolean };

export type CallStatus = "ringing" | "answered" | "ended" | "missed" | "cancelled";

export type LiveCall = {
  id: string;
  languageId: number;
  language: string;
  type: CallType;
  callerName: string;
  /** The customer the call is billed to (a staff member's call link named them); absent: nobody's. */
  customerId?: number;
  /** Interpreters it never rings: those the organisation it is billed to blocks (issue 27); absent: nobody. */
  excluded?: string[];
  status: CallStatus;
  /** Interpreters this call rings (or rang) on. */
  ringing: string[];
  interpreterId: string | null;
  /** Kept on the call: the interpreter leaves the board while they are in the room. */
  interpreterName: string | null;
  requestedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  roomId: string | null;
};

export type Board = { interpreters: Interpreter[]; calls: LiveCall[] };

/** What the switchboard says to whom. */
export type Outbound = { to: { interpreter: string }; message: InterpreterMessage } | { to: { caller: string }; message: CallerMessage };

export type RingingCall = Pick<LiveCall, "id" | "language" | "type" | "callerName" | "requestedAt">;
export type InterpreterMessage =
  | { type: "ringing"; calls: RingingCall[] }
  | { type: "accepted"; callId: string; roomId: string }
  | { type: "taken"; callId: string }
  | { type: "presence"; available: boolean };
export type CallerMessage =
  | { type: "waiting"; callId: string; interpreters: number }
  | { type: "answered"; roomId: string; interpreter: string }
  | { type: "unanswered" }
  | { type: "ended" };

/** The interpreters a call may ring: available, linked to its language, not in another call, not excluded from it. */
export function candidatesFor(board: Board, call: Pick<LiveCall, "languageId" | "excluded">): Interpreter[] {
  const busy = new Set(board.calls.filter((item) => item.status === "answered").map((item) => item.interpreterId));
  const excluded = new Set(call.excluded ?? []);
  return board.interpreters.filter(
    (person) => person.available && person.languages.includes(call.languageId) && !busy.has(person.id) && !excluded.has(person.id),
  );
}

/** The calls ringing on an interpreter now, oldest first: what their incoming-call screen lists. */
export function ringingFor(board: Board, interpreterId: string): RingingCall[] {
  return board.calls
    .filter((call) => call.status === "ringing" && call.ringing.includes(interpreterId))
    .map(({ id, language, type, callerName, requestedAt }) => ({ id, language, type, callerName, requestedAt }));
}

const ringingMessages = (board: Board, people: Iterable<string>): Outbound[] =>
  [...new Set(people)].map((interpreter) => ({ to: { interpreter }, message: { type: "ringing", calls: ringingFor(board, interpreter) } }));

type Step = { board: Board; out: Outbound[] };

const withCall = (board: Board, call: LiveCall): Board => ({ ...board, calls: board.calls.map((item) => (item.id === call.id ? call : item)) });

/** A caller asks: the call rings every candidate at once (none: the caller is told so, and may leave a callback). */
export function requestCall(
  board: Board,
  call: Omit<LiveCall, "status" | "ringing" | "interpreterId" | "interpreterName" | "answeredAt" | "endedAt" | "roomId">,
): Step {
  const ringing = candidatesFor(board, call).map((person) => person.id);
  const created: LiveCall = { ...call, status: "ringing", ringing, interpreterId: null, interpreterName: null, answeredAt: null, endedAt: null, roomId: null };
  const next = { ...board, calls: [...board.calls, created] };
  if (ringing.length === 0) return unanswered(next, created.id, call.requestedAt);
  return {
    board: next,
    out: [{ to: { caller: call.id }, message: { type: "waiting", callId: call.id, interpreters: ringing.length } }, ...ringingMessages(next, ringing)],
  };
}

/**
 * An interpreter accepts: the first accept of a ringing call wins it; any later one (in the same instant, too) is
 * told the call is taken. Every other interpreter it rang stops ringing.
 */
export function acceptCall(board: Board, callId: string, interpreterId: string, roomId: string, now: number): Step & { won: boolean } {
  const call = board.calls.find((item) => item.id === callId);
  if (!call || call.status !== "ringing" || !call.ringing.includes(interpreterId)) {
    return { board, out: [{ to: { interpreter: interpreterId }, message: { type: "taken", callId } }], won: false };
  }
  const person = board.interpreters.find((item) => item.id === interpreterId);
  const answered: LiveCall = { ...call, status: "answered", interpreterId, interpreterName: person?.name ?? null, answeredAt: now, roomId };
  const next = withCall(board, answered);
  // Everyone this interpreter's other calls rang keeps them; they stop ringing on the one who is now busy.
  const others = call.ringing.filter((id) => id !== interpreterId);
  const busyElsewhere = next.calls.filter((item) => item.status === "ringing" && item.ringing.includes(interpreterId)).map((item) => item.id);
  const freed = next.calls.map((item) => (busyElsewhere.includes(item.id) ? { ...item, ringing: item.ringing.filter((id) => id !== interpreterId) } : item));
  const settled = { ...next, calls: freed };
  return {
    board: settled,
    won: true,
    out: [
      { to: { interpreter: interpreterId }, message: { type: "accepted", callId, roomId } },
      { to: { caller: callId }, message: { type: "answered", roomId, interpreter: person?.name ?? "" } },
      ...others.map((interpreter): Outbound => ({ to: { interpreter }, message: { type: "taken", callId } })),
      ...ringingMessages(settled, [...others, interpreterId]),
    ],
  };
}

/** The caller gives up waiting: the call stops ringing everywhere. */
export function cancelCall(board: Board, callId: string, now: number): Step {
  const call = board.calls.find((item) => item.id === callId);
  if (!call || call.status !== "ringing") return { board, out: [] };
  const next = withCall(board, { ...call, status: "cancelled", endedAt: now });
  return { board: next, out: ringingMessages(next, call.ringing) };
}

/** Nobody answered in time (or nobody could): the caller is offered a callback. */
export function unanswered(board: Board, callId: string, now: number): Step {
  const call = board.calls.find((item) => item.id === callId);
  if (!call || call.status !== "ringing") return { board, out: [] };
  const next = withCall(board, { ...call, status: "missed", endedAt: now });
  return { board: next, out: [{ to: { caller: callId }, message: { type: "unanswered" } }, ...ringingMessages(next, call.ringing)] };
}

/**
 * Either party hangs up, or the room ends without them (both gone, or one gone for good): the call ends at `at` (the
 * room says when the talking stopped), the interpreter is free again.
 */
export function endCall(board: Board, callId: string, at: number): Step {
  const call = board.calls.find((item) => item.id === callId);
  if (!call || call.status !== "answered") return { board, out: [] };
  const endedAt = Math.max(at, call.answeredAt ?? at);
  return { board: withCall(board, { ...call, status: "ended", endedAt }), out: [{ to: { caller: callId }, message: { type: "ended" } }] };
}

/**
 * An interpreter's connection, or their choice of Available or Away: what rings them changes at once. A person who
 * leaves or steps away stops ringing; one who arrives, comes back (a reconnect after a restart or a lost network) or
 * chooses Available rings at once for the calls of their languages that are still waiting, so a caller who was ringing
 * on them before a dropped connection is still ringing on them after it. A person whose languages changed stops
 * ringing for the ones they no longer have.
 */
export function setPresence(board: Board, person: Interpreter | { id: string; gone: true }): Step {
  const rest = board.interpreters.filter((item) => item.id !== person.id);
  const present = "gone" in person ? null : person;
  const interpreters = present ? [...rest, present] : rest;
  const busy = board.calls.some((call) => call.status === "answered" && call.interpreterId === person.id);
  const calls = board.calls.map((call) => {
    if (call.status !== "ringing") return call;
    const rings = present !== null && present.available && !busy && present.languages.includes(call.languageId) && !(call.excluded ?? []).includes(present.id);
    const listed = call.ringing.includes(person.id);
    if (rings && !listed) return { ...call, ringing: [...call.ringing, person.id] };
    if (!rings && listed) return { ...call, ringing: call.ringing.filter((id) => id !== person.id) };
    return call;
  });
  const next = { interpreters, calls };
  const out: Outbound[] = present
    ? [{ to: { interpreter: person.id }, message: { type: "presence", available: present.available } }, ...ringingMessages(next, [person.id])]
    : [];
  return { board: next, out };
}

/**
 * A person removed or locked out by staff: off the board at once, their ringing stops, and a call they are in ends
 * now (it is logged, and the caller is told).
 */
export function personRemoved(board: Board, personId: string, now: number): Step {
  const gone = setPresence(board, { id: personId, gone: true });
  const theirs = gone.board.calls.filter((call) => call.status === "answered" && call.interpreterId === personId);
  return theirs.reduce<Step>((step, call) => {
    const ended = endCall(step.board, call.id, now);
    return { board: ended.board, out: [...step.out, ...ended.out] };
  }, gone);
}

/**
 * A language deleted by staff: nobody is linked to it any more, so its waiting callers are offered a callback now
 * (instead of ringing on for nobody); a call in that language already answered goes on and is logged under the
 * language's name, which the call keeps.
 */
export function languageRemoved(board: Board, languageId: number, now: number): Step {
  const interpreters = board.interpreters.map((person) => ({ ...person, languages: person.languages.filter((id) => id !== languageId) }));
  const waiting = board.calls.filter((call) => call.status === "ringing" && call.languageId === languageId);
  return waiting.reduce<Step>(
    (step, call) => {
      const missed = unanswered(step.board, call.id, now);
      return { board: missed.board, out: [...step.out, ...missed.out] };
    },
    { board: { ...board, interpreters }, out: [] },
  );
}

/** Calls that no longer need a place on the board: finished ones, once logged. */
export function forget(board: Board, callIds: string[]): Board {
  return { ...board, calls: board.calls.filter((call) => !callIds.includes(call.id)) };
}

/** Who is available now, per language id: what staff see. */
export function availableByLanguage(board: Board): Map<number, string[]> {
  const busy = new Set(board.calls.filter((call) => call.status === "answered").map((call) => call.interpreterId));
  const byLanguage = new Map<number, string[]>();
  for (const person of board.interpreters) {
    if (!person.available || busy.has(person.id)) continue;
    for (const language of person.languages) byLanguage.set(language, [...(byLanguage.get(language) ?? []), person.name]);
  }
  return byLanguage;
}
