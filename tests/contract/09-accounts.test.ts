// Account administration through the Supabase adapter (issue 10, items 8–10): the device rows behind "Your
// sessions", signing out elsewhere, the password change, the Users page (accounts, roles, locks) and the security
// log — the exact requests each port call makes and the credentials they carry — and the Supabase Auth behaviours
// the double models for them (bans, the admin user list).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { handleAuth, type AuthContext } from "../support/supabase-double/gotrue";
import { parseGoDuration } from "../support/supabase-double/gotrue-users";
import { pgTimestamp } from "../support/supabase-double/schema";
import { DoubleState } from "../support/supabase-double/state";
import {
  ADMIN,
  backendFor,
  cookieHeader,
  cookieWithSession,
  double,
  fromBase64Url,
  idOf,
  INTERPRETER,
  NO_PASSWORD,
  ORIGIN,
  probe,
  SAMPLE_PASSWORD,
  sessionOf,
  step,
} from "./helpers";

const LAPTOP = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36", "CF-Connecting-IP": "203.0.113.7" };
const PHONE = { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148", "CF-Connecting-IP": "2001:db8::5" };
const AUTH = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

type Call = { shape: string | null; status: number; credentials: string | null; url: string };
type DeviceRow = { session_id: string; user_id: string; user_agent: string | null; address: string | null; created_at: string; last_seen_at: string };
type AuthRow = { id: string; email: string; lastSignInAt: string | null; bannedUntil: string | null };

const calls = (requests: Call[]) => requests.map(({ shape, status }) => `${shape} ${status}`);
const who = (requests: Call[]) => requests.map(({ shape, credentials }) => `${shape} ${credentials}`);
/** currentUser()'s own requests: GET /user, then the users row and the session's device row side by side. */
const SIGNED_IN = ["auth.user.get 200", "rest.session_devices.seen 200", "rest.users.me 200"];
const signedInThen = (requests: Call[]) => [[...calls(requests.slice(0, 3))].sort(), calls(requests.slice(3))];

const devicesOf = async (userId: string) => (await double.table<DeviceRow>("session_devices")).filter((row) => row.user_id === userId);
const deviceRow = async (sessionId: string) => (await double.table<DeviceRow>("session_devices")).find((row) => row.session_id === sessionId);
const authRow = async (email: string) => (await double.table<AuthRow>("auth.users")).find((user) => user.email === email);
const sessionIdIn = (cookie: string) => (JSON.parse(fromBase64Url(sessionOf(cookie).access_token.split(".")[1]!)) as { session_id: string }).session_id;

let counter = 0;
/** A sign-in account with a users row (an interpreter) and this password. */
async function newPerson(password = "First-Pass-1") {
  const email = `account-${++counter}@example.com`;
  const [row] = await double.people([{ full_name: `Account Person ${counter}`, email, password }]);
  return { id: row!.id, email, password };
}

/** Signs in from a browser with these headers; answers its Cookie header. */
async function signInOn(headers: Record<string, string>, email: string, password = SAMPLE_PASSWORD) {
  const backend = backendFor(undefined, `${ORIGIN}/Login`, headers);
  const result = await backend.auth.signIn({ email, password });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
  return cookieHeader(backend.responseHeaders);
}

beforeAll(() => double.reset());

describe("signIn records the new session's device", () => {
  it("a session_devices row keyed by the access token's session_id, with the browser and address, by the service role", async () => {
    const backend = backendFor(undefined, `${ORIGIN}/Login`, LAPTOP);
    const { result, requests } = await step(() => backend.auth.signIn({ email: INTERPRETER, password: SAMPLE_PASSWORD }));
    expect(result.ok).toBe(true);
    expect(who(requests)).toEqual(["auth.token.password anon", "rest.users.me user", "rest.session_devices.record service"]);
    const sessionId = sessionIdIn(cookieHeader(backend.responseHeaders));
    const row = await deviceRow(sessionId);
    expect(row).toEqual({
      session_id: sessionId,
      user_id: await idOf(INTERPRETER),
      user_agent: LAPTOP["User-Agent"],
      address: "203.0.113.7",
      created_at: expect.stringMatching(/\+00:00$/),
      last_seen_at: row?.created_at,
    });
    expect(Date.parse(row!.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("without a User-Agent or CF-Connecting-IP header, the row has neither", async () => {
    const backend = backendFor();
    await step(() => backend.auth.signIn({ email: INTERPRETER, password: SAMPLE_PASSWORD }));
    expect(await deviceRow(sessionIdIn(cookieHeader(backend.responseHeaders)))).toMatchObject({ user_agent: null, address: null });
  });
});

describe("currentUser reads the session's device row", () => {
  it("reads it each request (the service role), and writes last use only when it is over 5 minutes old", async () => {
    const cookie = await signInOn(LAPTOP, INTERPRETER);
    const sessionId = sessionIdIn(cookie);
    const before = (await deviceRow(sessionId))!;

    const fresh = await step(() => backendFor(cookie).auth.currentUser());
    expect(fresh.result).toMatchObject({ email: INTERPRETER });
    expect(calls(fresh.requests)[0]).toBe("auth.user.get 200");
    expect([...calls(fresh.requests)].sort()).toEqual(SIGNED_IN);
    const seen = fresh.requests.find((request) => request.shape === "rest.session_devices.seen")!;
    expect(seen.credentials).toBe("service");
    expect(new URL(seen.url, "http://double").searchParams.get("session_id")).toBe(`eq.${sessionId}`);
    expect((await deviceRow(sessionId))!.last_seen_at).toBe(before.last_seen_at);

    await double.patch("session_devices", { session_id: sessionId }, { last_seen_at: pgTimestamp(Date.now() - 10 * 60_000) });
    const stale = await step(() => backendFor(cookie).auth.currentUser());
    expect(calls(stale.requests)).toContain("rest.session_devices.touch 204");
    expect(stale.requests.find((request) => request.shape === "rest.session_devices.touch")!.credentials).toBe("service");
    expect(Date.parse((await deviceRow(sessionId))!.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is null for a session whose row the worker deleted, though Supabase Auth still accepts it (a lock, then an unlock)", async () => {
    const person = await newPerson();
    const cookie = await signInOn(LAPTOP, person.email, person.password);
    expect(await backendFor().accounts.setLocked(person.id, true)).toMatchObject({ ok: true });
    expect(await backendFor().accounts.setLocked(person.id, false)).toMatchObject({ ok: true });
    const { result, requests } = await step(() => backendFor(cookie).auth.currentUser());
    expect(result).toBeNull();
    // Supabase Auth accepted the session (a ban ends none); only its missing row tells it was ended.
    expect([...calls(requests)].sort()).toEqual(["auth.user.get 200", "rest.session_devices.seen 200", "rest.users.me 200"]);
  });
});

describe("Your sessions", () => {
  it("sessions(): the account's device rows (the service role), this session first, then by last use; keys are no secrets", async () => {
    const person = await newPerson();
    const phone = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    // The laptop last used 2 minutes ago, the phone "later" than now: the query lists the phone first, and this
    // request's session still comes first.
    await double.patch(
      "session_devices",
      { session_id: sessionIdIn(laptop) },
      { created_at: pgTimestamp(Date.now() - 3 * 60_000), last_seen_at: pgTimestamp(Date.now() - 2 * 60_000) },
    );
    await double.patch("session_devices", { session_id: sessionIdIn(phone) }, { last_seen_at: pgTimestamp(Date.now() + 60_000) });

    const { result, requests } = await step(() => backendFor(laptop, undefined, LAPTOP).auth.sessions());
    const [signedIn, then] = signedInThen(requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual(["rest.session_devices.list 200"]);
    expect(requests.at(-1)!.credentials).toBe("service");
    expect(result).toEqual([
      expect.objectContaining({ current: true, userAgent: LAPTOP["User-Agent"], address: "203.0.113.7" }),
      expect.objectContaining({ current: false, userAgent: PHONE["User-Agent"], address: expect.stringMatching(/^2001:db8:/) }),
    ]);
    // The laptop's "last used" was 2 minutes ago: too recent to be written again.
    expect(result[0]!.lastUsedAt).toBeLessThan(Date.now() - 60_000);
    for (const session of result) {
      expect(session.key).toMatch(/^[0-9a-f]{12}$/);
      expect(session.signedInAt).toBeLessThanOrEqual(session.lastUsedAt);
      expect(laptop + phone + sessionIdIn(laptop) + sessionIdIn(phone)).not.toContain(session.key);
    }
  });

  it("signOutOthers(): Supabase Auth's logout scope=others with the user's token, then the other device rows, counted", async () => {
    const person = await newPerson();
    const phone = await signInOn(PHONE, person.email, person.password);
    const tablet = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);

    const { result, requests } = await step(() => backendFor(laptop).auth.signOutOthers());
    expect(result).toBe(2);
    const [signedIn, then] = signedInThen(requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual(["auth.logout.others 204", "rest.session_devices.end-others 200"]);
    expect(who(requests.slice(3))).toEqual(["auth.logout.others user", "rest.session_devices.end-others service"]);

    expect((await devicesOf(person.id)).map((row) => row.session_id)).toEqual([sessionIdIn(laptop)]);
    expect(await backendFor(phone).auth.currentUser()).toBeNull();
    expect(await backendFor(tablet).auth.currentUser()).toBeNull();
    expect(await backendFor(laptop).auth.currentUser()).toMatchObject({ email: person.email });
    expect((await step(() => backendFor(laptop).auth.signOutOthers())).result).toBe(0);
  });

  it("signOut() ends this session and deletes only its device row", async () => {
    const person = await newPerson();
    const phone = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    const { requests } = await step(() => backendFor(phone).auth.signOut());
    expect(who(requests)).toEqual(["auth.logout.local user", "rest.session_devices.end-one service"]);
    expect((await devicesOf(person.id)).map((row) => row.session_id)).toEqual([sessionIdIn(laptop)]);
  });

  it("without a session: no sessions, none ended, and no password change — asking Supabase nothing", async () => {
    const { result, requests } = await step(async () => {
      const backend = backendFor();
      return [
        await backend.auth.sessions(),
        await backend.auth.signOutOthers(),
        await backend.auth.changePassword({ currentPassword: "a-password-1", newPassword: "b-password-2" }),
      ];
    });
    expect(result).toEqual([[], 0, { ok: false, reason: "signed-out" }]);
    expect(requests).toEqual([]);
  });
});

describe("changePassword", () => {
  it("checks the current password on a fresh client, ends that check's session, sets the new password with the user's session, ends the others", async () => {
    const person = await newPerson("Old-Pass-1");
    const phone = await signInOn(PHONE, person.email, person.password);
    const laptop = await signInOn(LAPTOP, person.email, person.password);

    const wrong = await step(() => backendFor(laptop).auth.changePassword({ currentPassword: "Not-The-Pass-1", newPassword: "New-Pass-2" }));
    expect(wrong.result).toEqual({ ok: false, reason: "wrong-password" });
    expect(signedInThen(wrong.requests)).toEqual([SIGNED_IN, ["auth.token.password 400"]]);
    expect(wrong.requests[3]!.credentials).toBe("anon");
    expect(await backendFor(phone).auth.currentUser()).not.toBeNull();

    const right = await step(() => backendFor(laptop).auth.changePassword({ currentPassword: "Old-Pass-1", newPassword: "New-Pass-2" }));
    expect(right.result).toEqual({ ok: true });
    const [signedIn, then] = signedInThen(right.requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual([
      "auth.token.password 200",
      "auth.logout.local 204",
      "auth.user.update-password 200",
      "auth.logout.others 204",
      "rest.session_devices.end-others 200",
    ]);
    expect(right.requests.slice(3).map((request) => request.credentials)).toEqual(["anon", "user", "user", "user", "service"]);

    // Only the laptop's session is left (the check's own ended at once), in Supabase Auth and in the device rows.
    expect((await double.table<{ userId: string }>("auth.sessions")).filter((session) => session.userId === person.id)).toHaveLength(1);
    expect((await devicesOf(person.id)).map((row) => row.session_id)).toEqual([sessionIdIn(laptop)]);
    expect(await backendFor(laptop).auth.currentUser()).toMatchObject({ email: person.email });
    expect(await backendFor(phone).auth.currentUser()).toBeNull();
    expect(await backendFor().auth.signIn({ email: person.email, password: "Old-Pass-1" })).toEqual({ ok: false, reason: "invalid-credentials" });
    expect((await backendFor().auth.signIn({ email: person.email, password: "New-Pass-2" })).ok).toBe(true);
  });

  it("a reset link asked for before the change no longer works after it (Supabase Auth uses up one-time tokens)", async () => {
    const person = await newPerson("Old-Pass-1");
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    const { token } = (await backendFor().auth.requestPasswordReset(person.email))!;
    expect(await backendFor(laptop).auth.changePassword({ currentPassword: "Old-Pass-1", newPassword: "New-Pass-2" })).toEqual({ ok: true });
    expect(await backendFor().auth.resetPassword({ token, email: person.email, password: "Reset-Pass-3" })).toEqual({ ok: false, reason: "invalid-token" });
    expect((await backendFor().auth.signIn({ email: person.email, password: "New-Pass-2" })).ok).toBe(true);
  });
});

describe("setLocale (the Profile page's dashboard language)", () => {
  it("writes data.locale into the user's metadata with their own session; every later request reads it back", async () => {
    const person = await newPerson("Locale-Pass-1");
    const laptop = await signInOn(LAPTOP, person.email, person.password);
    expect(await backendFor(laptop).auth.currentUser()).toMatchObject({ email: person.email, locale: "en" });

    const { result, requests } = await step(() => backendFor(laptop).auth.setLocale("ar"));
    expect(result).toBe(true);
    const [signedIn, then] = signedInThen(requests);
    expect(signedIn).toEqual(SIGNED_IN);
    expect(then).toEqual(["auth.user.update-locale 200"]);
    expect(requests[3]!.credentials).toBe("user");
    expect((await double.table<{ email: string; metadata: object }>("auth.users")).find((user) => user.email === person.email)?.metadata).toEqual({
      locale: "ar",
    });
    // Another browser of the same account sees it too: it is the account's, not the session's.
    const phone = await signInOn(PHONE, person.email, person.password);
    expect(await backendFor(phone).auth.currentUser()).toMatchObject({ locale: "ar" });
    expect(await backendFor(laptop).auth.setLocale("en")).toBe(true);
    expect(await backendFor(phone).auth.currentUser()).toMatchObject({ locale: "en" });
  });

  it("without a session nothing is sent and the answer is false", async () => {
    const { result, requests } = await step(() => backendFor().auth.setLocale("ar"));
    expect(result).toBe(false);
    expect(requests.some((request) => request.shape === "auth.user.update-locale")).toBe(false);
  });
});

describe("the Users page: accounts.list", () => {
  it("one page of the sign-in accounts with their users rows (one call, the service role): name, role, last sign-in and lock, by email", async () => {
    await signInOn(LAPTOP, ADMIN);
    await double.people([{ full_name: "No Row", email: "aaa.norow@example.com", password: "No-Row-Pass-1", usersRow: false }]);
    const { result, requests } = await step(() => backendFor().accounts.list({ search: "", page: 1 }));
    // The shape requires p_limit 25 and an offset: the adapter asks for one page, never every account.
    expect(who(requests)).toEqual(["rpc.push_list_accounts service"]);

    const emails = result.items.map((account) => account.email);
    expect(emails).toEqual([...emails].sort());
    expect(result.total).toBe((await double.table("auth.users")).length);
    expect(result.items[0]).toEqual({
      id: expect.any(String),
      fullName: null,
      email: "aaa.norow@example.com",
      role: "interpreter",
      lastSignInAt: null,
      locked: false,
    });
    const admin = result.items.find((account) => account.email === ADMIN)!;
    expect(admin).toMatchObject({ id: await idOf(ADMIN), fullName: "Amira Haddad", role: "admin", locked: false });
    expect(admin.lastSignInAt).toBe(Date.parse((await authRow(ADMIN))!.lastSignInAt!));
    expect(result.items.find((account) => account.email === NO_PASSWORD)).toMatchObject({ role: "interpreter", lastSignInAt: null });
  });

  it("searches e-mail and name in any case, and pages past 25", async () => {
    await double.people(
      Array.from({ length: 30 }, (_, n) => ({
        full_name: `Paged Person ${n}`,
        email: `paged.${String(n).padStart(2, "0")}@example.com`,
        password: "Paged-Pass-1",
      })),
    );
    const first = await backendFor().accounts.list({ search: "PAGED", page: 1 });
    expect([first.total, first.pageCount, first.items.length]).toEqual([30, 2, 25]);
    const second = await backendFor().accounts.list({ search: "paged", page: 2 });
    expect(second.items.map((account) => account.email)).toEqual(
      ["paged.25", "paged.26", "paged.27", "paged.28", "paged.29"].map((name) => `${name}@example.com`),
    );
    expect((await backendFor().accounts.list({ search: "haddad", page: 1 })).items.map((account) => account.email)).toEqual([ADMIN]);
  });

  it("shows a locked account as locked; emailOf names an account, or null", async () => {
    const person = await newPerson();
    await backendFor().accounts.setLocked(person.id, true);
    expect((await backendFor().accounts.list({ search: person.email, page: 1 })).items).toMatchObject([{ id: person.id, locked: true }]);
    const { result, requests } = await step(() => backendFor().accounts.emailOf(person.id));
    expect([result, who(requests)]).toEqual([person.email, ["auth.admin.get-user service"]]);
    expect(await backendFor().accounts.emailOf("00000000-0000-4000-8000-00000000dead")).toBeNull();
    expect(await backendFor().accounts.emailOf("not-a-uuid")).toBeNull();
  });
});

describe("the Users page: accounts.setRole", () => {
  it("one PATCH of users.role with the service role, answering the email; an unknown id is not-found; a non-UUID asks nothing", async () => {
    const person = await newPerson();
    const promoted = await step(() => backendFor().accounts.setRole(person.id, "admin"));
    expect(promoted.result).toEqual({ ok: true, email: person.email });
    expect(who(promoted.requests)).toEqual(["rest.users.set-role service"]);
    expect((await double.table<{ id: string; role: string }>("users")).find((row) => row.id === person.id)!.role).toBe("admin");
    expect((await step(() => backendFor().accounts.setRole(person.id, "interpreter"))).result).toEqual({ ok: true, email: person.email });

    const unknown = await step(() => backendFor().accounts.setRole(crypto.randomUUID(), "admin"));
    expect(unknown.result).toEqual({ ok: false, reason: "not-found" });
    expect(calls(unknown.requests)).toEqual(["rest.users.set-role 200"]);
    const garbage = await step(() => backendFor().accounts.setRole("1 or 1=1", "admin"));
    expect(garbage.result).toEqual({ ok: false, reason: "not-found" });
    expect(garbage.requests).toEqual([]);
  });

  it("the database refuses taking the admin role from the last admin who can sign in (400, 23514): last-admin", async () => {
    const adminId = await idOf(ADMIN);
    const alone = await step(() => backendFor().accounts.setRole(adminId, "interpreter"));
    expect(alone.result).toEqual({ ok: false, reason: "last-admin" });
    expect(calls(alone.requests)).toEqual(["rest.users.set-role 400"]);

    // A second admin who is locked does not count; unlocked, they do.
    const second = await newPerson();
    await backendFor().accounts.setRole(second.id, "admin");
    await backendFor().accounts.setLocked(second.id, true);
    expect(await backendFor().accounts.setRole(adminId, "interpreter")).toEqual({ ok: false, reason: "last-admin" });
    await backendFor().accounts.setLocked(second.id, false);
    expect(await backendFor().accounts.setRole(adminId, "interpreter")).toEqual({ ok: true, email: ADMIN });
    expect(await backendFor().accounts.setRole(second.id, "interpreter")).toEqual({ ok: false, reason: "last-admin" });
    expect(await backendFor().accounts.setRole(adminId, "admin")).toEqual({ ok: true, email: ADMIN });
    expect(await backendFor().accounts.setRole(second.id, "interpreter")).toEqual({ ok: true, email: second.email });
  });

  it("the refusal as PostgREST sends it", async () => {
    const response = await probe(`/rest/v1/users?id=eq.${await idOf(ADMIN)}&select=email`, {
      key: "service",
      method: "PATCH",
      headers: { "Content-Type": "application/json", Prefer: "return=representation" },
      body: JSON.stringify({ role: "interpreter" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "23514",
      details: `users.role admin → interpreter refused for ${await idOf(ADMIN)}: no other unlocked admin`,
      hint: "Make another account admin, or unlock one, first.",
      message: "the last administrator who can sign in keeps the admin role",
    });
  });
});

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

describe("the security log", () => {
  const at = Date.UTC(2026, 10, 23, 10, 0, 0, 123);
  const event = { at, kind: "sign-in-failed" as const, account: "Someone@Example.COM", actor: null, address: "203.0.113.7", userAgent: "curl/8.0", detail: "" };

  it("record(): one insert (the service role), the time as ISO 8601 and the address lower-cased", async () => {
    const { requests } = await step(() => backendFor().events.record(event));
    expect(who(requests)).toEqual(["rest.security_events.record service"]);
    expect(calls(requests)).toEqual(["rest.security_events.record 201"]);
    expect(await double.table("security_events")).toEqual([
      {
        id: 1,
        at: "2026-11-23T10:00:00.123+00:00",
        kind: "sign-in-failed",
        account: "someone@example.com",
        actor: null,
        address: "203.0.113.7",
        user_agent: "curl/8.0",
        detail: "",
      },
    ]);
  });

  it("list(): newest first (then by id), for one address whatever its case, limited", async () => {
    await backendFor().events.record({ ...event, at: at + 1000, kind: "sign-in", account: "someone@example.com" });
    await backendFor().events.record({ ...event, at: at + 1000, kind: "forbidden", account: "other@example.com" });
    const { result, requests } = await step(() => backendFor().events.list({ account: "SOMEONE@example.com", limit: 10 }));
    expect(who(requests)).toEqual(["rest.security_events.list service"]);
    expect(Object.fromEntries(new URL(requests[0]!.url, "http://double").searchParams)).toMatchObject({
      account: "eq.someone@example.com",
      order: "at.desc,id.desc",
      limit: "10",
    });
    expect(result).toEqual([
      { id: 2, at: at + 1000, kind: "sign-in", account: "someone@example.com", actor: null, address: "203.0.113.7", userAgent: "curl/8.0", detail: "" },
      { id: 1, at, kind: "sign-in-failed", account: "someone@example.com", actor: null, address: "203.0.113.7", userAgent: "curl/8.0", detail: "" },
    ]);
    expect((await backendFor().events.list({ limit: 2 })).map((item) => item.id)).toEqual([3, 2]);
    // The next page starts after the last event of the one before (keyset: at, then id).
    const older = await step(() => backendFor().events.list({ before: { at: at + 1000, id: 2 }, limit: 2 }));
    expect(Object.fromEntries(new URL(older.requests[0]!.url, "http://double").searchParams)).toMatchObject({
      or: `(at.lt.${new Date(at + 1000).toISOString()},and(at.eq.${new Date(at + 1000).toISOString()},id.lt.2))`,
    });
    expect(older.result.map((item) => item.id)).toEqual([1]);
  });

  it("prune(): one DELETE with Prefer: count=exact, answering how many went", async () => {
    const { result, requests } = await step(() => backendFor().events.prune(at + 1));
    expect(result).toBe(1);
    expect(calls(requests)).toEqual(["rest.security_events.prune 204"]);
    expect(requests[0]!.credentials).toBe("service");
    expect(await backendFor().events.prune(at + 1)).toBe(0);
    expect((await double.table("security_events")).length).toBe(2);
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
