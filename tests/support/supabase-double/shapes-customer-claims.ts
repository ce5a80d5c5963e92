// The allowed requests of claims of an account from a status link (issue 27, ADR 0042; app/backend/supabase/
// claims.server.ts). Extensions beyond SPEC §7, all with the service-role key after the route found the customer
// through a status link: each read and change is ONE call of a SQL function of supabase/migrations/
// 20261205001600_push_customer_claims.sql (a token's hash in the body, never in a URL). The account is made and, when
// the join is refused, deleted with Supabase Auth's admin API (shapes-auth.ts).
import { is, type RestShape, type ValueCheck } from "./match";

const CLAIMS = "joining by a status link (issue 27)";
const MIGRATION = "supabase/migrations/20261205001600_push_customer_claims.sql";

const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** A token's SHA-256 as the worker computes it: 64 lower-case hex characters. */
const hash: ValueCheck = (value) => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);

const rpc = (name: string, why: string, required: Record<string, ValueCheck>): RestShape => ({
  id: `rpc.${name}`,
  extension: `${CLAIMS}: ${why} (${MIGRATION} public.${name}, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: "service",
  body: { required },
});

export const CUSTOMER_CLAIM_SHAPES: RestShape[] = [
  rpc(
    "push_request_customer_claim",
    "what the customer's e-mail says, a claim (its token's hash, 7 days) stored only for a customer in no organisation without an account",
    {
      ...{ p_customer_id: positive, p_token_hash: hash, p_now: positive, p_expires_at: positive },
    },
  ),
  rpc("push_customer_claim", "what an open claim shows (e-mail, name, whether the customer joined an organisation since), or null", {
    p_token_hash: hash,
    p_now: positive,
  }),
  rpc("push_join_by_customer_claim", "the claim used once with the account the worker made: a new organisation, the customer joined, its admin requester", {
    p_token_hash: hash,
    p_account_id: is.uuid,
    p_now: positive,
  }),
];
