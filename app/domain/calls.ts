// The simulated incoming call of SPEC §2 (Dashboardcall): no real call handling exists yet.
export const INCOMING_CALL_DELAY_MS = 2000; // SPEC §9

export type Call = { customer: string; language: string; type: "video" | "audio"; roomId: string };

export const SAMPLE_CALL: Call = { customer: "Sample Customer", language: "English", type: "video", roomId: "sample" };

/** The call rooms that exist: only the simulated call's. */
export function findCall(roomId: string): Call | null {
  return roomId === SAMPLE_CALL.roomId ? SAMPLE_CALL : null;
}
