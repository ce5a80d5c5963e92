// Booked appointments (supabase/migrations/20261202000000_push_appointments.sql; issue 25), with the rules the double
// enforces: types, NOT NULL, the CHECKs on one column, the unique link hash, the foreign keys with their ON DELETE, the
// CHECK across columns that the blocked span covers the appointment's own time, and the exclusion constraint that
// refuses two confirmed appointments of one interpreter whose spans overlap (docs/decisions/0030). The worker's alone
// (service role): booked, read and cancelled only through the functions of rpc-appointments.ts.
import { APPOINTMENT_MODES, APPOINTMENT_SETTINGS, APPOINTMENT_STATUSES, GENDER_PREFERENCES } from "../../../app/domain/appointments";
import { PgError, pgTimestamp } from "./pg";
import type { Row, Table, Value } from "./schema";

export const APPOINTMENT_TABLE_NAMES = ["appointments"] as const;
type AppointmentTableName = (typeof APPOINTMENT_TABLE_NAMES)[number];

/**
 * A tstzrange '[)' as Postgres writes it (`["2027-03-09 16:30:00+00","2027-03-09 19:30:00+00")`): the column `blocked`
 * is kept in that text form, and read back with `rangeBounds`.
 */
export const tstzrange = (from: number, to: number): string => {
  if (from > to) throw new PgError(400, "22000", "range lower bound must be less than or equal to range upper bound");
  const text = (ms: number) => pgTimestamp(ms).replace("T", " ").replace(/:00$/, "");
  return `["${text(from)}","${text(to)}")`;
};

const RANGE = /^\["([^"]+)","([^"]+)"\)$/;
/** The bounds of a finite '[)' range in milliseconds (lower(blocked), upper(blocked)); null for any other form. */
export function rangeBounds(value: Value): [number, number] | null {
  const match = typeof value === "string" ? RANGE.exec(value) : null;
  if (!match) return null;
  const [from, to] = [Date.parse(`${match[1]!.replace(" ", "T")}:00`), Date.parse(`${match[2]!.replace(" ", "T")}:00`)];
  return Number.isNaN(from) || Number.isNaN(to) || from > to ? null : [from, to];
}

const text = { type: "text" } as const;
const emptyText = { type: "text", default: () => "" } as const;
const optionalTimestamp = { type: "timestamptz", nullable: true } as const;
const now = { type: "timestamptz", default: () => pgTimestamp(Date.now()) } as const;

/** appointments_blocked_check: half-open, finite, and covering [starts_at, starts_at + minutes). */
function blockedCovers(row: Row): boolean {
  const bounds = rangeBounds(row.blocked ?? null);
  const start = Date.parse(String(row.starts_at));
  return bounds !== null && bounds[0] <= start && start + Number(row.minutes) * 60_000 <= bounds[1];
}

/** appointments_no_double_booking: exclude using gist (interpreter_id with =, blocked with &&) where (status = 'confirmed'). */
function doubleBooked(a: Row, b: Row): boolean {
  if (a.status !== "confirmed" || b.status !== "confirmed" || a.interpreter_id === null || a.interpreter_id !== b.interpreter_id) return false;
  const [x, y] = [rangeBounds(a.blocked ?? null), rangeBounds(b.blocked ?? null)];
  return x !== null && y !== null && x[0] < y[1] && y[0] < x[1];
}

export const APPOINTMENT_SCHEMA: Record<AppointmentTableName, Table> = {
  appointments: {
    columns: {
      id: { type: "int8", identity: "always" },
      customer_id: { type: "int8" },
      contact_name: text,
      contact_email: text,
      contact_phone: emptyText,
      organisation: emptyText,
      language_id: { type: "int8", nullable: true },
      language: text,
      mode: { type: "text", oneOf: APPOINTMENT_MODES },
      setting: { type: "text", oneOf: APPOINTMENT_SETTINGS },
      starts_at: { type: "timestamptz" },
      minutes: { type: "int8", check: (value) => Number(value) >= 30 && Number(value) <= 480 && Number(value) % 15 === 0 },
      // tstzrange, in Postgres's text form (tstzrange above).
      blocked: { type: "text", check: (value) => rangeBounds(value) !== null },
      address: emptyText,
      call_number: emptyText,
      notes: emptyText,
      gender_preference: { type: "text", nullable: true, oneOf: GENDER_PREFERENCES },
      locale: { type: "text", default: () => "en", oneOf: ["en", "ar"] },
      status: { type: "text", default: () => "requested", oneOf: APPOINTMENT_STATUSES },
      version: { type: "int8", default: () => 1, check: (value) => Number(value) >= 1 },
      interpreter_id: { type: "uuid", nullable: true },
      cancel_reason: emptyText,
      cancelled_at: optionalTimestamp,
      cancelled_by: { type: "text", nullable: true, oneOf: ["customer", "staff"] },
      token_hash: { type: "text", check: (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value) },
      token_sealed: { type: "text", nullable: true },
      created_at: now,
      updated_at: now,
      // 20261205001500: the interpreter a requester asked for ("the same interpreter as last time").
      preferred_interpreter_id: { type: "uuid", nullable: true },
    },
    primaryKey: "id",
    unique: [{ name: "appointments_token_hash_key", columns: ["token_hash"] }],
    foreignKeys: [
      { name: "appointments_customer_id_fkey", column: "customer_id", table: "customers", onDelete: "restrict" },
      { name: "appointments_language_id_fkey", column: "language_id", table: "languages", onDelete: "set null" },
      { name: "appointments_interpreter_id_fkey", column: "interpreter_id", table: "users", onDelete: "set null" },
      { name: "appointments_preferred_interpreter_id_fkey", column: "preferred_interpreter_id", table: "users", onDelete: "set null" },
    ],
    checks: [{ name: "appointments_blocked_check", holds: blockedCovers }],
    exclusions: [{ name: "appointments_no_double_booking", columns: ["interpreter_id", "blocked"], conflict: doubleBooked }],
  },
};
