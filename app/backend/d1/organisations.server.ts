// Customer organisations on D1 (issue 27, docs/decisions/0040): organisations, their customers and requesters, and
// the invitations that make requesters' accounts. Every method that reaches one organisation's people names the
// organisation in its SQL; an invitation is used and its account made in one batch (one transaction).
import { INVITATION_TTL_MS, ORGANISATION_LIST_LIMIT, ORGANISATIONS_PAGE_SIZE, type CustomerPerson } from "~/domain/organisations";
import { pageCountOf } from "~/domain/paging";
import type { OrganisationStore } from "~/backend/port-organisations.server";
import { invitationHash, isInvitationToken, newInvitationToken } from "~/backend/invitation-token.server";
import { hashPassword } from "./password.server";
import { brokenConstraint, query, toBackendError } from "./query.server";
import { foldedNeedle } from "./text-search.server";

type PersonRow = { account_id: string; full_name: string; email: string; is_admin: number };
const toPerson = (row: PersonRow): CustomerPerson => ({ accountId: row.account_id, fullName: row.full_name, email: row.email, isAdmin: row.is_admin === 1 });
const PEOPLE = `SELECT p.account_id, p.full_name, a.email, p.is_admin FROM customer_people p JOIN accounts a ON a.id = p.account_id
  WHERE p.organisation_id = ? ORDER BY p.full_name COLLATE NOCASE, p.account_id LIMIT ${ORGANISATION_LIST_LIMIT}`;
/** An invitation that still opens: not used, not expired at the bound instant. */
const OPEN = "i.used_at IS NULL AND i.expires_at > ?";

export function d1OrganisationStore(db: D1Database): OrganisationStore {
  return {
    async create(name, now) {
      try {
        const row = await db.prepare("INSERT INTO organisations (name, created_at) VALUES (?, ?) RETURNING id").bind(name, now).first<{ id: number }>();
        return { ok: true, id: row!.id };
      } catch (error) {
        if (brokenConstraint(error)?.kind === "unique") return { ok: false, reason: "name-taken" };
        throw toBackendError(error);
      }
    },

    async list({ search, page }) {
      // Hundreds of organisations at most: a scan of their names is cheap; the page is read in the name's order.
      const where = search ? "WHERE instr(lower(o.name), ?1) > 0" : "";
      const params = search ? [foldedNeedle(search)] : [];
      const [count, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT COUNT(*) AS n FROM organisations o ${where}`).bind(...params),
          db
            .prepare(
              `SELECT o.id, o.name,
                 (SELECT COUNT(*) FROM customers c WHERE c.organisation_id = o.id) AS customers,
                 (SELECT COUNT(*) FROM customer_people p WHERE p.organisation_id = o.id) AS people
               FROM organisations o ${where} ORDER BY o.name COLLATE NOCASE, o.id LIMIT ? OFFSET ?`,
            )
            .bind(...params, ORGANISATIONS_PAGE_SIZE, (page - 1) * ORGANISATIONS_PAGE_SIZE),
        ]),
      );
      const total = (count!.results[0] as { n: number }).n;
      const items = rows!.results as { id: number; name: string; customers: number; people: number }[];
      return { items, total, page, pageCount: pageCountOf(total, ORGANISATIONS_PAGE_SIZE) };
    },

    async get(id, now) {
      const [organisation, customers, people, invitations] = await query(() =>
        db.batch<unknown>([
          db.prepare("SELECT id, name FROM organisations WHERE id = ?").bind(id),
          db
            .prepare(`SELECT id, name, email FROM customers WHERE organisation_id = ? ORDER BY name COLLATE NOCASE, id LIMIT ${ORGANISATION_LIST_LIMIT}`)
            .bind(id),
          db.prepare(PEOPLE).bind(id),
          db
            .prepare(
              `SELECT i.email, i.full_name, i.is_admin, i.invited_by, i.created_at, i.expires_at FROM customer_invitations i
               WHERE i.organisation_id = ? AND ${OPEN} ORDER BY i.created_at DESC LIMIT ${ORGANISATION_LIST_LIMIT}`,
            )
            .bind(id, now),
        ]),
      );
      const row = organisation!.results[0] as { id: number; name: string } | undefined;
      if (!row) return null;
      type InvitationRow = { email: string; full_name: string; is_admin: number; invited_by: string; created_at: number; expires_at: number };
      return {
        ...row,
        customers: customers!.results as { id: number; name: string; email: string }[],
        people: (people!.results as PersonRow[]).map(toPerson),
        invitations: (invitations!.results as InvitationRow[]).map((i) => ({
          ...{ email: i.email, fullName: i.full_name, isAdmin: i.is_admin === 1 },
          ...{ invitedBy: i.invited_by, createdAt: i.created_at, expiresAt: i.expires_at },
        })),
      };
    },

    async addCustomer(organisationId, email) {
      const joined = await query(() =>
        db
          .prepare("UPDATE customers SET organisation_id = ?1 WHERE email = ?2 AND EXISTS (SELECT 1 FROM organisations WHERE id = ?1) RETURNING name")
          .bind(organisationId, email.toLowerCase())
          .first<{ name: string }>(),
      );
      if (joined) return { ok: true, name: joined.name };
      const organisation = await query(() => db.prepare("SELECT 1 AS found FROM organisations WHERE id = ?").bind(organisationId).first());
      return { ok: false, reason: organisation ? "no-customer" : "not-found" };
    },

    async invite({ organisationId, email, fullName, isAdmin, by, now }) {
      const token = newInvitationToken();
      const tokenHash = await invitationHash(token);
      const stored = await query(() =>
        db
          .prepare(
            `INSERT INTO customer_invitations (token_hash, organisation_id, email, full_name, is_admin, invited_by, created_at, expires_at)
             SELECT ?, id, ?, ?, ?, ?, ?, ? FROM organisations WHERE id = ?`,
          )
          .bind(...[tokenHash, email.toLowerCase(), fullName, isAdmin ? 1 : 0, by, now, now + INVITATION_TTL_MS, organisationId])
          .run(),
      );
      return stored.meta.changes === 1 ? { token } : null;
    },

    async invitationOf(token, now) {
      if (!isInvitationToken(token)) return null;
      const tokenHash = await invitationHash(token);
      const row = await query(() =>
        db
          .prepare(
            `SELECT o.name, i.email, i.full_name FROM customer_invitations i JOIN organisations o ON o.id = i.organisation_id
             WHERE i.token_hash = ? AND ${OPEN}`,
          )
          .bind(tokenHash, now)
          .first<{ name: string; email: string; full_name: string }>(),
      );
      return row ? { organisationName: row.name, email: row.email, fullName: row.full_name } : null;
    },

    async accept({ token, password, now }) {
      if (!isInvitationToken(token)) return { ok: false, reason: "invalid" };
      const tokenHash = await invitationHash(token);
      const invitation = await query(() =>
        db.prepare(`SELECT i.email FROM customer_invitations i WHERE i.token_hash = ? AND ${OPEN}`).bind(tokenHash, now).first<{ email: string }>(),
      );
      if (!invitation) return { ok: false, reason: "invalid" };
      const accountId = crypto.randomUUID();
      const passwordHash = await hashPassword(password);
      // One batch is one transaction. The invitation is used first; the account is made only from an invitation this
      // batch used (used_at = now), and the rest only alongside that account. Two accepts at once: the second finds
      // the invitation used (no account), or, in the same millisecond, breaks the e-mail's uniqueness (all undone).
      const from = "FROM customer_invitations i JOIN accounts a ON a.id = ?1 WHERE i.token_hash = ?2";
      let made: D1Result;
      try {
        [, made] = (await db.batch([
          db.prepare("UPDATE customer_invitations SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2").bind(tokenHash, now),
          db
            .prepare("INSERT INTO accounts (id, email, password_hash) SELECT ?1, email, ?2 FROM customer_invitations WHERE token_hash = ?3 AND used_at = ?4")
            .bind(accountId, passwordHash, tokenHash, now),
          db
            .prepare(
              `INSERT INTO customer_people (account_id, organisation_id, full_name, is_admin, created_at) SELECT a.id, i.organisation_id, i.full_name, i.is_admin, ?3 ${from}`,
            )
            .bind(accountId, tokenHash, now),
          // Their customers row: found by the e-mail (joining the organisation, leaving any other) or made.
          db
            .prepare(
              `INSERT INTO customers (name, email, created_at, organisation_id) SELECT i.full_name, i.email, ?3, i.organisation_id ${from}
               ON CONFLICT (email) DO UPDATE SET organisation_id = excluded.organisation_id`,
            )
            .bind(accountId, tokenHash, now),
        ])) as [D1Result, D1Result];
      } catch (error) {
        const constraint = brokenConstraint(error);
        if (constraint?.kind === "unique" && constraint.column === "accounts.email") return { ok: false, reason: "account-exists" };
        throw toBackendError(error);
      }
      return made.meta.changes === 1 ? { ok: true, accountId, email: invitation.email } : { ok: false, reason: "invalid" };
    },

    async people(organisationId) {
      const { results } = await query(() => db.prepare(PEOPLE).bind(organisationId).all<PersonRow>());
      return results.map(toPerson);
    },

    async removePerson(organisationId, accountId) {
      // Read and removed in one transaction, each statement naming the organisation. The account goes (its sessions
      // with it) unless it is also staff's (a users row), whose sign-in stays: only the requester's row goes then.
      const [person] = await query(() =>
        db.batch<{ full_name: string; email: string }>([
          db
            .prepare(
              "SELECT p.full_name, a.email FROM customer_people p JOIN accounts a ON a.id = p.account_id WHERE p.account_id = ? AND p.organisation_id = ?",
            )
            .bind(accountId, organisationId),
          db
            .prepare(
              `DELETE FROM accounts WHERE id = ?1 AND id IN (SELECT account_id FROM customer_people WHERE organisation_id = ?2)
               AND NOT EXISTS (SELECT 1 FROM users WHERE id = ?1)`,
            )
            .bind(accountId, organisationId),
          db.prepare("DELETE FROM customer_people WHERE account_id = ? AND organisation_id = ?").bind(accountId, organisationId),
        ]),
      );
      const removed = person?.results[0];
      return removed ? { ok: true, fullName: removed.full_name, email: removed.email } : { ok: false, reason: "not-found" };
    },
  };
}
