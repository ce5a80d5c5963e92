// Interpreters' pay (supabase/migrations/20261205000600_push_pay_statements.sql; issue 26, ADR 0039), with the rules the
// double enforces: types, NOT NULL, the CHECKs (an upper-case three-letter currency; amounts of nothing or more; a
// month that is the day's; a payout of one item or more), the unique sources, the foreign keys (the interpreter ON DELETE
// RESTRICT, the payout of an item ON DELETE RESTRICT) and the triggers that refuse changing a paid item, an item's
// amount and a payout. The worker reaches the tables only through the functions of rpc-pay.ts.
import type { Table, Value } from "./schema";

export const PAY_TABLE_NAMES = ["pay_payouts", "pay_items"] as const;
type PayTableName = (typeof PAY_TABLE_NAMES)[number];

const atLeast = (low: number) => (value: Value) => Number(value) >= low;
const currency = { type: "text", check: (value: Value) => typeof value === "string" && value.length === 3 && value === value.toUpperCase() } as const;
const month = { type: "text", check: (value: Value) => typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) } as const;

export const PAY_SCHEMA: Record<PayTableName, Table> = {
  pay_payouts: {
    columns: {
      id: { type: "int8", identity: "always" },
      interpreter_id: { type: "uuid" },
      month,
      amount_minor: { type: "int8", check: atLeast(0) },
      item_count: { type: "int8", check: atLeast(1) },
      paid_by: { type: "text" },
      paid_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [],
    foreignKeys: [{ name: "pay_payouts_interpreter_id_fkey", column: "interpreter_id", table: "users", onDelete: "restrict" }],
    refusesChange: { message: "a payout never changes", when: () => true },
  },
  pay_items: {
    columns: {
      id: { type: "int8", identity: "always" },
      source: { type: "text" },
      interpreter_id: { type: "uuid" },
      work_day: { type: "date" },
      month: { type: "text" },
      currency,
      amount_minor: { type: "int8", check: atLeast(0) },
      rate_line_id: { type: "int8", nullable: true },
      computation: { type: "jsonb" },
      payout_id: { type: "int8", nullable: true },
      created_at: { type: "timestamptz" },
    },
    primaryKey: "id",
    unique: [{ name: "pay_items_source_key", columns: ["source"] }],
    foreignKeys: [
      { name: "pay_items_interpreter_id_fkey", column: "interpreter_id", table: "users", onDelete: "restrict" },
      { name: "pay_items_payout_id_fkey", column: "payout_id", table: "pay_payouts", onDelete: "restrict" },
    ],
    checks: [{ name: "pay_items_month_check", holds: (row) => String(row.work_day).slice(0, 7) === row.month }],
    // Only a payout may be set, once: the function's update of an unpaid item changes nothing else.
    refusesChange: { message: "a pay item never changes", when: (old) => old.payout_id !== null },
  },
};
