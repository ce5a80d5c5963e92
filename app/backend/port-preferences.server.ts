// The preferences part of the backend port (issue 27, docs/decisions/0041): each organisation's preferred and blocked
// interpreters, and its admin's requests for a preference. Re-exported by port.server.ts. Callers have checked who may
// act: staff (admins) set, clear and answer; an organisation's admin requests, for their own organisation only — every
// method takes the organisation id and puts it in its query, so nothing is read or changed across organisations.
import type { InterpreterStance, PersonRef, PreferenceRequest, PreferenceRequestRefusal, Stance } from "~/domain/preferences";

export interface PreferenceStore {
  /**
   * Sets the organisation's stance on an interpreter (one per pair: a new one replaces the old, with who and when).
   * `not-found` when the organisation or the interpreter (a users row) does not exist; nothing is stored then.
   */
  set(organisationId: number, interpreterId: string, stance: Stance, by: string, now: number): Promise<{ ok: true } | { ok: false; reason: "not-found" }>;
  /** Removes it; false when there was none. */
  clear(organisationId: number, interpreterId: string): Promise<boolean>;
  /** The organisation's name and stances (preferred first, then blocked, each by interpreter name); null when no such organisation. */
  list(organisationId: number): Promise<{ name: string; stances: InterpreterStance[] } | null>;
  /** The interpreters of the organisation's appointments (confirmed or completed), by name: whom its people can ask for. */
  pastInterpreters(organisationId: number): Promise<PersonRef[]>;
  /**
   * An organisation admin's request for a preferred interpreter, who must be one of `pastInterpreters` (checked in the
   * same write): `not-found` otherwise, `pending` when one for the pair is already waiting, `already` when the
   * interpreter is already preferred. The interpreter is not told.
   */
  request(
    organisationId: number,
    accountId: string,
    interpreterId: string,
    note: string,
    now: number,
  ): Promise<{ ok: true; id: number } | { ok: false; reason: PreferenceRequestRefusal }>;
  /** The interpreters blocked by the organisation of this customer (none for a walk-in): whom their calls never ring. */
  blockedFor(customerId: number): Promise<string[]>;
  /** The organisation's pending requests, oldest first. */
  requests(organisationId: number): Promise<PreferenceRequest[]>;
  /**
   * Answers a pending request of this organisation: accepting makes the interpreter preferred in the same write.
   * False when no such pending request (answered already, or another organisation's).
   */
  answer(organisationId: number, requestId: number, accept: boolean, by: string, now: number): Promise<boolean>;
}
