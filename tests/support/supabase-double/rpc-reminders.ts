// PostgREST's /rpc/<function> for the reminders' SQL functions (supabase/migrations/
// 20261203000200_push_appointment_reminders.sql; issue 25), the same steps over the double's in-memory tables: the
// confirmed appointments due a kind's reminder, a reminder written once (only while the appointment is confirmed and
// has none of that kind; its e-mails only with the write that stored it), and an appointment's reminders. Registered
// in rpc.ts, which runs each all or nothing (and one at a time, so the double's writes never race); their answers are
// the functions' JSON.
import { randomUUID } from "node:crypto";
import { appointmentJson, byStart, enqueueMails, startOf } from "./rpc-appointments";
import { one, type Args } from "./rpc-order-reads";
import { jsonValue, pgTimestamp, SCHEMA } from "./schema";
import type { DoubleState } from "./state";

/** Text in code points (collate "C"), as D1 orders it. */
const byCodePoints = (a: unknown, b: unknown) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
const remindersOf = (state: DoubleState, appointmentId: unknown) =>
  state.tables.appointment_reminders.filter((reminder) => reminder.appointment_id === appointmentId);

export const REMINDER_RPC_FUNCTIONS = ["push_reminders_due", "push_remind_appointment", "push_appointment_reminders"] as const;

export const REMINDER_FUNCTIONS: Record<(typeof REMINDER_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_reminders_due(state, args) {
    const [after, by] = [args.p_after as number, args.p_by as number];
    return state.tables.appointments
      .filter(
        (appointment) =>
          appointment.status === "confirmed" &&
          startOf(appointment) > after &&
          startOf(appointment) <= by &&
          !remindersOf(state, appointment.id).some((reminder) => reminder.kind === args.p_kind),
      )
      .sort(byStart)
      .slice(0, 100)
      .map((appointment) => appointmentJson(state, appointment));
  },

  push_remind_appointment(state, args) {
    const appointment = one(state, "appointments", args.p_appointment_id);
    // INSERT … SELECT … WHERE status = 'confirmed' ON CONFLICT (appointment_id, kind) DO NOTHING: only while confirmed,
    // and only the first time.
    if (!appointment || appointment.status !== "confirmed") return false;
    if (remindersOf(state, appointment.id).some((reminder) => reminder.kind === args.p_kind)) return false;
    state.write("appointment_reminders", "insert", [
      { appointment_id: appointment.id, kind: args.p_kind, sent_at: pgTimestamp(args.p_now as number), change_id: randomUUID() },
    ]);
    enqueueMails(state, appointment.id, args.p_mails, args.p_now);
    return true;
  },

  push_appointment_reminders: (state, args) =>
    remindersOf(state, args.p_appointment_id)
      .sort((a, b) => Date.parse(String(a.sent_at)) - Date.parse(String(b.sent_at)) || byCodePoints(a.kind, b.kind))
      .map((reminder) => ({ kind: reminder.kind, sent_at: jsonValue(SCHEMA.appointment_reminders.columns.sent_at, reminder.sent_at) })),
};
