// The port's contract for changes to people on the staff screens: what a create, an update or a removal answers and
// leaves behind (the sign-in account with the person, email-taken in any case, not-found). Part of
// describePeopleContract (people-suite.ts), run after the list on its store of the sample content alone.
import { beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { ADMIN, INTERPRETER, type PeopleHelpers } from "./people-helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function describePeopleEditsContract({ backend, list, signIn, canSignIn, personOf, total, idOf, allLinks, linksOf }: PeopleHelpers) {
  describe("interpreters.create", () => {
    const nadia = { fullName: "Nadia Karim", gender: "Female", email: "nadia.karim@example.com", phone: "+1 (307) 555-0190", password: "Nadia-Pass-2025" };

    it("stores the person (role interpreter) with their sign-in account; the password signs in", async () => {
      const result = await backend().interpreters.create(nadia);
      expect(result).toEqual({ ok: true, id: expect.stringMatching(UUID) });
      if (!result.ok) return;

      expect(await personOf(result.id)).toMatchObject({
        fullName: "Nadia Karim",
        email: "nadia.karim@example.com",
        phone: "+1 (307) 555-0190",
        gender: "Female",
        role: "interpreter",
        languages: [],
      });

      const signedIn = await signIn(nadia.email, nadia.password);
      expect(signedIn).toMatchObject({ ok: true, user: { id: result.id, role: "interpreter", profile: { fullName: "Nadia Karim" } } });
      expect((await signIn(nadia.email, "wrong-password")).ok).toBe(false);
    });

    it("the same email again, in any case: the reason email-taken (the route words it) and nothing new stored", async () => {
      const before = await total();
      for (const email of [nadia.email, "NADIA.Karim@Example.COM", ADMIN.toUpperCase()]) {
        expect(await backend().interpreters.create({ ...nadia, fullName: "Someone Else", email }), email).toEqual({ ok: false, reason: "email-taken" });
      }
      expect(await total()).toBe(before);
      expect((await list({ search: "Someone Else" })).total).toBe(0);
    });
  });

  describe("interpreters.update", () => {
    const yusuf = { fullName: "Yusuf Ali", gender: "Male", email: "yusuf.ali@example.com", phone: "+1 307 555 0191", password: "Yusuf-Pass-2025" };
    let id = "";
    beforeAll(async () => {
      const result = await backend().interpreters.create(yusuf);
      if (!result.ok) throw new Error("could not add Yusuf");
      id = result.id;
    });

    it("changes the person and the sign-in email: the old email no longer signs in, the new one does", async () => {
      expect(await canSignIn(yusuf.email, yusuf.password)).toBe(true);
      const changes = { fullName: "Yusuf A. Ali", gender: "Man", email: "yusuf.new@example.com", phone: "+44 20 7946 0958" };
      expect(await backend().interpreters.update(id, changes)).toEqual({ ok: true });

      expect(await personOf(id)).toMatchObject({
        fullName: "Yusuf A. Ali",
        email: "yusuf.new@example.com",
        phone: "+44 20 7946 0958",
        gender: "Man",
        role: "interpreter",
      });
      expect(await signIn(yusuf.email, yusuf.password)).toEqual({ ok: false, reason: "invalid-credentials" });
      expect(await signIn("yusuf.new@example.com", yusuf.password)).toMatchObject({
        ok: true,
        user: { id, email: "yusuf.new@example.com", profile: { fullName: "Yusuf A. Ali" } },
      });
    });

    it("keeping one's own email in another case is not a conflict", async () => {
      const current = (await personOf(id))!;
      const changes = { fullName: current.fullName, gender: current.gender, email: "Yusuf.New@Example.com", phone: current.phone };
      expect(await backend().interpreters.update(id, changes)).toEqual({ ok: true });
      expect((await personOf(id))!.email).toBe("Yusuf.New@Example.com");
      expect(await canSignIn("yusuf.new@example.com", yusuf.password)).toBe(true);
    });

    it("another person's email, in any case: email-taken, and nothing changes", async () => {
      const before = await personOf(id);
      for (const email of ["admin@example.com", "INTERPRETER@example.com"]) {
        const result = await backend().interpreters.update(id, { fullName: "Hijacker", gender: "X", email, phone: "+1 307 555 0000" });
        expect(result, email).toEqual({ ok: false, reason: "email-taken" });
        expect(await personOf(id), email).toEqual(before);
      }
      expect(await canSignIn("yusuf.new@example.com", yusuf.password)).toBe(true);
      expect(await canSignIn(ADMIN, SAMPLE_PASSWORD)).toBe(true);
      expect(await canSignIn(INTERPRETER, SAMPLE_PASSWORD)).toBe(true);
    });

    it("an unknown id: not-found, and nothing stored", async () => {
      const before = await total();
      const changes = { fullName: "Nobody", gender: "X", email: "nobody.new@example.com", phone: "+1 307 555 0000" };
      expect(await backend().interpreters.update(crypto.randomUUID(), changes)).toEqual({ ok: false, reason: "not-found" });
      expect((await list({ search: changes.email })).total).toBe(0);
      expect(await total()).toBe(before);
    });
  });

  describe("interpreters.remove", () => {
    it("removes a sample interpreter: gone from the list, with their links", async () => {
      const id = await idOf("wei.zhang@example.com");
      expect(await linksOf(id)).toHaveLength(3);
      expect((await backend().interpreters.remove(id)).ok).toBe(true);
      expect(await linksOf(id)).toHaveLength(0);
      expect((await list({ search: "wei" })).total).toBe(0);
    });

    it("returns the removed person's name and email, for the toast", async () => {
      const id = await idOf("sofia.petrova@example.com");
      expect(await backend().interpreters.remove(id)).toEqual({ ok: true, name: "Sofia Petrova", email: "sofia.petrova@example.com" });
    });

    it("an unknown id: not-found, and nothing removed", async () => {
      const before = [await total(), await allLinks()];
      expect(await backend().interpreters.remove(crypto.randomUUID())).toEqual({ ok: false, reason: "not-found" });
      expect(await backend().interpreters.remove("")).toEqual({ ok: false, reason: "not-found" });
      expect([await total(), await allLinks()]).toEqual(before);
    });
  });
}
