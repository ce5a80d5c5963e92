// The allowed requests of customer accounts (issue 27; app/backend/supabase/organisations.server.ts). Extensions
// beyond SPEC §7, all with the service-role key after the route's guard: each read and change is ONE call of a SQL
// function of supabase/migrations/20261205001100_push_customer_account_functions.sql (an invitation token's hash in
// the body, never in a URL). Requesters' accounts are made and removed with Supabase Auth's admin API (shapes-auth.ts).
import { ORGANISATION_LIST_LIMIT, ORGANISATIONS_PAGE_SIZE } from "../../../app/domain/organisations";
import { is, type RestShape, type ValueCheck } from "./match";

const ACCOUNTS = "customer accounts (issue 27)";
const MIGRATION = "supabase/migrations/20261205001100_push_customer_account_functions.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const natural: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
/** A token's SHA-256 as the worker computes it: 64 lower-case hex characters. */
const hash: ValueCheck = (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);
const lowerEmail: ValueCheck = (value) => typeof value === "string" && value.includes("@") && value === value.toLowerCase();
const bool: ValueCheck = (value) => typeof value === "boolean";

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${ACCOUNTS}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const CUSTOMER_ACCOUNT_SHAPES: RestShape[] = [
  rpc("push_create_organisation", "a new organisation: its id, or null when the name is taken (any case)", { p_name: is.text, p_now: positive }),
  rpc("push_organisations_page", "one page of organisations in name order with their counts, searched in the name, and the total", {
    p_search: is.string,
    p_limit: is.literal(ORGANISATIONS_PAGE_SIZE),
    p_offset: natural,
  }),
  rpc("push_organisation_people", "an organisation's requesters by name, with their sign-in e-mails", {
    p_organisation_id: positive,
    p_limit: is.literal(ORGANISATION_LIST_LIMIT),
  }),
  rpc("push_organisation", "an organisation with its customers, requesters and open invitations, or null", {
    p_id: positive,
    p_now: positive,
    p_limit: is.literal(ORGANISATION_LIST_LIMIT),
  }),
  rpc("push_organisation_add_customer", "the customers row with this e-mail joins the organisation", { p_organisation_id: positive, p_email: lowerEmail }),
  rpc("push_invite_customer_person", "a new invitation (its token's hash, 7 days) of an existing organisation", {
    ...{ p_organisation_id: positive, p_email: lowerEmail, p_full_name: is.text, p_is_admin: bool, p_invited_by: is.text },
    ...{ p_token_hash: hash, p_now: positive, p_expires_at: positive },
  }),
  rpc("push_customer_invitation", "what an open invitation shows (organisation, e-mail, name), or null", { p_token_hash: hash, p_now: positive }),
  rpc("push_accept_customer_invitation", "the invitation used once with the account the worker made: the requester's and customers rows", {
    p_token_hash: hash,
    p_account_id: is.uuid,
    p_now: positive,
  }),
];
