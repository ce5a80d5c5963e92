// The after-the-appointment part of the backend port (issue 25): the interpreter's record of what happened and staff's
// approval. Re-exported by port.server.ts. Callers have checked who may act; the store checks the appointment's state.
import type { AppointmentRecord, AttendanceEntry } from "~/domain/appointment-records";

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
}
