// The after-the-appointment part of the backend port (issue 25): the interpreter's record of what happened and staff's
// approval. Re-exported by port.server.ts. Callers have checked who may act; the store checks the appointment's state.
import type { AppointmentRecord, AttendanceEntry } from "~/domain/appointment-records";

/** The most appointments `ofMany` reads at once: a screen's page of them in one request, never one each. */
export const RECORDS_AT_ONCE = 100;

/** The appointments `ofMany` asks for, each once; more than RECORDS_AT_ONCE is the caller's mistake (a RangeError). */
export function recordIdsToRead(appointmentIds: readonly number[]): number[] {
  const ids = [...new Set(appointmentIds)];
  if (ids.length > RECORDS_AT_ONCE) throw new RangeError(`ofMany reads at most ${RECORDS_AT_ONCE} appointments' records, not ${ids.length}`);
  return ids;
}

export interface RecordStore {
  /**
   * The assigned interpreter's record (replacing theirs until staff approve): refused `not-found` (no such appointment
   * confirmed to this interpreter), `not-started` (it starts after `now`) or `approved` (staff approved it already).
   */
  record(
    appointmentId: number,
    interpreterId: string,
    entry: AttendanceEntry,
    now: number,
  ): Promise<{ ok: true } | { ok: false; reason: "not-found" | "not-started" | "approved" }>;
  /**
   * Staff approve, with the entry as it stands or corrected: the record is written approved and the appointment,
   * confirmed and started, becomes `completed` (version + 1) in the same write. Refused `stale` (the appointment moved
   * on from `basedOn`), `not-found`, `not-started`, or `not-confirmed`.
   */
  approve(
    appointmentId: number,
    change: { basedOn: number; entry: AttendanceEntry; by: string },
    now: number,
  ): Promise<{ ok: true; version: number } | { ok: false; reason: "stale" | "not-found" | "not-started" | "not-confirmed" }>;
  /** The appointment's record, or null when nobody has recorded it. */
  of(appointmentId: number): Promise<AppointmentRecord | null>;
  /**
   * The records of these appointments (at most RECORDS_AT_ONCE, each counted once), in any order; those nobody has
   * recorded are left out. In one request: an empty list answers [] without one.
   */
  ofMany(appointmentIds: readonly number[]): Promise<AppointmentRecord[]>;
}
