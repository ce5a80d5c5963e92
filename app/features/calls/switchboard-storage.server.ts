// What the switchboard object keeps in its storage (docs/decisions/0021, 0022): the board, each interpreter's last
// availability, the log lines of finished calls waiting to be written, and the rooms that could not be opened yet.
// The board and a step's log lines are written in one put, so a crash or a failing log write can lose neither.
import type { CallLogEntry, CallOutcome } from "~/domain/call-log";
import { forget, type Board, type LiveCall } from "~/domain/switchboard";
import { drainCallLog } from "./call-log-outbox.server";

const BOARD_KEY = "board";
const availableKey = (id: string) => `available:${id}`;
/** Finished calls waiting for the call log (written by drainCallLog, retried by the alarm). */
const LOG_PREFIX = "log:";
/** Answered calls whose room could not be opened yet (retried by the alarm). */
const UNOPENED_PREFIX = "unopened:";

export class SwitchboardStorage {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Env,
  ) {}

  board(): Promise<Board | undefined> {
    return this.storage.get<Board>(BOARD_KEY);
  }

  /** The next board without the finished calls, written in one put with their log lines; answers that board. */
  async store(board: Board, finished: LiveCall[], outcomeOf: (call: LiveCall) => CallOutcome): Promise<Board> {
    const next = forget(
      board,
      finished.map((call) => call.id),
    );
    const lines = Object.fromEntries(finished.map((call) => [`${LOG_PREFIX}${call.id}`, logLine(call, outcomeOf(call))]));
    await this.storage.put({ [BOARD_KEY]: next, ...lines });
    return next;
  }

  /** Writes the waiting log lines to the backend (what fails stays for the next alarm). */
  drainLog(now: number): Promise<number> {
    return drainCallLog(this.storage, LOG_PREFIX, this.env, now);
  }

  async wasAvailable(personId: string): Promise<boolean> {
    return (await this.storage.get<boolean>(availableKey(personId))) ?? false;
  }

  setAvailable(personId: string, available: boolean): Promise<void> {
    return this.storage.put(availableKey(personId), available);
  }

  markUnopened(callId: string): Promise<void> {
    return this.storage.put(`${UNOPENED_PREFIX}${callId}`, true);
  }

  /** The calls whose room waits to be opened. */
  async unopened(): Promise<string[]> {
    return [...(await this.storage.list({ prefix: UNOPENED_PREFIX })).keys()].map((key) => key.slice(UNOPENED_PREFIX.length));
  }

  /** Takes one call off that list, once its room is open (or its call is no longer answered). */
  clearUnopened(callId: string): Promise<boolean> {
    return this.storage.delete(`${UNOPENED_PREFIX}${callId}`);
  }

  /** Log lines or rooms still waiting: work for the alarm even with nobody connected. */
  async hasWork(): Promise<boolean> {
    return (await this.storage.list({ prefix: LOG_PREFIX, limit: 1 })).size > 0 || (await this.storage.list({ prefix: UNOPENED_PREFIX, limit: 1 })).size > 0;
  }
}

function logLine(call: LiveCall, outcome: CallOutcome): CallLogEntry {
  return {
    id: call.id,
    languageId: call.languageId,
    language: call.language,
    type: call.type,
    callerName: call.callerName,
    customerId: call.customerId ?? null,
    interpreterId: call.interpreterId,
    interpreterName: call.interpreterName,
    outcome,
    requestedAt: call.requestedAt,
    answeredAt: call.answeredAt,
    endedAt: call.endedAt ?? Date.now(),
  };
}
