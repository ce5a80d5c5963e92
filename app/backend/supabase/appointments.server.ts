// Appointments on Supabase (issue 25; docs/decisions/0030), with the service-role client (callers have checked who may
// act). A booking, a change and a cancellation are each ONE call of a SQL function (supabase/migrations/
// 20261202000000_push_appointments.sql, 20261203000500_push_appointment_changes.sql), so one transaction with their e-mails, as the D1 adapter's batches are
// (d1/appointments.server.ts; the same semantics, held to the same contract by tests/port-contract/appointments-suite.ts).
// The no-double-booking rule is the table's own (its exclusion constraint), whatever writes.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { AppointmentStore } from "~/backend/port.server";
import type { ChangeRefusal } from "~/backend/port-appointments.server";
import type { AppointmentStatus } from "~/domain/appointments";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import { int } from "~/backend/rows/order.server";
import { APPOINTMENTS_PAGE_SIZE, CALENDAR_LIMIT } from "~/domain/appointment-lists";
import { pageCountOf } from "~/domain/paging";
import { check } from "./clients.server";
import { UUID } from "./devices.server";
import { mailArgument } from "./orders.server";

/** public.push_request_appointment's answer. */
type RequestAnswer = { ok: true; id: number | string } | { ok: false; reason: "unknown-language" };
/** public.push_cancel_appointment's answer. */
type CancelAnswer = { ok: true; version: number | string } | { ok: false; reason: "stale" | "not-found" | "not-cancellable" };

/** public.push_change_appointment's answer. */
type ChangeAnswer = { ok: true; version: number | string; status: AppointmentStatus } | { ok: false; reason: ChangeRefusal };

export function supabaseAppointmentStore(service: SupabaseClient): AppointmentStore {
  const appointment = (row: AppointmentRow | null) => (row ? toAppointment(row) : null);

  return {
    async request(booking, now, mails = () => []) {
      // The id first (a sequence value: never handed out twice), so that the e-mails written for it go in the same call.
      const id = int(check<number | string>(await service.rpc("push_next_appointment_id")));
      const { contact } = booking;
      const preferred =
        booking.preferred &&
        UUID.test(booking.preferred.interpreterId) &&
        Number.isSafeInteger(booking.preferred.organisationId) &&
        booking.preferred.organisationId > 0
          ? booking.preferred
          : null;
      const answer = check<RequestAnswer>(
        await service.rpc("push_request_appointment", {
          p_id: id,
          p_name: contact.name,
          p_email: contact.email,
          p_phone: contact.phone,
          p_organisation: contact.organisation,
          p_language_id: booking.languageId,
          p_mode: booking.mode,
          p_setting: booking.setting,
          p_starts_at: booking.startsAt,
          p_minutes: booking.minutes,
          p_blocked_from: booking.blockedFrom,
          p_blocked_to: booking.blockedTo,
          p_address: booking.address,
          p_call_number: booking.callNumber,
          p_notes: booking.notes,
          p_gender_preference: booking.genderPreference,
          p_locale: booking.locale,
          p_token_hash: booking.tokenHash,
          p_token_sealed: booking.tokenSealed,
          p_mails: mailArgument(mails(id)),
          p_now: now,
          // Only when asked for (a visitor's booking calls the function as it always did), and only with ids the
          // database could hold: a choice that could name nobody is no choice, and must not fail the booking.
          ...(preferred ? { p_preferred_interpreter_id: preferred.interpreterId, p_preferred_organisation_id: preferred.organisationId } : {}),
        }),
      );
      return answer.ok ? { ok: true, id: int(answer.id) } : { ok: false, reason: answer.reason };
    },

    async get(id) {
      return appointment(check<AppointmentRow | null>(await service.rpc("push_get_appointment", { p_id: id })));
    },

    async list(filter) {
      const page = Math.max(1, filter.page);
      const answer = check<{ total: number | string; items: AppointmentRow[] }>(
        await service.rpc("push_list_appointments", {
          p_starts_from: filter.startsFrom,
          p_starts_before: filter.startsBefore,
          p_status: filter.status,
          p_language_id: filter.languageId,
          p_interpreter_id: filter.interpreterId,
          p_mode: filter.mode,
          p_limit: APPOINTMENTS_PAGE_SIZE,
          p_offset: (page - 1) * APPOINTMENTS_PAGE_SIZE,
        }),
      );
      const total = int(answer.total);
      return { items: answer.items.map(toAppointment), total, page, pageCount: pageCountOf(total, APPOINTMENTS_PAGE_SIZE) };
    },

    async between(from, to, interpreterId) {
      const rows = check<AppointmentRow[]>(
        await service.rpc("push_appointments_between", { p_from: from, p_to: to, p_interpreter_id: interpreterId, p_limit: CALENDAR_LIMIT }),
      );
      return rows.map(toAppointment);
    },

    async byTokenHash(tokenHash) {
      return appointment(check<AppointmentRow | null>(await service.rpc("push_appointment_by_token", { p_token_hash: tokenHash })));
    },

    async cancel(id, change, now, mails = []) {
      const answer = check<CancelAnswer>(
        await service.rpc("push_cancel_appointment", {
          p_id: id,
          p_version: change.basedOn,
          p_by: change.by,
          p_reason: change.reason,
          p_mails: mailArgument(mails),
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, version: int(answer.version) } : answer;
    },

    async change(id, change, now, mails = []) {
      const { details: d } = change;
      const answer = check<ChangeAnswer>(
        await service.rpc("push_change_appointment", {
          p_id: id,
          p_version: change.basedOn,
          p_release: change.release,
          p_name: d.contact.name,
          p_email: d.contact.email,
          p_phone: d.contact.phone,
          p_organisation: d.contact.organisation,
          p_mode: d.mode,
          p_setting: d.setting,
          p_starts_at: d.startsAt,
          p_minutes: d.minutes,
          p_blocked_from: d.blockedFrom,
          p_blocked_to: d.blockedTo,
          p_address: d.address,
          p_call_number: d.callNumber,
          p_notes: d.notes,
          p_gender_preference: d.genderPreference,
          p_mails: mailArgument(mails),
          p_now: now,
        }),
      );
      return answer.ok ? { ok: true, version: int(answer.version), status: answer.status } : answer;
    },
  };
}
