// "Request again" (issue 27): a requester opens /Quote?again=<order> from one of their organisation's orders and finds
// the form filled in with that order's work — the service, the languages and the details. The order is read through
// the organisation (Backend.portal), so another organisation's number, or a visitor's guess, fills in nothing. The
// deadline and the files are the new request's own: a past date would be refused, and files are never carried over.
import type { CustomerUser } from "~/domain/auth";
import { positiveInt } from "~/domain/paging";
import type { Backend } from "~/backend/port.server";

export type RequestAgain = { orderId: number; values: Record<string, string> };

/** The values a new quote request starts from, or null when `again` names no order of the requester's organisation. */
export async function requestAgainValues(backend: Backend, user: CustomerUser, again: string | null): Promise<RequestAgain | null> {
  const orderId = positiveInt(again);
  if (orderId === null) return null;
  const order = await backend.portal.order(user.organisationId, orderId);
  if (!order) return null;
  const targets = order.targets.flatMap((target) => (target.languageId === null ? [] : [String(target.languageId)]));
  const values: Record<string, string> = {
    service: order.serviceId === null ? "" : String(order.serviceId),
    source: order.sourceLanguageId === null ? "" : String(order.sourceLanguageId),
    targets: targets.join(","),
    details: order.details,
  };
  // A colleague's order carries the colleague's phone: only the requester's own order gives theirs.
  if (order.customer.email.toLowerCase() === user.email.toLowerCase()) values.phone = order.customer.phone;
  return { orderId, values };
}
