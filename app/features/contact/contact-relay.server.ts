// Relaying the contact outbox (contact messages and callback requests) through the shared relay loop
// (platform/mail/relay.server.ts): one message after the response that stored it, or every due one on the cron.
import type { OutboxStore } from "~/backend/port.server";
import { MAIL_PROVIDER_NOT_CONFIGURED, type ContactMessage } from "~/domain/contact";
import type { AppConfig } from "~/platform/core/config.server";
import { sendWithEmailJs } from "~/platform/mail/emailjs.server";
import { relayQueue, relayQueued, type RelayDueOptions, type RelayOutcome, type Sender } from "~/platform/mail/relay.server";

const contactSender = (config: AppConfig): Sender<ContactMessage> => {
  const emailjs = config.emailjs;
  if (!emailjs) return { waiting: MAIL_PROVIDER_NOT_CONFIGURED };
  return { send: ({ name, email, subject, message }) => sendWithEmailJs(emailjs, emailjs.contactTemplateId, { name, email, subject, message }) };
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

/** The cron's work for the contact outbox: every due message, one at a time, at most one request per `minIntervalMs`. */
export async function relayDue(outbox: OutboxStore, config: AppConfig, options: RelayDueOptions = {}) {
  // Without a provider there is nothing to try: messages wait, already marked so when they arrived.
  if (!config.emailjs) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(outbox, contactSender(config), options);
}
