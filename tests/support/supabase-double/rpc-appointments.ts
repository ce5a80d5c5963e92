// PostgREST's /rpc/<function> for the appointments' SQL functions (supabase/migrations/
// 20261202000000_push_appointments.sql; issue 25), the same steps over the double's in-memory tables: the next id, a
// booking with its customer and e-mails, an appointment by id or by its link, and a cancellation (compare-and-set on
// the version, e-mails only when it wins). Registered in rpc.ts, which runs each all or nothing, as one transaction;
// their answers are the functions' JSON.
import type { Json } from "./rpc-order-reads";
import { one, type Args } from "./rpc-order-reads";
import { pastInterpreterIds } from "./rpc-preferences";
import { rangeBounds, tstzrange } from "./schema-appointments";
import { jsonValue, pgTimestamp, SCHEMA, type Row } from "./schema";
import type { DoubleState } from "./state";

/** private.push_enqueue_appointment_mails: p_mails ([{ kind, to_email, subject, body }]) pending for the appointment. */
export function enqueueMails(state: DoubleState, appointmentId: unknown, mails: unknown, now: unknown) {
  const rows = Array.isArray(mails) ? (mails as Json[]) : [];
  state.write(
    "mail_outbox",
    "insert",
    rows.map(({ kind, to_email, subject, body }) => ({ kind, to_email, subject, body, appointment_id: appointmentId, created_at: now, next_attempt_at: now })),
  );
}

/** The columns private.push_appointment answers besides the span's bounds and the interpreter's name. */
const COLUMNS = [
  "id",
  "customer_id",
  "contact_name",
  "contact_email",
  "contact_phone",
  "organisation",
  "language_id",
  "language",
  "mode",
  "setting",
  "starts_at",
  "minutes",
  "address",
  "call_number",
  "notes",
  "gender_preference",
  "locale",
  "status",
  "version",
  "interpreter_id",
  "cancel_reason",
  "cancelled_at",
  "cancelled_by",
  "token_sealed",
  "created_at",
  "updated_at",
];

/** private.push_appointment: the row (but its link's hash), lower(blocked) and upper(blocked), the interpreter's name. */
export function appointmentJson(state: DoubleState, row: Row | undefined): Json | null {
  if (!row) return null;
  const [from, to] = rangeBounds(row.blocked ?? null)!;
  const interpreter = row.interpreter_id === null ? undefined : one(state, "users", row.interpreter_id);
  return {
    ...Object.fromEntries(COLUMNS.map((name) => [name, jsonValue(SCHEMA.appointments.columns[name], row[name])])),
    blocked_from: pgTimestamp(from),
    blocked_to: pgTimestamp(to),
    interpreter_name: interpreter?.full_name ?? null,
    // 20261205001500: the interpreter asked for when booking.
    preferred_interpreter_id: row.preferred_interpreter_id ?? null,
    preferred_interpreter_name: row.preferred_interpreter_id == null ? null : (one(state, "users", row.preferred_interpreter_id)?.full_name ?? null),
  };
}

const CANCELLABLE = ["requested", "offered", "confirmed"];

/** The rows' start as an instant (stored as Postgres's timestamptz text). */
export const startOf = (row: Row) => Date.parse(String(row.starts_at));
export const byStart = (a: Row, b: Row) => startOf(a) - startOf(b) || Number(a.id) - Number(b.id);
const orNull = (value: unknown) => (value === undefined ? null : value);

export const APPOINTMENT_RPC_FUNCTIONS = [
  "push_next_appointment_id",
  "push_request_appointment",
  "push_get_appointment",
  "push_appointment_by_token",
  "push_cancel_appointment",
  "push_list_appointments",
  "push_appointments_between",
] as const;

export const APPOINTMENT_FUNCTIONS: Record<(typeof APPOINTMENT_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_next_appointment_id: (state) => state.nextval("appointments"),

  push_request_appointment(state, args) {
    const language = one(state, "languages", args.p_language_id);
    if (!language) return { ok: false, reason: "unknown-language" };
    const at = pgTimestamp(args.p_now as number);
    // Found by lower-cased e-mail, or created; the details on file stay as they are.
    const email = String(args.p_email).toLowerCase();
    const customer =
      state.tables.customers.find((row) => row.email === email) ??
      state.write("customers", "insert", [{ name: args.p_name, email, phone: args.p_phone, company: args.p_organisation, created_at: at }])[0]!;
    // Under the id push_next_appointment_id gave (OVERRIDING SYSTEM VALUE).
    const [appointment] = state.write(
      "appointments",
      "insert",
      [
        {
          id: args.p_id ?? state.nextval("appointments"),
          customer_id: customer.id,
          contact_name: args.p_name,
          contact_email: email,
          contact_phone: args.p_phone,
          organisation: args.p_organisation,
          language_id: language.id,
          language: language.name,
          mode: args.p_mode,
          setting: args.p_setting,
          starts_at: pgTimestamp(args.p_starts_at as number),
          minutes: args.p_minutes,
          blocked: tstzrange(args.p_blocked_from as number, args.p_blocked_to as number),
          address: args.p_address,
          call_number: args.p_call_number,
          notes: args.p_notes,
          gender_preference: args.p_gender_preference,
          locale: args.p_locale,
          token_hash: args.p_token_hash,
          token_sealed: args.p_token_sealed,
          created_at: at,
          updated_at: at,
        },
      ],
      true,
    );
    // A requester's "same interpreter as last time" (20261205001500): only one of their organisation's past
    // interpreters, and only when the booking's customer is that organisation's.
    const organisation = args.p_preferred_organisation_id;
    const chosen = typeof args.p_preferred_interpreter_id === "string" ? args.p_preferred_interpreter_id : null;
    if (chosen !== null && customer.organisation_id === organisation && pastInterpreterIds(state, organisation).has(chosen))
      state.write("appointments", "update", [{ ...appointment!, preferred_interpreter_id: chosen }]);
    enqueueMails(state, appointment!.id, args.p_mails, args.p_now);
    return { ok: true, id: appointment!.id };
  },

  push_get_appointment: (state, args) => appointmentJson(state, one(state, "appointments", args.p_id)),

  push_appointment_by_token: (state, args) =>
    appointmentJson(
      state,
      state.tables.appointments.find((row) => row.token_hash === args.p_token_hash),
    ),

  push_cancel_appointment(state, args) {
    const appointment = one(state, "appointments", args.p_id);
    if (!appointment) return { ok: false, reason: "not-found" };
    // The compare-and-set: the version the caller saw, while it can still be cancelled.
    if (appointment.version !== args.p_version) return { ok: false, reason: "stale" };
    if (!CANCELLABLE.includes(String(appointment.status))) return { ok: false, reason: "not-cancellable" };
    const at = pgTimestamp(args.p_now as number);
    const version = Number(appointment.version) + 1;
    state.write("appointments", "update", [
      { ...appointment, status: "cancelled", version, cancel_reason: args.p_reason, cancelled_at: at, cancelled_by: args.p_by, updated_at: at },
    ]);
    enqueueMails(state, appointment.id, args.p_mails, args.p_now);
    return { ok: true, version };
  },

  // 20261202000100_push_appointment_lists.sql: one page of the staff's list with its total, and a calendar week.
  push_list_appointments(state, args) {
    const [from, before, status, language, interpreter, mode] = [
      args.p_starts_from,
      args.p_starts_before,
      args.p_status,
      args.p_language_id,
      args.p_interpreter_id,
      args.p_mode,
    ].map(orNull);
    const matching = state.tables.appointments
      .filter(
        (row) =>
          (from === null || startOf(row) >= (from as number)) &&
          (before === null || startOf(row) < (before as number)) &&
          (status === null || row.status === status) &&
          (language === null || row.language_id === language) &&
          (interpreter === null || row.interpreter_id === interpreter) &&
          (mode === null || row.mode === mode),
      )
      .sort(byStart);
    const offset = Number(args.p_offset);
    return { total: matching.length, items: matching.slice(offset, offset + Number(args.p_limit)).map((row) => appointmentJson(state, row)) };
  },

  push_appointments_between(state, args) {
    const interpreter = orNull(args.p_interpreter_id);
    return state.tables.appointments
      .filter(
        (row) =>
          startOf(row) >= (args.p_from as number) &&
          startOf(row) < (args.p_to as number) &&
          row.status !== "cancelled" &&
          (interpreter === null || row.interpreter_id === interpreter),
      )
      .sort(byStart)
      .slice(0, Number(args.p_limit))
      .map((row) => appointmentJson(state, row));
  },
};
