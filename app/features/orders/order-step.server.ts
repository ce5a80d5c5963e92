// One step of an order, for everyone who takes one (staff, the interpreter, the customer by their status link; issue
// 13, docs/decisions/0018): judged by the order's state machine against the version the page showed, stored as a
// compare-and-set with its e-mails in the same write (issue 21), and tried once more when the write fails — after
// reading whether the first try was stored after all, so a step is never applied twice. A step that is not allowed
// (403 / 409), comes from a stale page (409) or cannot be written (503) changes nothing.
import type { OrderChange, OrderDetail } from "~/domain/order-records";
import { checkTransition, type OrderActor, type OrderTransition } from "~/domain/orders";
import type { Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { orderAfter, orderMails, unlessWriteFails } from "./order-notices.server";

/** What a step changes besides its transition: the quote, the interpreter, the files, the reason, the history's detail. */
export type StepChange = Omit<OrderChange, "from" | "to" | "basedOn" | "actor" | "actorId" | "transition">;

export type OrderStep = {
  app: RequestContext;
  messages: Messages;
  order: OrderDetail;
  actor: OrderActor;
  /** The person with a users row who acted; null for the customer and for an account without one. */
  actorId: string | null;
  transition: OrderTransition;
  basedOn: number;
  change: StepChange;
  /** The site's origin and, for the customer, their own link: what the step's e-mails point to. */
  origin: string;
  token?: string;
};

/** Checks and stores one step with its e-mails: `stored`, or the refusal to answer (nothing changed). */
export async function storeOrderStep(step: OrderStep): Promise<{ stored: true } | { refused: ReturnType<typeof formFailure> }> {
  const { app, messages: t, order, actor, transition, basedOn } = step;
  const check = checkTransition(order, transition, { actor, basedOn, now: new Date() });
  if (!check.ok)
    return { refused: formFailure({ formError: t.orders.refusals[check.reason], intent: transition }, { status: check.reason === "not-yours" ? 403 : 409 }) };
  const change: OrderChange = { ...step.change, transition, from: order.status, to: check.to, basedOn, actor, actorId: step.actorId };
  const now = Date.now();
  const mails = await orderMails(app, {
    order: orderAfter(order, change, now),
    origin: step.origin,
    token: step.token,
    event: { kind: "transition", transition },
  });
  const write = () => unlessWriteFails(`Order ${order.id} ${transition}`, () => app.backend.orders.transition(order.id, change, now, mails(order.id)));
  const stored = await writeOnceMore(app, order.id, change, write);
  if (stored === "unavailable") return { refused: formFailure({ formError: t.orders.refusals.unavailable, intent: transition }, { status: 503 }) };
  if (!stored.ok)
    return { refused: formFailure({ formError: t.orders.refusals[stored.reason === "stale" ? "stale" : "notFound"], intent: transition }, { status: 409 }) };
  return { stored: true };
}

/**
 * A step whose write failed is not given up at once: a write that fails once (a database hiccup) is tried again, so
 * the person's step — a delivery with its files — goes through. Before trying again the order is read: a write whose
 * answer was lost may have been stored after all (then it counts as stored, and its files stay). The write is a
 * compare-and-set on the version, so trying it again can never apply the step twice.
 */
async function writeOnceMore(
  app: RequestContext,
  orderId: number,
  change: OrderChange,
  write: () => Promise<{ ok: true; version: number } | { ok: false; reason: "stale" | "not-found" } | "unavailable">,
) {
  const first = await write();
  if (first !== "unavailable") return first;
  const now = await app.backend.orders.get(orderId).catch(() => null);
  if (now && now.version === change.basedOn + 1 && now.status === change.to) return { ok: true as const, version: now.version };
  return write();
}
