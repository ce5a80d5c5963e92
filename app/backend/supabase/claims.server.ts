// Joining by a status link on Supabase (issue 27, docs/decisions/0042), with the service-role client: each read and
// change is ONE call of a SQL function (supabase/migrations/20261205001600_push_customer_claims.sql; a token's hash
// travels in the body, never in a URL); the account is made with Supabase Auth's admin API and deleted again when
// the function refuses. The D1 adapter's semantics (d1/claims.server.ts), held to the same contract by
// tests/port-contract/claims-suite.ts.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { ClaimRequest } from "~/domain/customer-claims";
import { INVITATION_TTL_MS } from "~/domain/organisations";
import type { CustomerClaimStore } from "~/backend/port-claims.server";
import { invitationHash, isInvitationToken, newInvitationToken } from "~/backend/invitation-token.server";
import { check, failIf } from "./clients.server";

type RequestRow = { email: string; full_name: string; outcome: ClaimRequest["outcome"] };

export function supabaseCustomerClaimStore(service: SupabaseClient): CustomerClaimStore {
  return {
    async request(customerId, now) {
      if (!Number.isSafeInteger(customerId) || customerId <= 0) return null;
      const token = newInvitationToken();
      const row = check<RequestRow | null>(
        await service.rpc("push_request_customer_claim", {
          ...{ p_customer_id: customerId, p_token_hash: await invitationHash(token) },
          ...{ p_now: now, p_expires_at: now + INVITATION_TTL_MS },
        }),
      );
      if (!row) return null;
      const who = { email: row.email, fullName: row.full_name };
      return row.outcome === "link" ? { outcome: "link", ...who, token } : { outcome: row.outcome, ...who };
    },

    async claimOf(token, now) {
      if (!isInvitationToken(token)) return null;
      const row = check<{ email: string; full_name: string; in_organisation: boolean } | null>(
        await service.rpc("push_customer_claim", { p_token_hash: await invitationHash(token), p_now: now }),
      );
      return row ? { email: row.email, fullName: row.full_name, inOrganisation: row.in_organisation } : null;
    },

    async join({ token, password, now }) {
      const claim = await this.claimOf(token, now);
      if (!claim) return { ok: false, reason: "invalid" };
      if (claim.inOrganisation) return { ok: false, reason: "in-organisation" };
      // The account first (its e-mail is unique in Supabase Auth, so two joins at once make one), then the claim used
      // with the rows in one SQL call; if that refuses or fails, the account made is deleted.
      const { data, error } = await service.auth.admin.createUser({ email: claim.email, password, email_confirm: true });
      if (error?.code === "email_exists") return { ok: false, reason: "account-exists" };
      failIf(error);
      const accountId = data.user!.id;
      const joined = await service.rpc("push_join_by_customer_claim", { p_token_hash: await invitationHash(token), p_account_id: accountId, p_now: now });
      const answer = joined.data as { organisation_id: number } | { reason: "invalid" | "in-organisation" } | null;
      if (joined.error || !answer || "reason" in answer) {
        failIf((await service.auth.admin.deleteUser(accountId)).error);
        failIf(joined.error);
        return { ok: false, reason: answer && "reason" in answer ? answer.reason : "invalid" };
      }
      return { ok: true, accountId, email: claim.email, organisationId: Number(answer.organisation_id) };
    },
  };
}
