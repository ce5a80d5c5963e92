// Supabase Auth (GoTrue) as auth-js 2.109 talks to it: sessions `{ access_token, token_type: "bearer",
// expires_in, expires_at, refresh_token, user }` with HS256 access tokens (sub, role, exp, email,
// session_id), and errors as GoTrue sends them for API version 2024-01-01: `{ code, message }` with the
// X-Supabase-Api-Version header, which auth-js turns into an AuthApiError with that status and code.
import { createHash, randomInt } from "node:crypto";
import { parseGoDuration, userJson } from "./gotrue-users";
import { PgError } from "./pg";
import { signJwt, verifyJwt } from "./jwt";
import type { DoubleResponse } from "./postgrest";
import type { AuthUser, DoubleState, Session } from "./state";

export type AuthContext = {
  state: DoubleState;
  secret: string;
  /** The project URL (the issuer is `${url}/auth/v1`). */
  url: string;
  nowMs: () => number;
  serviceRoleKey: string;
  accessTokenTtlSeconds: number;
  recoveryTtlSeconds: number;
  /**
   * GoTrue ≥ v2.196.0 (supabase/auth#2642, "reject AT from banned users") refuses a banned user's still-valid access
   * token with 403 user_banned on /user, /logout and the other authenticated endpoints. false: an older GoTrue,
   * which accepts it until it expires (POST /__double/gotrue switches; a reset restores true).
   */
  rejectBannedAccessTokens: boolean;
};
export type AuthRequest = { method: string; path: string; params: URLSearchParams; bearer: string | null; body: Record<string, unknown> };

const HEADERS = { "content-type": "application/json", "x-supabase-api-version": "2024-01-01" };
const json = (status: number, body: unknown): DoubleResponse => ({ status, headers: HEADERS, body: JSON.stringify(body) });
const fail = (status: number, code: string, message: string, extra: object = {}) => json(status, { code, message, ...extra });
const validEmail = (email: unknown): email is string => typeof email === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MIN_PASSWORD = 6;

function sessionJson(ctx: AuthContext, user: AuthUser, session: Session) {
  const now = Math.floor(ctx.nowMs() / 1000);
  const expiresAt = now + ctx.accessTokenTtlSeconds;
  const claims = {
    aud: "authenticated",
    exp: expiresAt,
    iat: now,
    iss: `${ctx.url}/auth/v1`,
    sub: user.id,
    email: user.email,
    phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: { email: user.email, email_verified: true, phone_verified: false, sub: user.id, ...user.metadata },
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: session.amr, timestamp: Math.floor(session.createdAt / 1000) }],
    session_id: session.id,
    is_anonymous: false,
  };
  return {
    access_token: signJwt(claims, ctx.secret),
    token_type: "bearer",
    expires_in: ctx.accessTokenTtlSeconds,
    expires_at: expiresAt,
    refresh_token: session.refreshToken,
    user: userJson(user),
  };
}

function signedIn(ctx: AuthContext, user: AuthUser, amr: string) {
  user.lastSignInAt = new Date(ctx.nowMs()).toISOString();
  return json(200, sessionJson(ctx, user, ctx.state.createSession(user.id, amr)));
}

/** GoTrue's requireAuthentication: a valid, unexpired access token whose user and session still exist. */
function authenticate(ctx: AuthContext, bearer: string | null): { user: AuthUser; session: Session } | DoubleResponse {
  if (!bearer) return fail(401, "no_authorization", "This endpoint requires a Bearer token");
  const checked = verifyJwt(bearer, ctx.secret, Math.floor(ctx.nowMs() / 1000));
  if (!checked.ok) return fail(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${checked.message}`);
  const { sub, session_id: sessionId } = checked.claims;
  if (!sub) return fail(403, "bad_jwt", "invalid claim: missing sub claim");
  const user = ctx.state.authUsers.get(String(sub));
  if (!user) return fail(403, "user_not_found", "User from sub claim in JWT does not exist");
  const session = ctx.state.sessions.get(String(sessionId));
  if (!session || session.userId !== user.id) return fail(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  // Reject banned users who still hold an access token issued before the ban (GoTrue ≥ v2.196.0).
  if (ctx.rejectBannedAccessTokens && ctx.state.isBanned(user)) return fail(403, "user_banned", "User is banned");
  return { user, session };
}

/** GoTrue's requireAdmin: the service role (the double knows it by its key). */
function admin(ctx: AuthContext, bearer: string | null): DoubleResponse | null {
  if (bearer === ctx.serviceRoleKey) return null;
  if (!bearer) return fail(401, "no_authorization", "This endpoint requires a Bearer token");
  return fail(403, "not_admin", "User not allowed");
}

export function handleAuth(ctx: AuthContext, request: AuthRequest): DoubleResponse {
  const { state } = ctx;
  const { method, path, params, body, bearer } = request;
  const route = `${method} ${path.replace(/\/admin\/users\/[^/]+$/, "/admin/users/:id")}`;

  switch (route) {
    case "POST /token": {
      if (params.get("grant_type") === "password") {
        // GoTrue's ResourceOwnerPasswordGrant (api/token.go), in its order: no such user or no password, then the
        // ban — BEFORE the password is checked, so a banned user hears "User is banned" whatever password was
        // given — then the password, then the confirmation.
        const user = typeof body.email === "string" ? state.authUserByEmail(body.email) : undefined;
        if (!user || !user.password) return fail(400, "invalid_credentials", "Invalid login credentials");
        if (state.isBanned(user)) return fail(400, "user_banned", "User is banned");
        if (typeof body.password !== "string" || !state.passwordMatches(user, body.password)) {
          return fail(400, "invalid_credentials", "Invalid login credentials");
        }
        if (!user.emailConfirmedAt) return fail(400, "email_not_confirmed", "Email not confirmed");
        return signedIn(ctx, user, "password");
      }
      if (params.get("grant_type") === "refresh_token") {
        // tokens/service.go: the token (current or already used) is found first, then the ban, then reuse.
        const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
        const sessions = [...state.sessions.values()];
        const owner = sessions.find((item) => item.refreshToken === token || item.usedRefreshTokens.includes(token));
        if (!owner) return fail(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        if (state.isBanned(state.authUsers.get(owner.userId))) return fail(400, "user_banned", "Invalid Refresh Token: User Banned");
        if (owner.refreshToken !== token) return fail(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
        state.rotateRefreshToken(owner);
        return json(200, sessionJson(ctx, state.authUsers.get(owner.userId)!, owner));
      }
      return fail(400, "validation_failed", "unsupported_grant_type");
    }

    case "GET /user": {
      const found = authenticate(ctx, bearer);
      return "status" in found ? found : json(200, userJson(found.user));
    }

    case "PUT /user": {
      const found = authenticate(ctx, bearer);
      if ("status" in found) return found;
      if (typeof body.password === "string") {
        if (body.password.length < MIN_PASSWORD) {
          return fail(422, "weak_password", `Password should be at least ${MIN_PASSWORD} characters.`, { weak_password: { reasons: ["length"] } });
        }
        if (state.passwordMatches(found.user, body.password)) {
          return fail(422, "same_password", "New password should be different from the old password.");
        }
        state.setPassword(found.user, body.password);
        state.endSessions(found.user.id, found.session.id); // a new password signs the account out elsewhere
      }
      // GoTrue merges `data` into raw_user_meta_data, key by key (a null value removes its key).
      if (typeof body.data === "object" && body.data !== null && !Array.isArray(body.data)) {
        const merged = { ...found.user.metadata, ...(body.data as Record<string, unknown>) };
        found.user.metadata = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== null));
        found.user.updatedAt = new Date(ctx.nowMs()).toISOString();
      }
      return json(200, userJson(found.user));
    }

    case "POST /logout": {
      const found = authenticate(ctx, bearer);
      if ("status" in found) return found;
      const scope = params.get("scope") ?? "global";
      if (scope === "local") state.sessions.delete(found.session.id);
      else state.endSessions(found.user.id, scope === "others" ? found.session.id : undefined);
      return { status: 204, headers: { "x-supabase-api-version": "2024-01-01" } };
    }

    case "POST /verify": {
      const hash = typeof body.token_hash === "string" ? body.token_hash : "";
      if (body.type !== "recovery" || !hash) return fail(400, "validation_failed", "Verify requires a token_hash and a type");
      const user = [...state.authUsers.values()].find((item) => item.recovery?.tokenHash === hash);
      if (!user) return fail(403, "otp_expired", "Token has expired or is invalid");
      // api/verify.go: a banned user's link is refused (and not used up) before its expiry is even looked at.
      if (state.isBanned(user)) return fail(403, "user_banned", "User is banned");
      const expired = !user.recovery || user.recovery.sentAt + ctx.recoveryTtlSeconds * 1000 < ctx.nowMs();
      if (expired) return fail(403, "otp_expired", "Token has expired or is invalid");
      user.recovery = null; // single use
      user.emailConfirmedAt ??= new Date(ctx.nowMs()).toISOString();
      return signedIn(ctx, user, "otp");
    }

    case "POST /admin/generate_link": {
      const denied = admin(ctx, bearer);
      if (denied) return denied;
      if (!validEmail(body.email)) return fail(400, "validation_failed", "Unable to validate email address: invalid format");
      const user = state.authUserByEmail(body.email);
      if (!user) return fail(404, "user_not_found", "User with this email not found");
      const otp = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const hashedToken = createHash("sha224")
        .update(user.email + otp)
        .digest("hex");
      user.recovery = { tokenHash: hashedToken, sentAt: ctx.nowMs() };
      return json(200, {
        ...userJson(user),
        action_link: `${ctx.url}/auth/v1/verify?token=${hashedToken}&type=recovery&redirect_to=${encodeURIComponent(ctx.url)}`,
        email_otp: otp,
        hashed_token: hashedToken,
        verification_type: "recovery",
        redirect_to: ctx.url,
      });
    }

    case "POST /admin/users": {
      const denied = admin(ctx, bearer);
      if (denied) return denied;
      if (typeof body.email !== "string" || !body.email) return fail(400, "validation_failed", "Cannot create a user without either an email or phone");
      if (!validEmail(body.email)) return fail(400, "validation_failed", "Unable to validate email address: invalid format");
      if (state.authUserByEmail(body.email)) return fail(422, "email_exists", "A user with this email address has already been registered");
      const password = typeof body.password === "string" && body.password ? body.password : null;
      return json(200, userJson(state.createAuthUser(body.email, password, body.email_confirm === true)));
    }

    case "GET /admin/users/:id":
    case "PUT /admin/users/:id":
    case "DELETE /admin/users/:id": {
      const denied = admin(ctx, bearer);
      if (denied) return denied;
      const id = path.split("/").at(-1)!;
      if (!UUID.test(id)) return fail(404, "validation_failed", "user_id must be an UUID");
      const user = state.authUsers.get(id.toLowerCase());
      if (!user) return fail(404, "user_not_found", "User not found");
      if (method === "GET") return json(200, userJson(user));
      if (method === "DELETE") {
        try {
          state.deleteAuthUser(user.id);
        } catch (error) {
          // A row that refuses the cascade (ON DELETE RESTRICT): GoTrue answers the database's error as a 500.
          if (error instanceof PgError) return fail(500, "unexpected_failure", "Database error deleting user");
          throw error;
        }
        return json(200, {});
      }
      // api/admin.go: ban_duration is parsed before anything changes; "none" lifts the ban, a Go duration sets
      // banned_until = now + duration (models.User.Ban). The account's sessions are NOT ended: its refresh tokens
      // are refused from then on, and (GoTrue ≥ 2.196) its access tokens too.
      let ban: number | null = null;
      if (body.ban_duration !== undefined && body.ban_duration !== "") {
        ban = body.ban_duration === "none" ? 0 : typeof body.ban_duration === "string" ? parseGoDuration(body.ban_duration) : null;
        if (ban === null) {
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any JSON value, quoted as GoTrue quotes what it cannot parse
          return fail(400, "validation_failed", `invalid format for ban duration: time: invalid duration ${JSON.stringify(String(body.ban_duration))}`);
        }
      }
      if (body.email !== undefined) {
        if (!validEmail(body.email)) return fail(400, "validation_failed", "Unable to validate email address: invalid format");
        const holder = state.authUserByEmail(body.email);
        // GoTrue does not check this itself: auth.users' unique email index fails the update, answered as a
        // 500 (supabase/auth PR #2014, open, would make it 422 email_exists).
        if (holder && holder.id !== user.id) return fail(500, "unexpected_failure", "Error updating user");
        user.email = body.email.trim().toLowerCase();
      }
      if (body.email_confirm === true) user.emailConfirmedAt ??= new Date(ctx.nowMs()).toISOString();
      if (typeof body.password === "string") {
        state.setPassword(user, body.password);
        state.endSessions(user.id);
      }
      if (ban !== null) user.bannedUntil = ban === 0 ? null : new Date(ctx.nowMs() + ban).toISOString();
      user.updatedAt = new Date(ctx.nowMs()).toISOString();
      return json(200, userJson(user));
    }
  }
  return fail(404, "not_found", "Not Found");
}
