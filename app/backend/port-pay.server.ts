// Interpreters' pay (issue 26, build item 6; docs/decisions/0039): pay items made once per piece of work, read as one
// statement per interpreter per month, and marked paid against the statement the admin saw. Re-exported by
// port.server.ts. Callers have checked the guard (an interpreter reads only their own) and priced the work.
import type { NewPayItem, UnpaidAppointment, UnpaidCall, UnpaidOrder } from "~/domain/pay-work";
import type { Paged } from "~/domain/paging";

export type { NewPayItem, UnpaidAppointment, UnpaidCall, UnpaidOrder };

/** The most sources `unpaid` answers of each kind at once: a run of "Bill work" takes them in batches. */
export const UNPAID_AT_ONCE = 100;
export const PAY_STATEMENTS_PAGE_SIZE = 50;

/** One interpreter's month: what their items add up to and how much of it was marked paid. */
export type PayStatementSummary = {
  interpreterId: string;
  interpreterName: string;
  interpreterEmail: string;
  /** YYYY-MM. */
  month: string;
  currency: string;
  /** How many items it has: its version (items are only ever added), which marking it paid names. */
  itemCount: number;
  totalMinor: number;
  /** What the items marked paid add up to; totalMinor − paidMinor is still to pay. */
  paidMinor: number;
  /** When it was last marked paid, or null. */
  paidAt: number | null;
};

export type PayItem = NewPayItem & { id: number; createdAt: number; paidAt: number | null };

export type PayStatement = PayStatementSummary & { items: PayItem[] };

export interface PayStore {
  /** Stores the items not stored yet (by source); answers how many were new. */
  addItems(items: readonly NewPayItem[], now: number): Promise<number>;
  /**
   * The work with an interpreter and nothing on their pay yet, oldest first, at most UNPAID_AT_ONCE of each: approved
   * appointments (not the interpreter's own no-show) and the customer's cancellations less than
   * `lateCancellationHours` before the start, answered calls, delivered or completed orders.
   */
  unpaid(lateCancellationHours: number): Promise<{ appointments: UnpaidAppointment[]; calls: UnpaidCall[]; orders: UnpaidOrder[] }>;
  /** One page of the statements, newest month first, then by interpreter's name; one interpreter's or one month's. */
  statements(filter: { interpreterId: string | null; month: string | null }, page: number): Promise<Paged<PayStatementSummary>>;
  /** The interpreter's statement of the month with its items (by day, then id), or null when it has none. */
  statement(interpreterId: string, month: string): Promise<PayStatement | null>;
  /**
   * Marks paid every item of the statement not paid yet, where it still has the `itemCount` items and the `toPayMinor`
   * still to pay its page showed (else `stale`, nothing changed); `nothing-to-pay` when all was paid already (or there
   * is no such statement).
   */
  markPaid(
    interpreterId: string,
    month: string,
    seen: { itemCount: number; toPayMinor: number; by: string },
    now: number,
  ): Promise<{ ok: true } | { ok: false; reason: "stale" | "nothing-to-pay" }>;
}
