// Account security through the routes, against a real D1, the real rate-limit bindings and Durable Object:
// the Profile page's password change and sessions, the Users page (roles, locks, reset links), and the security
// log those leave behind — with no password, token or cookie in it or in any log line.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pruneSecurityEvents } from "~/request/security-log.server";
import * as login from "~/routes/auth/login";
import * as interpreters from "~/routes/dashboard/interpreters";
import * as profile from "~/routes/dashboard/profile";
import * as users from "~/routes/dashboard/users";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { backendFor, cookieOf, failure, idOf, redirected, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { addressesIn, browser } from "./requests";

const ADMIN = "admin@example.com";
const INTERPRETER = "interpreter@example.com";
const PROFILE = "/Dashboard/Profile";
const USERS = "/Dashboard/Dashboardusers";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

// This file's own address range (the rate limiters' buckets may be shared with other files).
const freshIp = addressesIn(78);
const { get, post } = browser({ addresses: freshIp, headers: { "User-Agent": BROWSER } });

type EventRow = { kind: string; account: string | null; actor: string | null; address: string | null; user_agent: string | null; detail: string };
const eventsOf = async (account: string) =>
  (
    await env.DB.prepare("SELECT kind, account, actor, address, user_agent, detail FROM security_events WHERE account = ? ORDER BY id")
      .bind(account)
      .all<EventRow>()
  ).results;
const allEventText = async () => JSON.stringify((await env.DB.prepare("SELECT * FROM security_events").all()).results);

let counter = 0;
/** A new interpreter with a sign-in account (through the port), and a session cookie of theirs. */
async function newPerson(password = "first-Password-1") {
  const email = `account-admin-${++counter}-${Date.now().toString(36)}@example.com`;
  const created = await backendFor().interpreters.create({ fullName: `Person ${counter}`, gender: "Woman", email, phone: "+1 307 555 0190", password });
  if (!created.ok) throw new Error("could not create the person");
  return { id: created.id, email, password, cookie: await cookieOf(email, password) };
}

const cookies = seededAndSignedIn();
const logged: string[] = [];

afterEach(() => vi.restoreAllMocks());
function captureLogs() {
  for (const level of ["log", "warn", "error", "info"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  }
}

describe("Profile: change password", () => {
  it("refuses a wrong current password (field message, counted, logged as an event) and a new one equal to it", async () => {
    const person = await newPerson();
    const wrong = failure(
      await profile.action(post(PROFILE, { intent: "change-password", currentPassword: "nope-nope-1", newPassword: "second-Password-2" }, person.cookie)),
    );
    expect(wrong).toMatchObject({ status: 400, intent: "change-password", errors: { currentPassword: "Your current password is not correct." }, values: {} });
    const same = failure(
      await profile.action(post(PROFILE, { intent: "change-password", currentPassword: person.password, newPassword: person.password }, person.cookie)),
    );
    expect(same.errors.newPassword).toBe("Choose a new password that differs from your current one.");
    const short = failure(
      await profile.action(post(PROFILE, { intent: "change-password", currentPassword: person.password, newPassword: "short" }, person.cookie)),
    );
    expect(short.errors.newPassword).toBe("Use at least 8 characters.");
    expect((await eventsOf(person.email)).map((event) => event.kind)).toEqual(["password-change-failed"]);
    expect((await backendFor().auth.signIn({ email: person.email, password: person.password })).ok).toBe(true);
  });

  it("changes the password, keeps this session, ends the others, and records who and from where", async () => {
    const person = await newPerson();
    const other = await cookieOf(person.email, person.password);
    captureLogs();
    const done = await redirected(
      await profile.action(
        post(PROFILE, { intent: "change-password", currentPassword: person.password, newPassword: "second-Password-2" }, person.cookie, {
          ip: "198.51.100.23",
        }),
      ),
    );
    expect(done.location).toBe("/Dashboard/Profile#change-password");
    expect(done.toast?.message).toBe("Your password has been changed. Every other session of your account has ended.");
    expect(await backendFor(person.cookie).auth.currentUser()).toMatchObject({ email: person.email });
    expect(await backendFor(other).auth.currentUser()).toBeNull();
    expect(await backendFor().auth.signIn({ email: person.email, password: person.password })).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(await eventsOf(person.email)).toEqual([
      { kind: "password-changed", account: person.email, actor: person.email, address: "198.51.100.23", user_agent: BROWSER, detail: "" },
    ]);
    const text = (await allEventText()) + logged.join("\n");
    for (const secret of [person.password, "second-Password-2", person.cookie.split("=")[1]!, other.split("=")[1]!]) expect(text).not.toContain(secret);
  });

  it("lists the sessions on the Profile page and signs out everywhere else", async () => {
    const person = await newPerson();
    const other = await cookieOf(person.email, person.password);
    const page = await profile.loader(get(PROFILE, person.cookie));
    expect(page.sessions.ok && page.sessions.value.map((session) => session.current)).toEqual([true, false]);
    const done = await redirected(await profile.action(post(PROFILE, { intent: "sign-out-others" }, person.cookie)));
    expect(done.toast?.message).toBe("Signed out everywhere else (1 session ended).");
    expect(await backendFor(other).auth.currentUser()).toBeNull();
    expect((await eventsOf(person.email)).at(-1)).toMatchObject({ kind: "other-sessions-ended", detail: "1" });
    const again = await redirected(await profile.action(post(PROFILE, { intent: "sign-out-others" }, person.cookie)));
    expect(again.toast?.message).toBe("No other session is signed in.");
  });

  it("is rate limited per address before the form is read (10 a minute)", async () => {
    const person = await newPerson();
    const ip = freshIp();
    const statuses: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const result = await profile.action(post(PROFILE, { intent: "change-password", currentPassword: "", newPassword: "" }, person.cookie, { ip }));
      statuses.push(statusOf(result));
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await eventsOf(person.email)).length).toBe(0); // the 429 is logged by address, not against the account
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM security_events WHERE kind = 'rate-limited' AND address = ?").bind(ip).first("n")).toBe(1);
  });
});

describe("the Users page", () => {
  it("is for admins only: an interpreter gets 403 on the page and its actions, and the refusal is logged", async () => {
    for (const run of [
      () => users.loader(get(USERS, cookies.interpreter)),
      () => users.action(post(USERS, { intent: "lock", id: "x" }, cookies.interpreter)),
    ]) {
      expect(statusOf(await thrown(run))).toBe(403);
    }
    const refusals = (await eventsOf(INTERPRETER)).filter((event) => event.kind === "forbidden");
    expect(refusals.map((event) => event.detail)).toEqual(["GET /Dashboard/Dashboardusers", "POST /Dashboard/Dashboardusers"]);
  });

  it("lists every account with role, last sign-in and lock, and the events filtered by account", async () => {
    const person = await newPerson();
    const page = await users.loader(get(`${USERS}?account=${encodeURIComponent(person.email.toUpperCase())}`, cookies.admin));
    const list = page.accounts.ok ? page.accounts.value.items : [];
    expect(list.find((account) => account.email === ADMIN)).toMatchObject({ role: "admin", locked: false, fullName: "Amira Haddad" });
    expect(list.find((account) => account.email === person.email)).toMatchObject({ role: "interpreter", locked: false });
    expect(page.account).toBe(person.email);
    expect(page.events.ok && page.events.value.page.every((event) => event.account === person.email)).toBe(true);
  });

  it("changes a role (logged), but not the admin's own", async () => {
    const person = await newPerson();
    const done = await redirected(await users.action(post(USERS, { intent: "set-role", id: person.id, role: "admin" }, cookies.admin)));
    expect(done.toast?.message).toBe(`${person.email} is now Administrator.`);
    expect(done.location).toBe(`${USERS}?#account-${person.id}`);
    expect(await backendFor(person.cookie).auth.currentUser()).toMatchObject({ role: "admin" });
    expect((await eventsOf(person.email)).at(-1)).toMatchObject({ kind: "role-changed", actor: ADMIN, detail: "role: admin" });

    const self = failure(await users.action(post(USERS, { intent: "set-role", id: await idOf(ADMIN), role: "interpreter" }, cookies.admin)));
    expect(self).toMatchObject({ status: 403, formError: "You cannot change your own role. Ask another administrator." });
    expect(failure(await users.action(post(USERS, { intent: "set-role", id: person.id, role: "owner" }, cookies.admin))).status).toBe(400);
    expect(failure(await users.action(post(USERS, { intent: "set-role", id: "no-such-id", role: "admin" }, cookies.admin))).status).toBe(404);
  });

  it("locks an account: its sessions end, sign-in says it is locked; unlocking lets it sign in again", async () => {
    const person = await newPerson();
    await redirected(await users.action(post(USERS, { intent: "lock", id: person.id }, cookies.admin)));
    expect(await backendFor(person.cookie).auth.currentUser()).toBeNull();

    const refused = failure(await login.action(post("/Login", { email: person.email, password: person.password })));
    expect(refused.formError).toBe("This account is locked. Please ask an administrator to unlock it.");
    const wrong = failure(await login.action(post("/Login", { email: person.email, password: "wrong-Password-9" })));
    expect(wrong.formError).toBe("Invalid email or password or user is not Authenticated");

    expect(failure(await users.action(post(USERS, { intent: "lock", id: await idOf(ADMIN) }, cookies.admin)))).toMatchObject({
      status: 403,
      formError: "You cannot lock your own account.",
    });
    const unlocked = await redirected(await users.action(post(USERS, { intent: "unlock", id: person.id }, cookies.admin)));
    expect(unlocked.toast?.message).toBe(`${person.email} is unlocked and can sign in again.`);
    expect(statusOf(await login.action(post("/Login", { email: person.email, password: person.password })))).toBe(302);
    expect((await eventsOf(person.email)).map((event) => event.kind)).toEqual([
      "account-locked",
      "sign-in-refused-locked",
      "sign-in-failed",
      "account-unlocked",
      "sign-in",
    ]);
  });

  it("sends reset links, at most 3 an hour per address", async () => {
    const person = await newPerson();
    for (let sent = 0; sent < 3; sent++) {
      const done = await redirected(await users.action(post(USERS, { intent: "send-reset", id: person.id }, cookies.admin)));
      expect(done.toast?.message).toBe(`A password reset link has been sent to ${person.email}.`);
    }
    const capped = failure(await users.action(post(USERS, { intent: "send-reset", id: person.id }, cookies.admin)));
    expect(capped).toMatchObject({ status: 429, formError: `No reset link was sent to ${person.email}: 3 have been sent in the last hour. Try again later.` });
    const tokens = await env.DB.prepare("SELECT COUNT(*) AS n FROM password_reset_tokens WHERE account_id = ?").bind(person.id).first("n");
    expect(tokens).toBe(1); // each new link replaced the one before
  });
});

describe("the security log", () => {
  it("records sign-ins (success and failure) with address and browser, and no password", async () => {
    const ip = freshIp();
    await login.action(post("/Login", { email: INTERPRETER, password: "Wrong-Password-77" }, undefined, { ip }));
    await login.action(post("/Login", { email: INTERPRETER, password: SAMPLE_PASSWORD }, undefined, { ip }));
    const recent = (await eventsOf(INTERPRETER)).slice(-2);
    expect(recent).toEqual([
      { kind: "sign-in-failed", account: INTERPRETER, actor: null, address: ip, user_agent: BROWSER, detail: "invalid-credentials" },
      { kind: "sign-in", account: INTERPRETER, actor: INTERPRETER, address: ip, user_agent: BROWSER, detail: "" },
    ]);
    expect(await allEventText()).not.toContain("Wrong-Password-77");
    expect(await allEventText()).not.toContain(SAMPLE_PASSWORD);
  });

  it("records an account deletion with the email of the account that is gone", async () => {
    const person = await newPerson();
    await redirected(await interpreters.action(post("/Dashboard/Interpreter", { intent: "delete", id: person.id }, cookies.admin, { ip: "198.51.100.40" })));
    expect(await eventsOf(person.email)).toEqual([
      { kind: "account-deleted", account: person.email, actor: ADMIN, address: "198.51.100.40", user_agent: BROWSER, detail: `Person ${counter}` },
    ]);
  });

  it("the cron deletes events older than 90 days, and keeps the rest", async () => {
    const now = Date.now();
    const events = backendFor().events;
    await events.record({ at: now - 91 * 86_400_000, kind: "sign-in", account: "old@example.com", actor: null, address: null, userAgent: null, detail: "" });
    await events.record({ at: now - 89 * 86_400_000, kind: "sign-in", account: "old@example.com", actor: null, address: null, userAgent: null, detail: "" });
    expect(await pruneSecurityEvents(events, now)).toBe(1);
    expect((await eventsOf("old@example.com")).length).toBe(1);
  });
});
