// The D1 adapter's InterpreterStore, LanguageStore and LinkStore against the real schema and the sample
// people and languages: search, sort and pages of the list, all-or-nothing writes, and what a delete takes with it.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, type Interpreter } from "~/domain/people";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { backendFor, count, idOf, languageId, rows, seed, usersRow } from "./helpers";

const ADMIN = "admin@example.com";
const INTERPRETER = "interpreter@example.com";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const store = () => backendFor();

const accountEmail = async (id: string) => (await env.DB.prepare("SELECT email FROM accounts WHERE id = ?").bind(id).first<{ email: string }>())?.email ?? null;
const accountsWithEmail = (email: string) => count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", email);

/** A person straight in the tables (no usable password): quick to make, for the list tests. */
async function insertPerson(fullName: string, email: string, phone = "+1 (555) 010-0000") {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, 'disabled')").bind(id, email),
    env.DB.prepare(`INSERT INTO users (id, full_name, email, phone, "Gender", role) VALUES (?, ?, ?, ?, 'Female', 'interpreter')`).bind(
      id,
      fullName,
      email,
      phone,
    ),
  ]);
  return id;
}

/** An account whose users row carries another email: adding `usersEmail` then fails only at the users insert. */
async function insertMismatchedAccount(accountEmailAddress: string, usersEmail: string) {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, 'disabled')").bind(id, accountEmailAddress),
    env.DB.prepare(`INSERT INTO users (id, full_name, email, phone, "Gender", role) VALUES (?, 'Mismatched Row', ?, '', '', 'interpreter')`).bind(
      id,
      usersEmail,
    ),
  ]);
  return id;
}

async function signIn(email: string, password: string) {
  return backendFor().auth.signIn({ email, password });
}
async function cookieOf(email: string, password: string) {
  const backend = backendFor();
  const result = await backend.auth.signIn({ email, password });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
  return backend.responseHeaders.get("Set-Cookie")!.split(";")[0]!;
}

/** Every page of a listing, in order. */
async function everyone(sort: "name" | "email", direction: "asc" | "desc", search = "") {
  const first = await store().interpreters.list({ search, sort, direction, page: 1 });
  const items = [...first.items];
  for (let page = 2; page <= first.pageCount; page++) {
    items.push(...(await store().interpreters.list({ search, sort, direction, page })).items);
  }
  return items;
}

/** How SQLite's NOCASE orders ASCII text: compare lower-cased, then by id (the list's tie-break). */
function nocaseOrder(items: Interpreter[], key: (item: Interpreter) => string, direction: "asc" | "desc") {
  const sign = direction === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const [x, y] = [key(a).toLowerCase(), key(b).toLowerCase()];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.id < b.id ? -1 : 1;
  });
}

const names = (items: { fullName: string }[]) => items.map((item) => item.fullName);

beforeAll(seed);

describe("interpreters.list", () => {
  // 7 sample people + 15 here = 22: a full first page of 20 and a second page of 2.
  const extra = [
    ["aaron lowercase", "aaron.lower@example.org"],
    ["Percent 100% Sure", "percent@example.org"],
    ["Under_Score Person", "underscore@example.org"],
    ["Bravo Bulk", "ZZ.UPPER@example.org"],
    ...Array.from({ length: 11 }, (_, i) => [`Bulk Person ${String(i + 1).padStart(2, "0")}`, `bulk${i + 1}@example.org`] as const),
  ] as const;

  beforeAll(async () => {
    for (const [name, email] of extra) await insertPerson(name, email);
  });

  it("pages 20 at a time, with the total and page count, and clamps a page past the end to the last", async () => {
    expect(PAGE_SIZE).toBe(20);
    expect(await rows("users")).toBe(22);

    const first = await store().interpreters.list({ search: "", sort: "name", direction: "asc", page: 1 });
    expect(first).toMatchObject({ total: 22, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(20);

    const second = await store().interpreters.list({ search: "", sort: "name", direction: "asc", page: 2 });
    expect(second).toMatchObject({ total: 22, page: 2, pageCount: 2 });
    expect(second.items).toHaveLength(2);
    // The two pages together are everyone, once.
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(22);

    const beyond = await store().interpreters.list({ search: "", sort: "name", direction: "asc", page: 99 });
    expect(beyond).toMatchObject({ total: 22, page: 2, pageCount: 2 });
    expect(beyond.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
  });

  it("an empty result is page 1 of 1 with no items", async () => {
    expect(await store().interpreters.list({ search: "no such person anywhere", sort: "name", direction: "asc", page: 3 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
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
      const page = await store().interpreters.list({ search: text, sort: "name", direction: "asc", page: 1 });
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
      const page = await store().interpreters.list({ search: text, sort: "name", direction: "asc", page: 1 });
      expect(names(page.items), text).toEqual(["Omar Farah"]);
    }
  });

  it("treats % and _ in a search as the characters themselves, not wildcards", async () => {
    const search = async (text: string) => names((await store().interpreters.list({ search: text, sort: "name", direction: "asc", page: 1 })).items);
    expect(await search("%")).toEqual(["Percent 100% Sure"]);
    expect(await search("0% S")).toEqual(["Percent 100% Sure"]);
    expect(await search("_")).toEqual(["Under_Score Person"]);
    expect(await search("r_s")).toEqual(["Under_Score Person"]);
    expect(await search("a_r")).toEqual([]); // as a wildcard, "_" would match the "aar" of "aaron lowercase"
    expect(await search("\\")).toEqual([]);
  });

  it("gives each person their languages, alphabetically, and [] for none", async () => {
    const page = await store().interpreters.list({ search: "", sort: "name", direction: "asc", page: 1 });
    const byName = new Map(page.items.map((item) => [item.fullName, item]));
    const languageNames = (name: string) => byName.get(name)!.languages.map((language) => language.name);
    expect(languageNames("Omar Farah")).toEqual(["Arabic", "English", "Somali"]);
    expect(languageNames("Daniel Reyes")).toEqual(["English", "Portuguese", "Spanish"]);
    expect(languageNames("Marie-Claude Joseph")).toEqual(["English", "French", "Haitian Creole"]);
    expect(languageNames("Bulk Person 01")).toEqual([]);
    expect(byName.get("Omar Farah")!.languages[0]).toEqual({ id: await languageId("Arabic"), name: "Arabic" });
    expect(byName.get("Omar Farah")).toMatchObject({
      email: "omar.farah@example.com",
      phone: "+1 (307) 555-0103",
      gender: "Male",
      department: "Community Interpreting",
      role: "interpreter",
    });
    expect(byName.get("Amira Haddad")!.role).toBe("admin");
  });
});

describe("interpreters.create", () => {
  const nadia = {
    fullName: "Nadia Karim",
    gender: "Female",
    email: "nadia.karim@example.com",
    phone: "+1 (307) 555-0190",
    password: "Nadia-Pass-2025",
  };

  it("stores the sign-in account and the users row (role interpreter); the password signs in", async () => {
    const result = await store().interpreters.create(nadia);
    expect(result).toEqual({ ok: true, id: expect.stringMatching(UUID) });
    if (!result.ok) return;

    expect(await usersRow(result.id)).toEqual({
      full_name: "Nadia Karim",
      email: "nadia.karim@example.com",
      phone: "+1 (307) 555-0190",
      gender: "Female",
      role: "interpreter",
    });
    expect(await accountEmail(result.id)).toBe("nadia.karim@example.com");

    const signedIn = await signIn(nadia.email, nadia.password);
    expect(signedIn).toMatchObject({ ok: true, user: { id: result.id, role: "interpreter", profile: { fullName: "Nadia Karim" } } });
    expect((await signIn(nadia.email, "wrong-password")).ok).toBe(false);
  });

  it("the same email again, in any case: the reason email-taken (the route words it) and nothing new stored", async () => {
    const [accounts, users] = [await rows("accounts"), await rows("users")];
    for (const email of [nadia.email, "NADIA.Karim@Example.COM", ADMIN.toUpperCase()]) {
      expect(await store().interpreters.create({ ...nadia, fullName: "Someone Else", email }), email).toEqual({ ok: false, reason: "email-taken" });
    }
    expect(await rows("accounts")).toBe(accounts);
    expect(await rows("users")).toBe(users);
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE full_name = 'Someone Else'")).toBe(0);
  });

  it("all or nothing: when the users row fails, the account is not kept either", async () => {
    const target = "target@example.com";
    await insertMismatchedAccount("other@example.com", target);
    const [accounts, users] = [await rows("accounts"), await rows("users")];

    const result = await store().interpreters.create({ ...nadia, fullName: "Target Person", email: target });
    expect(result).toEqual({ ok: false, reason: "users-row-taken" });

    expect(await accountsWithEmail(target)).toBe(0);
    expect(await rows("accounts")).toBe(accounts);
    expect(await rows("users")).toBe(users);
    expect(await signIn(target, nadia.password)).toEqual({ ok: false, reason: "invalid-credentials" });
  });
});

describe("interpreters.update", () => {
  const yusuf = { fullName: "Yusuf Ali", gender: "Male", email: "yusuf.ali@example.com", phone: "+1 307 555 0191", password: "Yusuf-Pass-2025" };
  let id = "";
  beforeAll(async () => {
    const result = await store().interpreters.create(yusuf);
    if (!result.ok) throw new Error("could not add Yusuf");
    id = result.id;
  });

  it("changes the users row and the sign-in email: the old email no longer signs in, the new one does", async () => {
    expect((await signIn(yusuf.email, yusuf.password)).ok).toBe(true);
    const changes = { fullName: "Yusuf A. Ali", gender: "Man", email: "yusuf.new@example.com", phone: "+44 20 7946 0958" };
    expect(await store().interpreters.update(id, changes)).toEqual({ ok: true });

    expect(await usersRow(id)).toEqual({
      full_name: "Yusuf A. Ali",
      email: "yusuf.new@example.com",
      phone: "+44 20 7946 0958",
      gender: "Man",
      role: "interpreter",
    });
    expect(await accountEmail(id)).toBe("yusuf.new@example.com");
    expect(await signIn(yusuf.email, yusuf.password)).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(await signIn("yusuf.new@example.com", yusuf.password)).toMatchObject({
      ok: true,
      user: { id, email: "yusuf.new@example.com", profile: { fullName: "Yusuf A. Ali" } },
    });
  });

  it("keeping one's own email in another case is not a conflict", async () => {
    const current = (await usersRow(id))!;
    const changes = { fullName: current.full_name, gender: current.gender, email: "Yusuf.New@Example.com", phone: current.phone };
    expect(await store().interpreters.update(id, changes)).toEqual({ ok: true });
    expect((await usersRow(id))!.email).toBe("Yusuf.New@Example.com");
    expect((await signIn("yusuf.new@example.com", yusuf.password)).ok).toBe(true);
  });

  it("an email used by another account: email-taken, and nothing changes (users row nor sign-in)", async () => {
    const before = await usersRow(id);
    const beforeAccount = await accountEmail(id);
    // admin@… has a users row and an account; mismatched@… exists only as a sign-in account (its users
    // row says something else), so the users update succeeds and the accounts update fails: both must roll back.
    await insertMismatchedAccount("mismatched.account@example.com", "mismatched.row@example.com");
    for (const email of ["admin@example.com", "INTERPRETER@example.com", "mismatched.account@example.com", "mismatched.row@example.com"]) {
      const result = await store().interpreters.update(id, { fullName: "Hijacker", gender: "X", email, phone: "+1 307 555 0000" });
      expect(result, email).toEqual({ ok: false, reason: "email-taken" });
      expect(await usersRow(id), email).toEqual(before);
      expect(await accountEmail(id), email).toBe(beforeAccount);
    }
    expect((await signIn(ADMIN, SAMPLE_PASSWORD)).ok).toBe(true);
    expect((await signIn(INTERPRETER, SAMPLE_PASSWORD)).ok).toBe(true);
  });

  it("an unknown id: not-found, and nothing stored", async () => {
    const [accounts, users] = [await rows("accounts"), await rows("users")];
    const changes = { fullName: "Nobody", gender: "X", email: "nobody.new@example.com", phone: "+1 307 555 0000" };
    expect(await store().interpreters.update(crypto.randomUUID(), changes)).toEqual({ ok: false, reason: "not-found" });
    expect(await count("SELECT COUNT(*) AS n FROM users WHERE email = ?", changes.email)).toBe(0);
    expect(await accountsWithEmail(changes.email)).toBe(0);
    expect([await rows("accounts"), await rows("users")]).toEqual([accounts, users]);
  });

  // An account without a users row (the auth store allows one): the edit reports not-found and must not
  // touch the sign-in email on its own.
  it("an id with a sign-in account but no users row: not-found, and its sign-in email unchanged", async () => {
    const orphan = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, 'orphan@example.com', 'disabled')").bind(orphan).run();
    const changes = { fullName: "Orphan", gender: "X", email: "orphan.changed@example.com", phone: "+1 307 555 0000" };
    expect(await store().interpreters.update(orphan, changes)).toEqual({ ok: false, reason: "not-found" });
    expect(await accountEmail(orphan)).toBe("orphan@example.com");
  });
});

describe("interpreters.remove", () => {
  it("removes the person, their account, sessions, reset tokens and language links, in one step", async () => {
    const person = { fullName: "Rosa Lindqvist", gender: "Female", email: "rosa@example.com", phone: "+46 8 123 456 78", password: "Rosa-Pass-2025" };
    const created = await store().interpreters.create(person);
    if (!created.ok) throw new Error("could not add Rosa");
    const { id } = created;
    const phone = await cookieOf(person.email, person.password);
    const laptop = await cookieOf(person.email, person.password);
    expect(await backendFor(phone).auth.currentUser()).toMatchObject({ id });
    expect(await store().auth.requestPasswordReset(person.email)).not.toBeNull();
    for (const language of ["German", "Tagalog"]) expect((await store().links.link(id, await languageId(language))).ok).toBe(true);
    const admin = await cookieOf(ADMIN, SAMPLE_PASSWORD);

    const perTable = async () => ({
      accounts: await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ?", id),
      users: await count("SELECT COUNT(*) AS n FROM users WHERE id = ?", id),
      sessions: await count("SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?", id),
      password_reset_tokens: await count("SELECT COUNT(*) AS n FROM password_reset_tokens WHERE account_id = ?", id),
      user_languages: await count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ?", id),
    });
    expect(await perTable()).toEqual({ accounts: 1, users: 1, sessions: 2, password_reset_tokens: 1, user_languages: 2 });
    const otherLinks = (await rows("user_languages")) - 2;

    expect(await store().interpreters.remove(id)).toEqual({ ok: true, name: "Rosa Lindqvist", email: "rosa@example.com" });

    expect(await perTable()).toEqual({ accounts: 0, users: 0, sessions: 0, password_reset_tokens: 0, user_languages: 0 });
    expect(await backendFor(phone).auth.currentUser()).toBeNull();
    expect(await backendFor(laptop).auth.currentUser()).toBeNull();
    expect(await signIn(person.email, person.password)).toEqual({ ok: false, reason: "invalid-credentials" });
    // Nobody else lost anything.
    expect(await rows("user_languages")).toBe(otherLinks);
    expect(await backendFor(admin).auth.currentUser()).toMatchObject({ email: ADMIN });
  });

  it("removes a sample interpreter: gone from the list, with their links", async () => {
    const id = await idOf("wei.zhang@example.com");
    expect(await count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ?", id)).toBe(3);
    expect((await store().interpreters.remove(id)).ok).toBe(true);
    expect(await count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ?", id)).toBe(0);
    const page = await store().interpreters.list({ search: "wei", sort: "name", direction: "asc", page: 1 });
    expect(page.total).toBe(0);
  });

  // Regression: remove() used to read the name in a `DELETE … RETURNING (SELECT full_name FROM users …)`
  // subquery, which ran after the cascade had removed the users row, so the name was always "".
  it("returns the removed person's name, for the toast", async () => {
    const id = await idOf("sofia.petrova@example.com");
    expect(await store().interpreters.remove(id)).toEqual({ ok: true, name: "Sofia Petrova", email: "sofia.petrova@example.com" });
  });

  it("an unknown id: not-found, and nothing removed", async () => {
    const before = [await rows("accounts"), await rows("users"), await rows("sessions"), await rows("user_languages")];
    expect(await store().interpreters.remove(crypto.randomUUID())).toEqual({ ok: false, reason: "not-found" });
    expect(await store().interpreters.remove("")).toEqual({ ok: false, reason: "not-found" });
    expect([await rows("accounts"), await rows("users"), await rows("sessions"), await rows("user_languages")]).toEqual(before);
  });
});

describe("languages", () => {
  const SAMPLE_SORTED = [
    "American Sign Language",
    "Arabic",
    "English",
    "French",
    "German",
    "Haitian Creole",
    "Korean",
    "Mandarin Chinese",
    "Portuguese",
    "Russian",
    "Somali",
    "Spanish",
    "Tagalog",
    "Vietnamese",
  ];
  const listNames = async () => (await store().languages.list()).map((language) => language.name);

  it("lists every language alphabetically, with its id", async () => {
    const list = await store().languages.list();
    expect(list.map((language) => language.name)).toEqual(SAMPLE_SORTED);
    expect(list[0]).toEqual({ id: await languageId("American Sign Language"), name: "American Sign Language" });
  });

  it("creates a language; the same name in any case is a duplicate and is not stored", async () => {
    const created = await store().languages.create("Swahili");
    expect(created).toEqual({ ok: true, language: { id: expect.any(Number), name: "Swahili" } });
    expect(await listNames()).toContain("Swahili");
    const total = await rows("languages");
    for (const name of ["Swahili", "SWAHILI", "english", "American sign language"]) {
      expect(await store().languages.create(name), name).toEqual({ ok: false, reason: "duplicate" });
    }
    expect(await rows("languages")).toBe(total);
  });

  it("orders a name that starts in lower case among the others (isiZulu between Haitian Creole and Korean)", async () => {
    expect((await store().languages.create("isiZulu")).ok).toBe(true);
    const list = await listNames();
    expect(list.slice(list.indexOf("Haitian Creole"), list.indexOf("Haitian Creole") + 3)).toEqual(["Haitian Creole", "isiZulu", "Korean"]);
  });

  it("renames: ok, a duplicate of another language (any case), an unknown id", async () => {
    const id = await languageId("Swahili");
    expect(await store().languages.rename(id, "Kiswahili")).toEqual({ ok: true });
    expect(await listNames()).toContain("Kiswahili");
    expect(await listNames()).not.toContain("Swahili");

    // A change of case of its own name is not a duplicate.
    expect(await store().languages.rename(id, "KISWAHILI")).toEqual({ ok: true });
    expect(await store().languages.rename(id, "Kiswahili")).toEqual({ ok: true });

    for (const name of ["French", "french", "TAGALOG"]) {
      expect(await store().languages.rename(id, name), name).toEqual({ ok: false, reason: "duplicate" });
    }
    expect(await env.DB.prepare("SELECT name FROM languages WHERE id = ?").bind(id).first("name")).toBe("Kiswahili");

    expect(await store().languages.rename(999_999, "Klingon")).toEqual({ ok: false, reason: "not-found" });
    expect(await listNames()).not.toContain("Klingon");
  });

  it("removes a language with every link to it; an unknown id is not-found", async () => {
    const id = await languageId("Kiswahili");
    for (const email of [ADMIN, INTERPRETER, "omar.farah@example.com"]) expect((await store().links.link(await idOf(email), id)).ok).toBe(true);
    const linksFor = () => count("SELECT COUNT(*) AS n FROM user_languages WHERE language_id = ?", id);
    expect(await linksFor()).toBe(3);
    const otherLinks = (await rows("user_languages")) - 3;

    expect(await store().languages.remove(id)).toEqual({ ok: true, name: "Kiswahili" });
    expect(await linksFor()).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM languages WHERE id = ?", id)).toBe(0);
    expect(await rows("user_languages")).toBe(otherLinks);
    expect((await store().links.forUser(await idOf("omar.farah@example.com"))).map((language) => language.name)).not.toContain("Kiswahili");

    expect(await store().languages.remove(id)).toEqual({ ok: false, reason: "not-found" });
    expect(await store().languages.remove(999_999)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("links", () => {
  it("links an interpreter to a language and returns the link with both names", async () => {
    const linh = await idOf("linh.tran@example.com");
    const french = await languageId("French");
    const result = await store().links.link(linh, french);
    expect(result).toEqual({
      ok: true,
      link: { id: expect.any(Number), userId: linh, userName: "Linh Tran", languageId: french, languageName: "French" },
    });
    expect((await store().links.forUser(linh)).map((language) => language.name)).toEqual(["English", "French", "Vietnamese"]);
  });

  it("the same pair twice is a duplicate, and exactly one row remains", async () => {
    const linh = await idOf("linh.tran@example.com");
    const french = await languageId("French");
    expect(await store().links.link(linh, french)).toEqual({ ok: false, reason: "duplicate" });
    expect(await count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ? AND language_id = ?", linh, french)).toBe(1);
  });

  it("an unknown interpreter or language is not-found, and nothing is stored", async () => {
    const before = await rows("user_languages");
    const linh = await idOf("linh.tran@example.com");
    expect(await store().links.link(crypto.randomUUID(), await languageId("French"))).toEqual({ ok: false, reason: "not-found" });
    expect(await store().links.link(linh, 999_999)).toEqual({ ok: false, reason: "not-found" });
    expect(await store().links.link(crypto.randomUUID(), 999_999)).toEqual({ ok: false, reason: "not-found" });
    expect(await rows("user_languages")).toBe(before);
  });

  it("unlinks and returns the removed link; an unknown link is not-found", async () => {
    const linh = await idOf("linh.tran@example.com");
    const french = await languageId("French");
    const id = (await env.DB.prepare("SELECT id FROM user_languages WHERE user_id = ? AND language_id = ?").bind(linh, french).first<{ id: number }>())!.id;
    expect(await store().links.unlink(id)).toEqual({
      ok: true,
      link: { id, userId: linh, userName: "Linh Tran", languageId: french, languageName: "French" },
    });
    expect(await count("SELECT COUNT(*) AS n FROM user_languages WHERE id = ?", id)).toBe(0);
    expect((await store().links.forUser(linh)).map((language) => language.name)).toEqual(["English", "Vietnamese"]);

    const before = await rows("user_languages");
    expect(await store().links.unlink(id)).toEqual({ ok: false, reason: "not-found" });
    expect(await store().links.unlink(999_999)).toEqual({ ok: false, reason: "not-found" });
    expect(await rows("user_languages")).toBe(before);
  });

  it("forUser lists an interpreter's languages alphabetically, ignoring case, and [] for none", async () => {
    const omar = await idOf("omar.farah@example.com");
    expect(await store().links.forUser(omar)).toEqual([
      { id: await languageId("Arabic"), name: "Arabic" },
      { id: await languageId("English"), name: "English" },
      { id: await languageId("Somali"), name: "Somali" },
    ]);
    expect((await store().links.link(omar, await languageId("isiZulu"))).ok).toBe(true);
    expect((await store().links.forUser(omar)).map((language) => language.name)).toEqual(["Arabic", "English", "isiZulu", "Somali"]);
    // The list shows the same order.
    const page = await store().interpreters.list({ search: "omar", sort: "name", direction: "asc", page: 1 });
    expect(page.items[0]!.languages.map((language) => language.name)).toEqual(["Arabic", "English", "isiZulu", "Somali"]);

    expect(await store().links.forUser(crypto.randomUUID())).toEqual([]);
  });

  it("list holds every link, by interpreter then language", async () => {
    const list = await store().links.list();
    expect(list).toHaveLength(await rows("user_languages"));
    const omar = list.filter((link) => link.userName === "Omar Farah").map((link) => link.languageName);
    expect(omar).toEqual(["Arabic", "English", "isiZulu", "Somali"]);
    const order = list.map((link) => `${link.userName.toLowerCase()}\u0000${link.languageName.toLowerCase()}`);
    expect(order).toEqual([...order].sort());
  });
});
