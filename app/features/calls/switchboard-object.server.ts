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
import { SwitchboardBoard } from "./switchboard-board.server";
import {
  ACCESS_ENDED_CLOSE_CODE,
  acceptCall,
  availableByLanguage,
  cancelCall,
  endCall,
  languageRemoved,
  personRemoved,
  PRESENCE_TIMEOUT_MS,
  requestCall,
  RING_TIMEOUT_MS,
  setPresence,
  unanswered,
} from "~/domain/switchboard";
import { roomOf } from "./room-object.server";
import { parseMessage, type PersonOnBoard } from "./protocol";
import {
  attachmentOf,
  callerTag,
  emailTag,
  interpreterTag,
  onEndedSession,
  socketOpening,
  type Attachment,
  type EndedSessions,
} from "./switchboard-sockets.server";
import { callReadiness } from "./readiness.server";

/** How long an unanswered caller's call stays on the board for their callback before it is logged as missed. */
const CALLBACK_WINDOW_MS = 10 * 60_000;

export class CallSwitchboard extends SwitchboardBoard {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response(null, { status: 426 });
    const opening = socketOpening(request);
    const { 0: client, 1: server } = new WebSocketPair();
    const now = Date.now();
    if (opening?.kind === "interpreter") {
      const { person, signIn } = opening;
      this.ctx.acceptWebSocket(server, [interpreterTag(person.id), emailTag(signIn.email)]);
      server.serializeAttachment({ kind: "interpreter", person, signIn, since: now } satisfies Attachment);
      const available = await this.stored.wasAvailable(person.id);
      await this.apply(setPresence(this.board, { ...person, available }));
    } else if (opening?.kind === "caller") {
      const callId = crypto.randomUUID();
      this.ctx.acceptWebSocket(server, [callerTag(callId)]);
      server.serializeAttachment({ kind: "caller", callId, since: now } satisfies Attachment);
      await this.recheck(this.board.interpreters.filter((person) => person.available).map((person) => person.id));
      await this.apply(requestCall(this.board, { ...opening.call, id: callId, requestedAt: now }));
    } else {
      return new Response(null, { status: 404 });
    }
    await this.keepWatching();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const attachment = attachmentOf(ws);
    const message = parseMessage(raw);
    if (!message) return;
    if (attachment.kind === "interpreter") {
      const { person } = attachment;
      if (message.type === "availability" && typeof message.available === "boolean") {
        await this.stored.setAvailable(person.id, message.available);
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
      const attachment = attachmentOf(ws);
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
    await this.stored.drainLog(now);
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
    if (ringing && !this.connected(callerTag(callId))) await this.apply(unanswered(this.board, callId, Date.now()));
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
      for (const ws of this.ctx.getWebSockets(interpreterTag(personId))) ws.close(ACCESS_ENDED_CLOSE_CODE, "removed");
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
    const closing = this.ctx.getWebSockets(emailTag(email)).filter((ws) => onEndedSession(attachmentOf(ws), ended));
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
    for (const ws of this.ctx.getWebSockets(interpreterTag(person.id))) ws.serializeAttachment({ ...attachmentOf(ws), person });
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
      for (const ws of this.ctx.getWebSockets(interpreterTag(id))) {
        const attachment = attachmentOf(ws);
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
}
