// The D1 adapter's InterpreterStore against the real schema, where the tables show what the port cannot: a create
// or an update that fails half-way keeps nothing (all or nothing across accounts and users), an account without its
// users row is left alone, and a removal takes every row of the person with it. What the stores answer (search, sort,
// pages, languages and links) is the port's contract, on both adapters: tests/port-contract/people-suite.ts.
import { env } from "cloudflare:test";
import { describe, expect, it, beforeAll } from "vitest";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { backendFor, cookieOf, count, idOf, languageId, rows, seed, usersRow } from "./helpers";

const ADMIN = "admin@example.com";

const store = () => backendFor();

const accountEmail = async (id: string) => (await env.DB.prepare("SELECT email FROM accounts WHERE id = ?").bind(id).first<{ email: string }>())?.email ?? null;
const accountsWithEmail = (email: string) => count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", email);

/** An account whose users row carries another email: adding `usersEmail` then fails only at the users insert. */
async function insertMismatchedAccount(accountEmailAddress: string, usersEmail: string) {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, 'disabled')").bind(id, accountEmailAddress),
    env.DB.prepare(`INSERT INTO users (id, full_name, email, phone, "Gender", role) VALUES (?, 'Mismatched Row', ?, '', '', 'interpreter')`).bind(
      id,
      usersEmail,
    ),
  ]);
  return id;
}

async function signIn(email: string, password: string) {
  return backendFor().auth.signIn({ email, password });
}

beforeAll(seed);

describe("interpreters.create", () => {
  it("all or nothing: when the users row fails, the account is not kept either", async () => {
    const target = "target@example.com";
    await insertMismatchedAccount("other@example.com", target);
    const [accounts, users] = [await rows("accounts"), await rows("users")];

    const password = "Target-Pass-2025";
    const result = await store().interpreters.create({ fullName: "Target Person", gender: "Female", email: target, phone: "+1 (307) 555-0190", password });
    expect(result).toEqual({ ok: false, reason: "users-row-taken" });

    expect(await accountsWithEmail(target)).toBe(0);
    expect(await rows("accounts")).toBe(accounts);
    expect(await rows("users")).toBe(users);
    expect(await signIn(target, password)).toEqual({ ok: false, reason: "invalid-credentials" });
  });
});

describe("interpreters.update", () => {
  it("an email held by an account whose users row says another: email-taken, and neither the users row nor the account changes", async () => {
    const id = await idOf("omar.farah@example.com");
    const before = await usersRow(id);
    const beforeAccount = await accountEmail(id);
    // mismatched.account@… exists only as a sign-in account (its users row says something else), so the users update
    // succeeds and the accounts update fails: both must roll back. (Another person's email: the port's contract.)
    await insertMismatchedAccount("mismatched.account@example.com", "mismatched.row@example.com");
    for (const email of ["mismatched.account@example.com", "mismatched.row@example.com"]) {
      const result = await store().interpreters.update(id, { fullName: "Hijacker", gender: "X", email, phone: "+1 307 555 0000" });
      expect(result, email).toEqual({ ok: false, reason: "email-taken" });
      expect(await usersRow(id), email).toEqual(before);
      expect(await accountEmail(id), email).toBe(beforeAccount);
    }
  });

  // An account without a users row (the auth store allows one): the edit reports not-found and must not
  // touch the sign-in email on its own.
  it("an id with a sign-in account but no users row: not-found, and its sign-in email unchanged", async () => {
    const orphan = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, 'orphan@example.com', 'disabled')").bind(orphan).run();
    const changes = { fullName: "Orphan", gender: "X", email: "orphan.changed@example.com", phone: "+1 307 555 0000" };
    expect(await store().interpreters.update(orphan, changes)).toEqual({ ok: false, reason: "not-found" });
    expect(await accountEmail(orphan)).toBe("orphan@example.com");
  });
});

describe("interpreters.remove", () => {
  it("removes the person, their account, sessions, reset tokens and language links, in one step", async () => {
    const person = { fullName: "Rosa Lindqvist", gender: "Female", email: "rosa@example.com", phone: "+46 8 123 456 78", password: "Rosa-Pass-2025" };
    const created = await store().interpreters.create(person);
    if (!created.ok) throw new Error("could not add Rosa");
    const { id } = created;
    const phone = await cookieOf(person.email, person.password);
    const laptop = await cookieOf(person.email, person.password);
    expect(await backendFor(phone).auth.currentUser()).toMatchObject({ id });
    expect(await store().auth.requestPasswordReset(person.email)).not.toBeNull();
    for (const language of ["German", "Tagalog"]) expect((await store().links.link(id, await languageId(language))).ok).toBe(true);
    const admin = await cookieOf(ADMIN, SAMPLE_PASSWORD);

    const perTable = async () => ({
      accounts: await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ?", id),
      users: await count("SELECT COUNT(*) AS n FROM users WHERE id = ?", id),
      sessions: await count("SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?", id),
      password_reset_tokens: await count("SELECT COUNT(*) AS n FROM password_reset_tokens WHERE account_id = ?", id),
      user_languages: await count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ?", id),
    });
    expect(await perTable()).toEqual({ accounts: 1, users: 1, sessions: 2, password_reset_tokens: 1, user_languages: 2 });
    const otherLinks = (await rows("user_languages")) - 2;

    expect(await store().interpreters.remove(id)).toEqual({ ok: true, name: "Rosa Lindqvist", email: "rosa@example.com" });

    expect(await perTable()).toEqual({ accounts: 0, users: 0, sessions: 0, password_reset_tokens: 0, user_languages: 0 });
    expect(await backendFor(phone).auth.currentUser()).toBeNull();
    expect(await backendFor(laptop).auth.currentUser()).toBeNull();
    expect(await signIn(person.email, person.password)).toEqual({ ok: false, reason: "invalid-credentials" });
    // Nobody else lost anything.
    expect(await rows("user_languages")).toBe(otherLinks);
    expect(await backendFor(admin).auth.currentUser()).toMatchObject({ email: ADMIN });
  });
});
