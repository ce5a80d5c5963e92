// The call log on D1 (table call_log).
import { nextDay, startOfCompanyDay } from "~/domain/orders";
import { callTotals, type CallLogCursor, type CallLogFilter } from "~/domain/call-log";
import type { CallLogStore } from "~/backend/port.server";
import { callLogColumns, toCallLogEntry, type CallLogRow } from "~/backend/rows/call-log.server";
import { query } from "./query.server";

/** The filter (the company's calendar days, a language, an interpreter) and the keyset cursor, as SQL. */
function conditionsOf(filter: CallLogFilter, after: CallLogCursor | null): { where: string; params: unknown[] } {
  const conditions: [string, unknown[]][] = [];
  if (filter.from) conditions.push(["requested_at >= ?", [startOfCompanyDay(filter.from)]]);
  if (filter.to) conditions.push(["requested_at < ?", [startOfCompanyDay(nextDay(filter.to))]]);
  if (filter.languageId) conditions.push(["language_id = ?", [filter.languageId]]);
  if (filter.interpreterId) conditions.push(["interpreter_id = ?", [filter.interpreterId]]);
  if (after) conditions.push(["(requested_at < ? OR (requested_at = ? AND id > ?))", [after.requestedAt, after.requestedAt, after.id]]);
  return { where: conditions.length ? `WHERE ${conditions.map(([clause]) => clause).join(" AND ")}` : "", params: conditions.flatMap(([, values]) => values) };
}

export function d1CallLogStore(db: D1Database): CallLogStore {
  return {
    async record(entry) {
      const columns = callLogColumns(entry);
      const names = Object.keys(columns);
      await query(() =>
        db
          .prepare(`INSERT INTO call_log (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")}) ON CONFLICT (id) DO NOTHING`)
          .bind(...Object.values(columns))
          .run(),
      );
    },

    async page(filter, after, limit) {
      const { where, params } = conditionsOf(filter, after);
      const { results } = await query(() =>
        db
          .prepare(`SELECT * FROM call_log ${where} ORDER BY requested_at DESC, id LIMIT ?`)
          .bind(...params, limit)
          .all<CallLogRow>(),
      );
      return results.map(toCallLogEntry);
    },

    async totals(filter) {
      const { where, params } = conditionsOf(filter, null);
      const answered = `${where ? `${where} AND` : "WHERE"} outcome = 'answered'`;
      // A period alone: the hours kept with the log (migrations/0015). With a language or an interpreter: counted, from
      // an index that covers every column read.
      const byPeriod = !filter.languageId && !filter.interpreterId;
      const period: [string, number][] = [];
      if (filter.from) period.push(["hour >= ?", startOfCompanyDay(filter.from)]);
      if (filter.to) period.push(["hour < ?", startOfCompanyDay(nextDay(filter.to))]);
      const counts = await query(() =>
        byPeriod
          ? db
              .prepare(
                `SELECT COALESCE(SUM(calls), 0) AS calls, COALESCE(SUM(answered), 0) AS answered, COALESCE(SUM(talk_ms), 0) AS talk_ms
                 FROM call_log_hours ${period.length ? `WHERE ${period.map(([clause]) => clause).join(" AND ")}` : ""}`,
              )
              .bind(...period.map(([, value]) => value))
              .first<{ calls: number; answered: number; talk_ms: number }>()
          : db
              .prepare(
                `SELECT COUNT(*) AS calls, COALESCE(SUM(outcome = 'answered'), 0) AS answered,
                   COALESCE(SUM(CASE WHEN outcome = 'answered' THEN ended_at - answered_at ELSE 0 END), 0) AS talk_ms FROM call_log ${where}`,
              )
              .bind(...params)
              .first<{ calls: number; answered: number; talk_ms: number }>(),
      );
      const n = counts!.answered;
      // The median wait: the middle one (or the two middle ones) of the answered calls' waits, read in order from the
      // waits' index (never sorted per request; for one interpreter's calls the walk is longer, still tens of ms).
      const middle =
        n === 0
          ? []
          : (
              await query(() =>
                db
                  .prepare(
                    `SELECT answered_at - requested_at AS wait FROM call_log INDEXED BY call_log_waits ${answered} ORDER BY answered_at - requested_at LIMIT ? OFFSET ?`,
                  )
                  .bind(...params, n % 2 ? 1 : 2, Math.floor((n - 1) / 2))
                  .all<{ wait: number }>(),
              )
            ).results.map((row) => row.wait);
      const median = middle.length === 0 ? null : middle.reduce((sum, wait) => sum + wait, 0) / middle.length;
      return callTotals({ calls: counts!.calls, answered: n, talkMs: counts!.talk_ms, medianWaitMs: median });
    },
  };
}
