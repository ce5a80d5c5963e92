// Joining by a status link (issue 27, docs/decisions/0042), the part of the backend port that stores claims: a claim
// is the SHA-256 of a random token, the customer, an expiry (CLAIM_TTL_MS) and a used-at. Re-exported by
// port.server.ts. The pages that ask for one have found the customer through a status link; the one that opens it
// has only the token. Nothing joins an organisation until `join`, which only an open claim's link reaches.
import type { ClaimRequest, ClaimView } from "~/domain/customer-claims";

export type JoinResult =
  | { ok: true; accountId: string; email: string; organisationId: number }
  /** Unknown, used or expired: the same answer for all three. */
  | { ok: false; reason: "invalid" }
  /** The address signs in already (made since the claim was sent): they sign in; the claim stays open. */
  | { ok: false; reason: "account-exists" }
  /** The customer joined an organisation since: no account is made through a status link (an invitation is). */
  | { ok: false; reason: "in-organisation" };

export interface CustomerClaimStore {
  /**
   * What the customer's e-mail says: a new claim (only its token's hash stored) when the customer belongs to no
   * organisation and their address has no account; otherwise which of the two (nothing stored). Null when there is no
   * such customer.
   */
  request(customerId: number, now: number): Promise<ClaimRequest | null>;
  /** An open claim (not used, not expired at `now`) as its page shows it; null for anything else alike. */
  claimOf(token: string, now: number): Promise<ClaimView | null>;
  /**
   * In one transaction: the account (this password, the customer's e-mail), a new organisation named after the
   * customer (claimOrganisationName), the customer joined to it, the person its admin requester, the customer's
   * orders proven (the e-mail was: its link was opened), and the claim used — all once, and never for a customer who
   * belongs to an organisation.
   */
  join(input: { token: string; password: string; now: number }): Promise<JoinResult>;
}
