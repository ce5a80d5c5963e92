// PostgREST's /rpc/<function> for the offers' SQL functions (supabase/migrations/
// 20261203000100_push_appointment_offers.sql; issue 25), the same steps over the double's in-memory tables: an offer
// (an unknown interpreter refused first, then the compare-and-set on the version; one open offer per interpreter, the
// unfilled notice removed, the e-mails stored), an accept (refused in the function's order: not-found, answered, taken,
// expired, conflict — the last also when the exclusion constraint refuses the write), a decline, the reads, and the
// unfilled flag written once. Registered in rpc.ts, which runs each all or nothing (and one at a time, so the double's
// accepts never race); their answers are the functions' JSON.
import { randomUUID } from "node:crypto";
import { appointmentJson, byStart, enqueueMails, startOf } from "./rpc-appointments";
import { one, type Args, type Json } from "./rpc-order-reads";
import { rangeBounds } from "./schema-appointments";
import { jsonValue, PgError, pgTimestamp, SCHEMA, type Row } from "./schema";
import type { DoubleState } from "./state";

/** Text in code points (collate "C"), as D1 orders it. */
const byCodePoints = (a: unknown, b: unknown) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
/** A stored timestamptz (its text) as an instant. */
const at = (value: unknown) => Date.parse(String(value));
/** A uuid argument as Postgres reads it (any case). */
const uuidOf = (value: unknown) => String(value).toLowerCase();
const refused = (reason: string) => ({ ok: false, reason });

const OFFER_COLUMNS = ["id", "appointment_id", "interpreter_id", "status", "offered_at", "expires_at", "responded_at"];
const nameOf = (state: DoubleState, offer: Row) => one(state, "users", offer.interpreter_id)!.full_name;

/** private.push_offer: the row with its interpreter's name. */
const offerJson = (state: DoubleState, offer: Row): Json => ({
  ...Object.fromEntries(OFFER_COLUMNS.map((name) => [name, jsonValue(SCHEMA.appointment_offers.columns[name], offer[name])])),
  interpreter_name: nameOf(state, offer),
});
/** push_get_offer's answer for one offer: private.push_offer with 'appointment' (private.push_appointment). */
const jobJson = (state: DoubleState, offer: Row): Json => ({
  ...offerJson(state, offer),
  appointment: appointmentJson(state, one(state, "appointments", offer.appointment_id)),
});
const offersOf = (state: DoubleState, appointmentId: unknown) => state.tables.appointment_offers.filter((offer) => offer.appointment_id === appointmentId);
/** No open offer of the appointment whose deadline is after `now` (every deadline passed, or everyone answered). */
const noOpenOffer = (state: DoubleState, appointmentId: unknown, now: number) =>
  !offersOf(state, appointmentId).some((offer) => offer.status === "open" && at(offer.expires_at) > now);
const noticeOf = (state: DoubleState, appointmentId: unknown) => state.tables.unfilled_notices.find((notice) => notice.appointment_id === appointmentId);

/** The interpreter's other confirmed appointment whose blocked span overlaps this one's ('[)' ranges: `&&`). */
function overlapping(state: DoubleState, appointment: Row, interpreterId: string): boolean {
  const [from, to] = rangeBounds(appointment.blocked ?? null)!;
  return state.tables.appointments.some((other) => {
    if (other.interpreter_id !== interpreterId || other.status !== "confirmed" || other.id === appointment.id) return false;
    const [otherFrom, otherTo] = rangeBounds(other.blocked ?? null)!;
    return otherFrom < to && from < otherTo;
  });
}

export const OFFER_RPC_FUNCTIONS = [
  "push_offer_appointment",
  "push_appointment_offers",
  "push_get_offer",
  "push_interpreter_offers",
  "push_accept_offer",
  "push_decline_offer",
  "push_unfilled_due",
  "push_flag_unfilled",
  "push_unfilled_since",
] as const;

export const OFFER_FUNCTIONS: Record<(typeof OFFER_RPC_FUNCTIONS)[number], (state: DoubleState, args: Args) => unknown> = {
  push_offer_appointment(state, args) {
    // uuid[]: each id as Postgres reads it, then distinct.
    const ids = [...new Set(((args.p_interpreter_ids as unknown[] | null) ?? []).map(uuidOf))];
    if (!ids.every((id) => one(state, "users", id))) return refused("unknown-interpreter");
    const appointment = one(state, "appointments", args.p_id);
    if (!appointment) return refused("not-found");
    if (appointment.version !== args.p_version) return refused("stale");
    if (appointment.status !== "requested" && appointment.status !== "offered") return refused("not-offerable");
    const now = pgTimestamp(args.p_now as number);
    const version = Number(appointment.version) + 1;
    state.write("appointments", "update", [{ ...appointment, status: "offered", version, updated_at: now }]);
    // INSERT … ON CONFLICT (appointment_id, interpreter_id) DO UPDATE: open again, with the new deadline.
    const offered = { status: "open", offered_at: now, expires_at: pgTimestamp(args.p_expires_at as number), responded_at: null };
    for (const interpreterId of ids) {
      const existing = offersOf(state, appointment.id).find((offer) => offer.interpreter_id === interpreterId);
      if (existing) state.write("appointment_offers", "update", [{ ...existing, ...offered }]);
      else state.write("appointment_offers", "insert", [{ appointment_id: appointment.id, interpreter_id: interpreterId, ...offered }]);
    }
    state.deleteWhere("unfilled_notices", (notice) => notice.appointment_id === appointment.id);
    enqueueMails(state, appointment.id, args.p_mails, args.p_now);
    return { ok: true, version };
  },

  push_appointment_offers: (state, args) =>
    offersOf(state, args.p_appointment_id)
      .sort((a, b) => byCodePoints(nameOf(state, a), nameOf(state, b)) || Number(a.id) - Number(b.id))
      .map((offer) => offerJson(state, offer)),

  push_get_offer(state, args) {
    const offer = one(state, "appointment_offers", args.p_offer_id);
    return offer && offer.interpreter_id === uuidOf(args.p_interpreter_id) ? jobJson(state, offer) : null;
  },

  push_interpreter_offers(state, args) {
    const [interpreterId, now, since] = [uuidOf(args.p_interpreter_id), args.p_now as number, args.p_since as number];
    return state.tables.appointment_offers
      .filter((offer) => offer.interpreter_id === interpreterId)
      .map((offer) => ({ offer, appointment: one(state, "appointments", offer.appointment_id)! }))
      .filter(
        ({ offer, appointment }) =>
          startOf(appointment) > now &&
          ((offer.status === "open" && appointment.status === "offered" && at(offer.expires_at) > now) ||
            (offer.responded_at !== null && at(offer.responded_at) >= since)),
      )
      .sort((a, b) => startOf(a.appointment) - startOf(b.appointment) || Number(a.offer.id) - Number(b.offer.id))
      .map(({ offer }) => jobJson(state, offer));
  },

  push_accept_offer(state, args) {
    const interpreterId = uuidOf(args.p_interpreter_id);
    const offer = one(state, "appointment_offers", args.p_offer_id);
    if (!offer || offer.interpreter_id !== interpreterId) return refused("not-found");
    const appointment = one(state, "appointments", offer.appointment_id)!;
    const now = args.p_now as number;
    if (offer.status === "accepted" || offer.status === "declined") return refused("answered");
    if (offer.status === "taken" || appointment.status !== "offered") return refused("taken");
    if (at(offer.expires_at) <= now) return refused("expired");
    if (overlapping(state, appointment, interpreterId)) return refused("conflict");
    const answered = pgTimestamp(now);
    const version = Number(appointment.version) + 1;
    try {
      state.write("appointments", "update", [{ ...appointment, status: "confirmed", interpreter_id: interpreterId, version, updated_at: answered }]);
    } catch (error) {
      if (error instanceof PgError && error.code === "23P01") return refused("conflict");
      throw error;
    }
    const others = offersOf(state, appointment.id).filter((other) => other.id !== offer.id && other.status === "open");
    state.write("appointment_offers", "update", [
      { ...offer, status: "accepted", responded_at: answered },
      ...others.map((other) => ({ ...other, status: "taken", responded_at: answered })),
    ]);
    enqueueMails(state, appointment.id, args.p_mails, args.p_now);
    return { ok: true, appointment_id: appointment.id, version };
  },

  push_decline_offer(state, args) {
    const offer = one(state, "appointment_offers", args.p_offer_id);
    if (!offer || offer.interpreter_id !== uuidOf(args.p_interpreter_id)) return refused("not-found");
    if (offer.status !== "open") return refused("answered");
    state.write("appointment_offers", "update", [{ ...offer, status: "declined", responded_at: pgTimestamp(args.p_now as number) }]);
    return { ok: true };
  },

  push_unfilled_due(state, args) {
    const now = args.p_now as number;
    return state.tables.appointments
      .filter((appointment) => appointment.status === "offered" && noOpenOffer(state, appointment.id, now) && !noticeOf(state, appointment.id))
      .sort(byStart)
      .slice(0, 100)
      .map((appointment) => appointmentJson(state, appointment));
  },

  push_flag_unfilled(state, args) {
    const appointment = one(state, "appointments", args.p_appointment_id);
    const now = args.p_now as number;
    // INSERT … SELECT … ON CONFLICT (appointment_id) DO NOTHING: only while unfilled, and only the first time.
    if (!appointment || appointment.status !== "offered" || !noOpenOffer(state, appointment.id, now) || noticeOf(state, appointment.id)) return false;
    state.write("unfilled_notices", "insert", [{ appointment_id: appointment.id, noticed_at: pgTimestamp(now), change_id: randomUUID() }]);
    enqueueMails(state, appointment.id, args.p_mails, args.p_now);
    return true;
  },

  push_unfilled_since: (state, args) => noticeOf(state, args.p_appointment_id)?.noticed_at ?? null,
};
