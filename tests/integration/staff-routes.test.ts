// The staff screens (/Dashboard/Interpreter, /Dashboard/Language, /Dashboard/UserLanguages), called the way
// React Router calls them, against a real D1 with the sample people: who may use them, what each form's
// intent stores, the messages the admin sees, and what happens when the database fails.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as interpreters from "~/routes/dashboard/interpreters";
import * as languages from "~/routes/dashboard/languages";
import * as userLanguages from "~/routes/dashboard/user-languages";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { asResponse, backendFor, count, failure, idOf, languageId, redirected, rows, seededAndSignedIn, statusOf, thrown, usersRow } from "./helpers";
import { browser, type RouteArgs } from "./requests";

const ADMIN = "admin@example.com";
const INTERPRETER = "interpreter@example.com";
const INTERPRETERS = "/Dashboard/Interpreter";
const LANGUAGES = "/Dashboard/Language";
const LINKS = "/Dashboard/UserLanguages";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const REQUIRED = "Please fill in all required fields.";
const NOT_FOUND_PERSON = "That person no longer exists. The list has been refreshed.";
const NOT_FOUND_LANGUAGE = "That language no longer exists. The list has been refreshed.";
const NOT_FOUND_LINK = "That interpreter or language no longer exists. The lists have been refreshed.";
const EMAIL_IN_USE = "That email is already used by another account.";
const UNKNOWN_INTENT = "This form could not be understood. Please reload the page and try again.";

/** Form POSTs and GETs from a browser (signed in when given a cookie). */
const { get, post } = browser();

const snapshot = async () => ({
  accounts: await rows("accounts"),
  users: await rows("users"),
  languages: await rows("languages"),
  user_languages: await rows("user_languages"),
});
const linkCount = (userId: string, languageIdValue: number) =>
  count("SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ? AND language_id = ?", userId, languageIdValue);

const validPerson = {
  full_name: "Grace Obi",
  Gender: "Female",
  email: "grace.obi@example.com",
  phone: "+1 (307) 555-0150",
  password: "Grace-Pass-2025",
};

const cookies = seededAndSignedIn();
afterEach(() => vi.restoreAllMocks());

describe("only admins", () => {
  /** A valid "create" POST to each of the three actions. */
  type Post = { name: string; path: string; run: (args: RouteArgs) => Promise<unknown>; fields: Record<string, string> };
  const creates = async (): Promise<Post[]> => [
    { name: "interpreters", path: INTERPRETERS, run: (args: RouteArgs) => interpreters.action(args), fields: { intent: "create", ...validPerson } },
    { name: "languages", path: LANGUAGES, run: (args: RouteArgs) => languages.action(args), fields: { intent: "create", name: "Swahili" } },
    {
      name: "links",
      path: LINKS,
      run: (args: RouteArgs) => userLanguages.action(args),
      fields: { intent: "create", userId: await idOf("linh.tran@example.com"), languageId: String(await languageId("French")) },
    },
  ];

  it("an interpreter's POST to each action is refused with 403 and stores nothing", async () => {
    const before = await snapshot();
    for (const action of await creates()) {
      const refused = await thrown(() => action.run(post(action.path, action.fields, cookies.interpreter)));
      expect(refused, action.name).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    }
    // Deletes are refused too.
    const deletes = [
      () => interpreters.action(post(INTERPRETERS, { intent: "delete", id: "x" }, cookies.interpreter)),
      () => languages.action(post(LANGUAGES, { intent: "delete", id: "1" }, cookies.interpreter)),
      () => userLanguages.action(post(LINKS, { intent: "delete", id: "1" }, cookies.interpreter)),
    ];
    for (const run of deletes) expect(statusOf(await thrown(run))).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", validPerson.email)).toBe(0);
  });

  it("an anonymous POST is sent to sign in and stores nothing", async () => {
    const before = await snapshot();
    for (const action of await creates()) {
      const redirect = asResponse(await thrown(() => action.run(post(action.path, action.fields))));
      expect(redirect.status, action.name).toBe(302);
      expect(redirect.headers.get("Location"), action.name).toBe(`/Login?${new URLSearchParams({ redirectTo: action.path })}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the three pages: 403 for an interpreter, sign in for an anonymous visitor", async () => {
    const loaders = [
      { path: INTERPRETERS, load: (args: RouteArgs) => interpreters.loader(args) },
      { path: LANGUAGES, load: (args: RouteArgs) => languages.loader(args) },
      { path: LINKS, load: (args: RouteArgs) => userLanguages.loader(args) },
    ];
    for (const { path, load } of loaders) {
      expect(await thrown(() => load(get(path, cookies.interpreter))), path).toMatchObject({ init: { status: 403 } });
      const redirect = asResponse(await thrown(() => load(get(path))));
      expect(redirect.headers.get("Location"), path).toBe(`/Login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });
});

describe("adding an interpreter", () => {
  const add = (fields: Record<string, string>, path = INTERPRETERS) => interpreters.action(post(path, { intent: "create", ...fields }, cookies.admin));

  it("succeeds: 302 back to the list with 'User added successfully with ID: <uuid>'; the person can sign in", async () => {
    const { location, toast } = await redirected(
      await add({ ...validPerson, full_name: "  Grace Obi  ", email: " Grace.Obi@example.com " }, `${INTERPRETERS}?q=gr&sort=email&edit=abc`),
    );
    expect(location).toBe(`${INTERPRETERS}?q=gr&sort=email#add-interpreter`);
    expect(toast).toMatchObject({ type: "success", message: expect.stringMatching(new RegExp(`^User added successfully with ID: ${UUID}$`)) });
    const id = toast!.message.slice("User added successfully with ID: ".length);

    expect(await usersRow(id)).toEqual({
      full_name: "Grace Obi",
      email: "Grace.Obi@example.com",
      phone: "+1 (307) 555-0150",
      gender: "Female",
      role: "interpreter",
    });
    const signedIn = await backendFor().auth.signIn({ email: "grace.obi@example.com", password: validPerson.password });
    expect(signedIn).toMatchObject({ ok: true, user: { id, role: "interpreter" } });
  });

  it("with every field missing: 400, 'Please fill in all required fields.', a message on each field, nothing stored", async () => {
    const before = await snapshot();
    const empty: Record<string, string>[] = [{}, { full_name: " ", Gender: "", email: "  ", phone: "", password: "" }];
    for (const fields of empty) {
      const answer = failure(await add(fields));
      expect(answer.status).toBe(400);
      expect(answer.formError).toBe(REQUIRED);
      expect(answer.toast).toMatchObject({ type: "error", message: REQUIRED });
      expect(answer.intent).toBe("create");
      expect(answer.errors).toEqual({
        full_name: "Please enter the full name.",
        Gender: "Please enter the gender.",
        email: "Please enter your email.",
        phone: "Please enter a phone number.",
        password: "Please enter a new password.",
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("with one field missing, the alert still says which form failed", async () => {
    const { phone: _phone, ...withoutPhone } = validPerson;
    const answer = failure(await add(withoutPhone));
    expect(answer.status).toBe(400);
    expect(answer.formError).toBe(REQUIRED);
    expect(answer.errors).toEqual({ phone: "Please enter a phone number." });
  });

  it("each invalid field: 400 with that field's message only, the values kept but never the password", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ email: "not-an-email" }, { email: "Please enter a valid email address." }],
      [{ phone: "12" }, { phone: "Please enter a phone number with 7 to 15 digits, e.g. +1 (307) 555-0100." }],
      [{ phone: "call me maybe 5550100" }, { phone: "Please enter a phone number with 7 to 15 digits, e.g. +1 (307) 555-0100." }],
      [{ full_name: "x".repeat(101) }, { full_name: "This is too long (at most 100 characters)." }],
      [{ password: "Short7!" }, { password: "Use at least 8 characters." }],
    ];
    const before = await snapshot();
    for (const [change, errors] of cases) {
      const fields = { ...validPerson, email: "valid.case@example.com", ...change };
      const answer = failure(await add(fields));
      const label = JSON.stringify(change);
      expect(answer.status, label).toBe(400);
      expect(answer.errors, label).toEqual(errors);
      expect(answer.formError, label).toBeNull();
      expect(answer.toast, label).toBeNull();
      const { password: _password, ...kept } = fields;
      expect(answer.values, label).toEqual({ intent: "create", ...kept });
      expect(answer.values, label).not.toHaveProperty("password");
    }
    expect(await snapshot()).toEqual(before);
    // A name of exactly 100 characters is accepted.
    expect(statusOf(await add({ ...validPerson, email: "hundred@example.com", full_name: "y".repeat(100) }))).toBe(302);
  });

  it("an email that already has an account (any case): 409 with the sign-up message, nothing stored", async () => {
    const before = await snapshot();
    const answer = failure(await add({ ...validPerson, full_name: "Second Amira", email: "ADMIN@example.com" }));
    expect(answer.status).toBe(409);
    expect(answer.formError).toBe("Error during signUp: an account with this email already exists.");
    expect(answer.toast).toMatchObject({ type: "error", message: answer.formError });
    expect(answer.intent).toBe("create");
    expect(answer.values).toMatchObject({ full_name: "Second Amira", email: "ADMIN@example.com" });
    expect(answer.values).not.toHaveProperty("password");
    expect(await snapshot()).toEqual(before);
  });

  it("when the users row fails: 409 'Error adding user to users table: …' and no sign-in account is left behind", async () => {
    const target = "target@example.com";
    const stray = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, 'other@example.com', 'disabled')").bind(stray),
      env.DB.prepare(`INSERT INTO users (id, full_name, email, role) VALUES (?, 'Stray Row', ?, 'interpreter')`).bind(stray, target),
    ]);
    const before = await snapshot();
    const answer = failure(await add({ ...validPerson, full_name: "Target Person", email: target }));
    expect(answer.status).toBe(409);
    expect(answer.formError).toMatch(/^Error adding user to users table: /);
    expect(answer.formError).toBe("Error adding user to users table: a user with this email already exists.");
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", target)).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe("editing an interpreter", () => {
  const save = (fields: Record<string, string>, path = INTERPRETERS) => interpreters.action(post(path, { intent: "update", ...fields }, cookies.admin));
  let linh = "";
  beforeAll(async () => {
    linh = await idOf("linh.tran@example.com");
  });
  const linhFields = () => ({
    id: linh,
    full_name: "Linh T. Tran",
    Gender: "Female",
    email: "linh.tran@example.com",
    phone: "+1 (307) 555-0102",
  });

  it("saves: 302 back to the row (list state kept) with 'Changes to <name> saved.'", async () => {
    const fields = linhFields();
    const { location, toast } = await redirected(
      await save({ ...fields, full_name: " Linh T. Tran ", email: "linh.t@example.com" }, `${INTERPRETERS}?q=linh&page=1&edit=${fields.id}`),
    );
    expect(location).toBe(`${INTERPRETERS}?q=linh&page=1#interpreter-${fields.id}`);
    expect(toast).toMatchObject({ type: "success", message: "Changes to Linh T. Tran saved." });
    expect(await usersRow(fields.id)).toMatchObject({ full_name: "Linh T. Tran", email: "linh.t@example.com" });
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE id = ? AND email = 'linh.t@example.com'", fields.id)).toBe(1);
  });

  it("invalid input: 400 for the update form of that row, nothing changed", async () => {
    const fields = { ...linhFields(), email: "linh.t@example.com" };
    const before = await usersRow(fields.id);
    const answer = failure(await save({ ...fields, email: "broken", phone: "12" }));
    expect(answer.status).toBe(400);
    expect(answer.intent).toBe("update");
    expect(answer.id).toBe(fields.id);
    expect(answer.errors).toEqual({
      email: "Please enter a valid email address.",
      phone: "Please enter a phone number with 7 to 15 digits, e.g. +1 (307) 555-0100.",
    });
    expect(answer.values).toMatchObject({ id: fields.id, email: "broken", phone: "12" });
    expect(await usersRow(fields.id)).toEqual(before);
  });

  it("an unknown id: 404 'That person no longer exists. …', nothing stored", async () => {
    const before = await snapshot();
    const fields = { ...linhFields(), id: crypto.randomUUID(), email: "ghost@example.com" };
    const answer = failure(await save(fields));
    expect(answer.status).toBe(404);
    expect(answer.formError).toBe(NOT_FOUND_PERSON);
    expect(answer.intent).toBe("update");
    expect(await snapshot()).toEqual(before);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = 'ghost@example.com'")).toBe(0);
  });

  it("an email taken by another account: 409 on the email field, nothing changed", async () => {
    const fields = { ...linhFields(), email: "Interpreter@Example.com" };
    const before = await usersRow(fields.id);
    const answer = failure(await save(fields));
    expect(answer.status).toBe(409);
    expect(answer.errors).toEqual({ email: EMAIL_IN_USE });
    expect(answer.formError).toBe(EMAIL_IN_USE);
    expect(answer.intent).toBe("update");
    expect(answer.id).toBe(fields.id);
    expect(answer.values).toMatchObject({ email: "Interpreter@Example.com" });
    expect(await usersRow(fields.id)).toEqual(before);
    expect((await backendFor().auth.signIn({ email: INTERPRETER, password: SAMPLE_PASSWORD })).ok).toBe(true);
  });
});

describe("deleting an interpreter", () => {
  const remove = (id: string, path = INTERPRETERS) => interpreters.action(post(path, { intent: "delete", id }, cookies.admin));

  it("deletes: 302 back to the list with a success toast; the person, account and links are gone", async () => {
    const id = await idOf("wei.zhang@example.com");
    const { location, toast } = await redirected(await remove(id, `${INTERPRETERS}?sort=email&dir=desc&delete=${id}`));
    expect(location).toBe(`${INTERPRETERS}?sort=email&dir=desc#interpreters-list`);
    expect(toast).toMatchObject({ type: "success", message: "Wei Zhang was deleted, with their sign-in account and language links." });
    for (const sql of [
      "SELECT COUNT(*) AS n FROM users WHERE id = ?",
      "SELECT COUNT(*) AS n FROM accounts WHERE id = ?",
      "SELECT COUNT(*) AS n FROM user_languages WHERE user_id = ?",
    ]) {
      expect(await count(sql, id), sql).toBe(0);
    }
  });

  // Regression: the toast used to name nobody (" was deleted, …") because the store returned name "".
  it("the toast names the deleted person: '<name> was deleted, with their sign-in account and language links.'", async () => {
    const id = await idOf("marie.joseph@example.com");
    const { toast } = await redirected(await remove(id));
    expect(toast?.message).toBe("Marie-Claude Joseph was deleted, with their sign-in account and language links.");
  });

  it("the admin cannot delete their own account: 403, and they still exist and stay signed in", async () => {
    const self = await idOf(ADMIN);
    const answer = failure(await remove(self));
    expect(answer.status).toBe(403);
    expect(answer.formError).toBe("You cannot delete your own account.");
    expect(answer.intent).toBe("delete");
    expect(await usersRow(self)).toMatchObject({ email: ADMIN, role: "admin" });
    expect(await backendFor(cookies.admin).auth.currentUser()).toMatchObject({ id: self, email: ADMIN });
  });

  it("an unknown or missing id: 404 'That person no longer exists. …', nothing removed", async () => {
    const before = await snapshot();
    for (const id of [crypto.randomUUID(), ""]) {
      const answer = failure(await remove(id));
      expect(answer.status).toBe(404);
      expect(answer.formError).toBe(NOT_FOUND_PERSON);
      expect(answer.intent).toBe("delete");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("an unknown intent", () => {
  it("answers 400 'This form could not be understood. …' on each page and stores nothing", async () => {
    const before = await snapshot();
    const runs = [
      (fields: Record<string, string>) => interpreters.action(post(INTERPRETERS, fields, cookies.admin)),
      (fields: Record<string, string>) => languages.action(post(LANGUAGES, fields, cookies.admin)),
      (fields: Record<string, string>) => userLanguages.action(post(LINKS, fields, cookies.admin)),
    ];
    for (const run of runs) {
      const forms: Record<string, string>[] = [
        { intent: "explode", name: "Swahili" },
        { name: "Swahili" },
        { intent: "hasOwnProperty" },
        { intent: "toString" },
      ];
      for (const fields of forms) {
        const answer = failure(await run(fields));
        expect(answer.status, JSON.stringify(fields)).toBe(400);
        expect(answer.formError).toBe(UNKNOWN_INTENT);
        expect(answer.toast).toMatchObject({ type: "error", message: UNKNOWN_INTENT });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

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
