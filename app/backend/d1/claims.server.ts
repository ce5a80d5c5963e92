// Joining by a status link on D1 (issue 27, docs/decisions/0042): a claim stored for a customer who belongs to no
// organisation and whose address has no account, read while open, and used once in one batch (one transaction) that
// makes the account, the organisation and the requester and joins the customer — each statement only alongside the
// claim this batch used and the account it made, so a refused step leaves nothing behind.
import { claimOrganisationName } from "~/domain/customer-claims";
import { INVITATION_TTL_MS } from "~/domain/organisations";
import type { CustomerClaimStore } from "~/backend/port-claims.server";
import { invitationHash, isInvitationToken, newInvitationToken } from "~/backend/invitation-token.server";
import { hashPassword } from "./password.server";
import { brokenConstraint, query, toBackendError } from "./query.server";

type CustomerRow = { email: string; name: string; company: string; organisation_id: number | null; has_account: number };
/** The customer with whether their address signs in already (accounts.email compares in any case). */
const CUSTOMER = `SELECT c.email, c.name, c.company, c.organisation_id, EXISTS (SELECT 1 FROM accounts a WHERE a.email = c.email) AS has_account
  FROM customers c`;
/** A claim that still opens: not used, not expired at the bound instant. */
const OPEN = "k.used_at IS NULL AND k.expires_at > ?";

export function d1CustomerClaimStore(db: D1Database): CustomerClaimStore {
  const openClaim = async (token: string, now: number) => {
    if (!isInvitationToken(token)) return null;
    const tokenHash = await invitationHash(token);
    const row = await query(() =>
      db.prepare(`${CUSTOMER} JOIN customer_claims k ON k.customer_id = c.id WHERE k.token_hash = ? AND ${OPEN}`).bind(tokenHash, now).first<CustomerRow>(),
    );
    return row ? { tokenHash, row } : null;
  };

  return {
    async request(customerId, now) {
      const row = await query(() => db.prepare(`${CUSTOMER} WHERE c.id = ?`).bind(customerId).first<CustomerRow>());
      if (!row) return null;
      const who = { email: row.email, fullName: row.name };
      if (row.organisation_id !== null) return { outcome: "in-organisation", ...who };
      if (row.has_account === 1) return { outcome: "account-exists", ...who };
      const token = newInvitationToken();
      const tokenHash = await invitationHash(token);
      await query(() =>
        db
          .prepare("INSERT INTO customer_claims (token_hash, customer_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
          .bind(tokenHash, customerId, now, now + INVITATION_TTL_MS)
          .run(),
      );
      return { outcome: "link", ...who, token };
    },

    async claimOf(token, now) {
      const claim = await openClaim(token, now);
      return claim ? { email: claim.row.email, fullName: claim.row.name, inOrganisation: claim.row.organisation_id !== null } : null;
    },

    async join({ token, password, now }) {
      const claim = await openClaim(token, now);
      if (!claim) return { ok: false, reason: "invalid" };
      if (claim.row.organisation_id !== null) return { ok: false, reason: "in-organisation" };
      if (claim.row.has_account === 1) return { ok: false, reason: "account-exists" };
      const taken = await query(() => db.prepare("SELECT 1 AS taken FROM organisations WHERE name = ?").bind(claimOrganisationName(claim.row, false)).first());
      const name = claimOrganisationName(claim.row, taken !== null);
      const accountId = crypto.randomUUID();
      const passwordHash = await hashPassword(password);
      // The claim is used first, only while open and its customer in no organisation; the account is made only from
      // a claim this batch used (used_at = now), and every later statement only alongside that account.
      const used = "FROM customer_claims k JOIN customers c ON c.id = k.customer_id WHERE k.token_hash = ?1 AND k.used_at = ?2";
      const made = "EXISTS (SELECT 1 FROM accounts WHERE id = ?3)";
      let results: D1Result[];
      try {
        results = await db.batch([
          db
            .prepare(
              `UPDATE customer_claims SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2
               AND customer_id IN (SELECT id FROM customers WHERE organisation_id IS NULL)`,
            )
            .bind(claim.tokenHash, now),
          db.prepare(`INSERT INTO accounts (id, email, password_hash) SELECT ?3, c.email, ?4 ${used}`).bind(claim.tokenHash, now, accountId, passwordHash),
          db.prepare(`INSERT INTO organisations (name, created_at) SELECT ?4, ?2 FROM accounts WHERE id = ?3`).bind(claim.tokenHash, now, accountId, name),
          db
            .prepare(
              `UPDATE customers SET organisation_id = (SELECT id FROM organisations WHERE name = ?4 AND created_at = ?2)
               WHERE id = (SELECT k.customer_id FROM customer_claims k WHERE k.token_hash = ?1 AND k.used_at = ?2) AND organisation_id IS NULL AND ${made}`,
            )
            .bind(claim.tokenHash, now, accountId, name),
          db
            .prepare(
              `INSERT INTO customer_people (account_id, organisation_id, full_name, is_admin, created_at)
               SELECT ?3, c.organisation_id, COALESCE(NULLIF(substr(trim(c.name), 1, 200), ''), c.email), 1, ?2 ${used} AND ${made}`,
            )
            .bind(claim.tokenHash, now, accountId),
          // The address is proven now (its link was opened): the customer's orders count as theirs, as an opened
          // order e-mail makes one (issue 22), so the portal lists them.
          db
            .prepare(
              `UPDATE orders SET identity_verified_at = ?2 WHERE identity_verified_at IS NULL
               AND customer_id = (SELECT k.customer_id FROM customer_claims k WHERE k.token_hash = ?1 AND k.used_at = ?2) AND ${made}`,
            )
            .bind(claim.tokenHash, now, accountId),
        ]);
      } catch (error) {
        const constraint = brokenConstraint(error);
        if (constraint?.kind === "unique" && constraint.column === "accounts.email") return { ok: false, reason: "account-exists" };
        throw toBackendError(error);
      }
      if (results[1]!.meta.changes !== 1) return { ok: false, reason: "invalid" };
      const organisation = await query(() =>
        db.prepare("SELECT organisation_id FROM customer_people WHERE account_id = ?").bind(accountId).first<{ organisation_id: number }>(),
      );
      return { ok: true, accountId, email: claim.row.email, organisationId: organisation!.organisation_id };
    },
  };
}
