// The security log on D1 (docs/decisions/0013).
import type { SecurityEventStore } from "~/backend/port.server";
import { SECURITY_EVENT_COLUMNS, toSecurityEvent, type SecurityEventRow } from "~/backend/rows/security-event.server";
import { listPage, query, type Filter } from "./query.server";

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
      const filters: Filter[] = [];
      if (account) filters.push(["account = ?", [account]]);
      if (before) filters.push(["(at, id) < (?, ?)", [before.at, before.id]]);
      const rows = await listPage<SecurityEventRow>(
        db,
        { select: SECURITY_EVENT_COLUMNS, from: "security_events", orderBy: "at DESC, id DESC" },
        filters,
        limit,
      );
      return rows.map(toSecurityEvent);
    },

    async prune(before) {
      const result = await query(() => db.prepare("DELETE FROM security_events WHERE at < ?").bind(before).run());
      return result.meta.changes;
    },
  };
}
