// The screens of preferred and blocked interpreters (issue 27) against a real D1, through the routes: staff's
// /Dashboard/Organisations/:id/Interpreters (admins only: add a stance by the person field, remove it, answer the
// organisation admin's requests) and the organisation admin's /Account/Preferences (only the interpreters who worked
// for their organisation; another requester, staff and Firm B's admin get nothing of Clinic A's). Each refusal
// stores nothing.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as accountPreferences from "~/routes/account/preferences";
import * as staffPage from "~/routes/dashboard/organisation-interpreters";
import { backendFor, cookieOf, failure, idOf, redirected, seed, statusOf, thrown } from "./helpers";
import { addRequester, type Requester } from "./requester-fixture";
import { addressesIn, browser, ORIGIN } from "./requests";

const { get, post } = browser({ addresses: addressesIn(131), headers: { Origin: ORIGIN } });
let admin = "";
let interpreterCookie = "";
let interpreterId = "";
let clinicAdmin: Requester;
let clinicColleague: Requester;
let firmAdmin: Requester;
const cookies: Record<string, string> = {};

const pagePath = (id: number | string) => `/Dashboard/Organisations/${id}/Interpreters`;
const params = (id: number | string) => ({ params: { organisationId: String(id) } });
const staffPost = (fields: Record<string, string>, cookie = admin, id: number | string = clinicAdmin.organisationId) =>
  staffPage.action(post(pagePath(id), fields, cookie, params(id)));
const stancesOf = async (organisationId: number) =>
  (await backendFor().preferences.list(organisationId))!.stances.map((item) => [item.interpreter.id, item.stance]);

beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
  interpreterCookie = await cookieOf("interpreter@example.com");
  interpreterId = await idOf("interpreter@example.com");
  clinicAdmin = await addRequester({ organisation: "Clinic A", email: "admin@clinic-a.example", name: "Ana Admin", admin: true });
  clinicColleague = await addRequester({ organisation: "Clinic A", email: "colleague@clinic-a.example" });
  firmAdmin = await addRequester({ organisation: "Firm B", email: "admin@firm-b.example", admin: true });
  for (const person of [clinicAdmin, clinicColleague, firmAdmin]) cookies[person.email] = await cookieOf(person.email, person.password);
  // The seeded interpreter did an appointment of Clinic A's customer.
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO appointments (customer_id, contact_name, contact_email, language, mode, setting, starts_at, minutes, blocked_from, blocked_to,
       status, interpreter_id, token_hash, created_at, updated_at)
     VALUES (?, 'Ana Admin', 'admin@clinic-a.example', 'Spanish', 'video', 'business', ?, 60, ?, ?, 'completed', ?, ?, ?, ?)`,
  )
    .bind(clinicAdmin.customerId, now - 86_400_000, now - 86_400_000, now - 82_800_000, interpreterId, "e".repeat(64), now, now)
    .run();
});

describe("staff's page of an organisation's interpreters", () => {
  it("admins only: an interpreter and a customer get 403; an organisation that does not exist is 404", async () => {
    for (const cookie of [interpreterCookie, cookies[clinicAdmin.email]!]) {
      expect(statusOf(await thrown(() => staffPage.loader(get(pagePath(clinicAdmin.organisationId), cookie, params(clinicAdmin.organisationId)))))).toBe(403);
      expect(statusOf(await thrown(() => staffPost({ intent: "set", interpreter: "interpreter@example.com", stance: "blocked" }, cookie)))).toBe(403);
    }
    for (const id of ["999999", "0", "abc"]) expect(statusOf(await thrown(() => staffPage.loader(get(pagePath(id), admin, params(id)))))).toBe(404);
    expect(await stancesOf(clinicAdmin.organisationId)).toEqual([]);
  });

  it("an admin blocks an interpreter by the person field, then removes the stance", async () => {
    const blocked = await redirected(await staffPost({ intent: "set", interpreter: "interpreter@example.com", stance: "blocked" }));
    expect(blocked.location).toBe(`${pagePath(clinicAdmin.organisationId)}#stances`);
    expect(blocked.toast?.message).toMatch(/ is now blocked\.$/);
    expect(await stancesOf(clinicAdmin.organisationId)).toEqual([[interpreterId, "blocked"]]);
    expect(await stancesOf(firmAdmin.organisationId)).toEqual([]);
    const shown = await staffPage.loader(get(pagePath(clinicAdmin.organisationId), admin, params(clinicAdmin.organisationId)));
    expect(shown.organisation).toMatchObject({ name: "Clinic A", stances: [{ stance: "blocked", interpreter: { id: interpreterId } }] });

    const removed = await redirected(await staffPost({ intent: "remove", interpreter: interpreterId }));
    expect(removed.toast?.message).toMatch(/is no longer preferred or blocked\.$/);
    expect(failure(await staffPost({ intent: "remove", interpreter: interpreterId })).status).toBe(404);
    expect(await stancesOf(clinicAdmin.organisationId)).toEqual([]);
  });

  it("refused with the field's message, storing nothing: no stance, an unknown stance, nobody matching", async () => {
    const none = failure(await staffPost({ intent: "set", interpreter: "interpreter@example.com", stance: "" }));
    expect([none.status, none.errors.stance]).toEqual([400, "Choose preferred or blocked."]);
    const odd = failure(await staffPost({ intent: "set", interpreter: "interpreter@example.com", stance: "favourite" }));
    expect(odd.status).toBe(400);
    const nobody = failure(await staffPost({ intent: "set", interpreter: "nobody-at-all@example.com", stance: "preferred" }));
    expect([nobody.status, nobody.errors.interpreter]).toEqual([400, expect.stringContaining("No one matches")]);
    const empty = failure(await staffPost({ intent: "set", interpreter: "   ", stance: "preferred" }));
    expect([empty.status, empty.errors.interpreter]).toEqual([400, "Choose an interpreter."]);
    expect(statusOf(await thrown(() => staffPost({ intent: "set", interpreter: "interpreter@example.com", stance: "blocked" }, admin, 999999)))).toBe(404);
    expect(await stancesOf(clinicAdmin.organisationId)).toEqual([]);
  });
});

describe("the organisation admin's request, and staff's answer", () => {
  const requestPath = "/Account/Preferences";
  const ask = (cookie: string, fields: Record<string, string>, path = requestPath) => accountPreferences.action(post(path, fields, cookie));

  it("only the organisation's admin: a colleague, staff and nobody signed in are refused", async () => {
    expect(statusOf(await thrown(() => accountPreferences.loader(get(requestPath, cookies[clinicColleague.email]))))).toBe(403);
    expect(statusOf(await thrown(() => ask(cookies[clinicColleague.email]!, { intent: "request", interpreter: interpreterId, note: "" })))).toBe(403);
    expect(statusOf(await thrown(() => accountPreferences.loader(get(requestPath, admin))))).toBe(403);
    expect(statusOf(await thrown(() => accountPreferences.loader(get(requestPath))))).toBe(302);
    expect(await backendFor().preferences.requests(clinicAdmin.organisationId)).toEqual([]);
  });

  it("lists only the organisation's past interpreters; Firm B's admin cannot ask for Clinic A's", async () => {
    const clinic = await accountPreferences.loader(get(requestPath, cookies[clinicAdmin.email]));
    expect(clinic.interpreters.map((person) => person.id)).toEqual([interpreterId]);
    const firm = await accountPreferences.loader(get(requestPath, cookies[firmAdmin.email]));
    expect(firm.interpreters).toEqual([]);
    const refused = failure(await ask(cookies[firmAdmin.email]!, { intent: "request", interpreter: interpreterId, note: "" }));
    expect([refused.status, refused.errors.interpreter]).toEqual([400, "You can only ask for an interpreter who has worked for your organisation."]);
    const long = failure(await ask(cookies[clinicAdmin.email]!, { intent: "request", interpreter: interpreterId, note: "x".repeat(501) }));
    expect([long.status, long.errors.note]).toEqual([400, "Please keep the note to 500 characters."]);
    const garbage = failure(await ask(cookies[clinicAdmin.email]!, { intent: "request", interpreter: "'; DROP TABLE users; --", note: "" }));
    expect(garbage.status).toBe(400);
    expect(await backendFor().preferences.requests(firmAdmin.organisationId)).toEqual([]);
    expect(await backendFor().preferences.requests(clinicAdmin.organisationId)).toEqual([]);
  });

  it("asked once (in Arabic too), shown to staff, accepted: the interpreter becomes preferred", async () => {
    const sent = await redirected(await ask(cookies[clinicAdmin.email]!, { intent: "request", interpreter: interpreterId, note: "Kind with patients" }));
    expect(sent.location).toBe(requestPath);
    expect(sent.toast?.message).toMatch(/^Thanks\. Our staff will review your request for /);
    const again = failure(await ask(cookies[clinicAdmin.email]!, { intent: "request", interpreter: interpreterId, note: "" }, "/ar/Account/Preferences"));
    expect([again.status, again.formError]).toEqual([409, "يوجد طلب منتظر لهذا المترجم."]);

    const shown = await staffPage.loader(get(pagePath(clinicAdmin.organisationId), admin, params(clinicAdmin.organisationId)));
    expect(shown.requests).toEqual([
      expect.objectContaining({ requestedBy: "Ana Admin", note: "Kind with patients", interpreter: expect.objectContaining({ id: interpreterId }) }),
    ]);
    const request = String(shown.requests[0]!.id);
    // Through another organisation's page it is not found, and nothing changes.
    expect(failure(await staffPost({ intent: "answer", request, answer: "accept" }, admin, firmAdmin.organisationId)).status).toBe(409);
    expect(statusOf(await thrown(() => staffPost({ intent: "answer", request, answer: "accept" }, admin, 999999)))).toBe(404);
    const accepted = await redirected(await staffPost({ intent: "answer", request, answer: "accept" }));
    expect(accepted.location).toBe(`${pagePath(clinicAdmin.organisationId)}#stances`);
    expect(await stancesOf(clinicAdmin.organisationId)).toEqual([[interpreterId, "preferred"]]);
    expect(failure(await staffPost({ intent: "answer", request, answer: "decline" })).status).toBe(409);
    const already = failure(await ask(cookies[clinicAdmin.email]!, { intent: "request", interpreter: interpreterId, note: "" }));
    expect([already.status, already.formError]).toEqual([409, "This interpreter is already preferred."]);
  });
});
