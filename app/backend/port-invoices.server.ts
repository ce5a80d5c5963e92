// The invoices' part of the backend port (issue 26, build items 2-3; docs/decisions/0037): billable items made once
// per piece of work, drafts that gather a customer's unbilled items, and issuing, which takes the year's next number in
// the same transaction. Re-exported by port.server.ts. Callers have checked the admin guard and priced the work.
import type { AppointmentRecord } from "~/domain/appointment-records";
import type { Paged } from "~/domain/paging";
import type { Appointment } from "~/domain/appointments";
import type { Quote } from "~/domain/orders";
import type { Computation } from "~/domain/pricing";

/** The most sources `unbilled` answers of each kind at once: a run of "Bill work" takes them in batches. */
export const UNBILLED_AT_ONCE = 100;
export const INVOICES_PAGE_SIZE = 50;

/**
 * An appointment with something to bill and no item yet: completed with its record approved, or cancelled by the
 * customer late (less than the company's window before the start). What `workOfAppointment` reads.
 */
export type UnbilledAppointment = Pick<
  Appointment,
  "id" | "customerId" | "mode" | "languageId" | "startsAt" | "createdAt" | "status" | "cancelledAt" | "cancelledBy"
> & { record: AppointmentRecord | null };

/** A completed order with its accepted quote and no item yet: billed at the quote. */
export type UnbilledOrder = { id: number; customerId: number; quote: Pick<Quote, "amountMinor" | "currency">; completedAt: number };

/** A line of the Invoices list. */
export type InvoiceSummary = Omit<Invoice, "items"> & { customerName: string; customerEmail: string; itemCount: number; itemsMinor: number };

/** A priced piece of work, keyed by where it came from ("appointment:12", "call:<id>", "order:7"): made once. */
export type NewBillableItem = {
  source: string;
  customerId: number;
  /** The company's calendar day of the work (YYYY-MM-DD): what a draft's period selects by. */
  workDay: string;
  currency: string;
  amountMinor: number;
  rateLineId: number | null;
  computation: Computation;
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
};

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
  /** The invoice with its items (in the order of their day, then id), or null. */
  get(id: number): Promise<Invoice | null>;
  /**
   * What there is to bill and no item yet, oldest first (appointments by start, orders by completion), at most
   * UNBILLED_AT_ONCE of each; a customer's cancellation counts when it came less than `lateCancellationHours` before
   * the start.
   */
  unbilled(lateCancellationHours: number): Promise<{ appointments: UnbilledAppointment[]; orders: UnbilledOrder[] }>;
  /** One page (INVOICES_PAGE_SIZE) of the invoices, newest first, with their customer and the sum of their items. */
  list(page: number): Promise<Paged<InvoiceSummary>>;
}
