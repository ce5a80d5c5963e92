// The e-mails each step of an order sends (issue 13): written here, in the reader's language (the customer's is the
// language they asked in; staff read English), then stored in the outbox and relayed (docs/decisions/0020).
import type { NewMail } from "~/domain/mail";
import { orderNumber, type OrderDetail } from "~/domain/order-records";
import { formatAmount, type OrderTransition } from "~/domain/orders";
import { format, formatDate, type Locale } from "~/i18n";
import type { OrderStore } from "~/backend/port.server";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { identityProof } from "./identity-proof.server";
import { unsealStatusToken } from "./status-token.server";

/** What the e-mails say of an order: read from the store, or as a change is about to leave it (issue 21). */
export type MailOrder = Pick<
  OrderDetail,
  "id" | "locale" | "serviceTitle" | "sourceLanguage" | "targetLanguages" | "deadline" | "details" | "status" | "quote" | "cancelReason"
> & {
  customer: Pick<OrderDetail["customer"], "name" | "email">;
};

export type MailContext = {
  order: MailOrder;
  /** The site's origin, for the links in the mails. */
  origin: string;
  /** The customer's status link token, when it can be read; without it, mails point to the first e-mail's link. */
  token: string | null;
  /** Where staff notices go: the company's e-mail (the studio's Company record). */
  staffEmail: string | null;
};

/**
 * What a stored e-mail holds where the customer's status link goes: the address with this slot for its token. The
 * outbox (and so a database backup, or the admin's order page) never holds a working link (issue 22); the relay fills
 * the token in from the order's sealed copy as it sends the mail (withStatusLink).
 */
export const STATUS_TOKEN_SLOT = "{status-link-token}";

/** The customer's link in a stored e-mail, or null when there is none to give (`token`: the link exists now). */
export function statusLink({ order, origin, token }: Pick<MailContext, "order" | "origin" | "token">): string | null {
  return token ? `${origin}${localizedPath(order.locale, "/Quote/")}${STATUS_TOKEN_SLOT}` : null;
}

/** The e-mails whose reader is the customer: the only ones whose link slot is filled (staff mails quote customers' text). */
const TO_CUSTOMER: readonly NewMail["kind"][] = ["order-received", "order-status", "order-message-to-customer"];

/**
 * The body to send: the link slot filled with the order's token, unsealed now, and the proof of the mailbox. A link that is gone since (revoked, or
 * sealed under a secret that has been rotated) becomes the sentence that points to the first e-mail, not a dead address.
 */
export async function withStatusLink(mail: Pick<NewMail, "kind" | "body" | "orderId">, orders: Pick<OrderStore, "get">, secret: string): Promise<string> {
  if (mail.orderId === null || !TO_CUSTOMER.includes(mail.kind) || !mail.body.includes(STATUS_TOKEN_SLOT)) return mail.body;
  const order = await orders.get(mail.orderId);
  const token = order && !order.linkRevoked ? await unsealStatusToken(order.tokenSealed, secret) : null;
  // The e-mailed link also proves that its reader has this mailbox (app/features/orders/identity-proof.server.ts).
  if (token) return mail.body.replaceAll(STATUS_TOKEN_SLOT, `${token}?confirm=${await identityProof(secret, mail.orderId)}`);
  return mail.body.replace(/\S*\{status-link-token\}/g, messagesFor(order?.locale ?? "en").orders.mail.noLink);
}

const dashboardLink = ({ order, origin }: MailContext) => `${origin}/Dashboard/Orders/${order.id}`;

function customerMail(context: MailContext, kind: NewMail["kind"], subject: string, body: string): NewMail {
  const t = messagesFor(context.order.locale).orders.mail;
  return { kind, to: context.order.customer.email, subject, body: `${body}\n\n${t.signature}`, orderId: context.order.id };
}

function staffMail(context: MailContext, kind: NewMail["kind"], subject: string, body: string): NewMail[] {
  return context.staffEmail ? [{ kind, to: context.staffEmail, subject, body, orderId: context.order.id }] : [];
}

/** The values every customer mail can use. */
function customerValues(context: MailContext) {
  const { order } = context;
  const t = messagesFor(order.locale).orders.mail;
  const link = statusLink(context);
  return {
    name: order.customer.name,
    number: orderNumber(order.id),
    link: link ?? t.noLink,
    linkLine: link ? format(t.linkLine, { link }) : t.noLink,
  };
}

const languagesOf = (order: MailOrder, locale: Locale) =>
  format(messagesFor(locale).orders.fields.languagePair, { source: order.sourceLanguage, targets: order.targetLanguages.join(", ") });

/** A new request: the acknowledgement with the status link, and the staff's notice. */
export function requestMails(context: MailContext): NewMail[] {
  const { order } = context;
  const t = messagesFor(order.locale).orders.mail;
  const staff = messagesFor("en").orders;
  const values = customerValues(context);
  return [
    customerMail(context, "order-received", format(t.receivedSubject, values), format(t.receivedBody, values)),
    ...staffMail(
      context,
      "order-new-for-staff",
      format(staff.mail.staffNewSubject, { number: values.number, name: order.customer.name }),
      format(staff.mail.staffNewBody, {
        name: order.customer.name,
        email: order.customer.email,
        service: order.serviceTitle,
        languages: languagesOf(order, "en"),
        deadline: formatDate("en", order.deadline),
        details: order.details || staff.fields.noDetails,
        link: dashboardLink(context),
      }),
    ),
  ];
}

const BODY_OF: Record<OrderTransition, keyof ReturnType<typeof messagesFor>["orders"]["mail"]> = {
  quote: "quotedBody",
  accept: "acceptedBody",
  decline: "declinedBody",
  assign: "inProgressBody",
  deliver: "deliveredBody",
  complete: "completedBody",
  cancel: "cancelledBody",
};

/** A step the order took (`order` as it is after it): the customer is told; staff too when the customer acted. */
export function transitionMails(context: MailContext, transition: OrderTransition): NewMail[] {
  const { order } = context;
  const locale = order.locale;
  const t = messagesFor(locale).orders;
  const values = {
    ...customerValues(context),
    reason: order.cancelReason,
    amount: order.quote ? formatAmount(order.quote.amountMinor, order.quote.currency, locale) : "",
    dueDate: order.quote ? formatDate(locale, order.quote.dueDate) : "",
    validUntil: order.quote ? formatDate(locale, order.quote.validUntil) : "",
  };
  const subject = format(t.mail.statusSubject, { number: values.number, status: t.statuses[order.status] });
  const mails = [customerMail(context, "order-status", subject, format(t.mail[BODY_OF[transition]], values))];
  if (transition === "accept" || transition === "decline") {
    const staff = messagesFor("en").orders.mail;
    const action = transition === "accept" ? staff.staffAccepted : staff.staffDeclined;
    mails.push(
      ...staffMail(
        context,
        "order-status",
        format(staff.staffStatusSubject, { number: values.number, action }),
        format(staff.staffStatusBody, { name: order.customer.name, action, number: values.number, link: dashboardLink(context) }),
      ),
    );
  }
  return mails;
}

/** A message in the thread, e-mailed to the other side. */
export function messageMails(context: MailContext, author: "customer" | "staff", body: string): NewMail[] {
  const number = orderNumber(context.order.id);
  if (author === "staff") {
    const t = messagesFor(context.order.locale).orders.mail;
    const values = { ...customerValues(context), message: body };
    return [customerMail(context, "order-message-to-customer", format(t.messageToCustomerSubject, values), format(t.messageToCustomerBody, values))];
  }
  const t = messagesFor("en").orders.mail;
  const values = { name: context.order.customer.name, number, message: body, link: dashboardLink(context) };
  return staffMail(context, "order-message-to-staff", format(t.messageToStaffSubject, values), format(t.messageToStaffBody, values));
}
