// After-the-appointment records (supabase/migrations/20261203000400_push_appointment_records.sql; issue 25), with the
// rules the double enforces: types, NOT NULL, the CHECKs (travel 0–600 minutes; a no-show the customer's or the
// interpreter's; times with the end after the start, or a no-show without any; at most 24 hours), one record per
// appointment (the primary key), and the foreign key to appointments, ON DELETE CASCADE. The worker's alone (service
// role; admins and the assigned interpreter read it through the API, which the worker never does): written and read
// only through the functions of rpc-records.ts.
import { MAX_ACTUAL_MS, MAX_TRAVEL_MINUTES, NO_SHOWS } from "../../../app/domain/appointment-records";
import type { Row, Table, Value } from "./schema";

export const RECORD_TABLE_NAMES = ["appointment_records"] as const;
type RecordTableName = (typeof RECORD_TABLE_NAMES)[number];

const instant = (value: Value | undefined) => Date.parse(String(value));
const optionalInstant = { type: "timestamptz", nullable: true } as const;

/** appointment_records_times_check: times, the end after the start, or a no-show without any. */
const timesOrNoShow = (row: Row) =>
  row.no_show === null
    ? row.actual_start !== null && row.actual_end !== null && instant(row.actual_end) > instant(row.actual_start)
    : row.actual_start === null && row.actual_end === null;
/** appointment_records_length_check: actual_end - actual_start <= interval '24 hours' (null passes). */
const atMostADay = (row: Row) => row.actual_start === null || row.actual_end === null || instant(row.actual_end) - instant(row.actual_start) <= MAX_ACTUAL_MS;

export const RECORD_SCHEMA: Record<RecordTableName, Table> = {
  appointment_records: {
    columns: {
      appointment_id: { type: "int8" },
      actual_start: optionalInstant,
      actual_end: optionalInstant,
      travel_minutes: { type: "int8", default: () => 0, check: (value) => Number(value) >= 0 && Number(value) <= MAX_TRAVEL_MINUTES },
      no_show: { type: "text", nullable: true, oneOf: NO_SHOWS },
      recorded_by: { type: "text" },
      recorded_at: { type: "timestamptz" },
      approved_by: { type: "text", nullable: true },
      approved_at: optionalInstant,
    },
    primaryKey: "appointment_id",
    unique: [],
    foreignKeys: [{ name: "appointment_records_appointment_id_fkey", column: "appointment_id", table: "appointments" }],
    checks: [
      { name: "appointment_records_times_check", holds: timesOrNoShow },
      { name: "appointment_records_length_check", holds: atMostADay },
    ],
  },
};
