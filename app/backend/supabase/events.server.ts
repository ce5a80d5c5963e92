// The security log on Supabase (docs/decisions/0013): public.security_events, the worker's own table (service role
// only). Times are timestamptz in the table and epoch milliseconds at the port.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { SecurityEventStore } from "~/backend/port.server";
import { SECURITY_EVENT_COLUMNS, toSecurityEvent, type SecurityEventRow } from "~/backend/rows/security-event.server";
import { check } from "./clients.server";

export function supabaseSecurityEventStore(service: SupabaseClient): SecurityEventStore {
  const table = () => service.from("security_events");

  return {
    async record(event) {
      check(
        await table().insert({
          at: new Date(event.at).toISOString(),
          kind: event.kind,
          // Lower-cased, so "this address's events" is one equality (and its index), whatever case was typed.
          account: event.account?.toLowerCase() ?? null,
          actor: event.actor,
          address: event.address,
          user_agent: event.userAgent,
          detail: event.detail,
        }),
      );
    },

    async list({ account, before, limit }) {
      let request = table().select(SECURITY_EVENT_COLUMNS);
      if (account) request = request.eq("account", account.toLowerCase());
      if (before) {
        const at = new Date(before.at).toISOString();
        request = request.or(`at.lt.${at},and(at.eq.${at},id.lt.${before.id})`);
      }
      const rows = check<SecurityEventRow[]>(await request.order("at", { ascending: false }).order("id", { ascending: false }).limit(limit));
      return rows.map(toSecurityEvent);
    },

    async prune(before) {
      const { count, error } = await table().delete({ count: "exact" }).lt("at", new Date(before).toISOString());
      check({ data: null, error });
      return count ?? 0;
    },
  };
}
