// The invoices' part of the backend port (issue 26, build items 2-3; docs/decisions/0037): billable items made once
// per piece of work, drafts that gather a customer's unbilled items, and issuing, which takes the year's next number in
// the same transaction. Re-exported by port.server.ts. Callers have checked the admin guard and priced the work.
import type { NewBillableItem, UnbilledAppointment, UnbilledCall, UnbilledOrder, UnbilledWork } from "~/domain/billable-work";
import type { PaymentInput } from "~/domain/invoice-forms";
import type { NewMail } from "~/domain/mail";
import type { Paged } from "~/domain/paging";
import type { Locale } from "~/i18n";

export type { NewBillableItem, UnbilledAppointment, UnbilledCall, UnbilledOrder, UnbilledWork };

/** The most sources `unbilled` answers of each kind at once: a run of "Bill work" takes them in batches. */
export const UNBILLED_AT_ONCE = 100;
export const INVOICES_PAGE_SIZE = 50;

/** A line of the Invoices list. */
export type InvoiceSummary = Omit<Invoice, "items" | "link" | "payments" | "credits"> & {
  sentAt: number | null;
  customerName: string;
  customerEmail: string;
  itemCount: number;
  itemsMinor: number;
};

export type BillableItem = NewBillableItem & { id: number; invoiceId: number | null; createdAt: number };

export type Invoice = {
  id: number;
  customerId: number;
  currency: string;
  periodFrom: string;
  periodTo: string;
  status: "draft" | "issued";
  version: number;
  /** Null while a draft. */
  number: string | null;
  taxBasisPoints: number | null;
  subtotalMinor: number | null;
  taxMinor: number | null;
  totalMinor: number | null;
  issuedAt: number | null;
  createdAt: number;
  items: BillableItem[];
  /** Null until it is first e-mailed (only an issued invoice is). */
  link: InvoiceLink | null;
  /** In the order they were recorded. */
  payments: Payment[];
  /** What the payments add up to. */
  paidMinor: number;
  /** Its credit notes, in the order issued. */
  credits: CreditNote[];
  /** What the credit notes took off. */
  creditedMinor: number;
};

/** A correction of an issued invoice (docs/decisions/0037): an amount taken off what it asks, numbered PUSH-CN-2026-0001. */
export type CreditNote = { id: number; number: string; amountMinor: number; reason: string; createdBy: string; createdAt: number };

/** How a payment came in (app/domain/invoice-forms.ts PAYMENT_METHOD_VALUES). */
export type PaymentMethod = PaymentInput["method"];

/** Money received for an issued invoice, in its currency, on a calendar day. */
export type Payment = {
  id: number;
  amountMinor: number;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  recordedBy: string;
  recordedAt: number;
};
export type NewPayment = Pick<Payment, "amountMinor" | "paidOn" | "method" | "reference">;

/** A payment with its invoice and customer, as the accountant's export lists it. */
export type ListedPayment = Payment & { invoiceId: number; invoiceNumber: string; currency: string; customerName: string; customerEmail: string };

/** How many payments the export reads at once. */
export const PAYMENTS_AT_ONCE = 200;

/** An issued invoice's private link: its token sealed under the worker's secret, the customer's language, the sending. */
export type InvoiceLink = { sealed: string; locale: Locale; sentAt: number; sends: number };

/** An e-mail about an invoice, stored with it (its link is filled in as it leaves). */
export type InvoiceMail = Omit<NewMail, "orderId" | "appointmentId">;

export interface InvoiceStore {
  /** Stores the items not stored yet (by source); answers how many were new. */
  addItems(items: readonly NewBillableItem[], now: number): Promise<number>;
  /**
   * A draft for the customer in the currency, holding every unbilled item of theirs in that currency whose day is in
   * [from, to]; refused `nothing-to-bill` when there is none (no draft made).
   */
  createDraft(
    draft: { customerId: number; currency: string; from: string; to: string; by: string },
    now: number,
  ): Promise<{ ok: true; id: number } | { ok: false; reason: "nothing-to-bill" }>;
  /**
   * Issues a draft at the version its page showed: the year's next number (unbroken: two issuing at once get
   * consecutive numbers, a refusal takes none), totals with the tax at `taxBasisPoints` rounded once, half-up.
   * Refused `stale` (the draft changed), `not-found`, or `issued` (already).
   */
  issue(
    id: number,
    change: { basedOn: number; taxBasisPoints: number; year: number; by: string },
    now: number,
  ): Promise<{ ok: true; number: string } | { ok: false; reason: "stale" | "not-found" | "issued" }>;
  /**
   * E-mails an issued invoice: its link is made on the first sending (from `link`, a new token's hash and sealed copy)
   * and kept for every later one, in the language given last; the mail is stored in the outbox with it, in the same
   * write. Refused `not-found`, or `draft` (nothing stored).
   */
  send(
    id: number,
    sending: { link: { hash: string; sealed: string }; locale: Locale; mail: InvoiceMail; by: string },
    now: number,
  ): Promise<{ ok: true } | { ok: false; reason: "not-found" | "draft" }>;
  /**
   * Records a payment of an issued invoice, in one write with the check that it is no more than what is still open
   * (the total less what was paid). Refused `not-found`, `draft`, or `over` (the open balance is less), storing nothing.
   */
  recordPayment(id: number, payment: NewPayment & { by: string }, now: number): Promise<{ ok: true } | { ok: false; reason: "not-found" | "draft" | "over" }>;
  /**
   * Records a payment Stripe reported (a card, by its payment's reference), once per event: an event already recorded
   * answers `duplicate` and changes nothing, whatever it says. Otherwise refused as recordPayment refuses.
   */
  recordStripePayment(
    id: number,
    payment: { amountMinor: number; paidOn: string; reference: string; eventId: string },
    now: number,
  ): Promise<{ ok: true } | { ok: false; reason: "not-found" | "draft" | "over" | "duplicate" }>;
  /**
   * Issues a credit note on an issued invoice: the year's next credit note number (unbroken, as invoices'), for an
   * amount no more than what is neither paid nor credited yet, checked in the same write. Refused `not-found`, `draft`
   * or `over`, storing nothing and taking no number.
   */
  credit(
    id: number,
    note: { amountMinor: number; reason: string; year: number; by: string },
    now: number,
  ): Promise<{ ok: true; number: string } | { ok: false; reason: "not-found" | "draft" | "over" }>;
  /** The invoice with its items (in the order of their day, then id), or null. */
  get(id: number): Promise<Invoice | null>;
  /** Up to `limit` payments recorded after payment `afterId` (0: from the first), in the order recorded (by id). */
  paymentsAfter(afterId: number, limit: number): Promise<ListedPayment[]>;
  /** The invoice whose link's token has this SHA-256 (hex), or null. */
  byLink(tokenHash: string): Promise<Invoice | null>;
  /**
   * What there is to bill and no item yet, oldest first (appointments by start, orders by completion, a customer's
   * answered calls by when they were answered), at most
   * UNBILLED_AT_ONCE of each; a customer's cancellation counts when it came less than `lateCancellationHours` before
   * the start.
   */
  unbilled(lateCancellationHours: number): Promise<UnbilledWork>;
  /** One page (INVOICES_PAGE_SIZE) of the invoices, newest first, with their customer and the sum of their items. */
  list(page: number): Promise<Paged<InvoiceSummary>>;
}
