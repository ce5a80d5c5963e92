// The security log on D1 (docs/decisions/0013).
import type { SecurityEventStore } from "~/backend/port.server";
import { SECURITY_EVENT_COLUMNS, toSecurityEvent, type SecurityEventRow } from "~/backend/rows/security-event.server";
import { query } from "./query.server";

export function d1SecurityEventStore(db: D1Database): SecurityEventStore {
  return {
    async record(event) {
      await query(() =>
        db
          .prepare("INSERT INTO security_events (at, kind, account, actor, address, user_agent, detail) VALUES (?, ?, ?, ?, ?, ?, ?)")
          .bind(event.at, event.kind, event.account?.toLowerCase() ?? null, event.actor, event.address, event.userAgent, event.detail)
          .run(),
      );
    },

    async list({ account, before, limit }) {
      const clauses = [account ? "account = ?" : null, before ? "(at, id) < (?, ?)" : null].filter(Boolean);
      const params = [...(account ? [account] : []), ...(before ? [before.at, before.id] : [])];
      const where = clauses.length ? `WHERE ${clauses.join(" AND ")}` : "";
      const { results } = await query(() =>
        db
          .prepare(`SELECT ${SECURITY_EVENT_COLUMNS} FROM security_events ${where} ORDER BY at DESC, id DESC LIMIT ?`)
          .bind(...params, limit)
          .all<SecurityEventRow>(),
      );
      return results.map(toSecurityEvent);
    },

    async prune(before) {
      const result = await query(() => db.prepare("DELETE FROM security_events WHERE at < ?").bind(before).run());
      return result.meta.changes;
    },
  };
}
