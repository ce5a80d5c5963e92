// PostgREST's /rpc/<function> for the availability's SQL functions (supabase/migrations/
// 20261203000000_push_availability.sql; issue 25), the same steps over the double's in-memory tables: one person's
// hours, time off and credentials (null without a users row), a week's hours replaced, time off and a credential added
// for an existing users row, the credentials about to expire, and the candidates for an offer. Registered in rpc.ts,
// which runs each all or nothing, as one transaction; their answers are the functions' JSON.
import { one, type Args, type Json } from "./rpc-order-reads";
import { rangeBounds } from "./schema-appointments";
import { jsonValue, pgTimestamp, SCHEMA, type Row, type TableName } from "./schema";
import type { DoubleState } from "./state";

/** Text in code points (collate "C"), as D1 orders it. */
const byCodePoints = (a: unknown, b: unknown) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
const columns = (table: TableName, row: Row, names: string[]): Json =>
  Object.fromEntries(names.map((name) => [name, jsonValue(SCHEMA[table].columns[name], row[name])]));
/** A uuid argument as Postgres reads it (any case). */
const uuidOf = (value: unknown) => String(value).toLowerCase();
const rowsOf = (state: DoubleState, table: TableName, userId: string) => state.tables[table].filter((row) => row.user_id === userId);

/** private.push_working_hours: by weekday, then start. */
const hoursOf = (state: DoubleState, userId: string) =>
  rowsOf(state, "working_hours", userId)
    .sort((a, b) => Number(a.weekday) - Number(b.weekday) || Number(a.start_minute) - Number(b.start_minute))
    .map((row) => columns("working_hours", row, ["weekday", "start_minute", "end_minute"]));

/** private.push_time_off: by first day, then id; only those ending on or after `from` and beginning on or before `until`. */
const timeOffOf = (state: DoubleState, userId: string, from: string | null = null, until: string | null = null) =>
  rowsOf(state, "time_off", userId)
    .filter((row) => (from === null || String(row.last_day) >= from) && (until === null || String(row.first_day) <= until))
    .sort((a, b) => byCodePoints(a.first_day, b.first_day) || Number(a.id) - Number(b.id))
    .map((row) => columns("time_off", row, ["id", "first_day", "last_day", "note"]));

/** private.push_credentials: by name (code points), then id. */
const credentialsOf = (state: DoubleState, userId: string) =>
  rowsOf(state, "credentials", userId)
    .sort((a, b) => byCodePoints(a.name, b.name) || Number(a.id) - Number(b.id))
    .map((row) => columns("credentials", row, ["id", "name", "expires_on"]));

/** The UTC date of an instant `days` days away: (to_timestamp(ms / 1000.0 ± 86400) at time zone 'UTC')::date. */
const utcDay = (ms: number, days: number) => new Date(ms + days * 86_400_000).toISOString().slice(0, 10);

/** INSERT … SELECT … WHERE EXISTS (the users row) RETURNING id: the new row's id, or null when there is no such person. */
function addFor(state: DoubleState, table: "time_off" | "credentials", userId: string, row: Record<string, unknown>) {
  if (!one(state, "users", userId)) return null;
  return state.write(table, "insert", [{ ...row, user_id: userId }])[0]!.id;
}

export const AVAILABILITY_RPC_FUNCTIONS = [
  "push_availability_of",
  "push_set_working_hours",
  "push_add_time_off",
  "push_add_credential",
  "push_expiring_credentials",
  "push_availability_candidates",
] as const;

export const AVAILABILITY_FUNCTIONS: Record<(typeof AVAILABILITY_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_availability_of(state, args) {
    const userId = uuidOf(args.p_user_id);
    const person = one(state, "users", userId);
    if (!person) return null;
    return { name: person.full_name, hours: hoursOf(state, userId), time_off: timeOffOf(state, userId), credentials: credentialsOf(state, userId) };
  },

  push_set_working_hours(state, args) {
    const userId = uuidOf(args.p_user_id);
    if (!one(state, "users", userId)) return false;
    state.deleteWhere("working_hours", (row) => row.user_id === userId);
    // jsonb_to_recordset: the keys it names, a missing one null (refused by NOT NULL).
    const hours = ((args.p_hours as Json[] | null) ?? []).map(({ weekday = null, start_minute = null, end_minute = null }) => ({
      user_id: userId,
      weekday,
      start_minute,
      end_minute,
    }));
    if (hours.length) state.write("working_hours", "insert", hours);
    return true;
  },

  push_add_time_off: (state, args) =>
    addFor(state, "time_off", uuidOf(args.p_user_id), { first_day: args.p_first_day, last_day: args.p_last_day, note: args.p_note }),

  push_add_credential: (state, args) => addFor(state, "credentials", uuidOf(args.p_user_id), { name: args.p_name, expires_on: args.p_expires_on }),

  push_expiring_credentials(state, args) {
    const [from, until] = [String(args.p_from), String(args.p_until)];
    return state.tables.credentials
      .filter((row) => row.expires_on !== null && String(row.expires_on) >= from && String(row.expires_on) <= until)
      .sort((a, b) => byCodePoints(a.expires_on, b.expires_on) || byCodePoints(a.name, b.name) || Number(a.id) - Number(b.id))
      .map((row) => ({
        ...columns("credentials", row, ["id", "user_id", "name", "expires_on"]),
        full_name: one(state, "users", row.user_id)!.full_name,
      }));
  },

  push_availability_candidates(state, args) {
    const [language, from, to, except] = [args.p_language_id, Number(args.p_from), Number(args.p_to), args.p_except];
    const linked = (id: unknown) => state.tables.user_languages.some((link) => link.user_id === id && link.language_id === language);
    const [firstDay, lastDay] = [utcDay(from, -1), utcDay(to, 1)];
    const busyOf = (userId: string) =>
      state.tables.appointments
        .filter((row) => row.interpreter_id === userId && row.status === "confirmed" && row.id !== except)
        .map((row) => ({ id: Number(row.id), bounds: rangeBounds(row.blocked ?? null)! }))
        // Half-open: lower(blocked) < p_to and upper(blocked) > p_from.
        .filter(({ bounds }) => bounds[0] < to && bounds[1] > from)
        .sort((a, b) => a.bounds[0] - b.bounds[0] || a.id - b.id)
        .map(({ bounds }) => ({ from: pgTimestamp(bounds[0]), to: pgTimestamp(bounds[1]) }));
    // The appointment's organisation (through its customer): whom it blocks is left out, whom it prefers is marked.
    const appointment = state.tables.appointments.find((row) => row.id === except);
    const organisation = appointment ? one(state, "customers", appointment.customer_id)?.organisation_id : null;
    const stance = (userId: unknown) =>
      organisation == null
        ? undefined
        : state.tables.interpreter_stances.find((row) => row.organisation_id === organisation && row.interpreter_id === userId)?.stance;
    return {
      linked: state.tables.users
        .filter((user) => linked(user.id) && stance(user.id) !== "blocked")
        .sort((a, b) => byCodePoints(a.full_name, b.full_name) || byCodePoints(a.id, b.id))
        .map((user) => {
          const id = String(user.id);
          return {
            id,
            name: user.full_name,
            // Preferred by the organisation, or asked for on this booking (20261205001500).
            preferred: stance(id) === "preferred" || (appointment?.preferred_interpreter_id ?? null) === id,
            hours: hoursOf(state, id),
            time_off: timeOffOf(state, id, firstDay, lastDay),
            credentials: credentialsOf(state, id),
            busy: busyOf(id),
          };
        }),
      unlinked: state.tables.users.filter((user) => user.role === "interpreter" && !linked(user.id)).length,
    };
  },
};
