// Locking and unlocking accounts on the Users page through the Supabase adapter (issue 10, item 10): a lock is an
// admin ban and the end of the account's device rows — the exact requests and the credentials they carry, what a
// locked account's sessions, refresh token, sign-in and reset link get — and the Supabase Auth behaviours the
// double models for them (bans).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { handleAuth, type AuthContext } from "../support/supabase-double/gotrue";
import { parseGoDuration } from "../support/supabase-double/gotrue-users";
import { DoubleState } from "../support/supabase-double/state";
import { authRow, calls, devicesOf, LAPTOP, newPerson, signInOn } from "./accounts-helpers";
import { backendFor, cookieWithSession, double, INTERPRETER, probe, sessionOf, step, who } from "./helpers";

const AUTH = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

beforeAll(() => double.reset());

describe("the Users page: accounts.setLocked", () => {
  it("locking: one admin ban (the service role), then the device rows; the sessions end at once and sign-in is refused", async () => {
    const person = await newPerson("Lock-Pass-1");
    const cookie = await signInOn(LAPTOP, person.email, person.password);

    const locked = await step(() => backendFor().accounts.setLocked(person.id, true));
    expect(locked.result).toEqual({ ok: true, email: person.email });
    expect(calls(locked.requests)).toEqual(["auth.admin.update-user.ban 200", "rest.session_devices.end-all 204"]);
    expect(locked.requests.map((request) => request.credentials)).toEqual(["service", "service"]);
    expect(Date.parse((await authRow(person.email))!.bannedUntil!)).toBeGreaterThan(Date.now() + 99 * 365 * 24 * 3600_000);
    expect(await devicesOf(person.id)).toEqual([]);

    // Supabase Auth ≥ 2.196 refuses the banned user's access token itself …
    const refused = await step(() => backendFor(cookie).auth.currentUser());
    expect(refused.result).toBeNull();
    expect(calls(refused.requests)).toEqual(["auth.user.get 403"]);
    // … an older one accepts it until it expires: the adapter refuses the banned user, reading nothing more.
    await double.gotrue({ rejectBannedAccessTokens: false });
    try {
      const accepted = await step(() => backendFor(cookie).auth.currentUser());
      expect(accepted.result).toBeNull();
      expect(calls(accepted.requests)).toEqual(["auth.user.get 200"]);
    } finally {
      await double.gotrue({ rejectBannedAccessTokens: true });
    }
    // The session's refresh token is refused too (400 user_banned; auth-js logs the refusal).
    const stale = cookieWithSession({ ...sessionOf(cookie), expires_at: Math.floor(Date.now() / 1000) - 10 });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refresh = await step(() => backendFor(stale).auth.currentUser()).finally(() => error.mockRestore());
    expect(refresh.result).toBeNull();
    expect(calls(refresh.requests)).toEqual(["auth.token.refresh 400"]);

    // Sign-in: Supabase Auth checks the ban BEFORE the password, so the answer is "locked" whatever the password
    // (unlike D1, which says so only to someone who typed the right one).
    for (const password of [person.password, "Wrong-Pass-9"]) {
      const backend = backendFor();
      const attempt = await step(() => backend.auth.signIn({ email: person.email, password }));
      expect(attempt.result, password).toEqual({ ok: false, reason: "locked" });
      expect(calls(attempt.requests)).toEqual(["auth.token.password 400"]);
      expect(backend.responseHeaders.getSetCookie()).toEqual([]);
    }
  });

  it("unlocking: one admin ban of duration none; the account signs in again", async () => {
    const person = await newPerson("Unlock-Pass-1");
    await backendFor().accounts.setLocked(person.id, true);
    const unlocked = await step(() => backendFor().accounts.setLocked(person.id, false));
    expect(unlocked.result).toEqual({ ok: true, email: person.email });
    expect(who(unlocked.requests)).toEqual(["auth.admin.update-user.ban service"]);
    expect((await authRow(person.email))!.bannedUntil).toBeNull();
    expect((await backendFor().auth.signIn({ email: person.email, password: person.password })).ok).toBe(true);
  });

  it("a locked account's reset link is refused (403 user_banned) without being used up: it works once unlocked", async () => {
    const person = await newPerson("Reset-Pass-1");
    const { token } = (await backendFor().auth.requestPasswordReset(person.email))!;
    await backendFor().accounts.setLocked(person.id, true);
    const refused = await step(() => backendFor().auth.resetPassword({ token, email: person.email, password: "Reset-Pass-2" }));
    expect(refused.result).toEqual({ ok: false, reason: "invalid-token" });
    expect(calls(refused.requests)).toEqual(["auth.verify.recovery 403"]);
    await backendFor().accounts.setLocked(person.id, false);
    expect(await backendFor().auth.resetPassword({ token, email: person.email, password: "Reset-Pass-2" })).toEqual({ ok: true });
  });

  it("an unknown account is not-found (Supabase Auth's 404); a non-UUID asks nothing", async () => {
    const unknown = await step(() => backendFor().accounts.setLocked(crypto.randomUUID(), true));
    expect(unknown.result).toEqual({ ok: false, reason: "not-found" });
    expect(calls(unknown.requests)).toEqual(["auth.admin.update-user.ban 404"]);
    const garbage = await step(() => backendFor().accounts.setLocked("../admin", false));
    expect(garbage.result).toEqual({ ok: false, reason: "not-found" });
    expect(garbage.requests).toEqual([]);
  });
});

describe("the double's Supabase Auth for these calls", () => {
  const context = (state: DoubleState): AuthContext => ({
    state,
    secret: "secret",
    url: "http://double",
    nowMs: () => Date.now(),
    serviceRoleKey: "service-key",
    accessTokenTtlSeconds: 3600,
    recoveryTtlSeconds: 3600,
    rejectBannedAccessTokens: true,
  });
  const admin = (state: DoubleState, method: string, path: string, query = "", body: Record<string, unknown> = {}) =>
    handleAuth(context(state), { method, path, params: new URLSearchParams(query), bearer: "service-key", body });

  it("ban_duration: a Go duration bans until now + duration, none lifts it; banned_until is in the user only while set", () => {
    const state = new DoubleState();
    const user = state.authUserByEmail(INTERPRETER)!;
    const banned = JSON.parse(String(admin(state, "PUT", `/admin/users/${user.id}`, "", { ban_duration: "1h30m" }).body)) as Record<string, unknown>;
    expect(Date.parse(String(banned.banned_until)) - Date.now()).toBeGreaterThan(89 * 60_000);
    const lifted = JSON.parse(String(admin(state, "PUT", `/admin/users/${user.id}`, "", { ban_duration: "none" }).body)) as Record<string, unknown>;
    expect(lifted).not.toHaveProperty("banned_until");
    const invalid = admin(state, "PUT", `/admin/users/${user.id}`, "", { ban_duration: "forever" });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(String(invalid.body))).toEqual({
      code: "validation_failed",
      message: 'invalid format for ban duration: time: invalid duration "forever"',
    });
    expect([parseGoDuration("876000h"), parseGoDuration("1.5h"), parseGoDuration("90s"), parseGoDuration("-2m"), parseGoDuration("h")]).toEqual([
      876_000 * 3_600_000,
      5_400_000,
      90_000,
      -120_000,
      null,
    ]);
  });

  it("a banned user's password grant is 400 user_banned whatever the password; an unknown address stays invalid_credentials", async () => {
    const person = await newPerson("Banned-Pass-1");
    await backendFor().accounts.setLocked(person.id, true);
    const grant = (email: string, password: string) =>
      probe("/auth/v1/token?grant_type=password", {
        key: "anon",
        method: "POST",
        headers: AUTH,
        body: JSON.stringify({ email, password, gotrue_meta_security: {} }),
      });
    for (const password of [person.password, "wrong"]) {
      const response = await grant(person.email, password);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "user_banned", message: "User is banned" });
    }
    expect(await (await grant("nobody@example.com", "wrong")).json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
  });
});
