// Offers of appointments on real Postgres (supabase/migrations/20261203000100_push_appointment_offers.sql): the
// functions called as the worker calls them (named arguments, instants in epoch milliseconds, e-mails as JSON).
import type { Transaction } from "@electric-sql/pglite";
import { call } from "./orders";

export type OfferJson = {
  id: number;
  appointment_id: number;
  interpreter_id: string;
  interpreter_name: string;
  status: string;
  offered_at: string;
  expires_at: string;
  responded_at: string | null;
};
export type OfferedJobJson = OfferJson & { appointment: Record<string, unknown> & { id: number; status: string; version: number } };
export type Answer = { ok: boolean; reason?: string; version?: number; appointment_id?: number };

/** An instant as the functions answer it (timestamptz in JSON, or a Date for a timestamptz result), in epoch ms. */
export const ms = (value: string | Date | null) => (value === null ? null : value instanceof Date ? value.getTime() : Date.parse(value));

/** public.push_offer_appointment */
export const offerAppointment = (
  tx: Transaction,
  id: number,
  version: number,
  interpreterIds: string[],
  expiresAt: number,
  now: number,
  mails: object[] = [],
) =>
  call<Answer>(
    tx,
    `public.push_offer_appointment(p_id => $1, p_version => $2, p_interpreter_ids => $3::uuid[], p_expires_at => $4, p_now => $5,
       p_mails => $6)`,
    [id, version, interpreterIds, expiresAt, now, JSON.stringify(mails)],
  );

/** public.push_accept_offer */
export const acceptOffer = (tx: Transaction, offerId: number, interpreterId: string, now: number, mails: object[] = []) =>
  call<Answer>(tx, "public.push_accept_offer(p_offer_id => $1, p_interpreter_id => $2, p_now => $3, p_mails => $4)", [
    offerId,
    interpreterId,
    now,
    JSON.stringify(mails),
  ]);

/** public.push_decline_offer */
export const declineOffer = (tx: Transaction, offerId: number, interpreterId: string, now: number) =>
  call<Answer>(tx, "public.push_decline_offer($1, $2, $3)", [offerId, interpreterId, now]);

/** public.push_appointment_offers */
export const offersOf = (tx: Transaction, appointmentId: number) => call<OfferJson[]>(tx, "public.push_appointment_offers($1)", [appointmentId]);

/** public.push_flag_unfilled */
export const flagUnfilled = (tx: Transaction, appointmentId: number, now: number, mails: object[] = []) =>
  call<boolean>(tx, "public.push_flag_unfilled($1, $2, $3)", [appointmentId, now, JSON.stringify(mails)]);

/** public.push_unfilled_due: the ids of the appointments it answers, in its order. */
export const unfilledDue = async (tx: Transaction, now: number) =>
  (await call<{ id: number }[]>(tx, "public.push_unfilled_due($1)", [now])).map((appointment) => appointment.id);
