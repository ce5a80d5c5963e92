// Preferred and blocked interpreters on Supabase (issue 27; supabase/migrations/
// 20261205001300_push_interpreter_preferences.sql), through the adapter against the double: each store call is ONE
// call of its SQL function with the service-role key, naming the organisation (or, for a call's exclusions, the
// customer); ids no database could hold call nothing; the offers' candidates for a Clinic A appointment leave out whom
// Clinic A blocks and mark whom it prefers. Then the routes: staff's page and a post of it, and the organisation
// admin's request (a colleague is refused before any call). The same SQL on Postgres: tests/rls/interpreter-preferences.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import * as accountPreferences from "~/routes/account/preferences";
import * as staffPage from "~/routes/dashboard/organisation-interpreters";
import { ADMIN, backendFor, bookedCustomer, double, languageIdOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";

const STARTS = Date.UTC(2034, 5, 6, 16);
const NOW = Date.UTC(2034, 5, 1, 12);
const STAFF = "00000000-0000-4000-8000-0000000000aa";
let spanish = 0;
let clinic = { accountId: "", organisationId: 0 };
let firm = { accountId: "", organisationId: 0 };
let pat = "";
let bea = "";
let customerId = 0;

const preferences = () => backendFor().preferences;

beforeAll(async () => {
  await double.reset();
  spanish = await languageIdOf("Spanish");
  const made = await double.people([
    { full_name: "Ana Clinic", email: "ana@clinic-a.example", password: "Requester-Pass-1", requesterOf: { organisation: "Clinic A", admin: true } },
    { full_name: "Bo Firm", email: "bo@firm-b.example", password: "Requester-Pass-1", requesterOf: { organisation: "Firm B", admin: true } },
    { full_name: "Pat Prefs", email: "pat.prefs@example.com", languages: ["Spanish"] },
    { full_name: "Bea Prefs", email: "bea.prefs@example.com", languages: ["Spanish"] },
  ]);
  const [a, b] = made as unknown as { id: string; organisation_id: number }[];
  clinic = { accountId: a!.id, organisationId: Number(a!.organisation_id) };
  firm = { accountId: b!.id, organisationId: Number(b!.organisation_id) };
  [pat, bea] = [made[2]!.id, made[3]!.id];
  customerId = await bookedCustomer({ name: "Ana Clinic", email: "ana@clinic-a.example" }, spanish, STARTS, "f".repeat(64));
});

describe("stances", () => {
  it("set, listed and cleared: one call each, with the service-role key and the organisation", async () => {
    const set = await step(() => preferences().set(clinic.organisationId, bea, "blocked", STAFF, NOW));
    expect(set.result).toEqual({ ok: true });
    expect(who(set.requests)).toEqual(["rpc.push_set_interpreter_stance service"]);
    await preferences().set(clinic.organisationId, pat, "preferred", STAFF, NOW);
    const listed = await step(() => preferences().list(clinic.organisationId));
    expect(who(listed.requests)).toEqual(["rpc.push_interpreter_stances service"]);
    expect(listed.result).toEqual({
      name: "Clinic A",
      stances: [
        { interpreter: { id: pat, name: "Pat Prefs" }, stance: "preferred", setAt: NOW, setBy: null },
        { interpreter: { id: bea, name: "Bea Prefs" }, stance: "blocked", setAt: NOW, setBy: null },
      ],
    });
    expect((await preferences().list(firm.organisationId))!.stances).toEqual([]);
    const cleared = await step(() => preferences().clear(firm.organisationId, bea));
    expect([cleared.result, who(cleared.requests)]).toEqual([false, ["rpc.push_clear_interpreter_stance service"]]);
  });

  it("ids no database could hold call nothing", async () => {
    const refused = await step(async () => [
      await preferences().set(clinic.organisationId, "not-a-uuid", "blocked", STAFF, NOW),
      await preferences().clear(0, pat),
      await preferences().list(-1),
      await preferences().pastInterpreters(1.5),
      await preferences().request(clinic.organisationId, "x", pat, "", NOW),
      await preferences().requests(0),
      await preferences().answer(clinic.organisationId, 0, true, STAFF, NOW),
      await preferences().blockedFor(0),
    ]);
    expect(refused.result).toEqual([{ ok: false, reason: "not-found" }, false, null, [], { ok: false, reason: "not-found" }, [], false, []]);
    expect(refused.requests).toEqual([]);
  });

  it("the offers' candidates for Clinic A's appointment leave Bea out and mark Pat preferred; its calls never ring Bea", async () => {
    const [appointment] = (await double.table<{ id: number; customer_id: number }>("appointments")).filter((row) => row.customer_id === customerId);
    const candidates = await backendFor().availability.candidates(spanish, { from: STARTS, to: STARTS + 3_600_000 }, appointment!.id);
    const ours = candidates.linked.filter((person) => [pat, bea].includes(person.id)).map((person) => [person.id, person.preferred]);
    expect(ours).toEqual([[pat, true]]);
    const blocked = await step(() => preferences().blockedFor(customerId));
    expect([blocked.result, who(blocked.requests)]).toEqual([[bea], ["rpc.push_blocked_interpreters service"]]);
  });
});

describe("an organisation admin's request", () => {
  it("for a past interpreter of their own organisation only; staff accept it through that organisation", async () => {
    // Pat did Clinic A's appointment.
    const [appointment] = (await double.table<{ id: number; customer_id: number }>("appointments")).filter((row) => row.customer_id === customerId);
    await double.patch("appointments", { id: appointment!.id }, { status: "confirmed", interpreter_id: pat });
    const past = await step(() => preferences().pastInterpreters(clinic.organisationId));
    expect([past.result, who(past.requests)]).toEqual([[{ id: pat, name: "Pat Prefs" }], ["rpc.push_past_interpreters service"]]);

    await preferences().clear(clinic.organisationId, pat);
    expect(await preferences().request(firm.organisationId, firm.accountId, pat, "", NOW)).toEqual({ ok: false, reason: "not-found" });
    const made = await step(() => preferences().request(clinic.organisationId, clinic.accountId, pat, "Kind", NOW));
    expect(who(made.requests)).toEqual(["rpc.push_request_preference service"]);
    if (!made.result.ok) throw new Error(made.result.reason);
    const waiting = await step(() => preferences().requests(clinic.organisationId));
    expect(who(waiting.requests)).toEqual(["rpc.push_preference_requests service"]);
    expect(waiting.result).toEqual([
      { id: made.result.id, interpreter: { id: pat, name: "Pat Prefs" }, requestedBy: "Ana Clinic", note: "Kind", createdAt: NOW },
    ]);
    expect(await preferences().answer(firm.organisationId, made.result.id, true, STAFF, NOW)).toBe(false);
    const answered = await step(() => preferences().answer(clinic.organisationId, made.result.ok ? made.result.id : 0, true, STAFF, NOW + 1));
    expect([answered.result, who(answered.requests)]).toEqual([true, ["rpc.push_answer_preference_request service"]]);
    expect((await preferences().list(clinic.organisationId))!.stances.find((item) => item.interpreter.id === pat)).toMatchObject({
      stance: "preferred",
      setAt: NOW + 1,
    });
    expect(await double.violations()).toEqual([]);
  });
});

describe("the routes on Supabase", () => {
  const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
  const pagePath = () => `/Dashboard/Organisations/${clinic.organisationId}/Interpreters`;
  const params = () => ({ organisationId: String(clinic.organisationId) });

  it("staff's page reads the stances, the requests and the person field's first suggestions; a post blocks by the person field", async () => {
    const admin = (await signIn(ADMIN)).cookie;
    const shown = await step(() => staffPage.loader(routeArgs(pagePath(), admin, {}, params()).args));
    expect(who(shown.requests)).toEqual([
      ...GUARD,
      "rpc.push_interpreter_stances service",
      "rpc.push_preference_requests service",
      "rest.users.options service",
    ]);
    expect(shown.result.organisation.name).toBe("Clinic A");
    const blocked = await acted(
      staffPage.action,
      routeArgs(pagePath(), admin, form({ intent: "set", interpreter: "pat.prefs@example.com", stance: "blocked" }), params()),
    );
    expect(answerOf(blocked.result)).toEqual({ status: 302, location: `${pagePath()}#stances` });
    expect(who(blocked.requests)).toEqual([
      ...GUARD,
      "rpc.push_interpreter_stances service",
      "rest.users.options service",
      "rpc.push_set_interpreter_stance service",
    ]);
    expect((await preferences().list(clinic.organisationId))!.stances.find((item) => item.interpreter.id === pat)!.stance).toBe("blocked");
  });

  it("an organisation admin's request form lists the past interpreters; a colleague is refused before any call of the store", async () => {
    const [colleague] = await double.people([
      { full_name: "Cy Clinic", email: "cy@clinic-a.example", password: "Requester-Pass-1", requesterOf: { organisation: "Clinic A" } },
    ]);
    expect(colleague).toBeDefined();
    const adminCookie = (await signIn("ana@clinic-a.example", "Requester-Pass-1")).cookie;
    const shown = await step(() => accountPreferences.loader(routeArgs("/Account/Preferences", adminCookie).args));
    expect(shown.result.interpreters).toEqual([{ id: pat, name: "Pat Prefs" }]);
    expect(shown.requests.at(-1)?.shape).toBe("rpc.push_past_interpreters");
    const colleagueCookie = (await signIn("cy@clinic-a.example", "Requester-Pass-1")).cookie;
    const refused = await step(() => refusedStatus(() => accountPreferences.loader(routeArgs("/Account/Preferences", colleagueCookie).args)));
    expect(refused.result).toBe(403);
    expect(refused.shapes).not.toContain("rpc.push_past_interpreters");
  });
});
