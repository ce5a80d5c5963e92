// After-the-appointment records on real Postgres (supabase/migrations/20261203000400_push_appointment_records.sql): the
// functions called as the worker calls them (named arguments, instants in epoch milliseconds, a no-show with null
// times).
import type { Transaction } from "@electric-sql/pglite";
import { call } from "./orders";

export type RecordJson = {
  appointment_id: number;
  actual_start: string | null;
  actual_end: string | null;
  travel_minutes: number;
  no_show: string | null;
  recorded_by: string;
  recorded_at: string;
  approved_by: string | null;
  approved_at: string | null;
};
export type Answer = { ok: boolean; reason?: string; version?: number };

/** What the interpreter or staff enter: times (ms) or a no-show, and the travel minutes. */
export type Entry = { start: number | null; end: number | null; travel?: number; noShow?: string | null };
/** `minutes` from `start`, with `travel` minutes of travel. */
export const times = (start: number, minutes: number, travel = 0): Entry => ({ start, end: start + minutes * 60_000, travel });
export const noShow = (who: string, travel = 0): Entry => ({ start: null, end: null, travel, noShow: who });

const entryArguments = (entry: Entry) => [entry.start, entry.end, entry.travel ?? 0, entry.noShow ?? null];

export const RECORD_SQL = `public.push_record_attendance(p_appointment_id => $1, p_interpreter_id => $2, p_actual_start => $3,
  p_actual_end => $4, p_travel_minutes => $5, p_no_show => $6, p_now => $7)`;
export const APPROVE_SQL = `public.push_approve_attendance(p_appointment_id => $1, p_version => $2, p_actual_start => $3,
  p_actual_end => $4, p_travel_minutes => $5, p_no_show => $6, p_by => $7, p_now => $8)`;

/** public.push_record_attendance */
export const recordAttendance = (tx: Transaction, appointmentId: number, interpreterId: string, entry: Entry, now: number) =>
  call<Answer>(tx, RECORD_SQL, [appointmentId, interpreterId, ...entryArguments(entry), now]);

export const recordParams = (appointmentId: number, interpreterId: string, entry: Entry, now: number) => [
  appointmentId,
  interpreterId,
  ...entryArguments(entry),
  now,
];

/** public.push_approve_attendance */
export const approveAttendance = (tx: Transaction, appointmentId: number, version: number, entry: Entry, by: string, now: number) =>
  call<Answer>(tx, APPROVE_SQL, [appointmentId, version, ...entryArguments(entry), by, now]);

export const approveParams = (appointmentId: number, version: number, entry: Entry, by: string, now: number) => [
  appointmentId,
  version,
  ...entryArguments(entry),
  by,
  now,
];

/** public.push_appointment_record */
export const recordOf = (tx: Transaction, appointmentId: number) => call<RecordJson | null>(tx, "public.push_appointment_record($1)", [appointmentId]);

/** public.push_appointment_records */
export const recordsOf = (tx: Transaction, appointmentIds: number[]) =>
  call<RecordJson[]>(tx, "public.push_appointment_records($1::bigint[])", [appointmentIds]);
