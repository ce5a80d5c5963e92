// Sign-in for the D1 adapter: PBKDF2 password hashes, revocable sessions in a table, single-use reset tokens.
import { clientOf } from "~/platform/core/client-key.server";
import type { AuthStore } from "~/backend/port.server";
import { hashPassword, verifyPassword } from "./password.server";
import { query } from "./query.server";
import { SESSION_IDLE_MS, SESSION_TOUCH_MS, SESSION_TTL_MS, sessionCookie } from "./session-cookie.server";
import { randomToken, sha256Hex } from "./tokens.server";
import { d1SelfService, type SignedInSession } from "./self-service.server";
import { SESSION_USER_COLUMNS, SESSION_USER_JOINS, toSessionUser, type SessionUserRow } from "./users.server";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

// Checked against when the email is unknown, so an unknown address costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;

/** `responseHeaders`: where the session cookie goes when signIn or signOut changes it (Backend.responseHeaders). */
export function d1AuthStore(db: D1Database, request: Request, secret: string, responseHeaders: Headers): AuthStore {
  const cookie = sessionCookie(request, secret);
  let current: Promise<SignedInSession | null> | undefined;

  async function sessionToken(): Promise<string | null> {
    const value: unknown = await cookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length > 0 ? value : null;
  }

  /** This request's signed-in user and the hash of its session's token, worked out once per request. */
  function signedIn(): Promise<SignedInSession | null> {
    current ??= (async () => {
      const token = await sessionToken();
      if (!token) return null;
      const idHash = await sha256Hex(token);
      const now = Date.now();
      const row = await query(async () =>
        db
          .prepare(
            `SELECT ${SESSION_USER_COLUMNS}, s.last_seen_at AS session_last_seen_at FROM sessions s
             JOIN accounts a ON a.id = s.account_id ${SESSION_USER_JOINS}
             WHERE s.id_hash = ? AND s.expires_at > ? AND s.last_seen_at > ? AND a.locked_at IS NULL`,
          )
          .bind(idHash, now, now - SESSION_IDLE_MS)
          .first<SessionUserRow & { session_last_seen_at: number }>(),
      );
      if (!row) return null;
      // Used now: the idle clock starts again (written at most every few minutes, not on every request).
      if (row.session_last_seen_at < now - SESSION_TOUCH_MS) {
        await query(() => db.prepare("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?").bind(now, idHash).run());
      }
      return { user: toSessionUser(row), idHash };
    })();
    return current;
  }

  return {
    async currentUser() {
      return (await signedIn())?.user ?? null;
    },

    async signIn({ email, password }) {
      const account = await query(() =>
        db
          .prepare("SELECT id, password_hash, locked_at FROM accounts WHERE email = ?")
          .bind(email)
          .first<{ id: string; password_hash: string; locked_at: number | null }>(),
      );
      decoyHash ??= hashPassword(randomToken());
      const valid = await verifyPassword(password, account?.password_hash ?? (await decoyHash));
      if (!account || !valid) return { ok: false, reason: "invalid-credentials" };
      // Said only to someone who knows the password.
      if (account.locked_at !== null) return { ok: false, reason: "locked" };

      const token = randomToken();
      const now = Date.now();
      const client = clientOf(request);
      const [, , , user] = await query(async () =>
        db.batch<SessionUserRow>([
          db.prepare("DELETE FROM sessions WHERE account_id = ? AND expires_at <= ?").bind(account.id, now),
          db
            .prepare(
              `INSERT INTO sessions (id_hash, account_id, created_at, expires_at, last_seen_at, user_agent, address)
               VALUES (?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(await sha256Hex(token), account.id, now, now + SESSION_TTL_MS, now, client.userAgent, client.address),
          db.prepare("UPDATE accounts SET last_sign_in_at = ? WHERE id = ?").bind(now, account.id),
          db.prepare(`SELECT ${SESSION_USER_COLUMNS} FROM accounts a ${SESSION_USER_JOINS} WHERE a.id = ?`).bind(account.id),
        ]),
      );
      const row = user?.results[0];
      if (!row) return { ok: false, reason: "no-session" };
      responseHeaders.append("Set-Cookie", await cookie.serialize(token));
      return { ok: true, user: toSessionUser(row) };
    },

    ...d1SelfService(db, signedIn),

    async signOut() {
      const token = await sessionToken();
      if (token) {
        const idHash = await sha256Hex(token);
        await query(() => db.prepare("DELETE FROM sessions WHERE id_hash = ?").bind(idHash).run());
      }
      responseHeaders.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
    },

    async requestPasswordReset(email) {
      const account = await query(() => db.prepare("SELECT id, email FROM accounts WHERE email = ?").bind(email).first<{ id: string; email: string }>());
      if (!account) return null;
      const token = randomToken();
      const now = Date.now();
      // A new link replaces any earlier one.
      await query(async () =>
        db.batch([
          db.prepare("DELETE FROM password_reset_tokens WHERE account_id = ?").bind(account.id),
          db
            .prepare("INSERT INTO password_reset_tokens (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
            .bind(await sha256Hex(token), account.id, now, now + RESET_TOKEN_TTL_MS),
        ]),
      );
      return { email: account.email, token };
    },

    async resetPassword({ token, email, password }) {
      const tokenHash = await sha256Hex(token);
      const now = Date.now();
      const target = await query(() =>
        db
          .prepare(
            `SELECT t.account_id, a.email FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id
             WHERE t.token_hash = ? AND t.used_by IS NULL AND t.expires_at > ?`,
          )
          .bind(tokenHash, now)
          .first<{ account_id: string; email: string }>(),
      );
      if (!target) return { ok: false, reason: "invalid-token" };
      if (target.email.toLowerCase() !== email.toLowerCase()) return { ok: false, reason: "email-not-found" };

      // One transaction: claim the token (only if still unused), then change the password and end every
      // session — both only if this request's claim is the one that landed.
      const claim = crypto.randomUUID();
      const claimed = "EXISTS (SELECT 1 FROM password_reset_tokens WHERE token_hash = ? AND used_by = ?)";
      const [claimResult] = await query(async () =>
        db.batch([
          db
            .prepare("UPDATE password_reset_tokens SET used_by = ?, used_at = ? WHERE token_hash = ? AND used_by IS NULL AND expires_at > ?")
            .bind(claim, now, tokenHash, now),
          db
            .prepare(`UPDATE accounts SET password_hash = ? WHERE id = ? AND ${claimed}`)
            .bind(await hashPassword(password), target.account_id, tokenHash, claim),
          db.prepare(`DELETE FROM sessions WHERE account_id = ? AND ${claimed}`).bind(target.account_id, tokenHash, claim),
        ]),
      );
      return claimResult?.meta.changes === 1 ? { ok: true } : { ok: false, reason: "invalid-token" };
    },
  };
}
