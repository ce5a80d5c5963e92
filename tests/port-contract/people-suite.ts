// The port's contract for the staff screens' stores (InterpreterStore, LanguageStore, LinkStore): search, sort and
// pages of the people list, what a create, an update or a removal answers and leaves behind, and the languages and
// links, as seen through the port. Called from tests/port-contract/d1.test.ts and supabase.test.ts. It counts people
// and links, so it needs a store holding the sample content and nothing else, and its tests run in order on it. This
// file holds the people list; the changes to people are in people-edits-suite.ts, the languages and links in
// people-languages-suite.ts, both run inside this suite, after the list.
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, type Interpreter } from "~/domain/people";
import { peopleHelpers } from "./people-helpers";
import { describePeopleEditsContract } from "./people-edits-suite";
import { describePeopleLanguagesContract } from "./people-languages-suite";
import type { ContractTarget } from "./target";

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
  const helpers = peopleHelpers(target);
  const { backend, list, everyone, languageId } = helpers;

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

    describePeopleEditsContract(helpers);

    describePeopleLanguagesContract(helpers);
  });
}
