// PostgREST's /rpc/<function> for the after-the-appointment records' SQL functions (supabase/migrations/
// 20261203000400_push_appointment_records.sql; issue 25), the same steps over the double's in-memory tables: the
// assigned interpreter's record (refused in the function's order: not-found, approved, not-found when not confirmed,
// not-started; replacing theirs until approved), staff's approval (the compare-and-set on the version, refused
// not-found, stale, not-confirmed, not-started; the appointment completed and the record written approved together),
// and the reads. Registered in rpc.ts, which runs each all or nothing (an entry the table refuses leaves the appointment
// as it was); their answers are the functions' JSON.
import { startOf } from "./rpc-appointments";
import { one, type Args, type Json } from "./rpc-order-reads";
import { jsonValue, pgTimestamp, SCHEMA, type Row } from "./schema";
import type { DoubleState } from "./state";

const refused = (reason: string) => ({ ok: false, reason });
/** A uuid argument as Postgres reads it (any case). */
const uuidOf = (value: unknown) => String(value).toLowerCase();
/** A bigint argument of epoch ms as the function stores it: to_timestamp(ms / 1000.0), null staying null. */
const timestampOf = (value: unknown) => (value === null || value === undefined ? null : pgTimestamp(value as number));

const COLUMNS = Object.keys(SCHEMA.appointment_records.columns);
const recordOf = (state: DoubleState, appointmentId: unknown) => state.tables.appointment_records.find((record) => record.appointment_id === appointmentId);
/** private.push_record: the row's columns. */
const recordJson = (record: Row): Json => Object.fromEntries(COLUMNS.map((name) => [name, jsonValue(SCHEMA.appointment_records.columns[name], record[name])]));

/** The entry's columns, as both functions write them. */
const entryColumns = (args: Args) => ({
  actual_start: timestampOf(args.p_actual_start),
  actual_end: timestampOf(args.p_actual_end),
  travel_minutes: args.p_travel_minutes,
  no_show: args.p_no_show ?? null,
});

/** INSERT … ON CONFLICT (appointment_id) DO UPDATE SET `changed` (the inserted row's columns otherwise). */
function upsert(state: DoubleState, appointmentId: unknown, inserted: Record<string, unknown>, changed: Record<string, unknown>) {
  const existing = recordOf(state, appointmentId);
  if (existing) state.write("appointment_records", "update", [{ ...existing, ...changed }]);
  else state.write("appointment_records", "insert", [{ appointment_id: appointmentId, ...inserted }]);
}

export const RECORD_RPC_FUNCTIONS = ["push_record_attendance", "push_approve_attendance", "push_appointment_record", "push_appointment_records"] as const;

export const RECORD_FUNCTIONS: Record<(typeof RECORD_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_record_attendance(state, args) {
    const appointment = one(state, "appointments", args.p_appointment_id);
    const interpreterId = uuidOf(args.p_interpreter_id);
    if (!appointment || appointment.interpreter_id === null || appointment.interpreter_id !== interpreterId) return refused("not-found");
    const record = recordOf(state, appointment.id);
    if (record && record.approved_at !== null) return refused("approved");
    if (appointment.status !== "confirmed") return refused("not-found");
    if (startOf(appointment) > (args.p_now as number)) return refused("not-started");
    const written = { ...entryColumns(args), recorded_by: interpreterId, recorded_at: pgTimestamp(args.p_now as number) };
    upsert(state, appointment.id, written, written);
    return { ok: true };
  },

  push_approve_attendance(state, args) {
    const appointment = one(state, "appointments", args.p_appointment_id);
    const now = args.p_now as number;
    if (!appointment) return refused("not-found");
    if (appointment.version !== args.p_version) return refused("stale");
    if (appointment.status !== "confirmed") return refused("not-confirmed");
    if (startOf(appointment) > now) return refused("not-started");
    const at = pgTimestamp(now);
    const version = Number(appointment.version) + 1;
    state.write("appointments", "update", [{ ...appointment, status: "completed", version, updated_at: at }]);
    // One nobody wrote is recorded by staff; one written keeps who recorded it and when.
    const approved = { ...entryColumns(args), approved_by: args.p_by, approved_at: at };
    upsert(state, appointment.id, { ...approved, recorded_by: args.p_by, recorded_at: at }, approved);
    return { ok: true, version };
  },

  push_appointment_record(state, args) {
    const record = recordOf(state, args.p_appointment_id);
    return record ? recordJson(record) : null;
  },

  push_appointment_records(state, args) {
    const ids = new Set((args.p_appointment_ids as unknown[] | null) ?? []);
    return state.tables.appointment_records
      .filter((record) => ids.has(record.appointment_id))
      .sort((a, b) => Number(a.appointment_id) - Number(b.appointment_id))
      .map(recordJson);
  },
};
