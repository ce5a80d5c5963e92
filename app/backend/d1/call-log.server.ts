// The call log on D1 (table call_log).
import { nextDay, startOfCompanyDay } from "~/domain/orders";
import type { CallLogStore } from "../port.server";
import { callLogColumns, toCallLogEntry, type CallLogRow } from "../rows/call-log.server";
import { query } from "./query.server";

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

    async list(filter, limit) {
      const conditions: [string, unknown][] = [];
      if (filter.from) conditions.push(["requested_at >= ?", startOfCompanyDay(filter.from)]);
      if (filter.to) conditions.push(["requested_at < ?", startOfCompanyDay(nextDay(filter.to))]);
      if (filter.languageId) conditions.push(["language_id = ?", filter.languageId]);
      if (filter.interpreterId) conditions.push(["interpreter_id = ?", filter.interpreterId]);
      const clauses = conditions.map(([clause]) => clause);
      const params = conditions.map(([, value]) => value);
      const where = clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
      const { results } = await query(() =>
        db.prepare(`SELECT * FROM call_log ${where} ORDER BY requested_at DESC, id LIMIT ?`).bind(...params, limit).all<CallLogRow>(),
      );
      return results.map(toCallLogEntry);
    },
  };
}
