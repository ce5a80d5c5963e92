// The rate cards' part of the backend port (issue 26, build item 1; docs/decisions/0035): customers' prices and
// interpreters' pay, line by line. A line is never changed once stored (it may have priced work): a new price is a new
// line. Re-exported by port.server.ts. Callers have checked the admin guard.
import type { Paged } from "~/domain/paging";
import type { RateLine } from "~/domain/pricing";
import type { RateLineInput } from "~/domain/rate-forms";

export const RATES_PAGE_SIZE = 50;

/** A stored line as the Rates page shows it: who it is for, and who added it when. */
export type ListedRateLine = RateLine & {
  customerEmail: string | null;
  interpreterName: string | null;
  createdAt: number;
  createdBy: string;
};

export interface RateStore {
  /**
   * Stores a new line; refused `unknown-customer` when its customer e-mail (lower-cased) names no customer, and
   * `unknown-interpreter` when its interpreter e-mail names nobody who signs in (a users row), storing nothing.
   */
  add(line: RateLineInput, by: string, now: number): Promise<{ ok: true; id: number } | { ok: false; reason: "unknown-customer" | "unknown-interpreter" }>;
  /** One page (RATES_PAGE_SIZE) of one side's lines, the latest effective date first (then the newest line). */
  list(side: RateLine["side"], page: number): Promise<Paged<ListedRateLine>>;
  /**
   * Every line of a side, for pricing work (a rate card holds tens or hundreds of lines, never edited: read whole, as
   * pricing chooses among them by party, language and day).
   */
  forPricing(side: RateLine["side"]): Promise<RateLine[]>;
}
