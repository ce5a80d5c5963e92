// Relaying stored e-mails to the mail provider (docs/decisions/0007, 0020): the queue contract and the one paced loop
// that the contact outbox (features/contact/contact-relay.server.ts) and the order e-mails
// (features/orders/order-mail-relay.server.ts) share. An item is claimed before it is sent, and the claim is the record
// of the attempt: only an outcome releases it. So the request that stored it, the cron run and a "Retry now" never send
// it twice, and neither does a run that follows one cut off while sending (EmailJS has no idempotency key; issue 21):
// such an item is settled as unconfirmed, for a person to judge. A failed attempt is retried with exponential backoff
// and given up after MAX_ATTEMPTS, keeping the last error for staff. Without a provider (or its template) nothing is
// attempted: the item waits, marked with the reason.
import type { SendResult } from "./emailjs.server";

/**
 * A queue of e-mails stored before they are relayed: a relay run claims one (an expiring lease) before sending it,
 * so overlapping runs never send one twice. The contact outbox and the order mails share it.
 */
export interface RelayQueue<M> {
  /** Pending items due by `now` and not claimed by another run, oldest first. */
  due(now: number, limit: number): Promise<M[]>;
  /** A claim id if this run may send the item now, or null if it is not due or another run has it. */
  claim(id: number, now: number, leaseMs: number): Promise<string | null>;
  get(id: number): Promise<M | null>;
  markSent(id: number, claim: string, now: number): Promise<void>;
  /** One failed attempt: pending again at `retryAt`, or failed for good when `retryAt` is null. */
  markAttemptFailed(id: number, claim: string, error: string, retryAt: number | null): Promise<void>;
  /** Nothing was attempted (no provider configured): an unclaimed item waits, with the reason shown. */
  markWaiting(id: number, reason: string): Promise<void>;
  /**
   * Claims whose lease passed with no outcome recorded (the run died while sending): the provider may have the mail,
   * and EmailJS has no idempotency key, so it is never sent again by itself. Marked failed with `reason`, for a
   * person to judge; answers how many.
   */
  settleAbandoned(now: number, reason: string): Promise<number>;
}

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

/** What a claimed attempt with no outcome is marked with once its lease has passed. */
export const UNCONFIRMED =
  "Unconfirmed: the relay stopped while sending this, so the provider may have it. It is not sent again by itself; check with the recipient before sending it again.";

/** How one queue's items go out: a send, or the reason nothing can be attempted (decided before anything is claimed). */
export type Sender<M> = { send: (item: M) => Promise<SendResult> } | { waiting: string };

export async function relayQueued<M extends { attempts: number }>(queue: RelayQueue<M>, id: number, now: number, sender: Sender<M>): Promise<RelayOutcome> {
  if ("waiting" in sender) {
    await queue.markWaiting(id, sender.waiting);
    return "waiting";
  }
  const claim = await queue.claim(id, now, RELAY.leaseMs);
  if (!claim) return "skipped";
  const item = await queue.get(id);
  if (!item) return "skipped";
  const result = await sender.send(item);
  if (result.ok) {
    await queue.markSent(id, claim, Date.now());
    return "sent";
  }
  const attempts = item.attempts + 1;
  const retryAt = attempts < RELAY.maxAttempts ? now + backoffMs(attempts) : null;
  await queue.markAttemptFailed(id, claim, result.error, retryAt);
  console.warn(`[mail] Item ${id}, attempt ${attempts}: ${result.error}`);
  return retryAt === null ? "failed" : "retry";
}

export type RelayDueOptions = { now?: () => number; limit?: number; minIntervalMs?: number };

/**
 * The one paced loop of every relay run (the cron's and the one after a response): claims whose run died are settled
 * first, then `pick`'s items go out one at a time, at most one request per `minIntervalMs`.
 */
export async function relayQueue<M extends { id: number; attempts: number }>(
  queue: RelayQueue<M>,
  sender: Sender<M>,
  options: RelayDueOptions,
  pick: (now: number, limit: number) => Promise<{ id: number }[]> = (now, limit) => queue.due(now, limit),
) {
  const { now = Date.now, limit = RELAY.batchSize, minIntervalMs = RELAY.minIntervalMs } = options;
  const outcomes: Record<RelayOutcome, number> = { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  const settled = await queue.settleAbandoned(now(), UNCONFIRMED);
  if (settled > 0) console.warn(`[mail] ${settled} item(s) whose relay stopped while sending: marked unconfirmed, not sent again`);
  const due = await pick(now(), limit);
  for (const [index, item] of due.entries()) {
    // Pacing is for the provider: marking items as waiting sends nothing.
    if (index > 0 && minIntervalMs > 0 && "send" in sender) await new Promise((resolve) => setTimeout(resolve, minIntervalMs));
    outcomes[await relayQueued(queue, item.id, now(), sender)]++;
  }
  return outcomes;
}
