// Telling people about an order (issue 13): the e-mails of an event are written (app/features/orders/order-mail.server.ts) BEFORE
// the order change is stored, so that the backend stores them in the same write as the change (issue 21: an order
// never exists, or moves on, without its e-mails); they are relayed after the response, paced as the cron is, so a
// slow or failing mail provider never holds up or fails the page; the cron retries what did not go out (0020).
import { BackendError } from "~/backend/port.server";
import type { NewMail } from "~/domain/mail";
import type { OrderChange, OrderDetail } from "~/domain/order-records";
import { relayOrderMailsAfterResponse } from "./order-mail-relay.server";
import type { RequestContext } from "~/request/context.server";
import { messageMails, requestMails, transitionMails, type MailContext, type MailOrder } from "./order-mail.server";
import { unsealStatusToken } from "./status-token.server";

export type OrderMailEvent =
  { kind: "request" } | { kind: "transition"; transition: OrderChange["transition"] } | { kind: "message"; author: "customer" | "staff"; body: string };

/**
 * The e-mails of `event` about `order`, as it will be once the event is stored, for the order's id (a request's id is
 * only chosen by the write that stores it). `token`: the status link's token when the caller has it (the request
 * itself, the customer's own page); otherwise it is read from its sealed copy.
 */
export async function orderMails(
  app: RequestContext,
  {
    order,
    origin,
    token,
    event,
  }: { order: Omit<MailOrder, "id"> & { linkRevoked?: boolean; tokenSealed?: string | null }; origin: string; token?: string | null; event: OrderMailEvent },
): Promise<(id: number) => NewMail[]> {
  const { backend, config } = app;
  const company = await backend.content.company().catch(() => null);
  const linkToken = order.linkRevoked ? null : (token ?? (await unsealStatusToken(order.tokenSealed ?? null, config.SESSION_SECRET)));
  return (id) => {
    const context: MailContext = { order: { ...order, id }, origin, token: linkToken, staffEmail: company?.email || null };
    if (event.kind === "request") return requestMails(context);
    if (event.kind === "transition") return transitionMails(context, event.transition);
    return messageMails(context, event.author, event.body);
  };
}

/**
 * An order write that fails (the database refused it or could not be reached): logged, and answered "unavailable":
 * the change and its e-mails were one write, so nothing of it was stored and the person can simply try again.
 */
export async function unlessWriteFails<T>(what: string, write: () => Promise<T>): Promise<T | "unavailable"> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    console.error(`[orders] ${what} could not be stored:`, error);
    return "unavailable";
  }
}

/** The order as a transition leaves it (what its e-mails describe): computed before the change is stored. */
export function orderAfter(order: OrderDetail, change: OrderChange, now: number): OrderDetail {
  return {
    ...order,
    status: change.to,
    version: change.basedOn + 1,
    updatedAt: now,
    quote: change.quote ? { ...change.quote, quotedAt: now } : order.quote,
    cancelReason: change.cancelReason ?? order.cancelReason,
  };
}

/** After the response: the order's e-mails just stored go out, paced; a failure waits for the cron. */
export function relayOrderMails(app: RequestContext, orderId: number) {
  relayOrderMailsAfterResponse(app.cloudflare.ctx, app.backend, app.config, orderId);
}
