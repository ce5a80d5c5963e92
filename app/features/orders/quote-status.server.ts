// The customer's side of an order (/Quote/<token>, issue 13): the order is found by the SHA-256 of the token in the
// URL, only while the link is not revoked; anything else is a plain 404. The customer accepts or declines a quote
// and writes to staff; each step is checked by the order's state machine and stored as a compare-and-set, with its
// e-mails in the same write (issue 21): a write that fails stores nothing and says so (503).
import { data } from "react-router";
import type { OrderDetail } from "~/domain/order-records";
import { availableTransitions, quoteIsValid, type OrderTransition } from "~/domain/orders";
import { messagesFor } from "~/platform/page/locale";
import type { Locale } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { orderMails, relayOrderMails, unlessWriteFails } from "~/features/orders/order-notices.server";
import { storeOrderStep } from "~/features/orders/order-step.server";
import { messageSchema } from "~/domain/order-forms";
import { parseFormData, readForm } from "~/request/forms.server";
import { refuseOverLimit } from "~/request/public-form.server";
import { statusTokenHash } from "~/features/orders/status-token.server";
import { redirectWithToast } from "~/request/toast.server";
import { formText } from "~/platform/page/form-text";

/** The order behind a status link, or a 404 that says nothing more. */
export async function orderOfToken(app: RequestContext, token: string | undefined): Promise<OrderDetail> {
  const hash = await statusTokenHash(token ?? "");
  const order = hash ? await app.backend.orders.byTokenHash(hash) : null;
  if (!order) throw data(null, { status: 404 });
  return order;
}

/** What the customer's page of an order shows (/Quote/<token> and /Account/Orders/<id>): never staff's note or link. */
export function customerOrderView(order: OrderDetail, now = new Date()) {
  return {
    order: {
      id: order.id,
      status: order.status,
      version: order.version,
      serviceTitle: order.serviceTitle,
      sourceLanguage: order.sourceLanguage,
      targetLanguages: order.targetLanguages,
      deadline: order.deadline,
      createdAt: order.createdAt,
      customerName: order.customer.name,
      customerEmail: order.customer.email,
      quote: order.quote,
      cancelReason: order.cancelReason,
      files: order.files,
      messages: order.messages,
      events: order.events,
    },
    canRespond: availableTransitions(order, "customer", now),
    quoteExpired: order.status === "quoted" && order.quote !== null && !quoteIsValid(order.quote, now),
  };
}

type Input = { request: Request; app: RequestContext; locale: Locale; token: string };

export async function customerAction({ request, app, locale, token }: Input) {
  const t = messagesFor(locale);
  const overLimit = await refuseOverLimit(app.cloudflare.env.STATUS_PAGE_LIMITER, request, app, t);
  if (overLimit) return overLimit;
  return customerOrderAction({ request, app, locale, order: await orderOfToken(app, token), token });
}

/**
 * The customer's accept, decline or message on an order already found for them: by its status link (`token`) or, on
 * /Account, through their organisation (no token: the e-mails' link is unsealed from the order's sealed copy).
 */
export async function customerOrderAction({ request, app, locale, order, token }: Omit<Input, "token"> & { order: OrderDetail; token?: string }) {
  const t = messagesFor(locale);
  const formData = await readForm(request);
  if (!formData) return formFailure({ formError: t.errors.notAForm }, { status: 400 });
  const intent = formText(formData, "intent");
  const url = new URL(request.url);
  // A hydrated page (/Account) posts to the route's data URL (…/Orders/1.data): back to the page itself.
  const back = `${url.pathname.replace(/\.data$/, "")}#${intent === "message" ? "thread" : "quote"}`;

  if (intent === "message") {
    const form = parseFormData(formData, messageSchema(t));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent });
    const mails = await orderMails(app, { order, origin: url.origin, token, event: { kind: "message", author: "customer", body: form.data.body } });
    const added = await unlessWriteFails("A customer's message", () =>
      app.backend.orders.addMessage(order.id, { author: "customer", authorId: null, body: form.data.body }, Date.now(), mails(order.id)),
    );
    if (added === "unavailable") return formFailure({ values: { body: form.data.body }, formError: t.orders.refusals.unavailable, intent }, { status: 503 });
    if (!added) throw data(null, { status: 404 });
    relayOrderMails(app, order.id);
    return redirectWithToast(back, { type: "success", message: t.orders.thread.sent }, { request, config: app.config });
  }

  if (intent !== "accept" && intent !== "decline") return formFailure({ formError: t.people.unknownIntent, intent }, { status: 400 });
  const transition: OrderTransition = intent;
  const basedOn = Number(formData.get("basedOn"));
  const step = { app, messages: t, order, actor: "customer" as const, actorId: null, transition, basedOn, change: { detail: {} }, origin: url.origin, token };
  const result = await storeOrderStep(step);
  if ("refused" in result) return result.refused;
  relayOrderMails(app, order.id);
  const message = transition === "accept" ? t.orders.status.accepted : t.orders.status.declined;
  return redirectWithToast(back, { type: "success", message }, { request, config: app.config });
}
