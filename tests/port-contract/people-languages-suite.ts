// The port's contract for the languages and the links between people and languages on the staff screens: names
// unique in any case and in alphabetical order, a removal taking its links along, and each person's own languages.
// Part of describePeopleContract (people-suite.ts), run after the changes to people, on the same store.
import { describe, expect, it } from "vitest";
import { languages as sampleLanguages, SAMPLE_PASSWORD } from "../../seed/content";
import { ADMIN, INTERPRETER, NO_PASSWORD, type PeopleHelpers } from "./people-helpers";

export function describePeopleLanguagesContract({ backend, languagesOf, cookieOf, idOf, languageId, allLinks, linksOf }: PeopleHelpers) {
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
}
