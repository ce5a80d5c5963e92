// The security log on D1 (docs/decisions/0013).
import type { SecurityEventKind } from "~/domain/accounts";
import type { SecurityEventStore } from "../port.server";
import { query } from "./query.server";

type EventRow = { id: number; at: number; kind: string; account: string | null; actor: string | null; address: string | null; user_agent: string | null; detail: string };

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

    async list({ account, limit }) {
      const statement = account
        ? db.prepare("SELECT * FROM security_events WHERE account = ? ORDER BY at DESC, id DESC LIMIT ?").bind(account, limit)
        : db.prepare("SELECT * FROM security_events ORDER BY at DESC, id DESC LIMIT ?").bind(limit);
      const { results } = await query(() => statement.all<EventRow>());
      return results.map((row) => ({
        id: row.id,
        at: row.at,
        kind: row.kind as SecurityEventKind,
        account: row.account,
        actor: row.actor,
        address: row.address,
        userAgent: row.user_agent,
        detail: row.detail,
      }));
    },

    async prune(before) {
      const result = await query(() => db.prepare("DELETE FROM security_events WHERE at < ?").bind(before).run());
      return result.meta.changes;
    },
  };
}
