// Ratings (supabase/migrations/20261205001400_push_ratings.sql; issue 27, ADR 0040), with the rules the double enforces:
// types, NOT NULL, the CHECKs (a score of 1 to 5, a comment of at most 1000 characters, exactly one item, updated at or
// after created), the partial unique indexes (one rating per appointment or call and rater), and the foreign keys (the
// appointment ON DELETE CASCADE, the rater → auth.users ON DELETE CASCADE, the interpreter ON DELETE SET NULL). The
// worker reaches the table only through the functions of rpc-ratings.ts.
import type { Table, Value } from "./schema";

export const RATING_TABLE_NAMES = ["ratings"] as const;
type RatingTableName = (typeof RATING_TABLE_NAMES)[number];

export const RATING_SCHEMA: Record<RatingTableName, Table> = {
  ratings: {
    columns: {
      id: { type: "int8", identity: "always" },
      appointment_id: { type: "int8", nullable: true },
      call_id: { type: "text", nullable: true },
      rater_id: { type: "uuid" },
      interpreter_id: { type: "uuid", nullable: true },
      score: { type: "int8", check: (value: Value) => Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 5 },
      comment: { type: "text", default: () => "", check: (value: Value) => typeof value === "string" && [...value].length <= 1000 },
      created_at: { type: "timestamptz" },
      updated_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [
      { name: "ratings_appointment_rater_key", columns: ["appointment_id", "rater_id"], where: (row) => row.appointment_id !== null },
      { name: "ratings_call_rater_key", columns: ["call_id", "rater_id"], where: (row) => row.call_id !== null },
    ],
    foreignKeys: [
      { name: "ratings_appointment_id_fkey", column: "appointment_id", table: "appointments" },
      { name: "ratings_rater_id_fkey", column: "rater_id", table: "auth.users" },
      { name: "ratings_interpreter_id_fkey", column: "interpreter_id", table: "users", onDelete: "set null" },
    ],
    checks: [
      { name: "ratings_one_item_check", holds: (row) => (row.appointment_id === null) !== (row.call_id === null) },
      { name: "ratings_updated_check", holds: (row) => Date.parse(String(row.updated_at)) >= Date.parse(String(row.created_at)) },
    ],
  },
};
