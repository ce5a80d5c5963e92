// PostgREST's /rpc/<function> for customer accounts' SQL functions (supabase/migrations/
// 20261205001100_push_customer_account_functions.sql; issue 27), the same steps over the double's in-memory tables:
// organisations made (null for a taken name, any case), paged in name order with their counts, read with their
// customers, people (e-mails from Supabase Auth's accounts) and open invitations; a customer joined by e-mail; an
// invitation issued, read while open and used once with the account the worker made. Registered in rpc.ts, which runs
// each all or nothing; their answers are the functions' JSON.
import type { Args } from "./rpc-order-reads";
import { pgTimestamp, type Row } from "./schema";
import type { DoubleState } from "./state";

const lower = (value: unknown) => String(value).toLowerCase();
const byCodePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const msOf = (value: unknown) => Date.parse(String(value));
/** An invitation still open at `now` (epoch ms): not used, not expired. */
const isOpen = (row: Row, now: number) => row.used_at === null && msOf(row.expires_at) > now;

function people(state: DoubleState, organisationId: unknown, limit: number) {
  return state.tables.customer_people
    .filter((person) => person.organisation_id === organisationId)
    .flatMap((person) => {
      const account = state.authUsers.get(String(person.account_id));
      return account ? [{ account_id: person.account_id, full_name: String(person.full_name), email: account.email, is_admin: person.is_admin }] : [];
    })
    .sort((a, b) => byCodePoints(lower(a.full_name), lower(b.full_name)) || byCodePoints(String(a.account_id), String(b.account_id)))
    .slice(0, limit);
}

export const CUSTOMER_ACCOUNT_FUNCTIONS: Record<string, (state: DoubleState, args: Args) => unknown> = {
  push_create_organisation(state, args) {
    // INSERT … ON CONFLICT ((lower(name))) DO NOTHING RETURNING id.
    if (state.tables.organisations.some((row) => lower(row.name) === lower(args.p_name))) return null;
    return state.write("organisations", "insert", [{ name: args.p_name, created_at: pgTimestamp(args.p_now as number) }])[0]!.id;
  },

  push_organisations_page(state, args) {
    const search = lower(args.p_search ?? "");
    const rows = state.tables.organisations
      .filter((row) => search === "" || lower(row.name).includes(search))
      .sort((a, b) => byCodePoints(lower(a.name), lower(b.name)) || Number(a.id) - Number(b.id));
    const offset = args.p_offset as number;
    const items = rows.slice(offset, offset + (args.p_limit as number)).map((row) => ({
      id: row.id,
      name: row.name,
      customers: state.tables.customers.filter((customer) => customer.organisation_id === row.id).length,
      people: state.tables.customer_people.filter((person) => person.organisation_id === row.id).length,
    }));
    return { total: rows.length, items };
  },

  push_organisation_people: (state, args) => people(state, args.p_organisation_id, args.p_limit as number),

  push_organisation(state, args) {
    const organisation = state.tables.organisations.find((row) => row.id === args.p_id);
    if (!organisation) return null;
    const limit = args.p_limit as number;
    const customers = state.tables.customers
      .filter((row) => row.organisation_id === organisation.id)
      .sort((a, b) => byCodePoints(lower(a.name), lower(b.name)) || Number(a.id) - Number(b.id))
      .slice(0, limit)
      .map((row) => ({ id: row.id, name: row.name, email: row.email }));
    const invitations = state.tables.customer_invitations
      .filter((row) => row.organisation_id === organisation.id && isOpen(row, args.p_now as number))
      .sort((a, b) => msOf(b.created_at) - msOf(a.created_at))
      .slice(0, limit)
      .map((row) => ({
        ...{ email: row.email, full_name: row.full_name, is_admin: row.is_admin, invited_by: row.invited_by },
        ...{ created_at: row.created_at, expires_at: row.expires_at },
      }));
    return { id: organisation.id, name: organisation.name, customers, people: people(state, organisation.id, limit), invitations };
  },

  push_organisation_add_customer(state, args) {
    if (!state.tables.organisations.some((row) => row.id === args.p_organisation_id)) return { reason: "not-found" };
    const customer = state.tables.customers.find((row) => row.email === lower(args.p_email));
    if (!customer) return { reason: "no-customer" };
    state.write("customers", "update", [{ ...customer, organisation_id: args.p_organisation_id }]);
    return { name: customer.name };
  },

  push_invite_customer_person(state, args) {
    if (!state.tables.organisations.some((row) => row.id === args.p_organisation_id)) return false;
    state.write("customer_invitations", "insert", [
      {
        ...{ token_hash: args.p_token_hash, organisation_id: args.p_organisation_id, email: lower(args.p_email), full_name: args.p_full_name },
        ...{ is_admin: args.p_is_admin, invited_by: args.p_invited_by, created_at: pgTimestamp(args.p_now as number) },
        ...{ expires_at: pgTimestamp(args.p_expires_at as number), used_at: null },
      },
    ]);
    return true;
  },

  push_customer_invitation(state, args) {
    const invitation = state.tables.customer_invitations.find((row) => row.token_hash === args.p_token_hash && isOpen(row, args.p_now as number));
    if (!invitation) return null;
    const organisation = state.tables.organisations.find((row) => row.id === invitation.organisation_id)!;
    return { organisation_name: organisation.name, email: invitation.email, full_name: invitation.full_name };
  },

  push_accept_customer_invitation(state, args) {
    const now = args.p_now as number;
    const invitation = state.tables.customer_invitations.find((row) => row.token_hash === args.p_token_hash && isOpen(row, now));
    if (!invitation) return false;
    const at = pgTimestamp(now);
    state.write("customer_invitations", "update", [{ ...invitation, used_at: at }]);
    state.write("customer_people", "insert", [
      {
        account_id: args.p_account_id,
        organisation_id: invitation.organisation_id,
        full_name: invitation.full_name,
        is_admin: invitation.is_admin,
        created_at: at,
      },
    ]);
    const known = state.tables.customers.find((row) => row.email === invitation.email);
    if (known) state.write("customers", "update", [{ ...known, organisation_id: invitation.organisation_id }]);
    else
      state.write("customers", "insert", [
        { name: invitation.full_name, email: invitation.email, created_at: at, organisation_id: invitation.organisation_id },
      ]);
    return true;
  },
};
