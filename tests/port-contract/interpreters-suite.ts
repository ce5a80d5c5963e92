// The port's contract for interpreters, languages and the links between them, on a store other tests share: search and
// sort of the people list, a person's sign-in account kept with them, unique language names, the link screen's pages,
// and who may take calls. Part of describePortContract (suite.ts), so it runs on both adapters; the staff screens'
// counts and exact orders on a store holding the sample content alone are in people-suite.ts.
import { describe, expect, it } from "vitest";
import { people } from "../../seed/content";
import type { PortHelpers } from "./port-helpers";
import { unique } from "./target";

export function describeInterpretersContract({ backend, signIn, newInterpreter }: PortHelpers) {
  describe("interpreters", () => {
    it("searches name, email and phone, with each person's languages in alphabetical order", async () => {
      const byName = await backend().interpreters.list({ search: "omar", sort: "name", direction: "asc", page: 1 });
      expect(byName.items.map((person) => person.fullName)).toEqual(["Omar Farah"]);
      expect(byName.items[0]?.languages.map((language) => language.name)).toEqual(["Arabic", "English", "Somali"]);
      const byEmail = await backend().interpreters.list({ search: "linh.tran@", sort: "name", direction: "asc", page: 1 });
      expect(byEmail.items.map((person) => person.fullName)).toEqual(["Linh Tran"]);
      const byPhone = await backend().interpreters.list({ search: "3075550105", sort: "name", direction: "asc", page: 1 });
      expect(byPhone.items.map((person) => person.fullName)).toEqual(["Wei Zhang"]);
    });

    it("an email with digits in it finds that person only (its digits are not a phone search)", async () => {
      const person = await newInterpreter();
      // Its only digits are 3, 0, 7: every sample phone has "307" in it.
      const email = `a3b0c7.${person.id.replace(/[^a-f]/g, "")}@example.com`;
      await backend().interpreters.update(person.id, { fullName: "Digits Person", gender: "Woman", email, phone: "+1 307 555 0194" });
      const found = await backend().interpreters.list({ search: email, sort: "name", direction: "asc", page: 1 });
      expect(found.items.map((item) => item.email)).toEqual([email]);
    });

    it("sorts by email both ways and clamps a page past the end", async () => {
      const query = { search: "@example.com", sort: "email" as const, page: 1 };
      const up = (await backend().interpreters.list({ ...query, direction: "asc" })).items.map((person) => person.email);
      const down = (await backend().interpreters.list({ ...query, direction: "desc" })).items.map((person) => person.email);
      expect(up).toEqual([...up].sort((a, b) => a.localeCompare(b)));
      expect(down).toEqual([...up].reverse());
      const last = await backend().interpreters.list({ ...query, direction: "asc", page: 99 });
      expect(last.page).toBe(last.pageCount);
      expect(last.total).toBeGreaterThanOrEqual(people.length);
    });

    it("creates the sign-in account with the person, and refuses a taken email in any case", async () => {
      const person = await newInterpreter();
      expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(true);
      const again = await backend().interpreters.create({
        fullName: "Copy",
        gender: "Man",
        email: person.email.toUpperCase(),
        phone: "+1 307 555 0191",
        password: "whatever-long",
      });
      expect(again).toEqual({ ok: false, reason: "email-taken" });
    });

    it("updates a person, their sign-in email with them, and refuses an email in use", async () => {
      const person = await newInterpreter();
      const email = `${unique("renamed")}@example.com`;
      expect(await backend().interpreters.update(person.id, { fullName: "Renamed Person", gender: "Woman", email, phone: "+1 307 555 0192" })).toEqual({
        ok: true,
      });
      expect((await backend().auth.signIn({ email, password: person.password })).ok).toBe(true);
      expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(false);
      expect(
        await backend().interpreters.update(person.id, { fullName: "Renamed Person", gender: "Woman", email: "admin@example.com", phone: "+1 307 555 0192" }),
      ).toEqual({
        ok: false,
        reason: "email-taken",
      });
      expect(
        await backend().interpreters.update("00000000-0000-4000-8000-00000000abcd", {
          fullName: "Nobody",
          gender: "-",
          email: `${unique("x")}@example.com`,
          phone: "+1 307 555 0193",
        }),
      ).toEqual({ ok: false, reason: "not-found" });
    });

    it("removes a person with their account, sessions and language links", async () => {
      const person = await newInterpreter();
      const cookie = await signIn(person.email, person.password);
      const english = (await backend().languages.list()).find((language) => language.name === "English")!;
      expect((await backend().links.link(person.id, english.id)).ok).toBe(true);

      const removed = await backend().interpreters.remove(person.id);
      expect(removed.ok).toBe(true);
      expect(await backend(cookie).auth.currentUser()).toBeNull();
      expect((await backend().auth.signIn({ email: person.email, password: person.password })).ok).toBe(false);
      expect((await backend().links.list()).some((link) => link.userId === person.id)).toBe(false);
      expect(await backend().interpreters.remove(person.id)).toEqual({ ok: false, reason: "not-found" });
    });
  });

  describe("languages and links", () => {
    it("adds, renames and removes a language; names are unique ignoring case", async () => {
      const name = unique("Lang ");
      const added = await backend().languages.create(name);
      expect(added.ok).toBe(true);
      const id = added.ok ? added.language.id : 0;
      expect(await backend().languages.create(name.toUpperCase())).toEqual({ ok: false, reason: "duplicate" });
      expect(await backend().languages.rename(id, "english")).toEqual({ ok: false, reason: "duplicate" });
      expect(await backend().languages.rename(id, `${name} (new)`)).toEqual({ ok: true });
      expect((await backend().languages.list()).map((language) => language.name)).toContain(`${name} (new)`);
      expect(await backend().languages.rename(987654, "Nothing")).toEqual({ ok: false, reason: "not-found" });
      expect(await backend().languages.remove(id)).toEqual({ ok: true, name: `${name} (new)` });
      expect(await backend().languages.remove(id)).toEqual({ ok: false, reason: "not-found" });
    });

    it("links a person to a language once, lists it with names, and unlinks it", async () => {
      const person = await newInterpreter();
      const added = await backend().languages.create(unique("Linked "));
      const language = added.ok ? added.language : null;
      const link = await backend().links.link(person.id, language!.id);
      expect(link).toMatchObject({ ok: true, link: { userId: person.id, languageId: language!.id, languageName: language!.name } });
      expect(await backend().links.link(person.id, language!.id)).toEqual({ ok: false, reason: "duplicate" });
      expect(await backend().links.link(person.id, 987654)).toEqual({ ok: false, reason: "not-found" });
      expect((await backend().links.list()).filter((item) => item.userId === person.id)).toHaveLength(1);

      // The person's own languages, read as that person.
      const cookie = await signIn(person.email, person.password);
      expect(await backend(cookie).links.forUser(person.id)).toEqual([{ id: language!.id, name: language!.name }]);

      const id = link.ok ? link.link.id : 0;
      expect(await backend().links.unlink(id)).toMatchObject({ ok: true });
      expect(await backend().links.unlink(id)).toEqual({ ok: false, reason: "not-found" });
      // Removing a language removes its links.
      await backend().links.link(person.id, language!.id);
      await backend().languages.remove(language!.id);
      expect((await backend().links.list()).some((item) => item.languageId === language!.id)).toBe(false);
    });

    it("pages the link screen's list by interpreter then language, with the total; finds who speaks every language asked for", async () => {
      const person = await newInterpreter();
      const [first, second] = [await backend().languages.create(unique("Paged A ")), await backend().languages.create(unique("Paged B "))];
      const [a, b] = [first.ok ? first.language : null, second.ok ? second.language : null];
      await backend().links.link(person.id, a!.id);
      const all = await backend().links.list();
      const page = await backend().links.page(1);
      expect(page.total).toBe(all.length);
      expect(page.items.length).toBe(Math.min(all.length, 50));
      const names = page.items.map((item) => item.userName.toLowerCase());
      expect(names).toEqual([...names].sort());
      // The pages together hold every link once.
      const seen: number[] = [];
      for (let n = 1; n <= page.pageCount; n++) seen.push(...(await backend().links.page(n)).items.map((item) => item.id));
      expect(seen.sort((x, y) => x - y)).toEqual(all.map((item) => item.id).sort((x, y) => x - y));

      // Linked to A only: found for A, not for A and B; then for both once linked to B.
      const speakers = (ids: number[]) => backend().interpreters.find({ text: person.email, languageIds: ids, limit: 10 });
      expect((await speakers([a!.id])).map((found) => found.id)).toEqual([person.id]);
      expect(await speakers([a!.id, b!.id])).toEqual([]);
      await backend().links.link(person.id, b!.id);
      expect((await speakers([a!.id, b!.id])).map((found) => found.id)).toEqual([person.id]);
    });

    it("tells the switchboard who may take calls: each person's live sessions by their list key, and their languages now", async () => {
      const [ana, ben, never] = [await newInterpreter(), await newInterpreter(), await newInterpreter()];
      const added = await backend().languages.create(unique("Ready "));
      const language = added.ok ? added.language : null;
      await backend().links.link(ana.id, language!.id);
      const anaPhone = await signIn(ana.email, ana.password);
      const anaLaptop = await signIn(ana.email, ana.password);
      const benCookie = await signIn(ben.email, ben.password);
      const keyOf = async (cookie: string) => (await backend(cookie).auth.sessions()).find((session) => session.current)!.key;
      const byId = async () => new Map((await backend().links.callReadiness([ana.id, ben.id, never.id])).map((person) => [person.id, person]));

      const ready = await byId();
      expect(new Set(ready.get(ana.id)?.sessions)).toEqual(new Set([await keyOf(anaPhone), await keyOf(anaLaptop)]));
      expect(ready.get(ana.id)?.languages).toEqual([language!.id]);
      expect(ready.get(ben.id)).toEqual({ id: ben.id, sessions: [await keyOf(benCookie)], languages: [] });
      expect(ready.has(never.id)).toBe(false); // never signed in: no session to take calls with
      expect(await backend().links.callReadiness([])).toEqual([]);

      // Signed out on one device: that session is gone. Locked: nothing is left.
      const phoneKey = await keyOf(anaPhone);
      await backend(anaPhone).auth.signOut();
      expect((await byId()).get(ana.id)?.sessions).toEqual([await keyOf(anaLaptop)]);
      expect((await backend().accounts.setLocked(ben.id, true)).ok).toBe(true);
      expect((await byId()).has(ben.id)).toBe(false);
      expect(phoneKey).toMatch(/^[0-9a-f]{12}$/);
    });
  });
}
