// Customer organisations on Supabase (issue 27, docs/decisions/0040), with the service-role client (the route has
// checked who acts). Each read and change is ONE call of a SQL function (supabase/migrations/
// 20261205001100_push_customer_account_functions.sql; a token's hash travels in the body, never in a URL); a
// requester's account is made and removed with Supabase Auth's admin API. The D1 adapter's semantics
// (d1/organisations.server.ts), held to the same contract by tests/port-contract/organisations-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import { INVITATION_TTL_MS, ORGANISATION_LIST_LIMIT, ORGANISATIONS_PAGE_SIZE, type CustomerPerson, type Organisation } from "~/domain/organisations";
import { pageCountOf } from "~/domain/paging";
import type { OrganisationStore } from "~/backend/port-organisations.server";
import { invitationHash, isInvitationToken, newInvitationToken } from "~/backend/invitation-token.server";
import { instant } from "~/backend/rows/order.server";
import { check, failIf } from "./clients.server";
import { UUID } from "./devices.server";

type PersonRow = { account_id: string; full_name: string; email: string; is_admin: boolean };
type InvitationRow = { email: string; full_name: string; is_admin: boolean; invited_by: string; created_at: string; expires_at: string };
type OrganisationRow = {
  id: number;
  name: string;
  customers: { id: number; name: string; email: string }[];
  people: PersonRow[];
  invitations: InvitationRow[];
};

const toPerson = (row: PersonRow): CustomerPerson => ({ accountId: row.account_id, fullName: row.full_name, email: row.email, isAdmin: row.is_admin });
/** Ids the organisations table could hold: anything else names none (Postgres would refuse it as a bigint). */
const isId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function supabaseOrganisationStore(service: SupabaseClient): OrganisationStore {
  const people = async (organisationId: number) =>
    isId(organisationId)
      ? check<PersonRow[]>(await service.rpc("push_organisation_people", { p_organisation_id: organisationId, p_limit: ORGANISATION_LIST_LIMIT })).map(toPerson)
      : [];

  return {
    async create(name, now) {
      const id = check<number | null>(await service.rpc("push_create_organisation", { p_name: name, p_now: now }));
      return id === null ? { ok: false, reason: "name-taken" } : { ok: true, id: Number(id) };
    },

    async list({ search, page }) {
      const args = { p_search: search, p_limit: ORGANISATIONS_PAGE_SIZE, p_offset: (page - 1) * ORGANISATIONS_PAGE_SIZE };
      const { total, items } = check<{ total: number; items: { id: number; name: string; customers: number; people: number }[] }>(
        await service.rpc("push_organisations_page", args),
      );
      const rows = items.map((row) => ({ id: Number(row.id), name: row.name, customers: Number(row.customers), people: Number(row.people) }));
      return { items: rows, total, page, pageCount: pageCountOf(total, ORGANISATIONS_PAGE_SIZE) };
    },

    async get(id, now): Promise<Organisation | null> {
      if (!isId(id)) return null;
      const row = check<OrganisationRow | null>(await service.rpc("push_organisation", { p_id: id, p_now: now, p_limit: ORGANISATION_LIST_LIMIT }));
      if (!row) return null;
      return {
        id: Number(row.id),
        name: row.name,
        customers: row.customers.map((c) => ({ id: Number(c.id), name: c.name, email: c.email })),
        people: row.people.map(toPerson),
        invitations: row.invitations.map((i) => ({
          ...{ email: i.email, fullName: i.full_name, isAdmin: i.is_admin, invitedBy: i.invited_by },
          ...{ createdAt: instant(i.created_at), expiresAt: instant(i.expires_at) },
        })),
      };
    },

    async addCustomer(organisationId, email) {
      if (!isId(organisationId)) return { ok: false, reason: "not-found" };
      const answer = check<{ name: string } | { reason: "no-customer" | "not-found" }>(
        await service.rpc("push_organisation_add_customer", { p_organisation_id: organisationId, p_email: email.toLowerCase() }),
      );
      return "name" in answer ? { ok: true, name: answer.name } : { ok: false, reason: answer.reason };
    },

    async invite({ organisationId, email, fullName, isAdmin, by, now }) {
      if (!isId(organisationId)) return null;
      const token = newInvitationToken();
      const stored = check<boolean>(
        await service.rpc("push_invite_customer_person", {
          ...{ p_organisation_id: organisationId, p_email: email.toLowerCase(), p_full_name: fullName, p_is_admin: isAdmin, p_invited_by: by },
          ...{ p_token_hash: await invitationHash(token), p_now: now, p_expires_at: now + INVITATION_TTL_MS },
        }),
      );
      return stored ? { token } : null;
    },

    async invitationOf(token, now) {
      if (!isInvitationToken(token)) return null;
      const row = check<{ organisation_name: string; email: string; full_name: string } | null>(
        await service.rpc("push_customer_invitation", { p_token_hash: await invitationHash(token), p_now: now }),
      );
      return row ? { organisationName: row.organisation_name, email: row.email, fullName: row.full_name } : null;
    },

    async accept({ token, password, now }) {
      const invitation = await this.invitationOf(token, now);
      if (!invitation) return { ok: false, reason: "invalid" };
      // The account first (Supabase Auth's admin API; its e-mail is unique, so two accepts at once make one), then
      // the invitation used with the rows in one SQL call; if it was no longer open, the account made is deleted.
      const { data, error } = await service.auth.admin.createUser({ email: invitation.email, password, email_confirm: true });
      if (error?.code === "email_exists") return { ok: false, reason: "account-exists" };
      failIf(error);
      const accountId = data.user!.id;
      const used = await service.rpc("push_accept_customer_invitation", {
        ...{ p_token_hash: await invitationHash(token), p_account_id: accountId, p_now: now },
      });
      if (used.error || used.data !== true) {
        failIf((await service.auth.admin.deleteUser(accountId)).error);
        failIf(used.error);
        return { ok: false, reason: "invalid" };
      }
      return { ok: true, accountId, email: invitation.email };
    },

    people,

    async removePerson(organisationId, accountId) {
      if (!UUID.test(accountId)) return { ok: false, reason: "not-found" };
      // Only a person of this organisation: read through the organisation's id, then their account deleted (its
      // sessions and the customer_people row go with it, by the cascade from auth.users).
      const person = (await people(organisationId)).find((row) => row.accountId === accountId.toLowerCase());
      if (!person) return { ok: false, reason: "not-found" };
      const { error } = await service.auth.admin.deleteUser(person.accountId);
      if (error?.status !== 404) failIf(error);
      return { ok: true, fullName: person.fullName, email: person.email };
    },
  };
}
