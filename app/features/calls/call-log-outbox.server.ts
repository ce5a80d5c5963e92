// The switchboard's finished calls on their way to the call log (issue 21). A finished call is written to the object's
// storage in the same put as the board that forgot it; from there it goes to the backend's log, once (the log ignores
// an id it has). A write that fails (the database down, a row it still refused) stays in storage and is tried again
// by the alarm, later each time, while the board carries on: one bad line can no longer stop every later call.
import { createServiceBackend } from "~/backend/index.server";
import type { CallLogEntry } from "~/domain/call-log";

type Pending = CallLogEntry & { attempts?: number; nextAttemptAt?: number };

/** Waits between attempts: 5 s, 10 s, 20 s … at most 10 minutes. */
const retryDelay = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);

/** Writes every due line under `prefix` to the log; returns how many are still waiting. */
export async function drainCallLog(storage: DurableObjectStorage, prefix: string, env: Env, now: number): Promise<number> {
  const pending = await storage.list<Pending>({ prefix });
  if (pending.size === 0) return 0;
  // The Durable Object has no visitor's request; the backend only needs one for sessions, which the log never reads.
  const backend = createServiceBackend(env);
  let waiting = 0;
  for (const [key, line] of pending) {
    if ((line.nextAttemptAt ?? 0) > now) {
      waiting += 1;
      continue;
    }
    const { attempts = 0, nextAttemptAt: _next, ...entry } = line;
    try {
      await backend.calls.record(entry);
      await storage.delete(key);
    } catch (error) {
      waiting += 1;
      console.error(`call ${entry.id}: the call log refused it (attempt ${attempts + 1}); it is kept and tried again`, error);
      await storage.put(key, { ...line, attempts: attempts + 1, nextAttemptAt: now + retryDelay(attempts + 1) });
    }
  }
  return waiting;
}
