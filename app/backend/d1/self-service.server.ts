// What a signed-in user does to their own account on the Profile page: change the password, see and end sessions.
import { currentSessionFirst } from "~/domain/accounts";
import type { SignedInUser } from "~/domain/auth";
import type { AuthStore } from "~/backend/port.server";
import { hashPassword, verifyPassword } from "./password.server";
import { query } from "./query.server";
import { SESSION_IDLE_MS } from "./session-cookie.server";

/** This request's signed-in user and the SHA-256 of its session token (the sessions table's key). */
export type SignedInSession = { user: SignedInUser; idHash: string };

type SessionRow = { id_hash: string; created_at: number; last_seen_at: number; user_agent: string | null; address: string | null };

export function d1SelfService(
  db: D1Database,
  signedIn: () => Promise<SignedInSession | null>,
): Pick<AuthStore, "changePassword" | "sessions" | "signOutOthers" | "setLocale"> {
  return {
    async changePassword({ currentPassword, newPassword }) {
      const session = await signedIn();
      if (!session) return { ok: false, reason: "signed-out" };
      const account = await query(() => db.prepare("SELECT password_hash FROM accounts WHERE id = ?").bind(session.user.id).first<{ password_hash: string }>());
      if (!account || !(await verifyPassword(currentPassword, account.password_hash))) return { ok: false, reason: "wrong-password" };
      const newHash = await hashPassword(newPassword);
      await query(() =>
        db.batch([
          db.prepare("UPDATE accounts SET password_hash = ? WHERE id = ?").bind(newHash, session.user.id),
          db.prepare("DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?").bind(session.user.id, session.idHash),
          // A reset link asked for before the change must not undo it.
          db.prepare("DELETE FROM password_reset_tokens WHERE account_id = ?").bind(session.user.id),
        ]),
      );
      return { ok: true };
    },

    async sessions() {
      const session = await signedIn();
      if (!session) return [];
      const now = Date.now();
      const { results } = await query(() =>
        db
          .prepare(
            `SELECT id_hash, created_at, last_seen_at, user_agent, address FROM sessions
             WHERE account_id = ? AND expires_at > ? AND last_seen_at > ? ORDER BY last_seen_at DESC`,
          )
          .bind(session.user.id, now, now - SESSION_IDLE_MS)
          .all<SessionRow>(),
      );
      return currentSessionFirst(
        results.map((row) => ({
          // A prefix of the token's hash: stable for the list's keys, useless to sign in with.
          key: row.id_hash.slice(0, 12),
          current: row.id_hash === session.idHash,
          userAgent: row.user_agent,
          address: row.address,
          signedInAt: row.created_at,
          lastUsedAt: row.last_seen_at,
        })),
      );
    },

    async signOutOthers() {
      const session = await signedIn();
      if (!session) return 0;
      const result = await query(() => db.prepare("DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?").bind(session.user.id, session.idHash).run());
      return result.meta.changes;
    },

    async setLocale(locale) {
      const session = await signedIn();
      if (!session) return false;
      await query(() => db.prepare("UPDATE accounts SET locale = ? WHERE id = ?").bind(locale, session.user.id).run());
      return true;
    },
  };
}
