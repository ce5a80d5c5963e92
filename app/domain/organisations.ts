// Customer organisations, the people who sign in for them (requesters) and the invitations that make those accounts
// (issue 27, docs/decisions/0040). Shared by the routes, the forms and both adapters.
import { pageParam, searchParam } from "./paging";

/** One row of the staff's organisation list. */
export type OrganisationSummary = { id: number; name: string; customers: number; people: number };

/** The Organisations page's list: a search in names, and pages in name order. */
export type OrganisationQuery = { search: string; page: number };
export const ORGANISATIONS_PAGE_SIZE = 25;

/** ?q=&page= → the Organisations page's query. */
export const organisationQueryFrom = (url: URL): OrganisationQuery => ({ search: searchParam(url), page: pageParam(url) });

/** A customers row joined to an organisation: what its orders, appointments and invoices hang from. */
export type OrganisationCustomer = { id: number; name: string; email: string };

/** A requester: a sign-in account of the organisation (no users row). */
export type CustomerPerson = { accountId: string; fullName: string; email: string; isAdmin: boolean };

/** An invitation not used yet and not expired (its token is never read back: only its hash is stored). */
export type PendingInvitation = { email: string; fullName: string; isAdmin: boolean; invitedBy: string; createdAt: number; expiresAt: number };

export type Organisation = {
  id: number;
  name: string;
  customers: OrganisationCustomer[];
  people: CustomerPerson[];
  invitations: PendingInvitation[];
};

/** What an invitation link shows before its password is set. */
export type InvitationView = { organisationName: string; email: string; fullName: string };

/** How long an invitation link opens the form: 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** The most names an organisation's page lists of each kind (customers, people, invitations). */
export const ORGANISATION_LIST_LIMIT = 500;
