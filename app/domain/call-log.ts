// The call log (issue 14): every live call once it is over, with its times, and the figures staff read from it.
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

/** The totals of a log: calls, the share answered, the median wait of the answered ones, minutes talked. */
export function totalsOf(entries: CallLogEntry[]): CallTotals {
  const answered = entries.filter((entry) => entry.outcome === "answered");
  const waits = answered.map((entry) => durations(entry).waitMs).sort((a, b) => a - b);
  const middle = Math.floor(waits.length / 2);
  const median = waits.length === 0 ? null : waits.length % 2 ? waits[middle]! : (waits[middle - 1]! + waits[middle]!) / 2;
  const talkMs = answered.reduce((sum, entry) => sum + durations(entry).talkMs, 0);
  return {
    calls: entries.length,
    answered: answered.length,
    answerRate: entries.length === 0 ? null : answered.length / entries.length,
    medianWaitMs: median,
    talkMinutes: Math.round((talkMs / 60_000) * 10) / 10,
  };
}

/** One CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The log as CSV (RFC 4180, UTF-8): one row per call, times in UTC, durations in seconds. */
export function callLogCsv(entries: CallLogEntry[]): string {
  const header = ["call", "requested_at", "answered_at", "ended_at", "language", "type", "caller", "interpreter", "outcome", "wait_seconds", "talk_seconds"];
  const rows = entries.map((entry) => {
    const { waitMs, talkMs } = durations(entry);
    return [entry.id, iso(entry.requestedAt), iso(entry.answeredAt), iso(entry.endedAt), entry.language, entry.type, entry.callerName, entry.interpreterName, entry.outcome, Math.round(waitMs / 1000), Math.round(talkMs / 1000)];
  });
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
