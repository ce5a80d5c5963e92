// Live interpreting calls (issue 14, docs/decisions/0021). One object named "switchboard" keeps who is available and
// which calls ring whom (the rules are app/domain/switchboard.ts); one object per answered call ("room:<id>") relays
// the two browsers' WebRTC offers, answers and ICE candidates. Every socket is accepted with the hibernation API, so
// an idle object costs nothing; pages send "ping" every HEARTBEAT_MS (5 s), answered by the runtime without waking the
// object, and the alarm reads those answers' times to drop an interpreter silent for PRESENCE_TIMEOUT_MS (20 s).
import { DurableObject } from "cloudflare:workers";
import { createBackend } from "../app/backend/index.server";
import type { CallOutcome } from "../app/domain/call-log";
import {
  acceptCall,
  availableByLanguage,
  cancelCall,
  endCall,
  forget,
  HEARTBEAT_MS,
  PRESENCE_TIMEOUT_MS,
  requestCall,
  RING_TIMEOUT_MS,
  setPresence,
  unanswered,
  type Board,
  type LiveCall,
  type Outbound,
  type RoomParty,
} from "../app/domain/switchboard";
import { readConfig } from "../app/lib/config.server";
import { roomPath, roomToken } from "../app/lib/room-token.server";
import { switchboardOf } from "../app/lib/switchboard.server";
import { CALL_HEADER, fromHeader, PERSON_HEADER, ROOM_HEADER, SOCKET_HEADER, type CallRequest, type PersonOnBoard, type SocketKind } from "./call-protocol";
import { otherParty, relayInRoom, ROOM_IDLE_MS } from "./call-room";

type Attachment =
  | { kind: "interpreter"; person: PersonOnBoard; since: number }
  | { kind: "caller"; callId: string; since: number }
  | { kind: "room"; roomId: string; party: RoomParty; since: number };

const BOARD_KEY = "board";
const availableKey = (id: string) => `available:${id}`;
/** A room whose call has ended takes no new socket. */
const ENDED_KEY = "ended";
/** How long an unanswered caller's call stays on the board for their callback before it is logged as missed. */
const CALLBACK_WINDOW_MS = 10 * 60_000;

export class CallSwitchboard extends DurableObject<Env> {
  private board: Board = { interpreters: [], calls: [] };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(async () => {
      this.board = (await ctx.storage.get<Board>(BOARD_KEY)) ?? this.board;
    });
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response(null, { status: 426 });
    const kind = request.headers.get(SOCKET_HEADER) as SocketKind | null;
    const { 0: client, 1: server } = new WebSocketPair();
    const now = Date.now();
    if (kind === "interpreter") {
      const person = fromHeader<PersonOnBoard>(request.headers.get(PERSON_HEADER));
      this.ctx.acceptWebSocket(server, [`i:${person.id}`]);
      server.serializeAttachment({ kind: "interpreter", person, since: now } satisfies Attachment);
      const available = (await this.ctx.storage.get<boolean>(availableKey(person.id))) ?? false;
      await this.apply(setPresence(this.board, { ...person, available }));
    } else if (kind === "caller") {
      const call = fromHeader<CallRequest>(request.headers.get(CALL_HEADER));
      const callId = crypto.randomUUID();
      this.ctx.acceptWebSocket(server, [`c:${callId}`]);
      server.serializeAttachment({ kind: "caller", callId, since: now } satisfies Attachment);
      await this.apply(requestCall(this.board, { ...call, id: callId, requestedAt: now }));
    } else if (kind === "room") {
      if (await this.ctx.storage.get<boolean>(ENDED_KEY)) return new Response(null, { status: 410 });
      const { roomId, party } = fromHeader<{ roomId: string; party: RoomParty }>(request.headers.get(ROOM_HEADER));
      // A party who comes back (a reload, a new network) replaces their old socket.
      for (const old of this.ctx.getWebSockets(`r:${party}`)) old.close(4001, "replaced");
      this.ctx.acceptWebSocket(server, [`r:${party}`]);
      server.serializeAttachment({ kind: "room", roomId, party, since: now } satisfies Attachment);
      // The newcomer learns whether the other side is already here; the other side learns that they came.
      server.send(JSON.stringify({ type: "joined", peerPresent: this.ctx.getWebSockets(`r:${otherParty(party)}`).length > 0 }));
      relayInRoom(this.ctx, party, { type: "peer-joined" });
    } else {
      return new Response(null, { status: 404 });
    }
    await this.keepWatching();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment;
    const message = parse(raw);
    if (!message) return;
    const now = Date.now();
    if (attachment.kind === "interpreter") {
      const { person } = attachment;
      if (message.type === "availability" && typeof message.available === "boolean") {
        await this.ctx.storage.put(availableKey(person.id), message.available);
        await this.apply(setPresence(this.board, { ...person, available: message.available }));
      } else if (message.type === "accept" && typeof message.callId === "string") {
        // The room is named after the call: its id is random and each party also needs their own key to join.
        await this.apply(acceptCall(this.board, message.callId, person.id, message.callId, now));
      }
    } else if (attachment.kind === "caller") {
      if (message.type === "cancel") await this.apply(cancelCall(this.board, attachment.callId, now));
    } else if (message.type === "hangup") {
      await this.endRoom(attachment.roomId, attachment.party);
    } else if (["offer", "answer", "candidate"].includes(String(message.type))) {
      relayInRoom(this.ctx, attachment.party, message);
    }
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    await this.left(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws);
  }

  /** The alarm: silent interpreters leave, ringing calls time out, abandoned rooms and missed calls are closed. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as Attachment;
      const lastHeard = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? attachment.since;
      if (attachment.kind === "interpreter" && now - lastHeard > PRESENCE_TIMEOUT_MS) {
        ws.close(4000, "no heartbeat");
        await this.left(ws);
      }
    }
    const expired = this.board.calls.filter((call) => call.status === "missed" && now - (call.endedAt ?? now) >= CALLBACK_WINDOW_MS);
    for (const call of expired) await this.finish(call, "missed");
    if (expired.length > 0) await this.save();
    for (const call of [...this.board.calls]) {
      if (call.status === "ringing" && now - call.requestedAt >= RING_TIMEOUT_MS) await this.apply(unanswered(this.board, call.id, now));
    }
    const room = this.ctx.getWebSockets().map((ws) => ({ ws, attachment: ws.deserializeAttachment() as Attachment }));
    const [alone] = room;
    if (room.length === 1 && alone!.attachment.kind === "room") {
      const lastHeard = this.ctx.getWebSocketAutoResponseTimestamp(alone!.ws)?.getTime() ?? alone!.attachment.since;
      if (now - lastHeard > ROOM_IDLE_MS) await this.endRoom(alone!.attachment.roomId, otherParty(alone!.attachment.party));
    }
    await this.keepWatching();
  }

  // RPC from the worker and from the call rooms.

  /** Who is available now, per language id (names): the staff view. */
  async availability(): Promise<Record<number, string[]>> {
    return Object.fromEntries(availableByLanguage(this.board));
  }

  /** A call's room ended (a hang-up, or a party gone for good): the interpreter is free again and the call logged. */
  async callEnded(callId: string): Promise<void> {
    await this.apply(endCall(this.board, callId, Date.now()));
  }

  /** The unanswered caller left a callback (stored by the /Call action): the call is logged as such. */
  async callbackLeft(callId: string): Promise<boolean> {
    const call = this.board.calls.find((item) => item.id === callId && item.status === "missed");
    if (!call) return false;
    await this.finish(call, "callback");
    await this.save();
    return true;
  }

  // Inside.

  /** A hang-up by `by` (or their absence for good): both sides are told and closed, and the switchboard logs the call. */
  private async endRoom(roomId: string, by: RoomParty): Promise<void> {
    await this.ctx.storage.put(ENDED_KEY, true);
    relayInRoom(this.ctx, by, { type: "ended" });
    for (const socket of this.ctx.getWebSockets()) socket.close(1000, "ended");
    await switchboardOf(this.env).callEnded(roomId);
  }

  private async left(ws: WebSocket): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    if (!attachment) return;
    if (attachment.kind === "interpreter") {
      const stillOpen = this.ctx.getWebSockets(`i:${attachment.person.id}`).some((socket) => socket !== ws && socket.readyState === WebSocket.OPEN);
      if (!stillOpen) await this.apply(setPresence(this.board, { id: attachment.person.id, gone: true }));
    } else if (attachment.kind === "caller") {
      const call = this.board.calls.find((item) => item.id === attachment.callId);
      if (call?.status === "ringing") await this.apply(cancelCall(this.board, call.id, Date.now()));
    } else {
      relayInRoom(this.ctx, attachment.party, { type: "peer-left" });
    }
  }

  /** Applies a step of the rules: stores the board, tells everyone what changed for them, logs finished calls. */
  private async apply(step: { board: Board; out: Outbound[] }): Promise<void> {
    this.board = step.board;
    for (const item of step.out) await this.deliver(item);
    for (const call of [...this.board.calls]) {
      if (call.status === "ended" || call.status === "cancelled") await this.finish(call, call.status === "ended" ? "answered" : "cancelled");
    }
    await this.save();
  }

  private async save(): Promise<void> {
    await this.ctx.storage.put(BOARD_KEY, this.board);
  }

  private async deliver({ to, message }: Outbound): Promise<void> {
    const tag = "interpreter" in to ? `i:${to.interpreter}` : `c:${to.caller}`;
    let payload: Record<string, unknown> = message;
    if (message.type === "accepted" || message.type === "answered") {
      const party: RoomParty = message.type === "accepted" ? "interpreter" : "caller";
      const key = await roomToken(readConfig(this.env).SESSION_SECRET, message.roomId, party);
      payload = { ...message, url: roomPath(message.roomId, key) };
    }
    const text = JSON.stringify(payload);
    for (const socket of this.ctx.getWebSockets(tag)) {
      try {
        socket.send(text);
      } catch {
        // A socket closing at this moment: its close handler updates the board.
      }
    }
  }

  /** Writes a finished call to the log (once: the log ignores an id it has) and takes it off the board (saved by the caller). */
  private async finish(call: LiveCall, outcome: CallOutcome): Promise<void> {
    const backend = createBackend({ env: this.env, request: new Request("https://switchboard.internal/") });
    await backend.calls.record({
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
    });
    this.board = forget(this.board, [call.id]);
  }

  /** An alarm every heartbeat while anyone is connected or a call waits; none when the object is idle. */
  private async keepWatching(): Promise<void> {
    const busy = this.ctx.getWebSockets().length > 0 || this.board.calls.length > 0;
    if (busy && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
  }
}

function parse(raw: string | ArrayBuffer): Record<string, unknown> | null {
  if (typeof raw !== "string" || raw.length > 64 * 1024) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
