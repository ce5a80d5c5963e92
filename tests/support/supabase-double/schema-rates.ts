// Rate cards (supabase/migrations/20261204000000_push_rate_lines.sql; issue 26), with the rules the double enforces:
// types, NOT NULL, the CHECKs (the side and the service; the units each service is priced in; a customer only on a
// bill line and an interpreter only on a pay line; a price of more than nothing; minimums, increments, surcharges of
// 0–500 % and late-cancellation charges in range; an upper-case three-letter currency) and the foreign keys to the
// customer, the interpreter and the language, each ON DELETE CASCADE; and the trigger rate_lines_never_change, which
// refuses any update (a new price is a new line). The worker reaches the table only through the functions of
// rpc-rates.ts, which insert and read.
import { SERVICES, UNITS_OF } from "../../../app/domain/pricing";
import type { Row, Table, Value } from "./schema";

export const RATE_TABLE_NAMES = ["rate_lines"] as const;
type RateTableName = (typeof RATE_TABLE_NAMES)[number];

const between = (low: number, high: number) => (value: Value) => Number(value) >= low && Number(value) <= high;
const basisPoints = { type: "int8", default: () => 0, check: between(0, 50_000) } as const;

/** rate_lines_unit_check: the units the service is priced in (UNITS_OF). */
const unitOfService = (row: Row) => ((UNITS_OF as Record<string, readonly string[]>)[String(row.service)] ?? []).includes(String(row.unit));

export const RATE_SCHEMA: Record<RateTableName, Table> = {
  rate_lines: {
    columns: {
      id: { type: "int8", identity: "always" },
      side: { type: "text", oneOf: ["bill", "pay"] },
      service: { type: "text", oneOf: SERVICES },
      unit: { type: "text" },
      language_id: { type: "int8", nullable: true },
      customer_id: { type: "int8", nullable: true },
      interpreter_id: { type: "uuid", nullable: true },
      currency: { type: "text", check: (value) => typeof value === "string" && value.length === 3 && value === value.toUpperCase() },
      price_minor: { type: "int8", check: (value) => Number(value) > 0 },
      minimum: { type: "int8", check: (value) => Number(value) >= 0 },
      increment: { type: "int8", check: (value) => Number(value) >= 1 },
      rush_bp: basisPoints,
      after_hours_bp: basisPoints,
      weekend_bp: basisPoints,
      holiday_bp: basisPoints,
      late_cancellation_minor: { type: "int8", default: () => 0, check: (value) => Number(value) >= 0 },
      effective_from: { type: "date" },
      created_by: { type: "text" },
      created_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: [
      { name: "rate_lines_language_id_fkey", column: "language_id", table: "languages" },
      { name: "rate_lines_customer_id_fkey", column: "customer_id", table: "customers" },
      { name: "rate_lines_interpreter_id_fkey", column: "interpreter_id", table: "users" },
    ],
    checks: [
      { name: "rate_lines_unit_check", holds: unitOfService },
      { name: "rate_lines_customer_check", holds: (row) => row.customer_id === null || row.side === "bill" },
      { name: "rate_lines_interpreter_check", holds: (row) => row.interpreter_id === null || row.side === "pay" },
    ],
    refusesUpdates: "rate lines never change: add a new line",
  },
};
