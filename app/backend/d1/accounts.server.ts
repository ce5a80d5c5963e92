// The Users page on D1: accounts with their users rows; roles, locks.
import { ACCOUNTS_PAGE_SIZE, type Account } from "~/domain/accounts";
import { pageCountOf } from "~/domain/paging";
import type { Role } from "~/domain/auth";
import type { AccountStore } from "~/backend/port.server";
import { query } from "./query.server";
import { foldedNeedle } from "./text-search.server";

type AccountRow = { id: string; email: string; full_name: string | null; role: Role | null; last_sign_in_at: number | null; locked_at: number | null };

export function d1AccountStore(db: D1Database): AccountStore {
  const emailOf = (id: string) => query(() => db.prepare("SELECT email FROM accounts WHERE id = ?").bind(id).first<{ email: string }>());

  return {
    async list({ search, page }) {
      // A few thousand accounts at most: a scan of them is cheap, and the page is read in the email index's order.
      const where = search ? "WHERE instr(lower(a.email), ?1) > 0 OR instr(lower(u.full_name), ?1) > 0" : "";
      const params = search ? [foldedNeedle(search)] : [];
      const from = "FROM accounts a LEFT JOIN users u ON u.id = a.id";
      const [count, rows] = await query(() =>
        db.batch<unknown>([
          db.prepare(`SELECT COUNT(*) AS n ${from} ${where}`).bind(...params),
          db
            .prepare(`SELECT a.id, a.email, u.full_name, u.role, a.last_sign_in_at, a.locked_at ${from} ${where} ORDER BY a.email LIMIT ? OFFSET ?`)
            .bind(...params, ACCOUNTS_PAGE_SIZE, (page - 1) * ACCOUNTS_PAGE_SIZE),
        ]),
      );
      const total = (count!.results[0] as { n: number }).n;
      const items = (rows!.results as AccountRow[]).map((row): Account => ({
        id: row.id,
        fullName: row.full_name,
        email: row.email,
        role: row.role ?? "interpreter",
        lastSignInAt: row.last_sign_in_at,
        locked: row.locked_at !== null,
      }));
      return { items, total, page, pageCount: pageCountOf(total, ACCOUNTS_PAGE_SIZE) };
    },

    async emailOf(id) {
      return (await emailOf(id))?.email ?? null;
    },

    async setRole(id, role) {
      // One statement: D1 runs writes one at a time, so the "another unlocked admin remains" check cannot race.
      const result = await query(() =>
        db
          .prepare(
            `UPDATE users SET role = ?1 WHERE id = ?2 AND (?1 = 'admin' OR EXISTS (
               SELECT 1 FROM users u JOIN accounts a ON a.id = u.id
               WHERE u.role = 'admin' AND a.locked_at IS NULL AND u.id <> ?2))`,
          )
          .bind(role, id)
          .run(),
      );
      const account = await emailOf(id);
      if (!account) return { ok: false, reason: "not-found" };
      if (result.meta.changes === 0) {
        const row = await query(() => db.prepare("SELECT role FROM users WHERE id = ?").bind(id).first<{ role: Role }>());
        if (!row) return { ok: false, reason: "not-found" };
        if (row.role !== role) return { ok: false, reason: "last-admin" };
      }
      return { ok: true, email: account.email };
    },

    async setLocked(id, locked) {
      const [update] = await query(() =>
        locked
          ? db.batch([
              db.prepare("UPDATE accounts SET locked_at = COALESCE(locked_at, ?) WHERE id = ?").bind(Date.now(), id),
              // Every session ends at once, in the same step.
              db.prepare("DELETE FROM sessions WHERE account_id = ?").bind(id),
            ])
          : db.batch([db.prepare("UPDATE accounts SET locked_at = NULL WHERE id = ?").bind(id)]),
      );
      if (!update || update.meta.changes === 0) return { ok: false, reason: "not-found" };
      const account = await emailOf(id);
      return account ? { ok: true, email: account.email } : { ok: false, reason: "not-found" };
    },
  };
}
