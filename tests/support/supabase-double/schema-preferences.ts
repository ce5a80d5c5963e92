// Preferred and blocked interpreters (supabase/migrations/20261205001300_push_interpreter_preferences.sql; issue 27,
// ADR 0041), with the rules the double enforces: types, NOT NULL, the stance's and status's CHECKs, a note of at most
// 500 characters, one stance per (organisation, interpreter) (the primary key), at most one pending request per pair
// (a partial unique index), and the foreign keys (organisation, interpreter and requester ON DELETE CASCADE). Written
// by the service role only, through the functions of rpc-preferences.ts.
import type { Table } from "./schema";

export const PREFERENCE_TABLE_NAMES = ["interpreter_stances", "preference_requests"] as const;
type PreferenceTableName = (typeof PREFERENCE_TABLE_NAMES)[number];

export const PREFERENCE_SCHEMA: Record<PreferenceTableName, Table> = {
  interpreter_stances: {
    columns: {
      organisation_id: { type: "int8" },
      interpreter_id: { type: "uuid" },
      stance: { type: "text", oneOf: ["preferred", "blocked"] },
      set_by: { type: "text" },
      set_at: { type: "timestamptz" },
    },
    primaryKey: ["organisation_id", "interpreter_id"],
    unique: [],
    foreignKeys: [
      { name: "interpreter_stances_organisation_id_fkey", column: "organisation_id", table: "organisations" },
      { name: "interpreter_stances_interpreter_id_fkey", column: "interpreter_id", table: "users" },
    ],
  },
  preference_requests: {
    columns: {
      id: { type: "int8", identity: "always" },
      organisation_id: { type: "int8" },
      interpreter_id: { type: "uuid" },
      requested_by: { type: "uuid" },
      note: { type: "text", default: () => "", check: (value) => typeof value === "string" && [...value].length <= 500 },
      created_at: { type: "timestamptz" },
      status: { type: "text", oneOf: ["pending", "accepted", "declined"], default: () => "pending" },
      answered_by: { type: "text", nullable: true },
      answered_at: { type: "timestamptz", nullable: true },
    },
    primaryKey: "id",
    unique: [{ name: "preference_requests_pending_idx", columns: ["organisation_id", "interpreter_id"], where: (row) => row.status === "pending" }],
    foreignKeys: [
      { name: "preference_requests_organisation_id_fkey", column: "organisation_id", table: "organisations" },
      { name: "preference_requests_interpreter_id_fkey", column: "interpreter_id", table: "users" },
      { name: "preference_requests_requested_by_fkey", column: "requested_by", table: "auth.users" },
    ],
  },
};
