// Relaying stored e-mails to the mail provider: the contact outbox and the order e-mails (docs/decisions/0007, 0020).
// An item is claimed before it is sent, so the request that stored it, the cron run and a "Retry now" never send it
// twice; a failed attempt is retried with exponential backoff and given up after MAX_ATTEMPTS, keeping the last error
// for staff. Without a provider (or its template) nothing is attempted: the item waits, marked with the reason.
import type { OutboxStore, MailOutboxStore, RelayQueue } from "~/backend/port.server";
import { MAIL_PROVIDER_NOT_CONFIGURED } from "~/domain/contact";
import type { ContactMessage } from "~/domain/contact";
import type { OutgoingMail } from "~/domain/mail";
import type { AppConfig } from "./config.server";
import { sendWithEmailJs, type SendResult } from "./mail/emailjs.server";

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

/** The reason an order e-mail waits when EmailJS is set up without a template for order e-mails. */
export const ORDER_TEMPLATE_NOT_CONFIGURED = "order-template-not-configured";

/** The wait before the next attempt, after `attempts` failed ones: 1, 2, 4, 8, 16, 32, then 60 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export type RelayOutcome = "sent" | "retry" | "failed" | "waiting" | "skipped";

/** How one queue's items go out: a send, or the reason nothing can be attempted yet. */
type Sender<M> = (item: M) => Promise<SendResult> | { waiting: string };

async function relayQueued<M extends { attempts: number }>(queue: RelayQueue<M>, id: number, now: number, send: Sender<M>): Promise<RelayOutcome> {
  const claim = await queue.claim(id, now, RELAY.leaseMs);
  if (!claim) return "skipped";
  const item = await queue.get(id);
  if (!item) return "skipped";
  const sending = send(item);
  if ("waiting" in sending) {
    await queue.markWaiting(id, claim, sending.waiting);
    return "waiting";
  }
  const result = await sending;
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

type RelayDueOptions = { now?: () => number; limit?: number; minIntervalMs?: number };

async function relayQueue<M extends { id: number; attempts: number }>(queue: RelayQueue<M>, send: Sender<M>, options: RelayDueOptions) {
  const { now = Date.now, limit = RELAY.batchSize, minIntervalMs = RELAY.minIntervalMs } = options;
  const outcomes: Record<RelayOutcome, number> = { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  const due = await queue.due(now(), limit);
  for (const [index, item] of due.entries()) {
    if (index > 0 && minIntervalMs > 0) await new Promise((resolve) => setTimeout(resolve, minIntervalMs));
    outcomes[await relayQueued(queue, item.id, now(), send)]++;
  }
  return outcomes;
}

const contactSender =
  (config: AppConfig): Sender<ContactMessage> =>
  ({ name, email, subject, message }) =>
    config.emailjs ? sendWithEmailJs(config.emailjs, config.emailjs.contactTemplateId, { name, email, subject, message }) : { waiting: MAIL_PROVIDER_NOT_CONFIGURED };

const orderMailSender =
  (config: AppConfig): Sender<OutgoingMail> =>
  ({ to, subject, body }) => {
    if (!config.emailjs) return { waiting: MAIL_PROVIDER_NOT_CONFIGURED };
    if (!config.emailjs.orderTemplateId) return { waiting: ORDER_TEMPLATE_NOT_CONFIGURED };
    return sendWithEmailJs(config.emailjs, config.emailjs.orderTemplateId, { to_email: to, subject, message: body });
  };

/** One contact message: claim it, send it, record what happened. "skipped": not due, or another run has it. */
export function relayMessage(outbox: OutboxStore, config: AppConfig, id: number, now = Date.now()): Promise<RelayOutcome> {
  return relayQueued(outbox, id, now, contactSender(config));
}

/**
 * relayMessage after the response has gone (`waitUntil`): the message is stored already, so a failure is only logged
 * (`what` names it: "[contact] Relaying message 7") and the outbox's schedule tries again.
 */
export function relayAfterResponse(ctx: { waitUntil(promise: Promise<unknown>): void }, outbox: OutboxStore, config: AppConfig, id: number, what: string) {
  ctx.waitUntil(relayMessage(outbox, config, id).catch((error) => console.error(`${what} failed:`, error)));
}

/** One order e-mail, as relayMessage does a contact message. */
export function relayOrderMail(mail: MailOutboxStore, config: AppConfig, id: number, now = Date.now()): Promise<RelayOutcome> {
  return relayQueued(mail, id, now, orderMailSender(config));
}

/** The cron's work for the contact outbox: every due message, one at a time, at most one request per `minIntervalMs`. */
export async function relayDue(outbox: OutboxStore, config: AppConfig, options: RelayDueOptions = {}) {
  // Without a provider there is nothing to try: messages wait, already marked so when they arrived.
  if (!config.emailjs) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(outbox, contactSender(config), options);
}

/** The cron's work for the order e-mails. */
export async function relayDueMails(mail: MailOutboxStore, config: AppConfig, options: RelayDueOptions = {}) {
  if (!config.emailjs?.orderTemplateId) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(mail, orderMailSender(config), options);
}
