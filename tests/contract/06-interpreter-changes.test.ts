// SPEC §7 "Sign up … then INSERT users" (all or nothing), "UPDATE users with the edited fields where id equals
// the chosen id" (with the sign-in email kept in step) and "Delete users … then delete the auth account" (the account
// first, taking the row with it: 14-people-removal.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, backendFor, double, idOf, INTERPRETER, signIn, step } from "./helpers";

type AuthRow = { id: string; email: string; hasPassword: boolean; confirmed: boolean };
type UsersRow = { id: string; full_name: string; email: string; phone: string; Gender: string; role: string };
const calls = (requests: { shape: string | null; status: number }[]) => requests.map(({ shape, status }) => `${shape} ${status}`);
const authUser = async (email: string) => (await double.table<AuthRow>("auth.users")).find((user) => user.email === email.toLowerCase());
const usersRow = async (id: string) => (await double.table<UsersRow>("users")).find((row) => row.id === id);
const canSignIn = async (email: string, password: string) => (await backendFor().auth.signIn({ email, password })).ok;
const newPerson = { fullName: "Nadia Karim", gender: "Female", email: "nadia.karim@example.com", phone: "+1 (307) 555-0190", password: "Nadia-Pass-2025" };

beforeAll(() => double.reset());

describe("interpreters.create", () => {
  it("creates the confirmed sign-in account with the admin API, then the users row, and the person can sign in", async () => {
    const { result, requests } = await step(() => backendFor().interpreters.create(newPerson));
    expect(result).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const id = (result as { id: string }).id;
    expect(calls(requests)).toEqual(["auth.admin.create-user 200", "rest.users.insert 201"]);
    expect(requests.every((request) => request.credentials === "service")).toBe(true);
    expect(await authUser(newPerson.email)).toEqual({
      id,
      email: newPerson.email,
      hasPassword: true,
      confirmed: true,
      recoveryPending: false,
      lastSignInAt: null,
      bannedUntil: null,
      metadata: {},
    });
    expect(await usersRow(id)).toMatchObject({
      full_name: "Nadia Karim",
      email: newPerson.email,
      phone: newPerson.phone,
      Gender: "Female",
      role: "interpreter",
    });
    const signedIn = await signIn(newPerson.email, newPerson.password);
    expect(signedIn.user).toMatchObject({ id, role: "interpreter", profile: { fullName: "Nadia Karim", gender: "Female" } });
  });

  it("an email that already has an account (any case) is the reason email-taken, as on D1; nothing is added", async () => {
    const before = (await double.table("users")).length;
    const { result, requests } = await step(() => backendFor().interpreters.create({ ...newPerson, email: "ADMIN@example.com" }));
    // Supabase says "A user with this email address has already been registered" (email_exists); the adapter
    // answers the reason, as the D1 adapter does, and the route words it in the admin's language.
    expect(result).toEqual({ ok: false, reason: "email-taken" });
    expect(calls(requests)).toEqual(["auth.admin.create-user 422"]);
    expect((await double.table("users")).length).toBe(before);
  });

  it("is all or nothing: when the users row cannot be stored, the new account is deleted again", async () => {
    // An account whose users row carries another email: adding that email fails only at the users insert.
    await double.people([{ full_name: "Mismatched Row", email: "taken.row@example.com", authEmail: "mismatch.account@example.com" }]);
    const accounts = (await double.table("auth.users")).length;
    const { result, requests } = await step(() => backendFor().interpreters.create({ ...newPerson, email: "taken.row@example.com" }));
    expect(result).toEqual({ ok: false, reason: "users-row-taken" });
    expect(calls(requests)).toEqual(["auth.admin.create-user 200", "rest.users.insert 409", "auth.admin.delete-user 200"]);
    expect((await double.table("auth.users")).length).toBe(accounts);
    expect(await authUser("taken.row@example.com")).toBeUndefined();
    expect(await canSignIn("taken.row@example.com", newPerson.password)).toBe(false);
  });
});

describe("interpreters.update", () => {
  it("with the same email writes the users row only (the edited fields, matched by id)", async () => {
    const id = await idOf("omar.farah@example.com");
    const input = { fullName: "Omar A. Farah", gender: "Man", email: "Omar.Farah@example.com", phone: "+1 (307) 555-0199" };
    const { result, requests } = await step(() => backendFor().interpreters.update(id, input));
    expect(result).toEqual({ ok: true });
    expect(calls(requests)).toEqual(["rest.users.email-before-update 200", "rest.users.update 200"]);
    expect(requests[1]!.url).toContain(`id=eq.${id}`);
    expect(await usersRow(id)).toMatchObject({ full_name: "Omar A. Farah", Gender: "Man", email: "Omar.Farah@example.com", phone: "+1 (307) 555-0199" });
    expect(await authUser("omar.farah@example.com")).toMatchObject({ id });
  });

  it("with a new email changes the sign-in email too", async () => {
    const id = await idOf(newPerson.email);
    const input = { fullName: newPerson.fullName, gender: newPerson.gender, email: "nadia.new@example.com", phone: newPerson.phone };
    const { result, requests } = await step(() => backendFor().interpreters.update(id, input));
    expect(result).toEqual({ ok: true });
    expect(calls(requests)).toEqual(["rest.users.email-before-update 200", "rest.users.by-email 200", "auth.admin.update-user 200", "rest.users.update 200"]);
    expect(await usersRow(id)).toMatchObject({ email: "nadia.new@example.com" });
    expect(await canSignIn("nadia.new@example.com", newPerson.password)).toBe(true);
    expect(await canSignIn(newPerson.email, newPerson.password)).toBe(false);
  });

  it("for an unknown id is not-found, and nothing is written", async () => {
    const input = { fullName: "Nobody", gender: "X", email: "nobody@example.com", phone: "+1 555 0100" };
    const { result, requests } = await step(() => backendFor().interpreters.update(crypto.randomUUID(), input));
    expect(result).toEqual({ ok: false, reason: "not-found" });
    expect(calls(requests)).toEqual(["rest.users.email-before-update 200"]);
  });

  it("when another users row holds the email: email-taken before anything is written", async () => {
    const id = await idOf("wei.zhang@example.com");
    const input = { fullName: "Wei Zhang", gender: "Male", email: "taken.row@example.com", phone: "+1 (307) 555-0105" };
    const { result, requests } = await step(() => backendFor().interpreters.update(id, input));
    expect(result).toEqual({ ok: false, reason: "email-taken" });
    expect(calls(requests)).toEqual(["rest.users.email-before-update 200", "rest.users.by-email 200"]);
    expect(await authUser("wei.zhang@example.com")).toMatchObject({ id });
    expect(await usersRow(id)).toMatchObject({ email: "wei.zhang@example.com" });
  });
});

describe("interpreters.remove", () => {
  it("deletes the account, which takes the users row (its links go with it) and ends its sessions", async () => {
    const id = await idOf(INTERPRETER);
    const { cookie } = await signIn(INTERPRETER);
    const links = (await double.table<{ user_id: string }>("user_languages")).filter((link) => link.user_id === id);
    expect(links.length).toBe(3);

    const { result, requests } = await step(() => backendFor().interpreters.remove(id));
    expect(result).toEqual({ ok: true, name: "Daniel Reyes", email: INTERPRETER });
    expect(calls(requests)).toEqual(["rest.users.before-remove 200", "auth.admin.delete-user 200"]);
    expect(await usersRow(id)).toBeUndefined();
    expect((await double.table<{ user_id: string }>("user_languages")).filter((link) => link.user_id === id)).toEqual([]);
    expect(await authUser(INTERPRETER)).toBeUndefined();
    expect((await double.table<{ userId: string }>("auth.sessions")).filter((session) => session.userId === id)).toEqual([]);
    const after = await step(() => backendFor(cookie).auth.currentUser());
    expect(after.result).toBeNull();
    expect(await backendFor().interpreters.find({ text: id, languageIds: [], limit: 10 })).toEqual([]);
    expect(await canSignIn(ADMIN, "ChangeMe-2025!")).toBe(true);
  });

  it("for an unknown id is not-found and deletes no account", async () => {
    const accounts = (await double.table("auth.users")).length;
    const { result, requests } = await step(() => backendFor().interpreters.remove(crypto.randomUUID()));
    expect(result).toEqual({ ok: false, reason: "not-found" });
    expect(calls(requests)).toEqual(["rest.users.before-remove 200", "auth.admin.get-user 404"]);
    expect((await double.table("auth.users")).length).toBe(accounts);
  });
});
