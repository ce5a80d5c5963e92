// The D1 adapter's AuthStore against the real schema and the sample accounts, where the tables and the cookie show
// what the port cannot: the session cookie, sessions stored as hashes (expiring, idle), and password-reset tokens
// stored as hashes. What sign-in, sign-out and a reset answer is the port's contract: tests/port-contract/sign-in-suite.ts.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "~/backend/d1/session-cookie.server";
import { createD1Backend } from "~/backend/d1/index.server";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { count, seed } from "./helpers";
import { ORIGIN } from "./requests";

const ADMIN = "admin@example.com";
const INTERPRETER = "interpreter@example.com";
const NO_PASSWORD_INTERPRETER = "linh.tran@example.com";
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;
const THIRTY_MINUTES_MS = 30 * 60 * 1000;

/** A backend for one request; with a cookie it acts as that signed-in browser. */
function backendFor(cookie?: string, { url = `${ORIGIN}/Dashboard`, secret = env.SESSION_SECRET } = {}) {
  const request = new Request(url, cookie === undefined ? {} : { headers: { Cookie: cookie } });
  return createD1Backend({ env, request, sessionSecret: secret });
}

/** Signs in with a fresh backend and returns the browser's cookie (name=value) and the full Set-Cookie. */
async function signIn(email: string, password = SAMPLE_PASSWORD) {
  const backend = backendFor();
  const result = await backend.auth.signIn({ email, password });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
  const setCookie = backend.responseHeaders.get("Set-Cookie")!;
  return { user: result.user, setCookie, cookie: setCookie.split(";")[0]! };
}

/** The random session token inside a signed cookie (what the browser really holds). */
async function tokenOf(cookie: string) {
  const value: unknown = await sessionCookie(new Request(ORIGIN), env.SESSION_SECRET).parse(cookie);
  if (typeof value !== "string" || !value) throw new Error("the cookie holds no token");
  return value;
}

/** SHA-256 hex, computed here independently of the app's helper. */
async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const allSessions = () => count("SELECT COUNT(*) AS n FROM sessions");
const passwordHashOf = async (email: string) =>
  (await env.DB.prepare("SELECT password_hash FROM accounts WHERE email = ?").bind(email).first<{ password_hash: string }>())!.password_hash;
const tokenRowsOf = (email: string) =>
  count("SELECT COUNT(*) AS n FROM password_reset_tokens t JOIN accounts a ON a.id = t.account_id WHERE a.email = ?", email);

beforeAll(seed);

describe("signIn", () => {
  it("sets an HttpOnly, SameSite=Lax, Path=/ cookie for 7 days: __Host-push-session + Secure on HTTPS", async () => {
    const backend = backendFor(undefined, { url: "https://push.example/Login" });
    const result = await backend.auth.signIn({ email: ADMIN, password: SAMPLE_PASSWORD });
    if (!result.ok) throw new Error("sign-in failed");
    const setCookie = backend.responseHeaders.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-push-session=[^;]+;/);
    expect(setCookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(setCookie).toMatch(/;\s*Secure(;|$)/i);
    expect(setCookie).not.toMatch(/;\s*Domain=/i);
    expect(setCookie).toMatch(new RegExp(`;\\s*Max-Age=${SEVEN_DAYS_S}(;|$)`));
  });

  it("on plain-HTTP local development the cookie is push-session, without Secure", async () => {
    const backend = backendFor(undefined, { url: "http://127.0.0.1/Login" });
    const result = await backend.auth.signIn({ email: ADMIN, password: SAMPLE_PASSWORD });
    if (!result.ok) throw new Error("sign-in failed");
    const setCookie = backend.responseHeaders.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^push-session=[^;]+;/);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(setCookie).toMatch(new RegExp(`;\\s*Max-Age=${SEVEN_DAYS_S}(;|$)`));
  });

  // Which sign-ins are refused is the port's contract (tests/port-contract/sign-in-suite.ts); here, what they leave in the table.
  it("stores no session for a refused sign-in: a wrong password, an unknown email, an account without a usable password", async () => {
    const before = await allSessions();
    for (const [email, password] of [
      [ADMIN, "wrong-password"],
      ["nobody@example.com", SAMPLE_PASSWORD],
      [NO_PASSWORD_INTERPRETER, "disabled"], // the stored marker is not a password
    ] as const) {
      expect((await backendFor().auth.signIn({ email, password })).ok, email).toBe(false);
    }
    expect(await allSessions()).toBe(before);
  });
});

describe("session storage", () => {
  it("stores only the SHA-256 hex digest of the cookie's token", async () => {
    const { cookie } = await signIn(INTERPRETER);
    const token = await tokenOf(cookie);
    const cookieValue = cookie.slice(cookie.indexOf("=") + 1);
    const digest = await sha256(token);

    const row = await env.DB.prepare("SELECT * FROM sessions WHERE id_hash = ?").bind(digest).first<Record<string, unknown>>();
    expect(row).not.toBeNull();
    expect(row!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    // Nowhere in the table is the token or the cookie value itself.
    const { results } = await env.DB.prepare("SELECT * FROM sessions").all<Record<string, unknown>>();
    for (const stored of results) {
      for (const value of Object.values(stored)) {
        expect(String(value)).not.toContain(token);
        expect(String(value)).not.toContain(decodeURIComponent(cookieValue));
      }
    }
  });
});

describe("currentUser", () => {
  it("is null with a garbage cookie", async () => {
    expect(await backendFor("push-session=garbage").auth.currentUser()).toBeNull();
    expect(await backendFor("push-session=").auth.currentUser()).toBeNull();
  });

  it("is null for a real session token signed with a different secret", async () => {
    const { cookie } = await signIn(ADMIN);
    const token = await tokenOf(cookie);
    const forged = (await sessionCookie(new Request(ORIGIN), "a-completely-different-secret-0123456789").serialize(token)).split(";")[0]!;
    expect(forged).not.toBe(cookie);
    expect(await backendFor(forged).auth.currentUser()).toBeNull();
    // The genuine cookie with the same token works, so only the signature made the difference.
    expect(await backendFor(cookie).auth.currentUser()).toMatchObject({ email: ADMIN });
  });

  it("is the user with a valid cookie, and null once the session has expired", async () => {
    const { cookie, user } = await signIn(ADMIN);
    expect(await backendFor(cookie).auth.currentUser()).toEqual(user);

    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id_hash = ?")
      .bind(Date.now() - 1000, await sha256(await tokenOf(cookie)))
      .run();
    expect(await backendFor(cookie).auth.currentUser()).toBeNull();
  });

  it("ends a session unused for 8 hours, and each use (at most one write per 5 minutes) starts the idle clock again", async () => {
    const { cookie, user } = await signIn(ADMIN);
    const hash = await sha256(await tokenOf(cookie));
    const lastSeen = async () => (await env.DB.prepare("SELECT last_seen_at AS t FROM sessions WHERE id_hash = ?").bind(hash).first<{ t: number }>())!.t;
    const setLastSeen = (at: number) => env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?").bind(at, hash).run();
    const HOUR = 60 * 60 * 1000;

    // Used 2 minutes ago: recent enough, not written again.
    const twoMinutesAgo = Date.now() - 2 * 60 * 1000;
    await setLastSeen(twoMinutesAgo);
    expect(await backendFor(cookie).auth.currentUser()).toEqual(user);
    expect(await lastSeen()).toBe(twoMinutesAgo);

    // Used 7 hours 59 minutes ago: still signed in, and the clock starts again.
    await setLastSeen(Date.now() - 8 * HOUR + 60 * 1000);
    expect(await backendFor(cookie).auth.currentUser()).toEqual(user);
    expect(Date.now() - (await lastSeen())).toBeLessThan(5000);

    // 8 hours and a minute without use: signed out, although the 7 days are far from over.
    await setLastSeen(Date.now() - 8 * HOUR - 60 * 1000);
    expect(await backendFor(cookie).auth.currentUser()).toBeNull();
  });
});

describe("signOut", () => {
  it("deletes that session's row and clears the cookie", async () => {
    const first = await signIn(ADMIN);
    const firstHash = await sha256(await tokenOf(first.cookie));

    const signedIn = backendFor(first.cookie);
    await signedIn.auth.signOut();
    const cleared = signedIn.responseHeaders.get("Set-Cookie")!;
    expect(cleared).toMatch(/^push-session=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cleared).toMatch(/;\s*Path=\/(;|$)/);

    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE id_hash = ?", firstHash)).toBe(0);
    expect(await backendFor(first.cookie).auth.currentUser()).toBeNull();
  });

  it("on HTTPS clears the __Host- cookie", async () => {
    const backend = backendFor(undefined, { url: "https://push.example/Logout" });
    await backend.auth.signOut();
    expect(backend.responseHeaders.get("Set-Cookie")).toMatch(/^__Host-push-session=;.*Secure/i);
  });
});

describe("requestPasswordReset", () => {
  it("is null for an unknown email and stores no token", async () => {
    const before = await count("SELECT COUNT(*) AS n FROM password_reset_tokens");
    expect(await backendFor().auth.requestPasswordReset("nobody@example.com")).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM password_reset_tokens")).toBe(before);
  });

  it("stores only the token's SHA-256, valid for 30 minutes; a second request replaces the first's row", async () => {
    const started = Date.now();
    const ticket = await backendFor().auth.requestPasswordReset(ADMIN);
    expect(ticket).toEqual({ email: ADMIN, token: expect.any(String) });
    const token = ticket!.token;
    expect(token.length).toBeGreaterThanOrEqual(32);

    const row = await env.DB.prepare("SELECT * FROM password_reset_tokens WHERE token_hash = ?")
      .bind(await sha256(token))
      .first<{ token_hash: string; expires_at: number; used_by: string | null }>();
    expect(row).not.toBeNull();
    expect(row!.used_by).toBeNull();
    expect(Math.abs(row!.expires_at - (started + THIRTY_MINUTES_MS))).toBeLessThanOrEqual(5000);
    const { results } = await env.DB.prepare("SELECT * FROM password_reset_tokens").all<Record<string, unknown>>();
    for (const stored of results) for (const value of Object.values(stored)) expect(String(value)).not.toContain(token);

    const second = await backendFor().auth.requestPasswordReset(ADMIN);
    expect(await tokenRowsOf(ADMIN)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM password_reset_tokens WHERE token_hash = ?", await sha256(second!.token))).toBe(1);
  });
});

describe("resetPassword", () => {
  it("with an expired token: invalid-token", async () => {
    const hash = await passwordHashOf(INTERPRETER);
    const { token } = (await backendFor().auth.requestPasswordReset(INTERPRETER))!;
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(Date.now() - 1000, await sha256(token))
      .run();
    expect(await backendFor().auth.resetPassword({ token, email: INTERPRETER, password: "Another-Pass-1" })).toEqual({
      ok: false,
      reason: "invalid-token",
    });
    expect(await passwordHashOf(INTERPRETER)).toBe(hash);
  });
});
