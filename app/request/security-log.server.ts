// Records security events (docs/decisions/0013): who did what, when, from which address and browser.
// Nothing secret goes in: callers pass a kind, the email concerned, the actor and a short fixed note.
import { SECURITY_EVENT_RETENTION_MS, type SecurityEventKind } from "~/domain/accounts";
import type { SecurityEventStore } from "~/backend/port.server";
import { clientOf } from "~/platform/core/client-key.server";
import type { RequestContext } from "./context.server";

type EventInput = {
  kind: SecurityEventKind;
  /** The email the event is about (normalised to lower case by the store). */
  account?: string | null;
  /** The signed-in user who acted; null for a visitor. */
  actor?: string | null;
  detail?: string;
};

/**
 * Writes one event. A failure to record is logged and does not fail what the user was doing: a sign-in should
 * not break because the log could not be written (the log line carries the kind, never the event's data).
 */
export async function recordSecurityEvent(app: Pick<RequestContext, "backend">, request: Request, event: EventInput): Promise<void> {
  const client = clientOf(request);
  try {
    await app.backend.events.record({
      at: Date.now(),
      kind: event.kind,
      account: event.account ?? null,
      actor: event.actor ?? null,
      address: client.address,
      userAgent: client.userAgent,
      detail: event.detail ?? "",
    });
  } catch (error) {
    console.error(`[security] Could not record a ${event.kind} event:`, error instanceof Error ? error.message : String(error));
  }
}

/** The cron's hourly clean-up: events older than the retention period (90 days) are deleted. */
export async function pruneSecurityEvents(events: SecurityEventStore, now: number): Promise<number> {
  const deleted = await events.prune(now - SECURITY_EVENT_RETENTION_MS);
  if (deleted > 0) console.log(`[security] Deleted ${deleted} security events older than 90 days.`);
  return deleted;
}
