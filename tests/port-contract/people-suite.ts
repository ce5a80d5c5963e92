// The port's contract for the staff screens' stores (InterpreterStore, LanguageStore, LinkStore): search, sort and
// pages of the people list, what a create, an update or a removal answers and leaves behind, and the languages and
// links, as seen through the port. Called from tests/port-contract/d1.test.ts and supabase.test.ts. It counts people
// and links, so it needs a store holding the sample content and nothing else, and its tests run in order on it.
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, type Interpreter, type InterpreterQuery } from "~/domain/people";
import { languages as sampleLanguages, SAMPLE_PASSWORD } from "../../seed/content";
import { cookieHeader, everyPage, ORIGIN, type ContractTarget } from "./target";

const ADMIN = "admin@example.com";
const INTERPRETER = "interpreter@example.com";
const NO_PASSWORD = "linh.tran@example.com";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How a case-insensitive order sorts ASCII text: compare lower-cased, then by id (the list's tie-break). */
function nocaseOrder(items: Interpreter[], key: (item: Interpreter) => string, direction: "asc" | "desc") {
  const sign = direction === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const [x, y] = [key(a).toLowerCase(), key(b).toLowerCase()];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.id < b.id ? -1 : 1;
  });
}

const names = (items: { fullName: string }[]) => items.map((item) => item.fullName);

/** People the list tests add: with the 7 sample people, 22, a full first page of 20 and a second page of 2. */
export const EXTRA_PEOPLE = [
  ["aaron lowercase", "aaron.lower@example.org"],
  ["Percent 100% Sure", "percent@example.org"],
  ["Under_Score Person", "underscore@example.org"],
  ["Bravo Bulk", "ZZ.UPPER@example.org"],
  ...Array.from({ length: 11 }, (_, i) => [`Bulk Person ${String(i + 1).padStart(2, "0")}`, `bulk${i + 1}@example.org`] as const),
] as const;

export function describePeopleContract(target: ContractTarget) {
  const backend = (cookie?: string) => target.backendFor(new Request(`${ORIGIN}/Dashboard`, cookie ? { headers: { Cookie: cookie } } : undefined));
  const list = (query: Partial<InterpreterQuery> = {}) => backend().interpreters.list({ search: "", sort: "name", direction: "asc", page: 1, ...query });
  const signIn = (email: string, password: string) => backend().auth.signIn({ email, password });
  /** A person's languages as the list shows them. */
  const languagesOf = async (email: string) => (await list({ search: email })).items[0]!.languages.map((language) => language.name);
  const canSignIn = async (email: string, password: string) => (await signIn(email, password)).ok;
  async function cookieOf(email: string, password: string) {
    const fresh = backend();
    const result = await fresh.auth.signIn({ email, password });
    if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
    return cookieHeader(fresh.responseHeaders.getSetCookie());
  }

  /** Every page of the listing, in order. */
  const everyone = (sort: "name" | "email", direction: "asc" | "desc") => everyPage((page) => list({ sort, direction, page }));
  const personOf = async (id: string) => (await everyone("name", "asc")).find((person) => person.id === id);
  const total = async () => (await list()).total;
  const idOf = async (email: string) => {
    const person = (await everyone("email", "asc")).find((item) => item.email.toLowerCase() === email.toLowerCase());
    if (!person) throw new Error(`no person ${email}`);
    return person.id;
  };
  const languageId = async (name: string) => {
    const language = (await backend().languages.list()).find((item) => item.name === name);
    if (!language) throw new Error(`no language ${name}`);
    return language.id;
  };
  const allLinks = async () => (await backend().links.list()).length;
  const linksOf = async (userId: string) => (await backend().links.list()).filter((link) => link.userId === userId);

  describe(`the staff screens' stores — ${target.name} adapter`, () => {
    beforeAll(() => target.prepare());

    describe("interpreters.list", () => {
      beforeAll(async () => {
        for (const [fullName, email] of EXTRA_PEOPLE) {
          const created = await backend().interpreters.create({ fullName, gender: "Female", email, phone: "+1 (555) 010-0000", password: "Extra-Pass-2025" });
          if (!created.ok) throw new Error(`could not add ${email}: ${created.reason}`);
        }
      });

      it("pages 20 at a time, with the total and page count, and clamps a page past the end to the last", async () => {
        expect(PAGE_SIZE).toBe(20);

        const first = await list();
        expect(first).toMatchObject({ total: 22, page: 1, pageCount: 2 });
        expect(first.items).toHaveLength(20);

        const second = await list({ page: 2 });
        expect(second).toMatchObject({ total: 22, page: 2, pageCount: 2 });
        expect(second.items).toHaveLength(2);
        // The two pages together are everyone, once.
        const ids = new Set([...first.items, ...second.items].map((item) => item.id));
        expect(ids.size).toBe(22);

        const beyond = await list({ page: 99 });
        expect(beyond).toMatchObject({ total: 22, page: 2, pageCount: 2 });
        expect(beyond.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
      });

      it("an empty result is page 1 of 1 with no items", async () => {
        expect(await list({ search: "no such person anywhere", page: 3 })).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
      });

      it("sorts by name, both directions, ignoring case", async () => {
        const ascending = await everyone("name", "asc");
        expect(ascending).toHaveLength(22);
        expect(ascending[0]!.fullName).toBe("aaron lowercase"); // case-sensitive order would put it last
        expect(names(ascending)).toEqual(names(nocaseOrder(ascending, (item) => item.fullName, "asc")));
        expect(names(ascending).slice(0, 4)).toEqual(["aaron lowercase", "Amira Haddad", "Bravo Bulk", "Bulk Person 01"]);

        const descending = await everyone("name", "desc");
        expect(names(descending)).toEqual(names(ascending).reverse());
        expect(descending[0]!.fullName).toBe("Wei Zhang");
      });

      it("sorts by email, both directions, ignoring case", async () => {
        const emails = (items: Interpreter[]) => items.map((item) => item.email);
        const ascending = await everyone("email", "asc");
        expect(emails(ascending)).toEqual(emails(nocaseOrder(ascending, (item) => item.email, "asc")));
        expect(emails(ascending)[0]).toBe("aaron.lower@example.org");
        // "ZZ.UPPER@…" sorts as "zz.upper@…": last, not first as a case-sensitive order would put it.
        expect(emails(ascending).at(-1)).toBe("ZZ.UPPER@example.org");

        const descending = await everyone("email", "desc");
        expect(emails(descending)).toEqual(emails(ascending).reverse());
        expect(descending[0]!.email).toBe("ZZ.UPPER@example.org");
      });

      it("searches in name, email and phone, ignoring case, with the totals of the match", async () => {
        const search = async (text: string) => {
          const page = await list({ search: text });
          expect(page.total, text).toBe(page.items.length);
          return names(page.items);
        };
        expect(await search("omar")).toEqual(["Omar Farah"]);
        expect(await search("FARAH")).toEqual(["Omar Farah"]);
        expect(await search("sofia.petrova@")).toEqual(["Sofia Petrova"]);
        expect(await search("555-0103")).toEqual(["Omar Farah"]);
        expect(await search("(307) 555-0104")).toEqual(["Sofia Petrova"]);
        expect(await search("Bulk Person")).toHaveLength(11);
        expect(await search("example.com")).toHaveLength(7);
      });

      it("matches the phone's digits whatever the formatting typed", async () => {
        for (const text of ["3075550103", "307.555.0103", "307 5550103", "+13075550103"]) {
          expect(names((await list({ search: text })).items), text).toEqual(["Omar Farah"]);
        }
      });

      it("treats % and _ in a search as the characters themselves, not wildcards", async () => {
        const search = async (text: string) => names((await list({ search: text })).items);
        expect(await search("%")).toEqual(["Percent 100% Sure"]);
        expect(await search("0% S")).toEqual(["Percent 100% Sure"]);
        expect(await search("_")).toEqual(["Under_Score Person"]);
        expect(await search("r_s")).toEqual(["Under_Score Person"]);
        expect(await search("a_r")).toEqual([]); // as a wildcard, "_" would match the "aar" of "aaron lowercase"
        expect(await search("\\")).toEqual([]);
      });

      it("gives each person their fields, role and department, and their languages alphabetically ([] for none)", async () => {
        const page = await list();
        const byName = new Map(page.items.map((item) => [item.fullName, item]));
        const languageNames = (name: string) => byName.get(name)!.languages.map((language) => language.name);
        expect(languageNames("Omar Farah")).toEqual(["Arabic", "English", "Somali"]);
        expect(languageNames("Daniel Reyes")).toEqual(["English", "Portuguese", "Spanish"]);
        expect(languageNames("Marie-Claude Joseph")).toEqual(["English", "French", "Haitian Creole"]);
        expect(languageNames("Bulk Person 01")).toEqual([]);
        expect(byName.get("Omar Farah")).toEqual({
          id: expect.any(String),
          fullName: "Omar Farah",
          email: "omar.farah@example.com",
          phone: "+1 (307) 555-0103",
          gender: "Male",
          department: "Community Interpreting",
          role: "interpreter",
          languages: [
            { id: await languageId("Arabic"), name: "Arabic" },
            { id: await languageId("English"), name: "English" },
            { id: await languageId("Somali"), name: "Somali" },
          ],
        } satisfies Interpreter);
        expect(byName.get("Amira Haddad")!.role).toBe("admin");
      });
    });

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

    describe("languages", () => {
      const listNames = async () => (await backend().languages.list()).map((language) => language.name);

      it("lists every language alphabetically, with its id", async () => {
        const list = await backend().languages.list();
        expect(list.map((language) => language.name)).toEqual([...sampleLanguages].sort());
        expect(list[0]).toEqual({ id: await languageId("American Sign Language"), name: "American Sign Language" });
      });

      it("creates a language; the same name in any case is a duplicate and is not stored", async () => {
        const created = await backend().languages.create("Swahili");
        expect(created).toEqual({ ok: true, language: { id: expect.any(Number), name: "Swahili" } });
        expect(await listNames()).toContain("Swahili");
        const count = (await listNames()).length;
        for (const name of ["Swahili", "SWAHILI", "english", "American sign language"]) {
          expect(await backend().languages.create(name), name).toEqual({ ok: false, reason: "duplicate" });
        }
        expect(await listNames()).toHaveLength(count);
      });

      it("orders a name that starts in lower case among the others (isiZulu between Haitian Creole and Korean)", async () => {
        expect((await backend().languages.create("isiZulu")).ok).toBe(true);
        const list = await listNames();
        expect(list.slice(list.indexOf("Haitian Creole"), list.indexOf("Haitian Creole") + 3)).toEqual(["Haitian Creole", "isiZulu", "Korean"]);
      });

      it("renames: ok, a duplicate of another language (any case), an unknown id", async () => {
        const id = await languageId("Swahili");
        expect(await backend().languages.rename(id, "Kiswahili")).toEqual({ ok: true });
        expect(await listNames()).toContain("Kiswahili");
        expect(await listNames()).not.toContain("Swahili");

        // A change of case of its own name is not a duplicate.
        expect(await backend().languages.rename(id, "KISWAHILI")).toEqual({ ok: true });
        expect(await backend().languages.rename(id, "Kiswahili")).toEqual({ ok: true });

        for (const name of ["French", "french", "TAGALOG"]) {
          expect(await backend().languages.rename(id, name), name).toEqual({ ok: false, reason: "duplicate" });
        }
        expect((await backend().languages.list()).find((language) => language.id === id)?.name).toBe("Kiswahili");

        expect(await backend().languages.rename(999_999, "Klingon")).toEqual({ ok: false, reason: "not-found" });
        expect(await listNames()).not.toContain("Klingon");
      });

      it("removes a language with every link to it; an unknown id is not-found", async () => {
        const id = await languageId("Kiswahili");
        for (const email of [ADMIN, INTERPRETER, "omar.farah@example.com"]) expect((await backend().links.link(await idOf(email), id)).ok).toBe(true);
        const linksFor = async () => (await backend().links.list()).filter((link) => link.languageId === id).length;
        expect(await linksFor()).toBe(3);
        const otherLinks = (await allLinks()) - 3;

        expect(await backend().languages.remove(id)).toEqual({ ok: true, name: "Kiswahili" });
        expect(await linksFor()).toBe(0);
        expect((await backend().languages.list()).some((language) => language.id === id)).toBe(false);
        expect(await allLinks()).toBe(otherLinks);
        expect(await languagesOf("omar.farah@example.com")).not.toContain("Kiswahili");

        expect(await backend().languages.remove(id)).toEqual({ ok: false, reason: "not-found" });
        expect(await backend().languages.remove(999_999)).toEqual({ ok: false, reason: "not-found" });
      });
    });

    describe("links", () => {
      it("links an interpreter to a language and returns the link with both names", async () => {
        const linh = await idOf(NO_PASSWORD);
        const french = await languageId("French");
        const result = await backend().links.link(linh, french);
        expect(result).toEqual({
          ok: true,
          link: { id: expect.any(Number), userId: linh, userName: "Linh Tran", languageId: french, languageName: "French" },
        });
        expect(await languagesOf(NO_PASSWORD)).toEqual(["English", "French", "Vietnamese"]);
      });

      it("the same pair twice is a duplicate, and exactly one link remains", async () => {
        const linh = await idOf(NO_PASSWORD);
        const french = await languageId("French");
        expect(await backend().links.link(linh, french)).toEqual({ ok: false, reason: "duplicate" });
        expect((await linksOf(linh)).filter((link) => link.languageId === french)).toHaveLength(1);
      });

      it("an unknown interpreter or language is not-found, and nothing is stored", async () => {
        const before = await allLinks();
        const linh = await idOf(NO_PASSWORD);
        expect(await backend().links.link(crypto.randomUUID(), await languageId("French"))).toEqual({ ok: false, reason: "not-found" });
        expect(await backend().links.link(linh, 999_999)).toEqual({ ok: false, reason: "not-found" });
        expect(await backend().links.link(crypto.randomUUID(), 999_999)).toEqual({ ok: false, reason: "not-found" });
        expect(await allLinks()).toBe(before);
      });

      it("unlinks and returns the removed link; an unknown link is not-found", async () => {
        const linh = await idOf(NO_PASSWORD);
        const french = await languageId("French");
        const { id } = (await linksOf(linh)).find((link) => link.languageId === french)!;
        expect(await backend().links.unlink(id)).toEqual({
          ok: true,
          link: { id, userId: linh, userName: "Linh Tran", languageId: french, languageName: "French" },
        });
        expect((await backend().links.list()).some((link) => link.id === id)).toBe(false);
        expect(await languagesOf(NO_PASSWORD)).toEqual(["English", "Vietnamese"]);

        const before = await allLinks();
        expect(await backend().links.unlink(id)).toEqual({ ok: false, reason: "not-found" });
        expect(await backend().links.unlink(999_999)).toEqual({ ok: false, reason: "not-found" });
        expect(await allLinks()).toBe(before);
      });

      it("forUser lists a signed-in interpreter's own languages alphabetically, ignoring case, and [] for anyone else", async () => {
        const daniel = await idOf(INTERPRETER);
        const own = backend(await cookieOf(INTERPRETER, SAMPLE_PASSWORD)).links;
        expect(await own.forUser(daniel)).toEqual([
          { id: await languageId("English"), name: "English" },
          { id: await languageId("Portuguese"), name: "Portuguese" },
          { id: await languageId("Spanish"), name: "Spanish" },
        ]);
        expect((await backend().links.link(daniel, await languageId("isiZulu"))).ok).toBe(true);
        expect((await own.forUser(daniel)).map((language) => language.name)).toEqual(["English", "isiZulu", "Portuguese", "Spanish"]);
        // The list shows the same order.
        expect(await languagesOf(INTERPRETER)).toEqual(["English", "isiZulu", "Portuguese", "Spanish"]);

        expect(await own.forUser(crypto.randomUUID())).toEqual([]);
      });

      it("list holds every link, by interpreter then language", async () => {
        const list = await backend().links.list();
        const daniel = list.filter((link) => link.userName === "Daniel Reyes").map((link) => link.languageName);
        expect(daniel).toEqual(["English", "isiZulu", "Portuguese", "Spanish"]);
        const order = list.map((link) => `${link.userName.toLowerCase()}\u0000${link.languageName.toLowerCase()}`);
        expect(order).toEqual([...order].sort());
      });
    });
  });
}
