// Relaying stored e-mails to the mail provider: the contact outbox and the order e-mails (docs/decisions/0007, 0020).
// An item is claimed before it is sent, and the claim is the record of the attempt: only an outcome releases it. So the
// request that stored it, the cron run and a "Retry now" never send it twice, and neither does a run that follows one
// cut off while sending (EmailJS has no idempotency key; issue 21): such an item is settled as unconfirmed, for a
// person to judge. A failed attempt is retried with exponential backoff and given up after MAX_ATTEMPTS, keeping the
// last error for staff. Without a provider (or its template) nothing is attempted: the item waits, marked with the reason.
import type { MailOutboxStore, OrderStore, OutboxStore, RelayQueue } from "~/backend/port.server";
import { MAIL_PROVIDER_NOT_CONFIGURED } from "~/domain/contact";
import type { ContactMessage } from "~/domain/contact";
import type { OutgoingMail } from "~/domain/mail";
import type { AppConfig } from "./config.server";
import { sendWithEmailJs, type SendResult } from "./mail/emailjs.server";
import { withStatusLink } from "./order-mail.server";

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

/** What a claimed attempt with no outcome is marked with once its lease has passed. */
export const UNCONFIRMED =
  "Unconfirmed: the relay stopped while sending this, so the provider may have it. It is not sent again by itself; check with the recipient before sending it again.";

/** How one queue's items go out: a send, or the reason nothing can be attempted (decided before anything is claimed). */
type Sender<M> = { send: (item: M) => Promise<SendResult> } | { waiting: string };

async function relayQueued<M extends { attempts: number }>(queue: RelayQueue<M>, id: number, now: number, sender: Sender<M>): Promise<RelayOutcome> {
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

type RelayDueOptions = { now?: () => number; limit?: number; minIntervalMs?: number };

/**
 * The one paced loop of every relay run (the cron's and the one after a response): claims whose run died are settled
 * first, then `pick`'s items go out one at a time, at most one request per `minIntervalMs`.
 */
async function relayQueue<M extends { id: number; attempts: number }>(
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

const contactSender = (config: AppConfig): Sender<ContactMessage> => {
  const emailjs = config.emailjs;
  if (!emailjs) return { waiting: MAIL_PROVIDER_NOT_CONFIGURED };
  return { send: ({ name, email, subject, message }) => sendWithEmailJs(emailjs, emailjs.contactTemplateId, { name, email, subject, message }) };
};

/** Order e-mails go out with the customer's link filled in at this moment (it is never stored: issue 22). */
function orderMailSender(config: AppConfig, orders: Pick<OrderStore, "get">): Sender<OutgoingMail> {
  const emailjs = config.emailjs;
  if (!emailjs) return { waiting: MAIL_PROVIDER_NOT_CONFIGURED };
  const template = emailjs.orderTemplateId;
  if (!template) return { waiting: ORDER_TEMPLATE_NOT_CONFIGURED };
  return {
    send: async (mail) =>
      sendWithEmailJs(emailjs, template, { to_email: mail.to, subject: mail.subject, message: await withStatusLink(mail, orders, config.SESSION_SECRET) }),
  };
}

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

/**
 * After the response that stored an order change (`waitUntil`): that order's due e-mails, through the cron's paced
 * loop, so a burst of them never outruns the provider's rate; what fails waits for the cron.
 */
export function relayOrderMailsAfterResponse(
  ctx: { waitUntil(promise: Promise<unknown>): void },
  { mail, orders }: { mail: MailOutboxStore; orders: Pick<OrderStore, "get"> },
  config: AppConfig,
  orderId: number,
) {
  const pending = async (now: number, limit: number) =>
    (await mail.forOrder(orderId))
      .filter((item) => item.status === "pending" && item.nextAttemptAt <= now)
      .reverse()
      .slice(0, limit);
  ctx.waitUntil(
    relayQueue(mail, orderMailSender(config, orders), {}, pending).catch((error) =>
      console.error(`[mail] Relaying the e-mails of order ${orderId} failed:`, error),
    ),
  );
}

/** The cron's work for the contact outbox: every due message, one at a time, at most one request per `minIntervalMs`. */
export async function relayDue(outbox: OutboxStore, config: AppConfig, options: RelayDueOptions = {}) {
  // Without a provider there is nothing to try: messages wait, already marked so when they arrived.
  if (!config.emailjs) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(outbox, contactSender(config), options);
}

/** The cron's work for the order e-mails. */
export async function relayDueMails(
  { mail, orders }: { mail: MailOutboxStore; orders: Pick<OrderStore, "get"> },
  config: AppConfig,
  options: RelayDueOptions = {},
) {
  if (!config.emailjs?.orderTemplateId) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(mail, orderMailSender(config, orders), options);
}
