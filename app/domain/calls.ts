// The sample incoming call of SPEC §2 (Dashboardcall), kept beside the live calls (app/domain/switchboard.ts): after
// INCOMING_CALL_DELAY_MS the screen shows this pending call, whose room is the sample one.
export const INCOMING_CALL_DELAY_MS = 2000; // SPEC §9

export type Call = { customer: string; language: string; type: "video" | "audio"; roomId: string };

export const SAMPLE_CALL: Call = { customer: "Sample Customer", language: "English", type: "video", roomId: "sample" };

/** The call rooms that exist: only the simulated call's. */
export function findCall(roomId: string): Call | null {
  return roomId === SAMPLE_CALL.roomId ? SAMPLE_CALL : null;
}
