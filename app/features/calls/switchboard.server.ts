// Where the live-call objects are (docs/decisions/0021): the switchboard is one object of its class
// (app/features/calls/switchboard-object.server.ts); each answered call's room is an object of another class (app/features/calls/room-object.server.ts),
// named after the call.
import type { Backend } from "~/backend/port.server";
import type { CallSwitchboard } from "./switchboard-object.server";
import type { EndedSessions } from "./switchboard-sockets.server";
import type { PersonOnBoard } from "./protocol";

export const SWITCHBOARD_NAME = "switchboard";

export function switchboardOf(env: Env): DurableObjectStub<CallSwitchboard> {
  return env.CALLS.get(env.CALLS.idFromName(SWITCHBOARD_NAME));
}

/**
 * Tells the switchboard what staff just changed about a person (removed or locked: null; else their languages now).
 * The change itself is already stored: a switchboard that cannot be told now learns it when the person next connects
 * (the worker reads them afresh), so this never fails the staff member's action.
 */
export async function tellSwitchboardAboutPerson(env: Env, personId: string, person: PersonOnBoard | null): Promise<void> {
  try {
    await switchboardOf(env).personChanged(personId, person);
  } catch (error) {
    console.error(`the switchboard was not told about person ${personId}`, error);
  }
}

/** Tells the switchboard a language is gone (its waiting callers are offered a callback). Never fails the action. */
export async function tellSwitchboardLanguageDeleted(env: Env, languageId: number): Promise<void> {
  try {
    await switchboardOf(env).languageDeleted(languageId);
  } catch (error) {
    console.error(`the switchboard was not told that language ${languageId} was deleted`, error);
  }
}

/**
 * Tells the switchboard that sessions of this account ended, so the incoming-call screens signed in with them close
 * (issue 22). Already ended in the backend: a screen missed here cannot load a page or open a socket again.
 */
export async function tellSwitchboardSessionsEnded(env: Env, email: string, ended: EndedSessions): Promise<void> {
  try {
    await switchboardOf(env).sessionsEnded(email, ended);
  } catch (error) {
    console.error(`the switchboard was not told that sessions of ${email} ended`, error);
  }
}

/** The key of this request's session (the one the Profile page's list marks as this device), or null without one. */
export async function currentSessionKey(backend: Backend): Promise<string | null> {
  return (await backend.auth.sessions()).find((session) => session.current)?.key ?? null;
}
