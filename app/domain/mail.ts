// E-mails the site sends about orders (issue 13): stored first in an outbox, then relayed to the mail provider by
// the same relay as the contact form (app/platform/mail/relay.server.ts), so a mail outage delays them, never loses them.

/** Why a mail is sent; the text is written (in the reader's language) when it is stored. */
export const MAIL_KINDS = [
  "order-received",
  "order-new-for-staff",
  "order-status",
  "order-message-to-customer",
  "order-message-to-staff",
  // Booked appointments (issue 25): the customer's link, the staff's notice of a booking, a cancellation.
  "appointment-received",
  "appointment-new-for-staff",
  "appointment-cancelled",
  // Offers (issue 25): an offer to an interpreter, the confirmation to the customer and to the interpreter, and the
  // staff's notice of an appointment still unfilled at its deadline.
  "appointment-offer",
  "appointment-confirmed",
  "appointment-confirmed-interpreter",
  "appointment-unfilled",
  // Reminders a day and an hour before: to the customer (with their page) and to the interpreter.
  "appointment-reminder",
  "appointment-reminder-interpreter",
  // Staff changed the time or the details: the customer's notice, the assigned interpreter's (still theirs), the
  // interpreter's release (the change means they cannot take it), and a cancellation told to the interpreter.
  "appointment-changed",
  "appointment-changed-interpreter",
  "appointment-released",
  "appointment-cancelled-interpreter",
  // An issued invoice e-mailed to its customer, with its private link (issue 26).
  "invoice",
  // An invitation to sign in for a customer organisation (issue 27), with its link sealed in the body.
  "customer-invitation",
  // A link to create an account, asked for from a status link (issue 27, ADR 0042), sealed in the body likewise; or,
  // for an address that signs in already or a customer of an organisation, what to do instead.
  "customer-claim",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** `orderId` / `appointmentId`: what the mail is about (an appointment's mails are stored with it, in its own write). */
export type NewMail = {
  kind: MailKind;
  to: string;
  subject: string;
  body: string;
  orderId: number | null;
  appointmentId?: number | null;
  invoiceId?: number | null;
};

export type OutgoingMail = NewMail & {
  id: number;
  createdAt: number;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  sentAt: number | null;
};
