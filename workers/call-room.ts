// A call room's signalling (the "room:<id>" objects of workers/call-switchboard.ts): whatever one party sends (an
// offer, an answer, ICE candidates, an ICE restart's new offer) goes to the other party's socket, untouched.
import type { RoomParty } from "../app/domain/switchboard";

/** A room with one party left for this long (their network did not come back) ends the call. */
export const ROOM_IDLE_MS = 30_000;

export const otherParty = (party: RoomParty): RoomParty => (party === "caller" ? "interpreter" : "caller");

/** Sends `message` from `from` to the other party, if they are connected. */
export function relayInRoom(ctx: DurableObjectState, from: RoomParty, message: Record<string, unknown>): void {
  const text = JSON.stringify(message);
  for (const socket of ctx.getWebSockets(`r:${otherParty(from)}`)) {
    try {
      socket.send(text);
    } catch {
      // Closing: the party's close handler says so to the other side.
    }
  }
}
