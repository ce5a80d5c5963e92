// The allowed requests of interpreters' availability (issue 25; app/backend/supabase/availability.server.ts).
// Extensions beyond SPEC §7, all with the service-role key: the worker acts after the route has checked who may (an
// interpreter their own hours and time off, admins anyone's, only admins credentials). Each read of several tables and
// the replacement of a week's hours is ONE call of a SQL function of supabase/migrations/
// 20261203000000_push_availability.sql; removing a span of time off or a credential is a DELETE of that person's row.
import { is, type RestShape, type ValueCheck } from "./match";

const AVAILABILITY = "interpreters' availability (issue 25)";
const MIGRATION = "supabase/migrations/20261203000000_push_availability.sql";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const EQ_UUID = new RegExp(`^eq\\.${UUID}$`, "i");
const EQ_INT = /^eq\.\d+$/;

/** A calendar date as the port carries it: YYYY-MM-DD (whether it is a real day is the database's to say). */
const day: ValueCheck = (value) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** p_hours: [{ weekday, start_minute, end_minute }], whole numbers; whether they make an interval is the table's to say. */
const isRecord = (value: unknown): value is Record<string, unknown> => is.object(value);
const hours: ValueCheck = (value) =>
  Array.isArray(value) &&
  value.every(
    (interval: unknown) =>
      isRecord(interval) &&
      Object.keys(interval).sort().join() === "end_minute,start_minute,weekday" &&
      Object.values(interval).every((number) => Number.isSafeInteger(number)),
  );

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${AVAILABILITY}: ${why} (${MIGRATION} public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

/** A DELETE of one row of one person (the id and its owner both named), answering the row deleted, if any. */
const removeOwn = (table: "time_off" | "credentials", what: string): RestShape => ({
  id: `rest.${table}.remove-own`,
  extension: `${AVAILABILITY}: ${what} — only when it is that person's (id and user_id), the row deleted answered (none: not theirs)`,
  service: "rest",
  method: "DELETE",
  table,
  key: "service",
  select: "id",
  params: { id: EQ_INT, user_id: EQ_UUID },
  prefer: ["return=representation"],
});

export const AVAILABILITY_SHAPES: RestShape[] = [
  rpc("push_availability_of", "one interpreter's hours, time off and credentials in one snapshot, null without a users row", { p_user_id: is.uuid }),
  rpc("push_set_working_hours", "a week's hours replaced whole, or not at all (false without a users row)", { p_user_id: is.uuid, p_hours: hours }),
  rpc("push_add_time_off", "a span of time off, stored only for an existing users row (its id, or null)", {
    p_user_id: is.uuid,
    p_first_day: day,
    p_last_day: day,
    p_note: is.string,
  }),
  removeOwn("time_off", "a span of time off removed"),
  rpc("push_add_credential", "a credential with or without an expiry, stored only for an existing users row (its id, or null)", {
    p_user_id: is.uuid,
    p_name: is.string,
    p_expires_on: is.nullable(day),
  }),
  removeOwn("credentials", "a credential removed"),
  rpc("push_expiring_credentials", "the credentials expiring between two days (both included), soonest first, with their holders' names", {
    p_from: day,
    p_until: day,
  }),
  rpc(
    "push_availability_candidates",
    "who could be offered an appointment: everyone linked to its language with their availability and the blocked spans of their other " +
      "confirmed appointments over its span, and how many interpreters are not linked, in one snapshot",
    {
      p_language_id: positive,
      p_from: positive,
      p_to: positive,
      p_except: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
    },
  ),
];
