// Telling people about an order (issue 13): the e-mails of an event are written (app/lib/order-mail.server.ts),
// stored in the outbox, and then relayed after the response, so a slow or failing mail provider never holds up or
// fails the page; the cron retries whatever did not go out (docs/decisions/0020).
import type { OrderTransition } from "~/domain/orders";
import { relayOrderMail } from "./contact-relay.server";
import type { RequestContext } from "./context.server";
import { messageMails, requestMails, transitionMails, type MailContext } from "./order-mail.server";
import { unsealStatusToken } from "./status-token.server";

export type OrderMailEvent =
  | { kind: "request" }
  | { kind: "transition"; transition: OrderTransition }
  | { kind: "message"; author: "customer" | "staff"; body: string };

/**
 * Stores the e-mails of `event` for order `orderId` (read as it is now) and relays them in the background. `token`:
 * the status link's token when the caller has it (the request itself, the customer's own page); otherwise it is read
 * from its sealed copy.
 */
export async function sendOrderMails(app: RequestContext, { orderId, origin, token, event }: { orderId: number; origin: string; token?: string | null; event: OrderMailEvent }) {
  const { backend, config } = app;
  const [order, company] = await Promise.all([backend.orders.get(orderId), backend.content.company().catch(() => null)]);
  if (!order) return;
  const linkToken = token ?? (order.linkRevoked ? null : await unsealStatusToken(order.tokenSealed, config.SESSION_SECRET));
  const context: MailContext = { order, origin, token: order.linkRevoked ? null : linkToken, staffEmail: company?.email || null };
  const mails =
    event.kind === "request" ? requestMails(context) : event.kind === "transition" ? transitionMails(context, event.transition) : messageMails(context, event.author, event.body);
  if (mails.length === 0) return;
  const now = Date.now();
  await backend.mail.enqueue(mails, now);
  // Relay what was just stored (and anything else due) after the response; what fails waits for the cron.
  app.cloudflare.ctx.waitUntil(
    backend.mail
      .due(now, 10)
      .then(async (due) => {
        for (const mail of due) await relayOrderMail(backend.mail, config, mail.id);
      })
      .catch((error) => console.error(`[mail] Relaying the e-mails of order ${orderId} failed:`, error)),
  );
}
