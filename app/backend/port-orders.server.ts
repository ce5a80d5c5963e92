// The orders part of the backend port (docs/decisions/0018, 0020): orders and their steps, the private files of
// quote requests and deliveries, and the order e-mails' outbox. Re-exported by port.server.ts.

import type { NewMail, OutgoingMail } from "~/domain/mail";
import type {
  CustomerDetail,
  CustomerPage,
  CustomerQuery,
  Job,
  JobPage,
  NewOrder,
  OrderChange,
  OrderDetail,
  OrderPage,
  OrderQuery,
  StoredOrderFile,
} from "~/domain/order-records";
import type { RelayQueue } from "~/platform/mail/relay.server";

/** E-mails about orders, stored before they are relayed (docs/decisions/0020). */
export interface MailOutboxStore extends RelayQueue<OutgoingMail> {
  enqueue(mails: NewMail[], now: number): Promise<void>;
  /** An order's mails, newest first: what staff see of what the customer was told. */
  forOrder(orderId: number): Promise<OutgoingMail[]>;
  /** An appointment's mails (issue 25), newest first, each with its `appointmentId`. */
  forAppointment(appointmentId: number): Promise<OutgoingMail[]>;
  /** An invoice's mails (issue 26), newest first, each with its `invoiceId`. */
  forInvoice(invoiceId: number): Promise<OutgoingMail[]>;
}

/**
 * The private files of orders (customers' documents and deliveries): never public, read only through the routes
 * that check who asks. Keys are random; a file's name is only metadata.
 */
export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such object. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Deletes objects; one that is already gone is no error. */
  remove(keys: string[]): Promise<void>;
}

/**
 * Quote requests and the orders they become (issue 13; docs/decisions/0018). Every change to an order is a
 * compare-and-set on its version, stored with its history entry in one transaction. Callers have checked who may act.
 */
export interface OrderStore {
  /**
   * A visitor's request: the customer found by e-mail (lower-cased) or created, the order (status `new`) with its
   * targets, files and first history entry — all or nothing. Service and languages by id, names kept beside them.
   * `mails(id)`: the e-mails of the request, written for the order's id, stored in the same write (issue 21).
   */
  create(
    order: NewOrder,
    now: number,
    mails?: (id: number) => NewMail[],
  ): Promise<{ ok: true; id: number } | { ok: false; reason: "unknown-service" | "unknown-language" }>;
  /** One page, newest first; the search reads the requester's name, e-mail and company (any part, any case) or a number. */
  list(query: OrderQuery): Promise<OrderPage>;
  get(id: number): Promise<OrderDetail | null>;
  /** The order behind a status link (the SHA-256 of its token); null when unknown or revoked. */
  byTokenHash(tokenHash: string): Promise<OrderDetail | null>;
  /**
   * Stored only if the order still has `change.basedOn` as its version and `change.from` as its status; `mails` are
   * stored with it, in the same write, and only when it is.
   */
  transition(
    id: number,
    change: OrderChange,
    now: number,
    mails?: NewMail[],
  ): Promise<{ ok: true; version: number } | { ok: false; reason: "stale" | "not-found" }>;
  /** The message and its `mails`, in one write; false when there is no such order. */
  addMessage(id: number, message: { author: "customer" | "staff"; authorId: string | null; body: string }, now: number, mails?: NewMail[]): Promise<boolean>;
  /** The internal note (staff only), logged in the history. */
  setNote(id: number, note: string, by: string | null, now: number): Promise<boolean>;
  /**
   * The order becomes its customer's: the requester opened the e-mailed link (proving the address), or staff confirmed
   * it. False when there is no such order; an order verified already stays as it was.
   */
  verifyIdentity(id: number, now: number): Promise<boolean>;
  /** The status link stops working for good (staff can still reach the order). */
  revokeLink(id: number, by: string | null, now: number): Promise<boolean>;
  file(orderId: number, fileId: number): Promise<StoredOrderFile | null>;
  /** One page of the orders assigned to this interpreter, newest first. */
  jobs(interpreterId: string, page: number): Promise<JobPage>;
  /** One of them; null when the order is not assigned to this interpreter. */
  job(interpreterId: string, orderId: number): Promise<Job | null>;
  /** One page, those with the latest order first; the search reads name, e-mail and company (any part, any case). */
  customers(query: CustomerQuery): Promise<CustomerPage>;
  /** The customer and one page of their orders, newest first. */
  customer(id: number, page: number): Promise<CustomerDetail | null>;
  /** An admin sets the customer's billing currency (one of QUOTE_CURRENCIES, checked by the route); false when there
   * is no such customer. Work billed from then on is priced in it; what was billed keeps its own. */
  setCustomerCurrency(id: number, currency: string): Promise<boolean>;
}
