// The allowed requests of appointment reminders (issue 25; app/backend/supabase/reminders.server.ts). Extensions
// beyond SPEC §7, all with the service-role key: appointment_reminders is the worker's to write (the cron, as of its
// scheduled minute). Writing a reminder and each read is ONE call of a SQL function of supabase/migrations/
// 20261203000200_push_appointment_reminders.sql (one transaction with its e-mails, or one snapshot).
import { REMINDER_KINDS } from "../../../app/domain/reminders";
import { is, type RestShape, type ValueCheck } from "./match";
import { mails } from "./shapes-appointments";

const REMINDERS = "appointment reminders (issue 25)";
const MIGRATION = "supabase/migrations/20261203000200_push_appointment_reminders.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const kind = is.literal(...REMINDER_KINDS);

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${REMINDERS}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const REMINDER_SHAPES: RestShape[] = [
  rpc("push_reminders_due", "the confirmed appointments starting in (after, by] without that kind's reminder, soonest first, at most 100", {
    p_kind: kind,
    p_after: is.int,
    p_by: is.int,
  }),
  rpc(
    "push_remind_appointment",
    "a reminder written once — only while the appointment is confirmed and has none of that kind — with its e-mails only then (whether this call did)",
    { p_appointment_id: positive, p_kind: kind, p_mails: mails, p_now: positive },
  ),
  rpc("push_appointment_reminders", "an appointment's reminders, by when they were sent", { p_appointment_id: positive }),
];
