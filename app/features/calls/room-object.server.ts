// One answered call's room (issue 14; made total in issue 21): a Durable Object of its own class, named after the
// call, that relays the two browsers' WebRTC signalling (offers, answers, ICE candidates, an ICE restart's new offer)
// and decides when the call is over. Its state is in storage, so a restart or a deploy changes nothing:
// - who its parties are: the interpreter who accepted (by their account) and the caller (by the room's caller key);
// - when each party left (a close, or a silent socket): a party gone for ROOM_GRACE_MS ends the call at the moment
//   they left; both gone ends it at the last departure; a hang-up ends it at once;
// - whether the switchboard has been told: it is told until it has heard (the alarm tries again).
// One live connection per party: a second tab is told the call is open elsewhere and closed; the same tab coming
// back (a reload, a new network) replaces its old socket.
// A video appointment's room (issue 25) is the same room with the customer as its caller, opened by a Join
// (app/features/appointments/appointment-room.server.ts) rather than by the switchboard. Its parties come and go as
// they like within the appointment's window: nobody's absence and no hang-up ends it (a hang-up is that party
// leaving; they may join again), it ends when the window closes, and there is no switchboard to tell.
import { DurableObject } from "cloudflare:workers";
import { HEARTBEAT_MS, PRESENCE_TIMEOUT_MS, ROOM_GRACE_MS, ROOM_PARTIES, type RoomParty } from "~/domain/switchboard";
import { fromHeader, parseMessage, ROOM_HEADER } from "./protocol";

export const otherParty = (party: RoomParty): RoomParty => (party === "caller" ? "interpreter" : "caller");

type RoomRecord = {
  callId: string;
  interpreterId: string;
  /** The switchboard that answered the call, told when it ends; null for an appointment's room. */
  switchboardId: string | null;
  /** An appointment's room: which one, and when its window closes. Absent for a live call's. */
  appointment?: { id: number; closesAt: number };
  /** When each party left and has not come back; null while they are connected. A party not yet arrived counts from the answer. */
  awaySince: Record<RoomParty, number | null>;
  endedAt: number | null;
  /** Whether the switchboard has heard of the end (it frees the interpreter and logs the call). */
  reported: boolean;
};

type Attachment = { party: RoomParty; tab: string; since: number };

const ROOM_KEY = "room";
/** A party's other socket counts as live (a second tab) when it was heard from this recently. */
const LIVE_MS = 15_000;

export class CallRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  // RPC from the switchboard and the worker.

  /** The switchboard opens the room when the call is answered (again after a failed attempt: nothing changes then). */
  async open(call: { callId: string; interpreterId: string; answeredAt: number; switchboardId: string }): Promise<void> {
    if (await this.record()) return;
    const away = { caller: call.answeredAt, interpreter: call.answeredAt };
    await this.save({
      callId: call.callId,
      interpreterId: call.interpreterId,
      switchboardId: call.switchboardId,
      awaySince: away,
      endedAt: null,
      reported: false,
    });
    await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
  }

  /**
   * A Join of an appointment whose window is open (checked by the caller): the room is made, or brought up to date
   * with the appointment as it is now (its interpreter, a moved end), and opened again if a move put its end ahead.
   */
  async openForAppointment(appointment: { appointmentId: number; interpreterId: string; closesAt: number }): Promise<void> {
    const now = Date.now();
    const room = await this.record();
    // A live call's room is never turned into an appointment's (their names cannot meet; this is belt and braces).
    if (room && !room.appointment) return;
    const reopened = room?.endedAt != null && appointment.closesAt > now;
    await this.save({
      callId: `appointment-${appointment.appointmentId}`,
      interpreterId: appointment.interpreterId,
      switchboardId: null,
      appointment: { id: appointment.appointmentId, closesAt: appointment.closesAt },
      awaySince: room && !reopened ? room.awaySince : { caller: now, interpreter: now },
      endedAt: room && !reopened ? room.endedAt : null,
      reported: true,
    });
    await this.scheduleAppointmentAlarm(now);
  }

  /**
   * Who this request may be, as the room knows it: whether `userId` (when given) is its interpreter, whether the call is
   * over (a room nobody opened counts as over), and the appointment it belongs to, if any (the worker then checks the
   * appointment itself, as it stands now, through the backend).
   */
  async admission(userId: string | null): Promise<{ interpreter: boolean; ended: boolean; appointmentId: number | null }> {
    const room = await this.record();
    return {
      interpreter: room !== null && userId !== null && room.interpreterId === userId,
      ended: room === null || room.endedAt !== null || (room.appointment !== undefined && Date.now() >= room.appointment.closesAt),
      appointmentId: room?.appointment?.id ?? null,
    };
  }

  /**
   * A hang-up sent over HTTP (the page's socket was down), or the end staff caused (the interpreter removed). An
   * appointment's room does not end on one party's hang-up: they left, and their socket's close says so.
   */
  async end(at: number, tellSwitchboard = true): Promise<void> {
    const room = await this.record();
    if (!room || room.endedAt !== null || room.appointment) return;
    await this.finish(room, at, null, tellSwitchboard);
  }

  /** An appointment's room whose appointment, read now, says its window has closed (it may have been moved): it ends. */
  async closeAppointment(at: number): Promise<void> {
    const room = await this.record();
    if (room?.appointment && room.endedAt === null) await this.finish(room, at, null, false);
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response(null, { status: 426 });
    let room = await this.record();
    if (!room) return new Response(null, { status: 404 });
    if (room.appointment && room.endedAt === null && Date.now() >= room.appointment.closesAt) {
      await this.finish(room, room.appointment.closesAt, null, false);
      room = (await this.record())!;
    }
    const { party, tab } = fromHeader<{ party: RoomParty; tab: string }>(request.headers.get(ROOM_HEADER));
    const now = Date.now();
    const { 0: client, 1: server } = new WebSocketPair();
    if (room.endedAt !== null) return this.refuse(server, client, "ended");
    for (const old of this.ctx.getWebSockets(`r:${party}`)) {
      const attachment = old.deserializeAttachment() as Attachment;
      if (attachment.tab !== tab && now - this.lastHeard(old, attachment) < LIVE_MS) {
        // Another tab has this party's call: this one is told so, and neither the call nor that tab is disturbed.
        return this.refuse(server, client, "elsewhere");
      }
      old.close(4001, "replaced");
    }
    this.ctx.acceptWebSocket(server, [`r:${party}`]);
    server.serializeAttachment({ party, tab, since: now } satisfies Attachment);
    await this.save({ ...room, awaySince: { ...room.awaySince, [party]: null } });
    // The newcomer learns whether the other side is already here; the other side learns that they came.
    server.send(JSON.stringify({ type: "joined", peerPresent: this.socketsOf(otherParty(party)).length > 0 }));
    this.relay(party, { type: "peer-joined" });
    if (room.appointment) await this.scheduleAppointmentAlarm(now);
    else if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + HEARTBEAT_MS);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    const message = parseMessage(raw);
    if (!attachment || !message) return;
    if (message.type === "hangup") {
      const room = await this.record();
      // In an appointment's room a hang-up is this party leaving: the close that follows tells the other side.
      if (room && room.endedAt === null && !room.appointment) await this.finish(room, Date.now(), attachment.party, true);
    } else if (["offer", "answer", "candidate"].includes(String(message.type))) {
      this.relay(attachment.party, message);
    }
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    await this.left(ws, Date.now());
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws, Date.now());
  }

  /** Every heartbeat until the switchboard knows the call is over: silent sockets leave, and the grace rules apply. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    let room = await this.record();
    if (!room) return;
    if (room.appointment) return this.appointmentAlarm(room, now);
    if (room.endedAt === null) {
      for (const ws of this.ctx.getWebSockets()) {
        const attachment = ws.deserializeAttachment() as Attachment | null;
        if (!attachment) continue;
        const lastHeard = this.lastHeard(ws, attachment);
        // A connection gone without a close (a lost network): the party left when they were last heard from.
        if (now - lastHeard > PRESENCE_TIMEOUT_MS) {
          ws.close(4000, "no heartbeat");
          await this.left(ws, lastHeard);
        }
      }
      room = (await this.record())!;
      // Present by the record, with no socket: dropped by a restart or a deploy, which sends no close. They left no
      // later than now.
      const vanished = ROOM_PARTIES.filter((party) => room!.awaySince[party] === null && this.socketsOf(party).length === 0);
      if (vanished.length > 0) {
        room = { ...room, awaySince: { ...room.awaySince, ...Object.fromEntries(vanished.map((party) => [party, now])) } };
        await this.save(room);
      }
      const away = ROOM_PARTIES.map((party) => room!.awaySince[party]);
      const gone = away.filter((since): since is number => since !== null && now - since >= ROOM_GRACE_MS);
      // Both gone: the talk went on until the last of them left. One gone for good: it stopped when they left.
      if (gone.length === 2) await this.finish(room, Math.max(...gone), null, true);
      else if (gone.length === 1 && away.filter((since) => since === null).length === 1) await this.finish(room, gone[0]!, null, true);
    } else if (!room.reported) {
      await this.report(room);
    }
    room = await this.record();
    if (room && (room.endedAt === null || !room.reported)) await this.ctx.storage.setAlarm(now + HEARTBEAT_MS);
  }

  // Inside.

  /** An appointment's room: silent sockets leave (the other side is told), and the room ends when its window closes. */
  private async appointmentAlarm(room: RoomRecord, now: number): Promise<void> {
    if (room.endedAt !== null) return;
    if (now >= room.appointment!.closesAt) return this.finish(room, room.appointment!.closesAt, null, false);
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as Attachment | null;
      if (!attachment) continue;
      const lastHeard = this.lastHeard(ws, attachment);
      if (now - lastHeard > PRESENCE_TIMEOUT_MS) {
        ws.close(4000, "no heartbeat");
        await this.left(ws, lastHeard);
      }
    }
    await this.scheduleAppointmentAlarm(now);
  }

  /** A heartbeat while anyone is connected; otherwise nothing to watch until the window closes. */
  private async scheduleAppointmentAlarm(now: number): Promise<void> {
    const room = await this.record();
    if (!room?.appointment || room.endedAt !== null) return;
    const connected = this.ctx.getWebSockets().some((socket) => socket.readyState === WebSocket.OPEN);
    await this.ctx.storage.setAlarm(connected ? Math.min(now + HEARTBEAT_MS, room.appointment.closesAt) : room.appointment.closesAt);
  }

  /** A socket that only hears why it cannot join (the call is over, or open in another tab), then is closed. */
  private refuse(server: WebSocket, client: WebSocket, why: "ended" | "elsewhere"): Response {
    this.ctx.acceptWebSocket(server, ["refused"]);
    server.send(JSON.stringify({ type: why }));
    server.close(why === "ended" ? 1000 : 4009, why);
    return new Response(null, { status: 101, webSocket: client });
  }

  private async left(ws: WebSocket, at: number): Promise<void> {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    if (!attachment) return;
    const room = await this.record();
    if (!room || room.endedAt !== null) return;
    const stillHere = this.socketsOf(attachment.party).some((socket) => socket !== ws);
    if (stillHere) return;
    await this.save({ ...room, awaySince: { ...room.awaySince, [attachment.party]: room.awaySince[attachment.party] ?? at } });
    this.relay(attachment.party, { type: "peer-left" });
  }

  /** The call is over at `at`: both sides are told and closed, and the switchboard is told (again later if need be). */
  private async finish(room: RoomRecord, at: number, by: RoomParty | null, tellSwitchboard: boolean): Promise<void> {
    const ended = { ...room, endedAt: at, reported: !tellSwitchboard };
    await this.save(ended);
    const text = JSON.stringify({ type: "ended" });
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as Attachment | null;
      try {
        if (attachment && attachment.party !== by) socket.send(text);
        socket.close(1000, "ended");
      } catch {
        // Already closing.
      }
    }
    if (tellSwitchboard) await this.report(ended);
    if (!(await this.record())?.reported) await this.ctx.storage.setAlarm(Date.now() + HEARTBEAT_MS);
  }

  private async report(room: RoomRecord): Promise<void> {
    if (room.switchboardId === null) return;
    try {
      await this.env.CALLS.get(this.env.CALLS.idFromString(room.switchboardId)).callEnded(room.callId, room.endedAt!);
      await this.save({ ...room, reported: true });
    } catch (error) {
      console.error(`room ${room.callId}: the switchboard did not hear of the end yet; the alarm tells it again`, error);
    }
  }

  private relay(from: RoomParty, message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const socket of this.socketsOf(otherParty(from))) {
      try {
        socket.send(text);
      } catch {
        // Closing: the party's close handler says so to the other side.
      }
    }
  }

  private socketsOf(party: RoomParty): WebSocket[] {
    return this.ctx.getWebSockets(`r:${party}`).filter((socket) => socket.readyState === WebSocket.OPEN);
  }

  private lastHeard(ws: WebSocket, attachment: Attachment): number {
    return Math.max(this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0, attachment.since);
  }

  private record(): Promise<RoomRecord | null> {
    return this.ctx.storage.get<RoomRecord>(ROOM_KEY).then((room) => room ?? null);
  }

  private save(room: RoomRecord): Promise<void> {
    return this.ctx.storage.put(ROOM_KEY, room);
  }
}

/** The room of one answered call: an object of this class named after the call. */
export function roomOf(env: Env, roomId: string): DurableObjectStub<CallRoom> {
  return env.CALL_ROOMS.get(env.CALL_ROOMS.idFromName(roomId));
}
