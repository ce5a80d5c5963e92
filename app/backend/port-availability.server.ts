// The availability part of the backend port (issue 25): each interpreter's weekly working hours, time off and
// credentials, and what the offers read of everyone at once (`candidates`). Re-exported by port.server.ts. Callers
// have checked who may act: an interpreter edits their own hours and time off, admins anyone's, and only admins
// record credentials.
import type { Blocked } from "~/domain/appointment-times";
import type { ExpiringCredential, NewCredential, NewTimeOff, PersonAvailability, WorkingInterval } from "~/domain/availability";
import type { Candidate } from "~/domain/eligibility";

type Added = { ok: true; id: number } | { ok: false; reason: "not-found" };

export interface AvailabilityStore {
  /**
   * An interpreter's name, hours (by weekday, then start), time off (by first day) and credentials (by name); null when
   * no such users row.
   */
  of(userId: string): Promise<PersonAvailability | null>;
  /** Replaces the week's hours, all or nothing (the intervals are merged per weekday already); false when no such users row. */
  setHours(userId: string, hours: WorkingInterval[]): Promise<boolean>;
  addTimeOff(userId: string, span: NewTimeOff): Promise<Added>;
  /** Only that person's: false when the id is not one of their spans. */
  removeTimeOff(userId: string, id: number): Promise<boolean>;
  addCredential(userId: string, credential: NewCredential): Promise<Added>;
  removeCredential(userId: string, id: number): Promise<boolean>;
  /** Credentials expiring in [fromDay, untilDay] (calendar dates), soonest first, then by name. */
  expiring(fromDay: string, untilDay: string): Promise<ExpiringCredential[]>;
  /**
   * Everyone who could be offered an appointment in this language over this blocked span, by name: each person linked
   * to it (`linked` true) with their availability and the blocked spans of their other confirmed appointments that
   * overlap `span` (the appointment `exceptId` left out); and how many interpreters are not linked to it.
   */
  candidates(languageId: number, span: Blocked, exceptId: number): Promise<{ linked: Candidate[]; unlinked: number }>;
}
