// Reminders of confirmed appointments (supabase/migrations/20261203000200_push_appointment_reminders.sql; issue 25),
// with the rules the double enforces: types, NOT NULL, the kind's CHECK (day or hour), one reminder per appointment
// and kind (the composite primary key), and the foreign key to appointments, ON DELETE CASCADE. The worker's alone
// (service role; admins read it through the API, which the worker never does): written and read only through the
// functions of rpc-reminders.ts.
import { REMINDER_KINDS } from "../../../app/domain/reminders";
import type { Table } from "./schema";

export const REMINDER_TABLE_NAMES = ["appointment_reminders"] as const;
type ReminderTableName = (typeof REMINDER_TABLE_NAMES)[number];

export const REMINDER_SCHEMA: Record<ReminderTableName, Table> = {
  appointment_reminders: {
    columns: {
      appointment_id: { type: "int8" },
      kind: { type: "text", oneOf: REMINDER_KINDS },
      sent_at: { type: "timestamptz" },
      change_id: { type: "uuid" },
    },
    primaryKey: ["appointment_id", "kind"],
    unique: [],
    foreignKeys: [{ name: "appointment_reminders_appointment_id_fkey", column: "appointment_id", table: "appointments" }],
  },
};
