// Relaying stored contact messages to the mail provider. A message is claimed before it is sent, so the
// request that stored it, the cron run and a "Retry now" never send it twice; a failed attempt is retried
// with exponential backoff and given up after MAX_ATTEMPTS, keeping the last error for staff.
import type { OutboxStore } from "~/backend/port.server";
import { MAIL_PROVIDER_NOT_CONFIGURED } from "~/domain/contact";
import type { AppConfig } from "./config.server";
import { sendWithEmailJs } from "./mail/emailjs.server";

export const RELAY = {
  /** Attempts before a message is marked failed: retries 1, 2, 4, 8, 16, 32 and 60 minutes apart (about 2 hours). */
  maxAttempts: 8,
  /** How long a claim keeps other runs away; longer than one send can take (15 s timeout). */
  leaseMs: 60_000,
  /** EmailJS accepts about one request per second. */
  minIntervalMs: 1_000,
  /** Messages one cron run takes on, one at a time. */
  batchSize: 40,
} as const;

/** The wait before the next attempt, after `attempts` failed ones: 1, 2, 4, 8, 16, 32, then 60 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export type RelayOutcome = "sent" | "retry" | "failed" | "waiting" | "skipped";

/** One message: claim it, send it, record what happened. "skipped": not due, or another run has it. */
export async function relayMessage(outbox: OutboxStore, config: AppConfig, id: number, now = Date.now()): Promise<RelayOutcome> {
  const claim = await outbox.claim(id, now, RELAY.leaseMs);
  if (!claim) return "skipped";
  const message = await outbox.get(id);
  if (!message) return "skipped";
  if (!config.emailjs) {
    await outbox.markWaiting(id, claim, MAIL_PROVIDER_NOT_CONFIGURED);
    return "waiting";
  }
  const { name, email, subject, message: text } = message;
  const result = await sendWithEmailJs(config.emailjs, config.emailjs.contactTemplateId, { name, email, subject, message: text });
  if (result.ok) {
    await outbox.markSent(id, claim, Date.now());
    return "sent";
  }
  const attempts = message.attempts + 1;
  const retryAt = attempts < RELAY.maxAttempts ? now + backoffMs(attempts) : null;
  await outbox.markAttemptFailed(id, claim, result.error, retryAt);
  console.warn(`[contact] Message ${id}, attempt ${attempts}: ${result.error}`);
  return retryAt === null ? "failed" : "retry";
}

type RelayDueOptions = {
  now?: () => number;
  limit?: number;
  minIntervalMs?: number;
};

/** The cron's work: every due message, one at a time, at most one request per `minIntervalMs`. */
export async function relayDue(outbox: OutboxStore, config: AppConfig, options: RelayDueOptions = {}) {
  const { now = Date.now, limit = RELAY.batchSize, minIntervalMs = RELAY.minIntervalMs } = options;
  const outcomes: Record<RelayOutcome, number> = { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  // Without a provider there is nothing to try: messages wait, already marked so when they arrived.
  if (!config.emailjs) return outcomes;
  const due = await outbox.due(now(), limit);
  for (const [index, message] of due.entries()) {
    if (index > 0 && minIntervalMs > 0) await new Promise((resolve) => setTimeout(resolve, minIntervalMs));
    outcomes[await relayMessage(outbox, config, message.id, now())]++;
  }
  return outcomes;
}
