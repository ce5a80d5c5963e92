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

/** The cron's work for the order e-mails. */
export async function relayDueMails(
  { mail, orders }: { mail: MailOutboxStore; orders: Pick<OrderStore, "get"> },
  config: AppConfig,
  options: RelayDueOptions = {},
) {
  if (!config.emailjs?.orderTemplateId) return { sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 };
  return relayQueue(mail, orderMailSender(config, orders), options);
}
