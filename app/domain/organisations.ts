// Customer organisations, the people who sign in for them (requesters) and the invitations that make those accounts
// (issue 27, docs/decisions/0040). Shared by the routes, the forms and both adapters.
import { z } from "zod";
import { format, localized } from "~/i18n";
import { emailField, newPasswordField } from "./auth";
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

const requiredName = (message: string, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(ORGANISATION_NAME_MAX_LENGTH, { error: tooLong });

/** The most characters of an organisation's or a person's name (the tables' CHECK). */
export const ORGANISATION_NAME_MAX_LENGTH = 200;

export const newOrganisationSchema = localized((t) =>
  z.object({ name: requiredName(t.organisations.list.nameRequired, format(t.validation.tooLong, { max: ORGANISATION_NAME_MAX_LENGTH })) }),
);

export const addCustomerSchema = localized((t) => z.object({ email: emailField(t).transform((email) => email.toLowerCase()) }));

/** The invitation form: staff's (any organisation's page) and an organisation admin's (their own). */
export const invitationSchema = localized((t) =>
  z.object({
    fullName: requiredName(t.organisations.invite.fullNameRequired, format(t.validation.tooLong, { max: ORGANISATION_NAME_MAX_LENGTH })),
    email: emailField(t).transform((email) => email.toLowerCase()),
    // A checkbox: present ("on") or absent.
    isAdmin: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  }),
);

export const personIdSchema = z.object({ accountId: z.string().trim().min(1).max(64) });

/** The invitation link's form: the token (from the address) and the new password (the reset form's rules). */
export const acceptInvitationSchema = localized((t) => z.object({ password: newPasswordField(t) }));
