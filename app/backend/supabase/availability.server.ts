// Interpreters' working hours, time off and credentials on Supabase (issue 25), with the service-role client (callers
// have checked who may act). Each read of several tables and the replacement of a week's hours is ONE call of a SQL
// function (supabase/migrations/20261203000000_push_availability.sql), so one snapshot or one transaction, as the D1
// adapter's batches are (d1/availability.server.ts; the same semantics, held to the same contract by
// tests/port-contract/availability-suite.ts). Removing a span or a credential is one DELETE of that person's row.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { AvailabilityStore } from "~/backend/port-availability.server";
import { instant, int } from "~/backend/rows/order.server";
import type { Availability, Credential, ExpiringCredential, TimeOff, Weekday, WorkingInterval } from "~/domain/availability";
import type { Candidate } from "~/domain/eligibility";
import { check } from "./clients.server";
import { UUID } from "./devices.server";

type HoursJson = { weekday: number; start_minute: number; end_minute: number };
type TimeOffJson = { id: number | string; first_day: string; last_day: string; note: string };
type CredentialJson = { id: number | string; name: string; expires_on: string | null };
/** private.push_working_hours, push_time_off and push_credentials of one person. */
type AvailabilityJson = { hours: HoursJson[]; time_off: TimeOffJson[]; credentials: CredentialJson[] };
/** One of public.push_availability_candidates' linked people. */
type CandidateJson = AvailabilityJson & { id: string; name: string; preferred: boolean; busy: { from: string; to: string }[] };

const toInterval = (row: HoursJson): WorkingInterval => ({ weekday: row.weekday as Weekday, startMinute: row.start_minute, endMinute: row.end_minute });
const toTimeOff = (row: TimeOffJson): TimeOff => ({ id: int(row.id), firstDay: row.first_day, lastDay: row.last_day, note: row.note });
const toCredential = (row: CredentialJson): Credential => ({ id: int(row.id), name: row.name, expiresOn: row.expires_on });
const toAvailability = (json: AvailabilityJson): Availability => ({
  hours: json.hours.map(toInterval),
  timeOff: json.time_off.map(toTimeOff),
  credentials: json.credentials.map(toCredential),
});

/** A users row id the database could hold: anything else names nobody (Postgres would refuse it as a uuid). */
const isUserId = (userId: string) => UUID.test(userId);
const NOT_FOUND = { ok: false, reason: "not-found" } as const;

export function supabaseAvailabilityStore(service: SupabaseClient): AvailabilityStore {
  /** The id an add function answered, or not-found when it stored nothing (no such users row). */
  const added = (id: number | string | null) => (id === null ? NOT_FOUND : { ok: true as const, id: int(id) });

  /** Deletes that person's row `id` of `table`; whether there was one. */
  async function removeOwn(table: "time_off" | "credentials", userId: string, id: number) {
    if (!isUserId(userId) || !Number.isSafeInteger(id)) return false;
    const rows = check<{ id: number }[]>(await service.from(table).delete().eq("id", id).eq("user_id", userId).select("id"));
    return rows.length > 0;
  }

  return {
    async of(userId) {
      if (!isUserId(userId)) return null;
      const json = check<(AvailabilityJson & { name: string }) | null>(await service.rpc("push_availability_of", { p_user_id: userId }));
      return json ? { name: json.name, ...toAvailability(json) } : null;
    },

    async setHours(userId, hours) {
      if (!isUserId(userId)) return false;
      const rows = hours.map((interval) => ({ weekday: interval.weekday, start_minute: interval.startMinute, end_minute: interval.endMinute }));
      return check<boolean>(await service.rpc("push_set_working_hours", { p_user_id: userId, p_hours: rows }));
    },

    async addTimeOff(userId, span) {
      if (!isUserId(userId)) return NOT_FOUND;
      return added(
        check<number | string | null>(
          await service.rpc("push_add_time_off", { p_user_id: userId, p_first_day: span.firstDay, p_last_day: span.lastDay, p_note: span.note }),
        ),
      );
    },

    removeTimeOff: (userId, id) => removeOwn("time_off", userId, id),

    async addCredential(userId, credential) {
      if (!isUserId(userId)) return NOT_FOUND;
      return added(
        check<number | string | null>(
          await service.rpc("push_add_credential", { p_user_id: userId, p_name: credential.name, p_expires_on: credential.expiresOn }),
        ),
      );
    },

    removeCredential: (userId, id) => removeOwn("credentials", userId, id),

    async expiring(fromDay, untilDay) {
      const rows = check<(CredentialJson & { user_id: string; expires_on: string; full_name: string })[]>(
        await service.rpc("push_expiring_credentials", { p_from: fromDay, p_until: untilDay }),
      );
      return rows.map((row): ExpiringCredential => ({
        ...toCredential(row),
        expiresOn: row.expires_on,
        interpreter: { id: row.user_id, name: row.full_name },
      }));
    },

    async candidates(languageId, span, exceptId) {
      const answer = check<{ linked: CandidateJson[]; unlinked: number | string }>(
        await service.rpc("push_availability_candidates", { p_language_id: languageId, p_from: span.from, p_to: span.to, p_except: exceptId }),
      );
      const linked = answer.linked.map((person): Candidate => ({
        id: person.id,
        name: person.name,
        linked: true,
        preferred: person.preferred,
        availability: toAvailability(person),
        busy: person.busy.map((blocked) => ({ from: instant(blocked.from), to: instant(blocked.to) })),
      }));
      return { linked, unlinked: int(answer.unlinked) };
    },
  };
}
