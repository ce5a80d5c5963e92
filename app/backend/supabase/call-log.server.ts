// The call log on Supabase (table call_log, supabase/migrations/20261127000000_push_call_log.sql), with the service
// role: the switchboard's worker writes it, staff read it after the route's guard. The same semantics as
// d1/call-log.server.ts, held to the same contract by tests/port-contract/calls-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { nextDay, startOfCompanyDay } from "~/domain/orders";
import { callTotals } from "~/domain/call-log";
import type { CallLogStore } from "~/backend/port.server";
import { callLogColumns, toCallLogEntry, type CallLogRow } from "~/backend/rows/call-log.server";
import { check } from "./clients.server";

export const CALL_LOG_COLUMNS =
  "id,language_id,language,type,caller_name,customer_id,interpreter_id,interpreter_name,outcome,requested_at,answered_at,ended_at";

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

    async page(filter, after, limit) {
      // users.id is a uuid here: an interpreter id that is not one matches no call (as on D1), rather than failing.
      if (filter.interpreterId && !UUID.test(filter.interpreterId)) return [];
      let request = table().select(CALL_LOG_COLUMNS);
      // The company's calendar days, as d1/call-log.server.ts: from the first instant of `from` to before the first of
      // the day after `to`.
      if (filter.from) request = request.gte("requested_at", iso(startOfCompanyDay(filter.from)));
      if (filter.to) request = request.lt("requested_at", iso(startOfCompanyDay(nextDay(filter.to))));
      if (filter.languageId) request = request.eq("language_id", filter.languageId);
      if (filter.interpreterId) request = request.eq("interpreter_id", filter.interpreterId);
      // Keyset: after the last call of the page before (newest first, then by id), over the (requested_at, id) index.
      if (after) {
        const at = iso(after.requestedAt);
        request = request.or(`requested_at.lt.${at},and(requested_at.eq.${at},id.gt.${after.id})`);
      }
      const rows = check<CallLogRow[]>(await request.order("requested_at", { ascending: false }).order("id", { ascending: true }).limit(limit));
      return rows.map(toCallLogEntry);
    },

    async totals(filter) {
      if (filter.interpreterId && !UUID.test(filter.interpreterId)) return callTotals({ calls: 0, answered: 0, talkMs: 0, medianWaitMs: null });
      // Sums and the median over the whole filter, in Postgres (supabase/migrations/20261129000200_push_call_log_totals.sql).
      const counts = check<{ calls: number | string; answered: number | string; talk_ms: number | string; median_wait_ms: number | string | null }>(
        await service.rpc("push_call_log_totals", {
          p_from: filter.from ? startOfCompanyDay(filter.from) : null,
          p_to: filter.to ? startOfCompanyDay(nextDay(filter.to)) : null,
          p_language_id: filter.languageId,
          p_interpreter_id: filter.interpreterId,
        }),
      );
      return callTotals({
        calls: Number(counts.calls),
        answered: Number(counts.answered),
        talkMs: Number(counts.talk_ms),
        medianWaitMs: counts.median_wait_ms === null ? null : Number(counts.median_wait_ms),
      });
    },
  };
}
