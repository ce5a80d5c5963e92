// Preferred and blocked interpreters on Supabase (issue 27), with the service-role client (callers have checked who may
// act). Each change and each read is ONE call of a SQL function of
// supabase/migrations/20261205001300_push_interpreter_preferences.sql, each taking the organisation id, with the D1
// adapter's semantics (d1/preferences.server.ts), held to the same contract by tests/port-contract/preferences-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { PreferenceStore } from "~/backend/port-preferences.server";
import type { InterpreterStance, PersonRef, PreferenceRequest, PreferenceRequestRefusal, Stance } from "~/domain/preferences";
import { check } from "./clients.server";
import { UUID } from "./devices.server";

type StanceJson = { interpreter_id: string; full_name: string; stance: Stance; set_at: number; set_by_name: string | null };
type RequestJson = { id: number; interpreter_id: string; full_name: string; requested_by_name: string; note: string; created_at: number };

/** An id the database could hold: anything else names nothing (Postgres would refuse it as a uuid or a bigint). */
const isUuid = (id: string) => UUID.test(id);
const isId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function supabasePreferenceStore(service: SupabaseClient): PreferenceStore {
  return {
    async set(organisationId, interpreterId, stance, by, now) {
      if (!isId(organisationId) || !isUuid(interpreterId)) return { ok: false, reason: "not-found" };
      const args = { p_organisation_id: organisationId, p_interpreter_id: interpreterId, p_stance: stance, p_by: by, p_now: now };
      return check<boolean>(await service.rpc("push_set_interpreter_stance", args)) ? { ok: true } : { ok: false, reason: "not-found" };
    },

    async clear(organisationId, interpreterId) {
      if (!isId(organisationId) || !isUuid(interpreterId)) return false;
      return check<boolean>(await service.rpc("push_clear_interpreter_stance", { p_organisation_id: organisationId, p_interpreter_id: interpreterId }));
    },

    async list(organisationId) {
      if (!isId(organisationId)) return null;
      const found = check<{ name: string; stances: StanceJson[] } | null>(await service.rpc("push_interpreter_stances", { p_organisation_id: organisationId }));
      if (!found) return null;
      return {
        name: found.name,
        stances: found.stances.map((row): InterpreterStance => ({
          interpreter: { id: row.interpreter_id, name: row.full_name },
          stance: row.stance,
          setAt: Number(row.set_at),
          setBy: row.set_by_name,
        })),
      };
    },

    async pastInterpreters(organisationId) {
      if (!isId(organisationId)) return [];
      const rows = check<{ id: string; full_name: string }[]>(await service.rpc("push_past_interpreters", { p_organisation_id: organisationId }));
      return rows.map((row): PersonRef => ({ id: row.id, name: row.full_name }));
    },

    async request(organisationId, accountId, interpreterId, note, now) {
      if (!isId(organisationId) || !isUuid(accountId) || !isUuid(interpreterId)) return { ok: false, reason: "not-found" };
      const args = { p_organisation_id: organisationId, p_account_id: accountId, p_interpreter_id: interpreterId, p_note: note, p_now: now };
      const answer = check<{ id?: number; reason?: PreferenceRequestRefusal }>(await service.rpc("push_request_preference", args));
      return answer.id ? { ok: true, id: Number(answer.id) } : { ok: false, reason: answer.reason ?? "not-found" };
    },

    async blockedFor(customerId) {
      if (!isId(customerId)) return [];
      return check<string[]>(await service.rpc("push_blocked_interpreters", { p_customer_id: customerId }));
    },

    async requests(organisationId) {
      if (!isId(organisationId)) return [];
      const rows = check<RequestJson[]>(await service.rpc("push_preference_requests", { p_organisation_id: organisationId }));
      return rows.map((row): PreferenceRequest => ({
        id: Number(row.id),
        interpreter: { id: row.interpreter_id, name: row.full_name },
        requestedBy: row.requested_by_name,
        note: row.note,
        createdAt: Number(row.created_at),
      }));
    },

    async answer(organisationId, requestId, accept, by, now) {
      if (!isId(organisationId) || !isId(requestId)) return false;
      const args = { p_organisation_id: organisationId, p_request_id: requestId, p_accept: accept, p_by: by, p_now: now };
      return check<boolean>(await service.rpc("push_answer_preference_request", args));
    },
  };
}
