// Who on the board may still take calls (issue 22): asked of the backend when a call rings and when one is accepted,
// so that a lock, a deletion, a sign-out or an unlinked language the switchboard was not told about (its RPC is best
// effort) still stops the ringing. The staff actions and the sign-out routes tell the switchboard at once as well.
import { createServiceBackend } from "~/backend/index.server";
import type { CallReadiness } from "~/backend/port.server";

/**
 * Each person's live sessions and linked languages, by id; a person missing from the map may not take calls. Null
 * when the backend could not answer: the board then rings as it stands (a database hiccup must not stop every call).
 */
export async function callReadiness(env: Env, personIds: string[]): Promise<Map<string, CallReadiness> | null> {
  if (personIds.length === 0) return new Map();
  try {
    // The Durable Object has no visitor's request; readiness is read with the backend's own rights.
    const backend = createServiceBackend(env);
    return new Map((await backend.links.callReadiness(personIds)).map((person) => [person.id, person]));
  } catch (error) {
    console.error("the switchboard could not check who may take calls; the board rings as it stands", error);
    return null;
  }
}
