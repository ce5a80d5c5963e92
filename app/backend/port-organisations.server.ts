// The customer organisations part of the backend port (issue 27, docs/decisions/0040): organisations, their customers
// and requesters, and the invitations that make requesters' accounts. Re-exported by port.server.ts. Staff callers
// have checked the admin guard; a requester's calls take their organisation's id, and every method that reaches one
// organisation's people checks that id in the same statement. Only an invitation token's SHA-256 is stored.
import type { InvitationView, Organisation, OrganisationQuery, OrganisationSummary, CustomerPerson } from "~/domain/organisations";
import type { Paged } from "~/domain/paging";

export type NewInvitation = {
  organisationId: number;
  /** Lower-cased by the form. */
  email: string;
  fullName: string;
  isAdmin: boolean;
  /** The e-mail of whoever invites (staff or the organisation's admin). */
  by: string;
  now: number;
};

export type AcceptResult =
  | { ok: true; accountId: string; email: string }
  /** Unknown, used or expired: the same answer for all three. */
  | { ok: false; reason: "invalid" }
  /** The invitation's e-mail already signs in: they sign in instead (the invitation stays unused). */
  | { ok: false; reason: "account-exists" };

export interface OrganisationStore {
  /** Names are unique, ignoring case. */
  create(name: string, now: number): Promise<{ ok: true; id: number } | { ok: false; reason: "name-taken" }>;
  /** One page (ORGANISATIONS_PAGE_SIZE) in name order; the search reads the name (any part, any case). */
  list(query: OrganisationQuery): Promise<Paged<OrganisationSummary>>;
  /** The organisation with its customers, its people and its pending invitations (not used, not expired at `now`). */
  get(id: number, now: number): Promise<Organisation | null>;
  /** The customers row with this e-mail joins the organisation (leaving any other). */
  addCustomer(organisationId: number, email: string): Promise<{ ok: true; name: string } | { ok: false; reason: "no-customer" | "not-found" }>;
  /**
   * A new invitation (valid INVITATION_TTL_MS); answers its token, which is stored only as its SHA-256. Null when the
   * organisation is gone. An e-mail that already has an account is invited all the same (the form reveals nothing).
   */
  invite(invitation: NewInvitation): Promise<{ token: string } | null>;
  /** What the link shows; null for an unknown, used or expired token alike. */
  invitationOf(token: string, now: number): Promise<InvitationView | null>;
  /**
   * Makes the account (this password), its customer_people row and its customers row (found or made by the e-mail)
   * joined to the organisation, and uses the invitation: all once, however many accepts run at the same time.
   */
  accept(input: { token: string; password: string; now: number }): Promise<AcceptResult>;
  /** The organisation's requesters, by name. */
  people(organisationId: number): Promise<CustomerPerson[]>;
  /** Their account, sessions and customer_people row end; only a person of this organisation is removed. */
  removePerson(organisationId: number, accountId: string): Promise<{ ok: true; fullName: string; email: string } | { ok: false; reason: "not-found" }>;
}
