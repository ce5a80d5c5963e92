// PostgREST's /rpc/<function> for claims of an account from a status link (supabase/migrations/
// 20261205001600_push_customer_claims.sql; issue 27, ADR 0042), the same steps over the double's in-memory tables: a
// claim stored only for a customer in no organisation whose address has no account, read while open, and used once
// with the account the worker made — a new organisation (named after the company, or the name; the e-mail added when
// taken), the customer joined, its admin requester, the customer's orders proven. Registered in rpc.ts, which runs
// each all or nothing; their answers are the functions' JSON.
import type { Args } from "./rpc-order-reads";
import { pgTimestamp, type Row } from "./schema";
import type { DoubleState } from "./state";

const msOf = (value: unknown) => Date.parse(String(value));
const isOpen = (row: Row, now: number) => row.used_at === null && msOf(row.expires_at) > now;
const lower = (value: unknown) => String(value).toLowerCase();
/** Postgres's left(text, n): the first n characters (code points). */
const left = (text: string, n: number) => [...text].slice(0, n).join("");
const nameTaken = (state: DoubleState, name: string) => state.tables.organisations.some((row) => lower(row.name) === lower(name));

export const CUSTOMER_CLAIM_FUNCTIONS: Record<string, (state: DoubleState, args: Args) => unknown> = {
  push_request_customer_claim(state, args) {
    const customer = state.tables.customers.find((row) => row.id === args.p_customer_id);
    if (!customer) return null;
    const email = String(customer.email);
    let outcome = "link";
    if (customer.organisation_id !== null && customer.organisation_id !== undefined) outcome = "in-organisation";
    else if (state.authUserByEmail(email)) outcome = "account-exists";
    else
      state.write("customer_claims", "insert", [
        {
          ...{ token_hash: args.p_token_hash, customer_id: customer.id, created_at: pgTimestamp(args.p_now as number) },
          ...{ expires_at: pgTimestamp(args.p_expires_at as number), used_at: null },
        },
      ]);
    return { email, full_name: customer.name, outcome };
  },

  push_customer_claim(state, args) {
    const claim = state.tables.customer_claims.find((row) => row.token_hash === args.p_token_hash && isOpen(row, args.p_now as number));
    const customer = claim && state.tables.customers.find((row) => row.id === claim.customer_id);
    if (!customer) return null;
    return { email: customer.email, full_name: customer.name, in_organisation: customer.organisation_id !== null && customer.organisation_id !== undefined };
  },

  push_join_by_customer_claim(state, args) {
    const now = args.p_now as number;
    const at = pgTimestamp(now);
    const known = state.tables.customer_claims.find((row) => row.token_hash === args.p_token_hash);
    const customer = known && state.tables.customers.find((row) => row.id === known.customer_id);
    if (customer && customer.organisation_id !== null && customer.organisation_id !== undefined) return { reason: "in-organisation" };
    if (!known || !customer || !isOpen(known, now)) return { reason: "invalid" };
    state.write("customer_claims", "update", [{ ...known, used_at: at }]);
    const email = String(customer.email);
    const base = left(String(customer.company).trim() || String(customer.name).trim() || email, 200);
    const suffix = ` (${email})`;
    const name = nameTaken(state, base) ? left(left(base, Math.max(1, 200 - [...suffix].length)) + suffix, 200) : base;
    const organisationId = state.write("organisations", "insert", [{ name, created_at: at }])[0]!.id;
    state.write("customers", "update", [{ ...customer, organisation_id: organisationId }]);
    const fullName = left(String(customer.name).trim(), 200) || email;
    state.write("customer_people", "insert", [
      { account_id: args.p_account_id, organisation_id: organisationId, full_name: fullName, is_admin: true, created_at: at },
    ]);
    const unproven = state.tables.orders.filter((row) => row.customer_id === customer.id && row.identity_verified_at === null);
    if (unproven.length > 0)
      state.write(
        "orders",
        "update",
        unproven.map((row) => ({ ...row, identity_verified_at: at })),
      );
    return { organisation_id: organisationId };
  },
};
