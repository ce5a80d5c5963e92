// The interpreters screen (/Dashboard/Interpreter), called the way React Router calls it, against a real D1
// with the sample people: adding, editing and deleting a person, what each stores and the messages the admin sees.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as interpreters from "~/routes/dashboard/interpreters";
import { SAMPLE_PASSWORD } from "../../seed/content";
import { backendFor, count, failure, idOf, redirected, seededAndSignedIn, statusOf, usersRow } from "./helpers";
import { ADMIN, INTERPRETER, INTERPRETERS, post, snapshot, validPerson } from "./staff-helpers";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const REQUIRED = "Please fill in all required fields.";
const NOT_FOUND_PERSON = "That person no longer exists. The list has been refreshed.";
const EMAIL_IN_USE = "That email is already used by another account.";

const cookies = seededAndSignedIn();

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
