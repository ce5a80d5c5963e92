// SPEC §7 "GET, INSERT (name), UPDATE (name, matched by id), DELETE (matched by id) on languages", "GET
// user_languages (id, user_id, language_id); INSERT (user_id, language_id); DELETE where id equals the row id",
// "GET users … and languages (id, name) for the link screen" and "GET user_languages with language_id and
// languages(name) where user_id equals the current user".
import { beforeAll, describe, expect, it } from "vitest";
import { languages as sampleLanguages, people } from "../../seed/content";
import { backendFor, double, idOf, INTERPRETER, languageIdOf, signIn, step } from "./helpers";

const calls = (requests: { shape: string | null; status: number }[]) => requests.map(({ shape, status }) => `${shape} ${status}`);
const languageNames = async () => (await backendFor().languages.list()).map((language) => language.name);

beforeAll(() => double.reset());

describe("languages", () => {
  it("lists every language by name", async () => {
    const { result, shapes } = await step(() => backendFor().languages.list());
    expect(result.map((language) => language.name)).toEqual([...sampleLanguages].sort());
    expect(result[0]).toEqual({ id: await languageIdOf("American Sign Language"), name: "American Sign Language" });
    expect(shapes).toEqual(["rest.languages.list"]);
  });

  it("adds a language and returns it; a name that exists in any case is a duplicate", async () => {
    const { result, requests } = await step(() => backendFor().languages.create("Swahili"));
    expect(result).toEqual({ ok: true, language: { id: expect.any(Number), name: "Swahili" } });
    expect(calls(requests)).toEqual(["rest.languages.insert 201"]);
    expect(await languageNames()).toContain("Swahili");

    const duplicate = await step(() => backendFor().languages.create("sWAHILI"));
    expect(duplicate.result).toEqual({ ok: false, reason: "duplicate" });
    expect(calls(duplicate.requests)).toEqual(["rest.languages.insert 409"]);
  });

  it("renames by id; to an existing name is a duplicate; an unknown id is not-found", async () => {
    const id = await languageIdOf("Swahili");
    const { result, requests } = await step(() => backendFor().languages.rename(id, "Kiswahili"));
    expect(result).toEqual({ ok: true });
    expect(calls(requests)).toEqual(["rest.languages.rename 200"]);
    expect(requests[0]!.url).toContain(`id=eq.${id}`);
    expect(await languageNames()).toContain("Kiswahili");

    expect((await step(() => backendFor().languages.rename(id, "arabic"))).result).toEqual({ ok: false, reason: "duplicate" });
    expect((await step(() => backendFor().languages.rename(999_999, "Klingon"))).result).toEqual({ ok: false, reason: "not-found" });
    expect(await languageNames()).not.toContain("Klingon");
  });

  it("removes a language with every link to it; an unknown id is not-found", async () => {
    const id = await languageIdOf("Somali");
    const omar = await idOf("omar.farah@example.com");
    const { result, requests } = await step(() => backendFor().languages.remove(id));
    expect(result).toEqual({ ok: true, name: "Somali" });
    expect(calls(requests)).toEqual(["rest.languages.delete 200"]);
    expect((await double.table<{ language_id: number }>("user_languages")).filter((link) => link.language_id === id)).toEqual([]);
    const list = await backendFor().interpreters.list({ search: "omar", sort: "name", direction: "asc", page: 1 });
    expect(list.items[0]!.languages.map((language) => language.name)).toEqual(["Arabic", "English"]);
    expect(list.items[0]!.id).toBe(omar);

    expect((await step(() => backendFor().languages.remove(id))).result).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("links", () => {
  it("the languages a call can be made in: each linked language once, in one SQL function", async () => {
    const all = await backendFor().links.list();
    const { result, shapes } = await step(() => backendFor().links.languages());
    expect(shapes).toEqual(["rpc.push_linked_languages"]);
    expect(result.map((language) => language.id).sort((a, b) => a - b)).toEqual([...new Set(all.map((link) => link.languageId))].sort((a, b) => a - b));
    expect(Object.keys(result[0]!).sort()).toEqual(["id", "name"]);
  });

  it("the link screen reads one page (50) by person then language, with the total, in one SQL function", async () => {
    const all = await backendFor().links.list();
    const { result, shapes } = await step(() => backendFor().links.page(1));
    expect(shapes).toEqual(["rpc.push_list_links"]);
    expect(result.total).toBe(all.length);
    expect(result.items.map((link) => [link.userName, link.languageName])).toEqual(all.slice(0, 50).map((link) => [link.userName, link.languageName]));
    expect((await backendFor().links.page(99)).items).toEqual([]);
  });

  it("lists every link with the person's and the language's names, by person then language", async () => {
    const { result, shapes } = await step(() => backendFor().links.list());
    // The sample links, less the Somali one removed above.
    const expected = people
      .flatMap((person) => person.languages.filter((name) => name !== "Somali").map((name) => [person.full_name, name] as const))
      .sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));
    expect(result.map((link) => [link.userName, link.languageName])).toEqual(expected);
    expect(result[0]).toEqual({
      id: expect.any(Number),
      userId: await idOf("admin@example.com"),
      userName: "Amira Haddad",
      languageId: await languageIdOf("Arabic"),
      languageName: "Arabic",
    });
    // The three lists of the link screen, with the service role.
    expect([...shapes].sort()).toEqual(["rest.languages.link-names", "rest.user_languages.list", "rest.users.link-names"]);
  });

  it("links an interpreter to a language and returns the link with its names; the same pair again is a duplicate", async () => {
    const userId = await idOf("wei.zhang@example.com");
    const languageId = await languageIdOf("Spanish");
    const { result, requests } = await step(() => backendFor().links.link(userId, languageId));
    expect(result).toEqual({ ok: true, link: { id: expect.any(Number), userId, userName: "Wei Zhang", languageId, languageName: "Spanish" } });
    expect(calls(requests).slice(0, 1)).toEqual(["rest.user_languages.insert 201"]);

    const again = await step(() => backendFor().links.link(userId, languageId));
    expect(again.result).toEqual({ ok: false, reason: "duplicate" });
    expect(calls(again.requests)).toEqual(["rest.user_languages.insert 409"]);
  });

  it("an unknown person or language is not-found (the foreign keys refuse it)", async () => {
    const userId = await idOf("wei.zhang@example.com");
    const french = await languageIdOf("French");
    const missingPerson = await step(() => backendFor().links.link(crypto.randomUUID(), french));
    expect(missingPerson.result).toEqual({ ok: false, reason: "not-found" });
    expect(calls(missingPerson.requests)).toEqual(["rest.user_languages.insert 409"]);
    expect((await step(() => backendFor().links.link(userId, 999_999))).result).toEqual({ ok: false, reason: "not-found" });
  });

  it("unlinks by the row id and returns what was removed; again is not-found", async () => {
    const link = (await backendFor().links.list()).find((item) => item.userName === "Wei Zhang" && item.languageName === "Spanish")!;
    const { result, shapes } = await step(() => backendFor().links.unlink(link.id));
    expect(result).toEqual({ ok: true, link });
    expect(shapes).toContain("rest.user_languages.delete");
    expect((await backendFor().links.list()).map((item) => item.id)).not.toContain(link.id);
    expect((await step(() => backendFor().links.unlink(link.id))).result).toEqual({ ok: false, reason: "not-found" });
  });

  it("a signed-in interpreter's own languages come with their access token, alphabetically", async () => {
    const { cookie } = await signIn(INTERPRETER);
    const userId = await idOf(INTERPRETER);
    const { result, requests } = await step(() => backendFor(cookie).links.forUser(userId));
    expect(result).toEqual([
      { id: await languageIdOf("English"), name: "English" },
      { id: await languageIdOf("Portuguese"), name: "Portuguese" },
      { id: await languageIdOf("Spanish"), name: "Spanish" },
    ]);
    expect(requests.map(({ shape, credentials }) => ({ shape, credentials }))).toEqual([{ shape: "rest.user_languages.own", credentials: "user" }]);
    expect(requests[0]!.url).toContain(`user_id=eq.${userId}`);
  });
});
