// The languages screen (/Dashboard/Language) and the interpreter-language links (/Dashboard/UserLanguages),
// called the way React Router calls them, against a real D1 with the sample people: what each form's intent
// stores and the messages the admin sees.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as languages from "~/routes/dashboard/languages";
import * as userLanguages from "~/routes/dashboard/user-languages";
import { count, failure, idOf, languageId, redirected, rows, seededAndSignedIn } from "./helpers";
import { INTERPRETER, LANGUAGES, LINKS, post, snapshot } from "./staff-helpers";

const NOT_FOUND_LANGUAGE = "That language no longer exists. The list has been refreshed.";
const NOT_FOUND_LINK = "That interpreter or language no longer exists. The lists have been refreshed.";

const linkCount = (userId: string, languageIdValue: number) =>
  count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ? AND language_id = ?", userId, languageIdValue);

const cookies = seededAndSignedIn();

describe("language actions", () => {
  const act = (fields: Record<string, string>, path = LANGUAGES) => languages.action(post(path, fields, cookies.admin));
  const nameOf = async (id: number) => (await env.DB.prepare("SELECT name FROM languages WHERE id = ?").bind(id).first<{ name: string }>())?.name ?? null;

  it("adds a trimmed name: '  Swahili  ' is stored as 'Swahili', toast 'Swahili added.'", async () => {
    const { location, toast } = await redirected(await act({ intent: "create", name: "  Swahili  " }));
    expect(location).toBe(`${LANGUAGES}?#add-language`);
    expect(toast).toMatchObject({ type: "success", message: "Swahili added." });
    expect(await count("SELECT COUNT(*) AS n FROM languages WHERE name = 'Swahili'")).toBe(1);
  });

  it("an empty name: 400 'Please enter a language name.', nothing stored", async () => {
    const before = await rows("languages");
    for (const name of ["   ", ""]) {
      const answer = failure(await act({ intent: "create", name }));
      expect(answer.status).toBe(400);
      expect(answer.errors).toEqual({ name: "Please enter a language name." });
      expect(answer.intent).toBe("create");
    }
    expect(failure(await act({ intent: "create" })).errors).toEqual({ name: "Please enter a language name." });
    expect(await rows("languages")).toBe(before);
  });

  it("a name already in the list, in any case: 409 '“ENGLISH” is already in the list.', nothing stored", async () => {
    const before = await rows("languages");
    const answer = failure(await act({ intent: "create", name: " ENGLISH " }));
    expect(answer.status).toBe(409);
    expect(answer.errors).toEqual({ name: "“ENGLISH” is already in the list." });
    expect(answer.values).toEqual({ name: "ENGLISH" });
    expect(answer.intent).toBe("create");
    expect(await rows("languages")).toBe(before);
  });

  it("renames: ok with 'Renamed to <name>.', empty (400), duplicate (409), unknown id (404)", async () => {
    const id = await languageId("Swahili");
    const renamed = await redirected(await act({ intent: "update", id: String(id), name: " Kiswahili " }, `${LANGUAGES}?edit=${id}`));
    expect(renamed.location).toBe(`${LANGUAGES}?#language-${id}`);
    expect(renamed.toast).toMatchObject({ type: "success", message: "Renamed to Kiswahili." });
    expect(await nameOf(id)).toBe("Kiswahili");

    const empty = failure(await act({ intent: "update", id: String(id), name: "  " }));
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual({ name: "Please enter a language name." });
    expect(empty).toMatchObject({ intent: "update", id: String(id) });

    const duplicate = failure(await act({ intent: "update", id: String(id), name: "french" }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.errors).toEqual({ name: "“french” is already in the list." });
    expect(duplicate).toMatchObject({ intent: "update", id: String(id) });
    expect(await nameOf(id)).toBe("Kiswahili");

    const unknown = failure(await act({ intent: "update", id: "999999", name: "Klingon" }));
    expect(unknown.status).toBe(404);
    expect(unknown.formError).toBe(NOT_FOUND_LANGUAGE);
    expect(await count("SELECT COUNT(*) AS n FROM languages WHERE name = 'Klingon'")).toBe(0);
  });

  it("deletes with its links: toast '<name> was deleted, with its interpreter links.'; an unknown id is 404", async () => {
    const id = await languageId("Kiswahili");
    await env.DB.prepare("INSERT INTO user_languages (user_id, language_id) VALUES (?, ?)")
      .bind(await idOf(INTERPRETER), id)
      .run();
    const { location, toast } = await redirected(await act({ intent: "delete", id: String(id) }, `${LANGUAGES}?delete=${id}`));
    expect(location).toBe(`${LANGUAGES}?#languages-list`);
    expect(toast).toMatchObject({ type: "success", message: "Kiswahili was deleted, with its interpreter links." });
    expect(await nameOf(id)).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM user_languages WHERE language_id = ?", id)).toBe(0);

    const before = await snapshot();
    for (const unknownId of [String(id), "999999", "", "abc"]) {
      const answer = failure(await act({ intent: "delete", id: unknownId }));
      expect(answer.status, unknownId).toBe(404);
      expect(answer.formError).toBe(NOT_FOUND_LANGUAGE);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("interpreter-language actions", () => {
  const act = (fields: Record<string, string>, path = LINKS) => userLanguages.action(post(path, fields, cookies.admin));

  it("links: 302 with '<user> now speaks <language>.'", async () => {
    const [omar, german] = [await idOf("omar.farah@example.com"), await languageId("German")];
    const { location, toast } = await redirected(await act({ intent: "create", userId: omar, languageId: String(german) }));
    expect(location).toBe(`${LINKS}?#add-link`);
    expect(toast).toMatchObject({ type: "success", message: "Omar Farah now speaks German." });
    expect(await linkCount(omar, german)).toBe(1);
  });

  it("a missing interpreter and/or language: 400 with the field's message, nothing stored", async () => {
    const before = await rows("user_languages");
    const omar = await idOf("omar.farah@example.com");
    const german = String(await languageId("German"));
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, { userId: "Please choose an interpreter.", languageId: "Please choose a language." }],
      [
        { userId: "", languageId: "" },
        { userId: "Please choose an interpreter.", languageId: "Please choose a language." },
      ],
      [{ userId: omar, languageId: "" }, { languageId: "Please choose a language." }],
      [{ userId: omar }, { languageId: "Please choose a language." }],
      [{ userId: omar, languageId: "abc" }, { languageId: "Please choose a language." }],
      [{ userId: "", languageId: german }, { userId: "Please choose an interpreter." }],
    ];
    for (const [fields, errors] of cases) {
      const answer = failure(await act({ intent: "create", ...fields }));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.errors, JSON.stringify(fields)).toEqual(errors);
      expect(answer.intent).toBe("create");
    }
    expect(await rows("user_languages")).toBe(before);
  });

  it("the same link twice: 409 '<user> is already linked to <language>.', and one row", async () => {
    const [omar, german] = [await idOf("omar.farah@example.com"), await languageId("German")];
    const answer = failure(await act({ intent: "create", userId: omar, languageId: String(german) }));
    expect(answer.status).toBe(409);
    expect(answer.formError).toBe("Omar Farah is already linked to German.");
    expect(answer.values).toEqual({ userId: omar, languageId: String(german) });
    expect(await linkCount(omar, german)).toBe(1);
  });

  it("the person field: a typed part of a name or a picked suggestion names one person; none or several is a field message", async () => {
    const [omar, french] = [await idOf("omar.farah@example.com"), await languageId("French")];
    const before = await rows("user_languages");
    expect(failure(await act({ intent: "create", userId: "nobody-by-this-name", languageId: String(french) }))).toMatchObject({
      status: 400,
      errors: { userId: "No one matches “nobody-by-this-name”. Check the spelling, or type their e-mail." },
      values: { userId: "nobody-by-this-name" },
    });
    // "@example.com" is in everyone's e-mail.
    expect(failure(await act({ intent: "create", userId: "@example.com", languageId: String(french) })).errors).toEqual({
      userId: "Several people match “@example.com”. Type more of the name, or their e-mail.",
    });
    expect(await rows("user_languages")).toBe(before);
    const { toast } = await redirected(await act({ intent: "create", userId: "Omar Farah <omar.farah@example.com>", languageId: String(french) }));
    expect(toast).toMatchObject({ type: "success", message: expect.stringContaining("Omar Farah") });
    expect(await linkCount(omar, french)).toBe(1);
    await env.DB.prepare("DELETE FROM user_languages WHERE user_id = ? AND language_id = ?").bind(omar, french).run();
    await redirected(await act({ intent: "create", userId: "OMAR FAR", languageId: String(french) }));
    expect(await linkCount(omar, french)).toBe(1);
    await env.DB.prepare("DELETE FROM user_languages WHERE user_id = ? AND language_id = ?").bind(omar, french).run();
  });

  it("an interpreter or language that no longer exists: 404, nothing stored", async () => {
    const before = await rows("user_languages");
    const answer = failure(await act({ intent: "create", userId: crypto.randomUUID(), languageId: String(await languageId("German")) }));
    expect(answer.status).toBe(404);
    expect(answer.formError).toBe(NOT_FOUND_LINK);
    expect(failure(await act({ intent: "create", userId: await idOf(INTERPRETER), languageId: "999999" })).status).toBe(404);
    expect(await rows("user_languages")).toBe(before);
  });

  it("removes a link: toast '<user> no longer listed for <language>.'; an unknown link is 404", async () => {
    const [omar, german] = [await idOf("omar.farah@example.com"), await languageId("German")];
    const id = (await env.DB.prepare("SELECT id FROM user_languages WHERE user_id = ? AND language_id = ?").bind(omar, german).first<{ id: number }>())!.id;
    const { location, toast } = await redirected(await act({ intent: "delete", id: String(id) }, `${LINKS}?delete=${id}`));
    expect(location).toBe(`${LINKS}?#links-list`);
    expect(toast).toMatchObject({ type: "success", message: "Omar Farah no longer listed for German." });
    expect(await linkCount(omar, german)).toBe(0);

    const before = await rows("user_languages");
    for (const unknownId of [String(id), "999999", ""]) {
      const answer = failure(await act({ intent: "delete", id: unknownId }));
      expect(answer.status, unknownId).toBe(404);
      expect(answer.formError).toBe(NOT_FOUND_LINK);
    }
    expect(await rows("user_languages")).toBe(before);
  });
});
