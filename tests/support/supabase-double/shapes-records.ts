// The allowed requests of after-the-appointment records (issue 25; app/backend/supabase/records.server.ts). Extensions
// beyond SPEC §7, all with the service-role key: appointment_records is the worker's to write (the assigned interpreter
// records through it, staff approve through it, after the route has checked who acts). Every change and every read is
// ONE call of a SQL function of supabase/migrations/20261203000400_push_appointment_records.sql (one transaction, or one
// snapshot).
import { RECORDS_AT_ONCE } from "../../../app/backend/port-records.server";
import { NO_SHOWS } from "../../../app/domain/appointment-records";
import { is, type RestShape, type ValueCheck } from "./match";

const RECORDS = "after-the-appointment records (issue 25)";
const MIGRATION = "supabase/migrations/20261203000400_push_appointment_records.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** p_appointment_ids: bigint[], each id once, one to RECORDS_AT_ONCE of them (none is answered without a request). */
const appointmentIds: ValueCheck = (value) =>
  Array.isArray(value) && value.length > 0 && value.length <= RECORDS_AT_ONCE && value.every(positive) && new Set(value).size === value.length;
/** The entry: times as epoch ms (null for a no-show), the travel minutes, the no-show or null. */
const entry: Record<string, ValueCheck> = {
  p_actual_start: is.nullable(is.int),
  p_actual_end: is.nullable(is.int),
  p_travel_minutes: is.int,
  p_no_show: is.nullable(is.literal(...NO_SHOWS)),
};

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${RECORDS}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const RECORD_SHAPES: RestShape[] = [
  rpc(
    "push_record_attendance",
    "the assigned interpreter's record of a confirmed appointment once started, replacing theirs until approved — or refused (not-found, " +
      "approved, not-started), storing nothing",
    { p_appointment_id: positive, p_interpreter_id: is.uuid, ...entry, p_now: positive },
  ),
  rpc(
    "push_approve_attendance",
    "staff's approval, as recorded or corrected: the compare-and-set on the version of a confirmed, started appointment, completed with " +
      "its record written approved — or refused (not-found, stale, not-confirmed, not-started), storing nothing",
    { p_appointment_id: positive, p_version: positive, ...entry, p_by: is.text, p_now: positive },
  ),
  rpc("push_appointment_record", "an appointment's record, or null", { p_appointment_id: positive }),
  rpc("push_appointment_records", "the records of a page of appointments (at most RECORDS_AT_ONCE), those without one left out", {
    p_appointment_ids: appointmentIds,
  }),
];
