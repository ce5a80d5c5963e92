// A security_events row (both databases keep the same columns), mapped to the app's SecurityEvent once for both
// adapters. Only `at` differs: epoch ms in D1, a timestamptz (ISO text) in Postgres.
import type { SecurityEvent, SecurityEventKind } from "~/domain/accounts";

export type SecurityEventRow = {
  id: number;
  at: number | string;
  kind: string;
  account: string | null;
  actor: string | null;
  address: string | null;
  user_agent: string | null;
  detail: string;
};

export const SECURITY_EVENT_COLUMNS = "id, at, kind, account, actor, address, user_agent, detail";

export function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: Number(row.id),
    at: typeof row.at === "number" ? row.at : Date.parse(row.at),
    kind: row.kind as SecurityEventKind,
    account: row.account,
    actor: row.actor,
    address: row.address,
    userAgent: row.user_agent,
    detail: row.detail,
  };
}
