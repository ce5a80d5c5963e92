// The switchboard's board and what keeps it whole (docs/decisions/0021, 0022): every step of the rules is stored with
// the log lines of the calls it finished before anyone is told; the board is reconciled with the sockets that exist;
// rooms that could not be opened and log lines that could not be written wait in storage for the alarm.
// CallSwitchboard (switchboard-object.server.ts) adds the sockets' events, the alarm and the calls from outside.
import { DurableObject } from "cloudflare:workers";
import type { CallOutcome } from "~/domain/call-log";
import { cancelCall, HEARTBEAT_MS, setPresence, unanswered, type Board, type LiveCall, type Outbound } from "~/domain/switchboard";
import { roomOf } from "./room-object.server";
import { SwitchboardStorage } from "./switchboard-storage.server";
import { callerTag, interpreterTag, outboundText, recipientTag, type Attachment } from "./switchboard-sockets.server";

export abstract class SwitchboardBoard extends DurableObject<Env> {
  protected board: Board = { interpreters: [], calls: [] };
  protected readonly stored: SwitchboardStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.stored = new SwitchboardStorage(ctx.storage, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    void ctx.blockConcurrencyWhile(async () => {
      this.board = (await this.stored.board()) ?? this.board;
      // Woken from hibernation, the sockets are all still here; started again after a restart or a deploy, none are.
      await this.reconcile(Date.now());
    });
  }

  protected async left(ws: WebSocket): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    if (!attachment) return;
    if (attachment.kind === "interpreter") {
      const stillOpen = this.ctx.getWebSockets(interpreterTag(attachment.person.id)).some((socket) => socket !== ws && socket.readyState === WebSocket.OPEN);
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
  protected async reconcile(now: number): Promise<void> {
    for (const person of [...this.board.interpreters]) {
      if (!this.connected(interpreterTag(person.id))) await this.apply(setPresence(this.board, { id: person.id, gone: true }));
    }
    for (const call of [...this.board.calls]) {
      if (call.status === "ringing" && !this.connected(callerTag(call.id))) await this.apply(unanswered(this.board, call.id, now));
    }
  }

  protected connected(tag: string): boolean {
    return this.ctx.getWebSockets(tag).some((socket) => socket.readyState === WebSocket.OPEN);
  }

  /**
   * Applies a step of the rules. The next board and the log lines of the calls it finished are written in one put
   * (atomic) before anyone is told: a crash or a failing log write can lose neither, and never blocks the board.
   */
  protected async apply(step: { board: Board; out: Outbound[] }, beforeTelling?: () => Promise<void>): Promise<void> {
    const finished = step.board.calls.filter((call) => call.status === "ended" || call.status === "cancelled");
    await this.store(step.board, finished, (call) => (call.status === "ended" ? "answered" : "cancelled"));
    await beforeTelling?.();
    for (const item of step.out) await this.deliver(item);
    if (finished.length > 0) await this.stored.drainLog(Date.now());
  }

  /** Takes calls off the board as `outcome` (a missed call's window is over, or its caller left a callback). */
  protected async finishAs(calls: LiveCall[], outcome: CallOutcome): Promise<void> {
    await this.store(this.board, calls, () => outcome);
    await this.stored.drainLog(Date.now());
  }

  protected async store(board: Board, finished: LiveCall[], outcomeOf: (call: LiveCall) => CallOutcome): Promise<void> {
    this.board = await this.stored.store(board, finished, outcomeOf);
  }

  /**
   * The room of an answered call learns its parties before either is sent there. Answers whether it did; if not, the
   * call waits on the list of unopened rooms for the alarm.
   */
  protected async openRoom(call: LiveCall): Promise<boolean> {
    try {
      const opening = { callId: call.id, interpreterId: call.interpreterId!, answeredAt: call.answeredAt ?? Date.now(), switchboardId: this.ctx.id.toString() };
      await roomOf(this.env, call.roomId ?? call.id).open(opening);
      return true;
    } catch (error) {
      console.error(`call ${call.id}: its room could not be opened yet`, error);
      await this.stored.markUnopened(call.id);
      return false;
    }
  }

  /**
   * Opens the waiting rooms one at a time, each taken off the list only once its room is open (opening is idempotent):
   * a restart at any point, even while a room is being opened, leaves every room not yet open on the list.
   */
  protected async retryRooms(): Promise<void> {
    for (const callId of await this.stored.unopened()) {
      const call = this.board.calls.find((item) => item.id === callId && item.status === "answered");
      const done = call ? await this.openRoom(call) : true;
      if (done) await this.stored.clearUnopened(callId);
    }
  }

  protected async deliver(item: Outbound): Promise<void> {
    const text = await outboundText(item, this.env);
    for (const socket of this.ctx.getWebSockets(recipientTag(item))) {
      try {
        socket.send(text);
      } catch {
        // A socket closing at this moment: its close handler updates the board.
      }
    }
  }

  /** An alarm every heartbeat while anyone is connected, a call is on the board or a log line waits; none when idle. */
  protected async keepWatching(): Promise<void> {
    const busy = this.ctx.getWebSockets().length > 0 || this.board.calls.length > 0 || (await this.stored.hasWork());
    if (busy && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
  }
}
