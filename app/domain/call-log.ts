// The call log (issue 14): every live call once it is over, with its times, and the figures staff read from it.
import { csvLines } from "./csv";
import { filterDay } from "./orders";
import type { CallType } from "./switchboard";

export const CALL_OUTCOMES = ["answered", "missed", "cancelled", "callback"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export type CallLogEntry = {
  /** The switchboard's id of the call (a UUID): a call is logged once. */
  id: string;
  languageId: number | null;
  language: string;
  type: CallType;
  callerName: string;
  /** The customer the call is billed to (issue 26: it came by their call link), or null. */
  customerId: number | null;
  interpreterId: string | null;
  interpreterName: string | null;
  outcome: CallOutcome;
  requestedAt: number;
  answeredAt: number | null;
  endedAt: number;
};

/** How long the caller waited (until answered, or until they stopped waiting) and how long they talked, in ms. */
export function durations(entry: Pick<CallLogEntry, "requestedAt" | "answeredAt" | "endedAt">) {
  return {
    waitMs: (entry.answeredAt ?? entry.endedAt) - entry.requestedAt,
    talkMs: entry.answeredAt === null ? 0 : entry.endedAt - entry.answeredAt,
  };
}

export type CallLogFilter = {
  /** Requested on or after / on or before (YYYY-MM-DD, the company's calendar). */
  from: string | null;
  to: string | null;
  languageId: number | null;
  interpreterId: string | null;
};

/** ?from=&to=&language=&interpreter= → the log's filter; anything unreadable is left out. */
export function callLogFilterFrom(url: URL): CallLogFilter {
  const params = url.searchParams;
  const language = params.get("language");
  const interpreter = params.get("interpreter");
  return {
    from: filterDay(params.get("from")),
    to: filterDay(params.get("to")),
    languageId: language && /^\d{1,9}$/.test(language) ? Number(language) : null,
    interpreterId: interpreter && /^[\w-]{1,64}$/.test(interpreter) ? interpreter : null,
  };
}

export type CallTotals = { calls: number; answered: number; answerRate: number | null; medianWaitMs: number | null; talkMinutes: number };

/** Calls a page of the log shows; the CSV reads the log in chunks of CALL_LOG_CHUNK until the filter is exhausted. */
export const CALL_LOG_PAGE_SIZE = 100;
export const CALL_LOG_CHUNK = 500;

/** Where a page of the log starts: after this call (the last of the page before), newest first. */
export type CallLogCursor = { requestedAt: number; id: string };

/** ?before=<ms>.<call id> → the cursor; anything else is the first page. */
export function callLogCursorFrom(url: URL): CallLogCursor | null {
  const match = /^(\d{1,15})\.([0-9a-f-]{36})$/i.exec(url.searchParams.get("before") ?? "");
  return match ? { requestedAt: Number(match[1]), id: match[2]!.toLowerCase() } : null;
}

export const callLogCursorParam = (entry: Pick<CallLogEntry, "requestedAt" | "id">) => `${entry.requestedAt}.${entry.id}`;

/** The totals as the stores count them over the whole filter: calls, answered, talk time and the median wait. */
export function callTotals(counts: { calls: number; answered: number; talkMs: number; medianWaitMs: number | null }): CallTotals {
  return {
    calls: counts.calls,
    answered: counts.answered,
    answerRate: counts.calls === 0 ? null : counts.answered / counts.calls,
    medianWaitMs: counts.medianWaitMs,
    talkMinutes: Math.round((counts.talkMs / 60_000) * 10) / 10,
  };
}

/** The totals of a set of calls: calls, the share answered, the median wait of the answered ones, minutes talked. */
export function totalsOf(entries: CallLogEntry[]): CallTotals {
  const answered = entries.filter((entry) => entry.outcome === "answered");
  const waits = answered.map((entry) => durations(entry).waitMs).sort((a, b) => a - b);
  const middle = Math.floor(waits.length / 2);
  const median = waits.length === 0 ? null : waits.length % 2 ? waits[middle]! : (waits[middle - 1]! + waits[middle]!) / 2;
  const talkMs = answered.reduce((sum, entry) => sum + durations(entry).talkMs, 0);
  return callTotals({ calls: entries.length, answered: answered.length, talkMs, medianWaitMs: median });
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

const CSV_HEADER = ["call", "requested_at", "answered_at", "ended_at", "language", "type", "caller", "interpreter", "outcome", "wait_seconds", "talk_seconds"];

/** The log as CSV (RFC 4180, UTF-8): one row per call, times in UTC, durations in seconds. `header`: the first chunk. */
export function callLogCsv(entries: CallLogEntry[], { header = true }: { header?: boolean } = {}): string {
  const rows = entries.map((entry) => {
    const { waitMs, talkMs } = durations(entry);
    return [
      entry.id,
      iso(entry.requestedAt),
      iso(entry.answeredAt),
      iso(entry.endedAt),
      entry.language,
      entry.type,
      entry.callerName,
      entry.interpreterName,
      entry.outcome,
      Math.round(waitMs / 1000),
      Math.round(talkMs / 1000),
    ];
  });
  return csvLines(header ? [CSV_HEADER, ...rows] : rows);
}
