// The call log on Supabase (table call_log, supabase/migrations/20261127000000_push_call_log.sql), with the service
// role: the switchboard's worker writes it, staff read it after the route's guard. The same semantics as
// d1/call-log.server.ts, held to the same contract by tests/port-contract/calls-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { nextDay, startOfCompanyDay } from "~/domain/orders";
import type { CallLogStore } from "../port.server";
import { callLogColumns, toCallLogEntry, type CallLogRow } from "../rows/call-log.server";
import { check } from "./clients.server";

export const CALL_LOG_COLUMNS = "id,language_id,language,type,caller_name,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An instant as the timestamptz columns take it (ISO 8601, UTC, to the millisecond). */
const iso = (at: number) => new Date(at).toISOString();

export function supabaseCallLogStore(service: SupabaseClient): CallLogStore {
  const table = () => service.from("call_log");

  return {
    async record(entry) {
      const columns = callLogColumns(entry);
      const row = {
        ...columns,
        requested_at: iso(entry.requestedAt),
        answered_at: entry.answeredAt === null ? null : iso(entry.answeredAt),
        ended_at: iso(entry.endedAt),
      };
      // INSERT … ON CONFLICT (id) DO NOTHING: a call logged already is left as it is.
      check(await table().upsert(row, { onConflict: "id", ignoreDuplicates: true }));
    },

    async list(filter, limit) {
      // users.id is a uuid here: an interpreter id that is not one matches no call (as on D1), rather than failing.
      if (filter.interpreterId && !UUID.test(filter.interpreterId)) return [];
      let request = table().select(CALL_LOG_COLUMNS);
      // The company's calendar days, as d1/call-log.server.ts: from the first instant of `from` to before the first of
      // the day after `to`.
      if (filter.from) request = request.gte("requested_at", iso(startOfCompanyDay(filter.from)));
      if (filter.to) request = request.lt("requested_at", iso(startOfCompanyDay(nextDay(filter.to))));
      if (filter.languageId) request = request.eq("language_id", filter.languageId);
      if (filter.interpreterId) request = request.eq("interpreter_id", filter.interpreterId);
      const rows = check<CallLogRow[]>(await request.order("requested_at", { ascending: false }).order("id", { ascending: true }).limit(limit));
      return rows.map(toCallLogEntry);
    },
  };
}
