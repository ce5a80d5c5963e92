// A call_log row (both databases keep the same columns), mapped to the app's CallLogEntry once for both adapters.
import type { CallLogEntry } from "~/domain/call-log";
import { instant, int, intOrNull } from "./order.server";

export type CallLogRow = {
  id: string;
  language_id: number | string | null;
  language: string;
  type: CallLogEntry["type"];
  caller_name: string;
  customer_id: number | string | null;
  interpreter_id: string | null;
  interpreter_name: string | null;
  outcome: CallLogEntry["outcome"];
  requested_at: number | string;
  answered_at: number | string | null;
  ended_at: number | string;
};

export const toCallLogEntry = (row: CallLogRow): CallLogEntry => ({
  id: row.id,
  languageId: row.language_id === null ? null : int(row.language_id),
  language: row.language,
  type: row.type,
  callerName: row.caller_name,
  customerId: intOrNull(row.customer_id),
  interpreterId: row.interpreter_id,
  interpreterName: row.interpreter_name,
  outcome: row.outcome,
  requestedAt: instant(row.requested_at),
  answeredAt: row.answered_at === null ? null : instant(row.answered_at),
  endedAt: instant(row.ended_at),
});

/** The columns of an entry, instants as epoch ms (D1 keeps them so; the Supabase adapter writes them as timestamptz). */
export const callLogColumns = (entry: CallLogEntry) => ({
  id: entry.id,
  language_id: entry.languageId,
  language: entry.language,
  type: entry.type,
  caller_name: entry.callerName,
  // A log line the switchboard kept from before calls had customers has none.
  customer_id: entry.customerId ?? null,
  interpreter_id: entry.interpreterId,
  interpreter_name: entry.interpreterName,
  outcome: entry.outcome,
  requested_at: entry.requestedAt,
  answered_at: entry.answeredAt,
  ended_at: entry.endedAt,
});
