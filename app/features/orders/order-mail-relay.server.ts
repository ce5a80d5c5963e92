// Relaying order e-mails through the shared relay loop (platform/mail/relay.server.ts), each with the customer's
// status link filled in as it goes out (order-mail.server.ts: the link is never stored, issue 22).
import type { MailOutboxStore, OrderStore } from "~/backend/port.server";
import { MAIL_PROVIDER_NOT_CONFIGURED } from "~/domain/contact";
import type { OutgoingMail } from "~/domain/mail";
import type { AppConfig } from "~/platform/core/config.server";
import { sendWithEmailJs } from "~/platform/mail/emailjs.server";
import { relayQueue, type RelayDueOptions, type Sender } from "~/platform/mail/relay.server";
import { withStatusLink } from "./order-mail.server";

/** The reason an order e-mail waits when EmailJS is set up without a template for order e-mails. */
export const ORDER_TEMPLATE_NOT_CONFIGURED = "order-template-not-configured";

/** The body a mail goes out with: its stored body with the reader's link filled in at this moment. */
export type LinkFiller = (mail: OutgoingMail) => Promise<string>;

/** The order e-mails' links (order-mail.server.ts); the cron's filler also fills appointments' (app/features/appointments). */
export const orderLinks =
  (orders: Pick<OrderStore, "get">, secret: string): LinkFiller =>
  (mail) =>
    withStatusLink(mail, orders, secret);

/** Outbox e-mails go out with their links filled in at this moment (a link is never stored: issue 22). */
function outboxSender(config: AppConfig, fill: LinkFiller): Sender<OutgoingMail> {
  const emailjs = config.emailjs;
  if (!emailjs) return { waiting: MAIL_PROVIDER_NOT_CONFIGURED };
  const template = emailjs.orderTemplateId;
  if (!template) return { waiting: ORDER_TEMPLATE_NOT_CONFIGURED };
  return { send: async (mail) => sendWithEmailJs(emailjs, template, { to_email: mail.to, subject: mail.subject, message: await fill(mail) }) };
}

/**
 * After the response that stored a change (`waitUntil`): the due e-mails `mailsOf` reads (one order's, one
 * appointment's, newest first), through the cron's paced loop, so a burst of them never outruns the provider's rate;
 * what fails waits for the cron.
 */
export function relayAfterResponse(
  ctx: { waitUntil(promise: Promise<unknown>): void },
  mail: MailOutboxStore,
  config: AppConfig,
  { mailsOf, fill, what }: { mailsOf: () => Promise<OutgoingMail[]>; fill: LinkFiller; what: string },
) {
  const pending = async (now: number, limit: number) =>
    (await mailsOf())
      .filter((item) => item.status === "pending" && item.nextAttemptAt <= now)
      .reverse()
      .slice(0, limit);
  ctx.waitUntil(
    relayQueue(mail, outboxSender(config, fill), {}, pending).catch((error) => console.error(`[mail] Relaying the e-mails of ${what} failed:`, error)),
  );
}

/** After the response that stored an order change: that order's due e-mails. */
export function relayOrderMailsAfterResponse(
  ctx: { waitUntil(promise: Promise<unknown>): void },
  { mail, orders }: { mail: MailOutboxStore; orders: Pick<OrderStore, "get"> },
  config: AppConfig,
  orderId: number,
) {
  relayAfterResponse(ctx, mail, config, { mailsOf: () => mail.forOrder(orderId), fill: orderLinks(orders, config.SESSION_SECRET), what: `order ${orderId}` });
}

/** The cron's work for the outbox's e-mails; `fill` fills every kind of link the outbox holds (orders' by default). */
export async function relayDueMails(
  { mail, orders }: { mail: MailOutboxStore; orders: Pick<OrderStore, "get"> },
  config: AppConfig,
  options: RelayDueOptions = {},
  fill: LinkFiller = orderLinks(orders, config.SESSION_SECRET),
) {
  if (!config.emailjs?.orderTemplateId) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(mail, outboxSender(config, fill), options);
}
