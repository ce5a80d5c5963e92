// Live interpreting calls (issue 14, docs/decisions/0021): the one object named "switchboard" keeps who is available
// and which calls ring whom (the rules are app/domain/switchboard.ts); each answered call's room is an object of its
// own class (app/features/calls/room-object.server.ts). Every socket is accepted with the hibernation API, so an idle object costs
// nothing; pages send "ping" every HEARTBEAT_MS (5 s), answered by the runtime without waking the object, and the alarm
// reads those answers' times to drop an interpreter silent for PRESENCE_TIMEOUT_MS (20 s).
//
// Nothing gets stuck (issue 21): the board and the finished calls waiting for the log are written together, before
// anyone is told anything, so a log write that fails (a database hiccup) never stops the board — the alarm retries it
// from storage. The alarm also reconciles the stored board with the sockets that really exist (after a restart no
// close event arrives), and re-opens a room that could not be opened when its call was answered.
import { DurableObject } from "cloudflare:workers";
import type { CallLogEntry, CallOutcome } from "~/domain/call-log";
import {
  ACCESS_ENDED_CLOSE_CODE,
  acceptCall,
  availableByLanguage,
  cancelCall,
  endCall,
  forget,
  HEARTBEAT_MS,
  languageRemoved,
  personRemoved,
  PRESENCE_TIMEOUT_MS,
  requestCall,
  RING_TIMEOUT_MS,
  setPresence,
  unanswered,
  type Board,
  type LiveCall,
  type Outbound,
} from "~/domain/switchboard";
import { readConfig } from "~/platform/core/config.server";
import { livePath, roomToken } from "./room-token.server";
import { roomOf } from "./room-object.server";
import {
  CALL_HEADER,
  fromHeader,
  parseMessage,
  PERSON_HEADER,
  SIGN_IN_HEADER,
  SOCKET_HEADER,
  type CallRequest,
  type PersonOnBoard,
  type SocketKind,
  type SocketSignIn,
} from "./protocol";
import { drainCallLog } from "./call-log-outbox.server";
import { callReadiness } from "./readiness.server";

type Attachment = { kind: "interpreter"; person: PersonOnBoard; signIn: SocketSignIn; since: number } | { kind: "caller"; callId: string; since: number };

/** Which of an account's sessions ended: one (signed out), all but the one that stays (the others signed out), or all. */
export type EndedSessions = { only: string } | { allBut: string | null } | "all";

const BOARD_KEY = "board";
const availableKey = (id: string) => `available:${id}`;
/** A finished call waiting for its line in the call log (written with the board that forgot it). */
const LOG_PREFIX = "log:";
/** An answered call whose room could not be opened yet (the alarm tries again). */
const UNOPENED_PREFIX = "unopened:";
/** How long an unanswered caller's call stays on the board for their callback before it is logged as missed. */
const CALLBACK_WINDOW_MS = 10 * 60_000;

export class CallSwitchboard extends DurableObject<Env> {
  private board: Board = { interpreters: [], calls: [] };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(async () => {
      this.board = (await ctx.storage.get<Board>(BOARD_KEY)) ?? this.board;
      // Woken from hibernation, the sockets are all still here; started again after a restart or a deploy, none are.
      await this.reconcile(Date.now());
    });
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response(null, { status: 426 });
    const kind = request.headers.get(SOCKET_HEADER) as SocketKind | null;
    const { 0: client, 1: server } = new WebSocketPair();
    const now = Date.now();
    if (kind === "interpreter") {
      const person = fromHeader<PersonOnBoard>(request.headers.get(PERSON_HEADER));
      const signIn = fromHeader<SocketSignIn>(request.headers.get(SIGN_IN_HEADER));
      this.ctx.acceptWebSocket(server, [`i:${person.id}`, emailTag(signIn.email)]);
      server.serializeAttachment({ kind: "interpreter", person, signIn, since: now } satisfies Attachment);
      const available = (await this.ctx.storage.get<boolean>(availableKey(person.id))) ?? false;
      await this.apply(setPresence(this.board, { ...person, available }));
    } else if (kind === "caller") {
      const call = fromHeader<CallRequest>(request.headers.get(CALL_HEADER));
      const callId = crypto.randomUUID();
      this.ctx.acceptWebSocket(server, [`c:${callId}`]);
      server.serializeAttachment({ kind: "caller", callId, since: now } satisfies Attachment);
      await this.recheck(this.board.interpreters.filter((person) => person.available).map((person) => person.id));
      await this.apply(requestCall(this.board, { ...call, id: callId, requestedAt: now }));
    } else {
      return new Response(null, { status: 404 });
    }
    await this.keepWatching();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment;
    const message = parseMessage(raw);
    if (!message) return;
    if (attachment.kind === "interpreter") {
      const { person } = attachment;
      if (message.type === "availability" && typeof message.available === "boolean") {
        await this.ctx.storage.put(availableKey(person.id), message.available);
        await this.apply(setPresence(this.board, { ...person, available: message.available }));
      } else if (message.type === "accept" && typeof message.callId === "string") {
        // Still signed in with this screen's session, and still linked to the call's language?
        await this.recheck([person.id]);
        if (ws.readyState !== WebSocket.OPEN) return;
        // The room is named after the call: its id is random, and only its two parties get in (app/features/calls/room-object.server.ts).
        // The board is settled before anything is awaited (the first accept wins), and the room learns its parties
        // before either is sent there.
        const step = acceptCall(this.board, message.callId, person.id, message.callId, Date.now());
        await this.apply(step, async () => {
          const call = this.board.calls.find((item) => item.id === message.callId);
          if (step.won && call) await this.openRoom(call);
        });
      }
    } else if (message.type === "cancel") {
      await this.apply(cancelCall(this.board, attachment.callId, Date.now()));
    }
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    await this.left(ws);
    await this.keepWatching();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws);
    await this.keepWatching();
  }

  /**
   * Every heartbeat while anything is going on: silent interpreters leave; the board is reconciled with the sockets
   * that exist; ringing calls time out; missed calls whose callback window is over are logged; rooms that could not be
   * opened and log lines that could not be written are tried again.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as Attachment;
      const lastHeard = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? attachment.since;
      if (attachment.kind === "interpreter" && now - Math.max(lastHeard, attachment.since) > PRESENCE_TIMEOUT_MS) {
        ws.close(4000, "no heartbeat");
        await this.left(ws);
      }
    }
    await this.reconcile(now);
    for (const call of [...this.board.calls]) {
      if (call.status === "ringing" && now - call.requestedAt >= RING_TIMEOUT_MS) await this.apply(unanswered(this.board, call.id, now));
    }
    const expired = this.board.calls.filter((call) => call.status === "missed" && now - (call.endedAt ?? now) >= CALLBACK_WINDOW_MS);
    if (expired.length > 0) await this.finishAs(expired, "missed");
    await this.retryRooms();
    await drainCallLog(this.ctx.storage, LOG_PREFIX, this.env, now);
    await this.keepWatching();
  }

  // RPC from the worker, the dashboard's actions and the call rooms.

  /** Who is available now, per language id (names): the staff view. */
  availability(): Record<number, string[]> {
    return Object.fromEntries(availableByLanguage(this.board));
  }

  /** A call's room ended at `endedAt` (a hang-up, or the parties gone): the interpreter is free and the call logged. */
  async callEnded(callId: string, endedAt: number = Date.now()): Promise<void> {
    await this.apply(endCall(this.board, callId, endedAt));
    await this.keepWatching();
  }

  /** The unanswered caller left a callback (stored by the /Call action): the call is logged as such. */
  async callbackLeft(callId: string): Promise<boolean> {
    // A caller whose line dropped while ringing (a restart) may leave it before the alarm has seen that they are gone.
    const ringing = this.board.calls.find((item) => item.id === callId && item.status === "ringing");
    if (ringing && !this.connected(`c:${callId}`)) await this.apply(unanswered(this.board, callId, Date.now()));
    const call = this.board.calls.find((item) => item.id === callId && item.status === "missed");
    if (!call) return false;
    await this.finishAs([call], "callback");
    return true;
  }

  /**
   * Staff changed a person: removed or locked out (null) — off the board, their sockets closed, their call ended and
   * logged — or their languages changed, which is what rings them from now on.
   */
  async personChanged(personId: string, person: PersonOnBoard | null): Promise<void> {
    if (person === null) {
      const theirCalls = this.board.calls.filter((call) => call.status === "answered" && call.interpreterId === personId);
      await this.apply(personRemoved(this.board, personId, Date.now()));
      for (const ws of this.ctx.getWebSockets(`i:${personId}`)) ws.close(ACCESS_ENDED_CLOSE_CODE, "removed");
      for (const call of theirCalls) await roomOf(this.env, call.roomId ?? call.id).end(Date.now(), false);
    } else {
      await this.relink(person);
    }
    await this.keepWatching();
  }

  /**
   * Sessions of the account with this email ended (a sign-out, "sign out everywhere else", a password change or reset):
   * the incoming-call screens riding on them close (ACCESS_ENDED_CLOSE_CODE), and an interpreter left with none is off the
   * board. A call already answered goes on in its room.
   */
  async sessionsEnded(email: string, ended: EndedSessions): Promise<number> {
    const closing = this.ctx.getWebSockets(emailTag(email)).filter((ws) => {
      const attachment = ws.deserializeAttachment() as Attachment;
      if (attachment.kind !== "interpreter") return false;
      const session = attachment.signIn?.session ?? null; // (a socket from before sessions were recorded has none)
      return ended === "all" || ("only" in ended ? session === ended.only : session !== ended.allBut);
    });
    for (const ws of closing) {
      ws.close(ACCESS_ENDED_CLOSE_CODE, "signed out");
      await this.left(ws);
    }
    await this.keepWatching();
    return closing.length;
  }

  /** Staff deleted a language: nobody rings for it any more, and its waiting callers are offered a callback. */
  async languageDeleted(languageId: number): Promise<void> {
    await this.apply(languageRemoved(this.board, languageId, Date.now()));
    await this.keepWatching();
  }

  // Inside.

  /** A person's languages as they are now: what rings them from here on. */
  private async relink(person: PersonOnBoard): Promise<void> {
    for (const ws of this.ctx.getWebSockets(`i:${person.id}`)) ws.serializeAttachment({ ...(ws.deserializeAttachment() as Attachment), person });
    const onBoard = this.board.interpreters.find((item) => item.id === person.id);
    if (onBoard) await this.apply(setPresence(this.board, { ...person, available: onBoard.available }));
  }

  /**
   * Asks the backend whether these people may still take calls (app/features/calls/readiness.server.ts): a screen whose session has
   * ended (signed out, locked, deleted) closes, and a changed set of languages applies before anything rings.
   */
  private async recheck(personIds: string[]): Promise<void> {
    const readiness = await callReadiness(this.env, personIds);
    if (!readiness) return;
    for (const id of personIds) {
      const ready = readiness.get(id);
      for (const ws of this.ctx.getWebSockets(`i:${id}`)) {
        const attachment = ws.deserializeAttachment() as Attachment;
        if (attachment.kind !== "interpreter" || ready?.sessions.includes(attachment.signIn?.session ?? "")) continue;
        ws.close(ACCESS_ENDED_CLOSE_CODE, "signed out");
        await this.left(ws);
      }
      const onBoard = this.board.interpreters.find((item) => item.id === id);
      const languages = ready ? [...ready.languages].sort((a, b) => a - b) : [];
      if (ready && onBoard && languages.join() !== [...onBoard.languages].sort((a, b) => a - b).join()) {
        await this.relink({ id, name: onBoard.name, languages });
      }
    }
  }

  private async left(ws: WebSocket): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    if (!attachment) return;
    if (attachment.kind === "interpreter") {
      const stillOpen = this.ctx.getWebSockets(`i:${attachment.person.id}`).some((socket) => socket !== ws && socket.readyState === WebSocket.OPEN);
      if (!stillOpen) await this.apply(setPresence(this.board, { id: attachment.person.id, gone: true }));
    } else {
      const call = this.board.calls.find((item) => item.id === attachment.callId);
      if (call?.status === "ringing") await this.apply(cancelCall(this.board, call.id, Date.now()));
    }
  }

  /**
   * The stored board against the sockets that exist: after a restart or a deploy (every socket dropped, no close
   * event), an interpreter with no connection is not available, and a ringing call whose caller is gone is unanswered
   * (kept for the callback the caller's page offers when its socket drops).
   */
  private async reconcile(now: number): Promise<void> {
    for (const person of [...this.board.interpreters]) {
      if (!this.connected(`i:${person.id}`)) await this.apply(setPresence(this.board, { id: person.id, gone: true }));
    }
    for (const call of [...this.board.calls]) {
      if (call.status === "ringing" && !this.connected(`c:${call.id}`)) await this.apply(unanswered(this.board, call.id, now));
    }
  }

  private connected(tag: string): boolean {
    return this.ctx.getWebSockets(tag).some((socket) => socket.readyState === WebSocket.OPEN);
  }

  /**
   * Applies a step of the rules. The next board and the log lines of the calls it finished are written in one put
   * (atomic) before anyone is told: a crash or a failing log write can lose neither, and never blocks the board.
   */
  private async apply(step: { board: Board; out: Outbound[] }, beforeTelling?: () => Promise<void>): Promise<void> {
    const finished = step.board.calls.filter((call) => call.status === "ended" || call.status === "cancelled");
    await this.store(step.board, finished, (call) => (call.status === "ended" ? "answered" : "cancelled"));
    await beforeTelling?.();
    for (const item of step.out) await this.deliver(item);
    if (finished.length > 0) await drainCallLog(this.ctx.storage, LOG_PREFIX, this.env, Date.now());
  }

  /** Takes calls off the board as `outcome` (a missed call's window is over, or its caller left a callback). */
  private async finishAs(calls: LiveCall[], outcome: CallOutcome): Promise<void> {
    await this.store(this.board, calls, () => outcome);
    await drainCallLog(this.ctx.storage, LOG_PREFIX, this.env, Date.now());
  }

  private async store(board: Board, finished: LiveCall[], outcomeOf: (call: LiveCall) => CallOutcome): Promise<void> {
    this.board = forget(
      board,
      finished.map((call) => call.id),
    );
    const lines = Object.fromEntries(finished.map((call) => [`${LOG_PREFIX}${call.id}`, logLine(call, outcomeOf(call))]));
    await this.ctx.storage.put({ [BOARD_KEY]: this.board, ...lines });
  }

  /** The room of an answered call learns its parties before either is sent there. */
  private async openRoom(call: LiveCall): Promise<void> {
    try {
      const opening = { callId: call.id, interpreterId: call.interpreterId!, answeredAt: call.answeredAt ?? Date.now(), switchboardId: this.ctx.id.toString() };
      await roomOf(this.env, call.roomId ?? call.id).open(opening);
    } catch (error) {
      console.error(`call ${call.id}: its room could not be opened yet`, error);
      await this.ctx.storage.put(`${UNOPENED_PREFIX}${call.id}`, true);
    }
  }

  private async retryRooms(): Promise<void> {
    const unopened = await this.ctx.storage.list({ prefix: UNOPENED_PREFIX });
    for (const key of unopened.keys()) {
      const call = this.board.calls.find((item) => item.id === key.slice(UNOPENED_PREFIX.length) && item.status === "answered");
      await this.ctx.storage.delete(key);
      if (call) await this.openRoom(call);
    }
  }

  private async deliver({ to, message }: Outbound): Promise<void> {
    const tag = "interpreter" in to ? `i:${to.interpreter}` : `c:${to.caller}`;
    let payload: Record<string, unknown> = message;
    // The interpreter's room opens with their own session; the caller's with a key of the room's, which their page
    // hands to the worker in a form post (never in an address) in exchange for a cookie scoped to the room.
    if (message.type === "accepted") payload = { ...message, url: livePath(message.roomId) };
    if (message.type === "answered")
      payload = { ...message, url: livePath(message.roomId), key: await roomToken(readConfig(this.env).SESSION_SECRET, message.roomId, "caller") };
    const text = JSON.stringify(payload);
    for (const socket of this.ctx.getWebSockets(tag)) {
      try {
        socket.send(text);
      } catch {
        // A socket closing at this moment: its close handler updates the board.
      }
    }
  }

  /** An alarm every heartbeat while anyone is connected, a call is on the board or a log line waits; none when idle. */
  private async keepWatching(): Promise<void> {
    const waiting =
      (await this.ctx.storage.list({ prefix: LOG_PREFIX, limit: 1 })).size > 0 || (await this.ctx.storage.list({ prefix: UNOPENED_PREFIX, limit: 1 })).size > 0;
    const busy = this.ctx.getWebSockets().length > 0 || this.board.calls.length > 0 || waiting;
    if (busy && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
  }
}

/** Sockets are tagged by the account's email too: a password reset names the account by its email only. */
const emailTag = (email: string) => `e:${email.toLowerCase()}`;

function logLine(call: LiveCall, outcome: CallOutcome): CallLogEntry {
  return {
    id: call.id,
    languageId: call.languageId,
    language: call.language,
    type: call.type,
    callerName: call.callerName,
    interpreterId: call.interpreterId,
    interpreterName: call.interpreterName,
    outcome,
    requestedAt: call.requestedAt,
    answeredAt: call.answeredAt,
    endedAt: call.endedAt ?? Date.now(),
  };
}
