// The call log of live interpreting calls (supabase/migrations/20261127000000_push_call_log.sql), with the rules the
// double enforces: types, NOT NULL, the CHECKs on one column and the primary key. Its language and interpreter are no
// foreign keys (20261128000100_push_call_log_without_foreign_keys.sql) but triggers: an id is kept only while its row
// exists (a deletion empties it, and a line naming a row that is gone is stored with the id emptied, never refused).
// The CHECKs across columns (answered and ended after requested) are left to the real Postgres of
// tests/rls/call-log.test.ts. The worker's alone (service role): shapes-calls.ts.
import { CALL_OUTCOMES } from "../../../app/domain/call-log";
import { CALL_TYPES } from "../../../app/domain/switchboard";
import type { Table } from "./schema";

export const CALL_TABLE_NAMES = ["call_log"] as const;
type CallTableName = (typeof CALL_TABLE_NAMES)[number];

const text = { type: "text" } as const;

export const CALL_SCHEMA: Record<CallTableName, Table> = {
  call_log: {
    columns: {
      id: text,
      language_id: { type: "int8", nullable: true },
      language: text,
      type: { type: "text", oneOf: CALL_TYPES },
      caller_name: text,
      customer_id: { type: "int8", nullable: true },
      interpreter_id: { type: "uuid", nullable: true },
      interpreter_name: { type: "text", nullable: true },
      outcome: { type: "text", oneOf: CALL_OUTCOMES },
      requested_at: { type: "timestamptz" },
      answered_at: { type: "timestamptz", nullable: true },
      ended_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: [
      { name: "call_log_language_deleted", column: "language_id", table: "languages", onDelete: "set null", unknown: "set null" },
      { name: "call_log_interpreter_deleted", column: "interpreter_id", table: "users", onDelete: "set null", unknown: "set null" },
    ],
  },
};
