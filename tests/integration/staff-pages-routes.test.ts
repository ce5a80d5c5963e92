// The staff screens' pages (/Dashboard/Interpreter, /Dashboard/Language, /Dashboard/UserLanguages), called the
// way React Router calls them, against a real D1 with the sample people: what each page lists and reads from its
// URL, and what the pages and forms answer when the database fails.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as interpreters from "~/routes/dashboard/interpreters";
import * as languages from "~/routes/dashboard/languages";
import * as userLanguages from "~/routes/dashboard/user-languages";
import { count, failure, idOf, rows, seededAndSignedIn } from "./helpers";
import { ADMIN, get, INTERPRETERS, LANGUAGES, LINKS, post, validPerson } from "./staff-helpers";

const cookies = seededAndSignedIn();
afterEach(() => vi.restoreAllMocks());

describe("loaders", () => {
  type InterpreterData = Awaited<ReturnType<typeof interpreters.loader>>;
  const list = (data: InterpreterData) => {
    if (!data.list.ok) throw new Error(`the list failed (reference ${data.list.reference})`);
    return data.list.value;
  };

  it("the interpreters page reads ?q, ?sort, ?dir, ?page, ?edit and ?delete from the URL", async () => {
    const omar = await idOf("omar.farah@example.com");
    const adminId = await idOf(ADMIN);
    const found = await interpreters.loader(get(`${INTERPRETERS}?q=%20omar%20&edit=${omar}&delete=xyz`, cookies.admin));
    expect(found.query).toEqual({ search: "omar", sort: "name", direction: "asc", page: 1 });
    expect(list(found).items.map((item) => item.fullName)).toEqual(["Omar Farah"]);
    expect(list(found)).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(found.editId).toBe(omar);
    expect(found.deleteId).toBe("xyz");
    expect(found.selfId).toBe(adminId);
    expect(found.toasts).toEqual([]);

    const byEmail = await interpreters.loader(get(`${INTERPRETERS}?sort=email&dir=desc&page=99`, cookies.admin));
    expect(byEmail.query).toEqual({ search: "", sort: "email", direction: "desc", page: 99 });
    const page = list(byEmail);
    expect(page.page).toBe(page.pageCount); // clamped to the last page
    expect(page.total).toBe(await rows("users"));
    const emails = page.items.map((item) => item.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    expect(byEmail.editId).toBeNull();
    expect(byEmail.deleteId).toBeNull();

    const defaults = await interpreters.loader(get(`${INTERPRETERS}?sort=phone&dir=sideways&page=-3`, cookies.admin));
    expect(defaults.query).toEqual({ search: "", sort: "name", direction: "asc", page: 1 });
    const namesAsc = list(defaults).items.map((item) => item.fullName.toLowerCase());
    expect(namesAsc).toEqual([...namesAsc].sort());
  });

  it("the languages and interpreter-language pages list their data", async () => {
    const languagesData = await languages.loader(get(`${LANGUAGES}?edit=3&delete=4`, cookies.admin));
    expect(languagesData.languages.ok).toBe(true);
    const names = languagesData.languages.ok ? languagesData.languages.value.map((language) => language.name) : [];
    expect(names[0]).toBe("American Sign Language");
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(languagesData).toMatchObject({ editId: "3", deleteId: "4", toasts: [] });

    const linksData = await userLanguages.loader(get(`${LINKS}?delete=7`, cookies.admin));
    expect(linksData).toMatchObject({ data: { ok: true }, deleteId: "7", toasts: [] });
    if (!linksData.data.ok) return;
    const [people, languageList, links] = linksData.data.value;
    expect(people[0]).toEqual({ id: await idOf(ADMIN), fullName: "Amira Haddad", email: ADMIN });
    expect(languageList).toHaveLength(await rows("languages"));
    // A page of the links (50), with the total; the people a few at a time (the person field's first suggestions).
    expect(links.total).toBe(await rows("user_languages"));
    expect(links.items).toHaveLength(Math.min(50, await rows("user_languages")));
    expect(people.length).toBeLessThanOrEqual(10);
  });
});

// Last in the file (each file has its own database): the database breaks — the users insert fails and the
// languages table is gone — while sign-in (accounts, sessions, users) still works.
describe("when the database fails", () => {
  beforeAll(async () => {
    await env.DB.prepare("CREATE TRIGGER users_insert_fails BEFORE INSERT ON users BEGIN SELECT RAISE(ABORT, 'simulated outage'); END").run();
    await env.DB.prepare("DROP TABLE languages").run();
  });

  it("the pages still load, with list.ok false and the 'Failed to fetch data ...' toast", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchFailed = [{ id: "content-fetch-failed", type: "error", message: "Failed to fetch data ..." }];

    const interpretersData = await interpreters.loader(get(`${INTERPRETERS}?q=omar`, cookies.admin));
    // The page gets a reference to quote, never the database's words; the log line with the error has the same one.
    expect(interpretersData.list).toEqual({ ok: false, reference: expect.stringMatching(/^[0-9a-f]{8}$/) });
    const reference = (interpretersData.list as { reference: string }).reference;
    expect(error.mock.calls.some((call) => call.map(String).join(" ").includes(reference))).toBe(true);
    expect(interpretersData.toasts).toEqual(fetchFailed);
    expect(interpretersData.query.search).toBe("omar");

    const languagesData = await languages.loader(get(LANGUAGES, cookies.admin));
    expect(languagesData.languages.ok).toBe(false);
    expect(languagesData.toasts).toEqual(fetchFailed);

    const linksData = await userLanguages.loader(get(LINKS, cookies.admin));
    expect(linksData.data.ok).toBe(false);
    expect(linksData.toasts).toEqual(fetchFailed);
    expect(error).toHaveBeenCalledTimes(3);
  });

  it("adding an interpreter answers 500 'Unexpected error: <the database's message>', keeps the values, stores nothing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = [await rows("accounts"), await rows("users")];
    const answer = failure(await interpreters.action(post(INTERPRETERS, { intent: "create", ...validPerson, email: "outage@example.com" }, cookies.admin)));
    expect(answer.status).toBe(500);
    expect(answer.formError).toMatch(/^Unexpected error: .*simulated outage/);
    expect(answer.toast).toMatchObject({ type: "error", message: answer.formError });
    expect(answer.intent).toBe("create");
    expect(answer.values).toMatchObject({ full_name: "Grace Obi", email: "outage@example.com" });
    expect(answer.values).not.toHaveProperty("password");
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = 'outage@example.com'")).toBe(0);
    expect([await rows("accounts"), await rows("users")]).toEqual(before);
    expect(error).toHaveBeenCalled();
  });

  it("language and link actions answer 500 with a reference to the log line, never the database's own message", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const omar = await idOf("omar.farah@example.com");
    const attempts = [
      { label: "add language", run: () => languages.action(post(LANGUAGES, { intent: "create", name: "Swahili" }, cookies.admin)), intent: "create" },
      {
        label: "rename language",
        run: () => languages.action(post(LANGUAGES, { intent: "update", id: "1", name: "Arabic (MSA)" }, cookies.admin)),
        intent: "update",
      },
      { label: "delete language", run: () => languages.action(post(LANGUAGES, { intent: "delete", id: "1" }, cookies.admin)), intent: "delete" },
      { label: "add link", run: () => userLanguages.action(post(LINKS, { intent: "create", userId: omar, languageId: "1" }, cookies.admin)), intent: "create" },
      { label: "delete link", run: () => userLanguages.action(post(LINKS, { intent: "delete", id: "1" }, cookies.admin)), intent: "delete" },
    ];
    for (const attempt of attempts) {
      const answer = failure(await attempt.run());
      expect(answer.status, attempt.label).toBe(500);
      const reference = /reference to whoever looks after the site: ([0-9a-f]{8})\.$/.exec(answer.formError ?? "")?.[1];
      expect(reference, `${attempt.label}: ${answer.formError}`).toBeDefined();
      // The backend's text (it names the table) is in the log, beside the same reference, not on the page.
      expect(answer.formError, attempt.label).not.toMatch(/languages|SQLITE|D1_ERROR/);
      expect(
        error.mock.calls.some(([line, cause]) => String(line).includes(`reference ${reference}`) && /languages/.test(String(cause))),
        attempt.label,
      ).toBe(true);
      expect(answer.toast, attempt.label).toMatchObject({ type: "error", message: answer.formError });
      expect(answer.intent, attempt.label).toBe(attempt.intent);
    }
    expect(error).toHaveBeenCalledTimes(attempts.length);
  });
});
