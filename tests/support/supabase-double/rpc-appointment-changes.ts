// PostgREST's /rpc/<function> for a staff change of an appointment (supabase/migrations/
// 20261203000500_push_appointment_changes.sql; issue 25), the same steps over the double's in-memory tables: the
// refusals in the function's order (not-found, stale, not-changeable, conflict — the last also when the exclusion
// constraint refuses the write), the details and span stored with the version grown, a release's new round of offers,
// the reminders reset when the start moves or it is released, and the e-mails. Registered in rpc.ts, which runs it all
// or nothing, as one transaction; its answer is the function's JSON.
import { enqueueMails, startOf } from "./rpc-appointments";
import { one, type Args } from "./rpc-order-reads";
import { rangeBounds, tstzrange } from "./schema-appointments";
import { PgError, pgTimestamp } from "./schema";
import type { DoubleState } from "./state";

const refused = (reason: string) => ({ ok: false, reason });
const CHANGEABLE = ["requested", "offered", "confirmed"];

export const APPOINTMENT_CHANGE_RPC_FUNCTIONS = ["push_change_appointment"] as const;

export const APPOINTMENT_CHANGE_FUNCTIONS: Record<(typeof APPOINTMENT_CHANGE_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_change_appointment(state, args) {
    const appointment = one(state, "appointments", args.p_id);
    if (!appointment) return refused("not-found");
    if (appointment.version !== args.p_version) return refused("stale");
    if (!CHANGEABLE.includes(String(appointment.status))) return refused("not-changeable");
    const release = args.p_release === true;
    const [from, to] = [args.p_blocked_from as number, args.p_blocked_to as number];
    // `blocked && v_blocked` against the interpreter's other confirmed appointments.
    const overlapsOther = state.tables.appointments.some((other) => {
      if (other.id === appointment.id || other.status !== "confirmed" || other.interpreter_id !== appointment.interpreter_id) return false;
      const [otherFrom, otherTo] = rangeBounds(other.blocked ?? null)!;
      return otherFrom < to && from < otherTo;
    });
    if (!release && appointment.status === "confirmed" && overlapsOther) return refused("conflict");
    const now = pgTimestamp(args.p_now as number);
    const version = Number(appointment.version) + 1;
    const status = release ? "requested" : appointment.status;
    const moved = startOf(appointment) !== args.p_starts_at;
    try {
      state.write("appointments", "update", [
        {
          ...appointment,
          contact_name: args.p_name,
          contact_email: args.p_email,
          contact_phone: args.p_phone,
          organisation: args.p_organisation,
          mode: args.p_mode,
          setting: args.p_setting,
          starts_at: pgTimestamp(args.p_starts_at as number),
          minutes: args.p_minutes,
          blocked: tstzrange(from, to),
          address: args.p_address,
          call_number: args.p_call_number,
          notes: args.p_notes,
          gender_preference: args.p_gender_preference,
          status,
          interpreter_id: release ? null : appointment.interpreter_id,
          version,
          updated_at: now,
        },
      ]);
    } catch (error) {
      if (error instanceof PgError && error.code === "23P01") return refused("conflict");
      throw error;
    }
    if (release) {
      state.deleteWhere(
        "appointment_offers",
        (offer) => offer.appointment_id === appointment.id && ["open", "accepted", "taken"].includes(String(offer.status)),
      );
      state.deleteWhere("unfilled_notices", (notice) => notice.appointment_id === appointment.id);
    }
    if (release || moved) state.deleteWhere("appointment_reminders", (reminder) => reminder.appointment_id === appointment.id);
    enqueueMails(state, appointment.id, args.p_mails, args.p_now);
    return { ok: true, version, status };
  },
};
