// Interpreters' working hours, time off and credentials (supabase/migrations/20261203000000_push_availability.sql;
// issue 25), with the rules the double enforces: types (a date is a real calendar day), NOT NULL, the CHECKs on one
// column, the CHECKs across columns (an interval ends after it starts, time off does not end before it begins), the
// primary keys (a week's interval by person, weekday and start) and the foreign keys to users, ON DELETE CASCADE (a
// person's rows go with them). The adapter reaches them with the service role: through the functions of
// rpc-availability.ts, and a DELETE of one person's span or credential (shapes-availability.ts).
import { pgTimestamp } from "./pg";
import type { ForeignKey, Row, Table, Value } from "./schema";

export const AVAILABILITY_TABLE_NAMES = ["working_hours", "time_off", "credentials"] as const;
type AvailabilityTableName = (typeof AVAILABILITY_TABLE_NAMES)[number];

const between = (low: number, high: number) => (value: Value) => Number(value) >= low && Number(value) <= high;
const now = { type: "timestamptz", default: () => pgTimestamp(Date.now()) } as const;
const id = { type: "int8", identity: "always" } as const;
/** The foreign key user_id → users.id, ON DELETE CASCADE, under Postgres's name for it. */
const userKey = (table: AvailabilityTableName): ForeignKey[] => [{ name: `${table}_user_id_fkey`, column: "user_id", table: "users" }];

export const AVAILABILITY_SCHEMA: Record<AvailabilityTableName, Table> = {
  working_hours: {
    columns: {
      user_id: { type: "uuid" },
      weekday: { type: "int8", check: between(1, 7) },
      start_minute: { type: "int8", check: between(0, 1439) },
      end_minute: { type: "int8", check: between(1, 1440) },
    },
    primaryKey: ["user_id", "weekday", "start_minute"],
    unique: [],
    foreignKeys: userKey("working_hours"),
    checks: [{ name: "working_hours_interval_check", holds: (row: Row) => Number(row.start_minute) < Number(row.end_minute) }],
  },
  time_off: {
    columns: {
      id,
      user_id: { type: "uuid" },
      first_day: { type: "date" },
      last_day: { type: "date" },
      note: { type: "text", default: () => "" },
      created_at: now,
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: userKey("time_off"),
    // Dates as YYYY-MM-DD text sort as the days do.
    checks: [{ name: "time_off_days_check", holds: (row: Row) => String(row.first_day) <= String(row.last_day) }],
  },
  credentials: {
    columns: {
      id,
      user_id: { type: "uuid" },
      // length() counts characters (code points), not UTF-16 units.
      name: { type: "text", check: (value) => between(1, 80)([...String(value)].length) },
      expires_on: { type: "date", nullable: true },
      created_at: now,
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: userKey("credentials"),
  },
};
