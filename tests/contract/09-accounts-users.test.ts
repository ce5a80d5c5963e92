// The Users page through the Supabase adapter (issue 10, item 10): the list of accounts (one page, searched) and
// the role change, with the database's refusal to take the admin role from the last admin who can sign in — the
// exact requests each port call makes and the credentials they carry. Locks: 09-accounts-locks.
import { beforeAll, describe, expect, it } from "vitest";
import { authRow, calls, LAPTOP, newPerson, signInOn } from "./accounts-helpers";
import { ADMIN, backendFor, double, idOf, NO_PASSWORD, probe, step, who } from "./helpers";

beforeAll(() => double.reset());

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
