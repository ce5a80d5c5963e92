// Interpreters' calendar feeds on Supabase (issue 25), with the service-role client (callers have checked who may act;
// calendar_feeds is the worker's alone). Each change and each read is ONE call of a SQL function
// (supabase/migrations/20261203000300_push_calendar_feeds.sql; the token's hash travels in the request's body, never
// in its URL), with the D1 adapter's semantics (d1/calendar-feeds.server.ts), held to the same contract by
// tests/port-contract/calendar-feeds-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { FEED_LIMIT, type CalendarFeedStore } from "~/backend/port-calendar-feeds.server";
import { toAppointment, type AppointmentRow } from "~/backend/rows/appointment.server";
import { instant } from "~/backend/rows/order.server";
import { check } from "./clients.server";
import { UUID } from "./devices.server";

/** A users row id the database could hold: anything else names nobody (Postgres would refuse it as a uuid). */
const isUserId = (userId: string) => UUID.test(userId);
/** A token hash calendar_feeds could hold (its CHECK): anything else opens nothing. */
const isTokenHash = (tokenHash: string) => /^[0-9a-f]{64}$/.test(tokenHash);

export function supabaseCalendarFeedStore(service: SupabaseClient): CalendarFeedStore {
  return {
    async issue(userId, tokenHash, now) {
      if (!isUserId(userId)) return false;
      return check<boolean>(await service.rpc("push_issue_calendar_feed", { p_user_id: userId, p_token_hash: tokenHash, p_now: now }));
    },

    async revoke(userId) {
      if (!isUserId(userId)) return false;
      return check<boolean>(await service.rpc("push_revoke_calendar_feed", { p_user_id: userId }));
    },

    async issuedAt(userId) {
      if (!isUserId(userId)) return null;
      const issued = check<string | null>(await service.rpc("push_calendar_feed_issued_at", { p_user_id: userId }));
      return issued === null ? null : instant(issued);
    },

    async ownerOf(tokenHash) {
      if (!isTokenHash(tokenHash)) return null;
      return check<string | null>(await service.rpc("push_calendar_feed_owner", { p_token_hash: tokenHash }));
    },

    async appointments(userId, since) {
      if (!isUserId(userId)) return [];
      const rows = check<AppointmentRow[]>(await service.rpc("push_calendar_feed_appointments", { p_user_id: userId, p_since: since, p_limit: FEED_LIMIT }));
      return rows.map(toAppointment);
    },
  };
}
