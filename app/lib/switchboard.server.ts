// Where the live-call objects are (workers/call-switchboard.ts, docs/decisions/0021): the switchboard is one object;
// each call's room is another, named after the call.
import type { CallSwitchboard } from "../../workers/call-switchboard";

export const SWITCHBOARD_NAME = "switchboard";
export const roomObjectName = (roomId: string) => `room:${roomId}`;

export function switchboardOf(env: Env): DurableObjectStub<CallSwitchboard> {
  return env.CALLS.get(env.CALLS.idFromName(SWITCHBOARD_NAME));
}
