// The allowed request of a staff change of an appointment (issue 25; app/backend/supabase/appointments.server.ts
// change). An extension beyond SPEC §7 with the service-role key, as every appointment function: ONE call of
// supabase/migrations/20261203000500_push_appointment_changes.sql's function (one transaction, with its e-mails).
import { APPOINTMENT_MODES, APPOINTMENT_SETTINGS, GENDER_PREFERENCES } from "../../../app/domain/appointments";
import { is, type RestShape, type ValueCheck } from "./match";
import { mails } from "./shapes-appointments";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;

export const APPOINTMENT_CHANGE_SHAPES: RestShape[] = [
  {
    id: "rpc.push_change_appointment",
    extension:
      "booked appointments (issue 25): staff change the time or the details — the compare-and-set on the version while it is requested, offered or confirmed; a confirmed one kept only without overlapping its interpreter's other work, or released back to requested with a new round of offers; the reminders reset when the start moves; its e-mails only when it wins (supabase/migrations/20261203000500_push_appointment_changes.sql public.push_change_appointment, one transaction, service role only)",
    service: "rest",
    method: "POST",
    table: "rpc/push_change_appointment",
    key: "service",
    body: {
      required: {
        p_id: positive,
        p_version: positive,
        p_release: is.literal(true, false),
        p_name: is.text,
        p_email: is.text,
        p_phone: is.string,
        p_organisation: is.string,
        p_mode: is.literal(...APPOINTMENT_MODES),
        p_setting: is.literal(...APPOINTMENT_SETTINGS),
        p_starts_at: positive,
        p_minutes: positive,
        p_blocked_from: positive,
        p_blocked_to: positive,
        p_address: is.string,
        p_call_number: is.string,
        p_notes: is.string,
        p_gender_preference: is.nullable(is.literal(...GENDER_PREFERENCES)),
        p_mails: mails,
        p_now: positive,
      },
    },
  },
];
