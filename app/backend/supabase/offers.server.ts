// Offers on Supabase (issue 25; docs/decisions/0030), with the service-role client (callers have checked who may act).
// Every change and every read is ONE call of a SQL function (supabase/migrations/20261203000100_push_appointment_offers.sql),
// so one transaction with its e-mails (or one snapshot), as the D1 adapter's batches are (d1/offers.server.ts; the same
// semantics, held to the same contract by tests/port-contract/offers-suite.ts). The first accept wins because the
// accept locks the appointment's row before it looks; no double booking is the appointments' exclusion constraint.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { OfferStore } from "~/backend/port-offers.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import { toOffer, type OfferRow } from "~/backend/rows/offer.server";
import { instant, int } from "~/backend/rows/order.server";
import type { AcceptRefusal, OfferedJob } from "~/domain/offers";
import { check } from "./clients.server";
import { UUID } from "./devices.server";
import { mailArgument } from "./orders.server";

/** public.push_get_offer's and push_interpreter_offers' answers: an offer with its appointment. */
type OfferedJobRow = OfferRow & { appointment: AppointmentRow };
/** public.push_offer_appointment's answer. */
type OfferAnswer = { ok: true; version: number | string } | { ok: false; reason: "stale" | "not-found" | "not-offerable" | "unknown-interpreter" };
/** public.push_accept_offer's answer. */
type AcceptAnswer = { ok: true; appointment_id: number | string; version: number | string } | { ok: false; reason: AcceptRefusal };
/** public.push_decline_offer's answer. */
type DeclineAnswer = { ok: true } | { ok: false; reason: "not-found" | "answered" };

const toOfferedJob = (row: OfferedJobRow): OfferedJob => ({ ...toOffer(row), appointment: toAppointment(row.appointment) });
/** A users row id the database could hold: anything else names nobody (Postgres would refuse it as a uuid). */
const isUserId = (id: string) => UUID.test(id);
const NOT_FOUND = { ok: false, reason: "not-found" } as const;

export function supabaseOfferStore(service: SupabaseClient): OfferStore {
  return {
    async offer(appointmentId, change, now, mails = []) {
      // Checked first, as the function does: an id that cannot be a users row's is no one's.
      if (!change.interpreterIds.every(isUserId)) return { ok: false, reason: "unknown-interpreter" };
      const answer = check<OfferAnswer>(
        await service.rpc("push_offer_appointment", {
          p_id: appointmentId,
          p_version: change.basedOn,
          p_interpreter_ids: [...new Set(change.interpreterIds)],
          p_expires_at: change.expiresAt,
          p_mails: mailArgument(mails),
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, version: int(answer.version) } : answer;
    },

    async forAppointment(appointmentId) {
      return check<OfferRow[]>(await service.rpc("push_appointment_offers", { p_appointment_id: appointmentId })).map(toOffer);
    },

    async get(offerId, interpreterId) {
      if (!isUserId(interpreterId)) return null;
      const row = check<OfferedJobRow | null>(await service.rpc("push_get_offer", { p_offer_id: offerId, p_interpreter_id: interpreterId }));
      return row ? toOfferedJob(row) : null;
    },

    async forInterpreter(interpreterId, now, since) {
      if (!isUserId(interpreterId)) return [];
      const rows = check<OfferedJobRow[]>(await service.rpc("push_interpreter_offers", { p_interpreter_id: interpreterId, p_now: now, p_since: since }));
      return rows.map(toOfferedJob);
    },

    async accept(offerId, interpreterId, now, mails = []) {
      if (!isUserId(interpreterId)) return NOT_FOUND;
      const answer = check<AcceptAnswer>(
        await service.rpc("push_accept_offer", {
          p_offer_id: offerId,
          p_interpreter_id: interpreterId,
          p_mails: mailArgument(mails),
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, appointmentId: int(answer.appointment_id), version: int(answer.version) } : answer;
    },

    async decline(offerId, interpreterId, now) {
      if (!isUserId(interpreterId)) return NOT_FOUND;
      return check<DeclineAnswer>(await service.rpc("push_decline_offer", { p_offer_id: offerId, p_interpreter_id: interpreterId, p_now: now }));
    },

    async unfilledDue(now) {
      return check<AppointmentRow[]>(await service.rpc("push_unfilled_due", { p_now: now })).map(toAppointment);
    },

    async flagUnfilled(appointmentId, now, mails = []) {
      return check<boolean>(await service.rpc("push_flag_unfilled", { p_appointment_id: appointmentId, p_mails: mailArgument(mails), p_now: now }));
    },

    async unfilledSince(appointmentId) {
      const noticed = check<string | null>(await service.rpc("push_unfilled_since", { p_appointment_id: appointmentId }));
      return noticed === null ? null : instant(noticed);
    },
  };
}
