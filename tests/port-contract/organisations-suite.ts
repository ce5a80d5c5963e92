// The port's contract for customer organisations (issue 27, docs/decisions/0040): OrganisationStore — organisations
// made (a taken name refused, any case), paged and searched; a customer joined by e-mail; invitations issued (only the
// token's hash kept), read while open, used once (two accepts at once make one account) and refused for an e-mail
// that already signs in; people listed and removed (their account ends). Two organisations, Clinic A and Firm B:
// nothing of one is read or changed through the other. Called from d1.test.ts and supabase.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TTL_MS } from "~/domain/organisations";
import { everyPage, unique, type ContractTarget } from "./target";
import { ordersHelpers } from "./orders-helpers";
import { portHelpers } from "./port-helpers";

const PASSWORD = "Requester-Pass-1";

export function describeOrganisationsContract(target: ContractTarget) {
  const { backend, signIn } = portHelpers(target);
  const orders = ordersHelpers(target);
  const store = () => backend().organisations;
  let clinic = 0;
  let firm = 0;

  const invite = async (organisationId: number, overrides: { email?: string; isAdmin?: boolean; now?: number } = {}) => {
    const email = overrides.email ?? `${unique("person")}@example.com`;
    const invitation = { organisationId, email, fullName: unique("Person"), isAdmin: overrides.isAdmin ?? false, by: "admin@example.com" };
    const issued = await store().invite({ ...invitation, now: overrides.now ?? Date.now() });
    if (!issued) throw new Error("not invited");
    return { ...invitation, token: issued.token };
  };
  /** A requester of the organisation, made through an invitation. */
  const requester = async (organisationId: number) => {
    const invited = await invite(organisationId);
    const accepted = await store().accept({ token: invited.token, password: PASSWORD, now: Date.now() });
    if (!accepted.ok) throw new Error(accepted.reason);
    return { ...invited, accountId: accepted.accountId };
  };

  describe(`customer organisations — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await orders.load();
      const [a, b] = [await store().create(unique("Clinic A"), Date.now()), await store().create(unique("Firm B"), Date.now())];
      if (!a.ok || !b.ok) throw new Error("organisations not made");
      [clinic, firm] = [a.id, b.id];
    });

    it("made once per name, any case; found by a part of the name, in pages", async () => {
      const name = unique("Harbour Dental");
      const made = await store().create(name, Date.now());
      expect(made.ok).toBe(true);
      expect(await store().create(name.toUpperCase(), Date.now())).toEqual({ ok: false, reason: "name-taken" });
      const found = await store().list({ search: name.slice(0, 10).toLowerCase(), page: 1 });
      expect(found.items.map((item) => item.name)).toContain(name);
      const all = await everyPage((page) => store().list({ search: "", page }));
      expect(all.map((item) => item.name)).toEqual(expect.arrayContaining([name]));
      expect(all.find((item) => item.name === name)).toMatchObject({ customers: 0, people: 0 });
    });

    it("a customer joins by e-mail; an unknown e-mail and an unknown organisation are refused", async () => {
      const { order } = await orders.request({ name: "Omar Haddad" });
      const email = order.customer.email.toLowerCase();
      expect(await store().addCustomer(clinic, email.toUpperCase())).toEqual({ ok: true, name: "Omar Haddad" });
      expect((await store().get(clinic, Date.now()))!.customers.map((c) => c.email)).toContain(email);
      expect((await store().get(firm, Date.now()))!.customers.map((c) => c.email)).not.toContain(email);
      expect(await store().addCustomer(clinic, `${unique("nobody")}@example.com`)).toEqual({ ok: false, reason: "no-customer" });
      expect(await store().addCustomer(999_999_999, email)).toEqual({ ok: false, reason: "not-found" });
    });

    it("an invitation shows its organisation while open; the stored invitation is listed without its token", async () => {
      const invited = await invite(clinic, { isAdmin: true });
      expect(invited.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const clinicName = (await store().get(clinic, Date.now()))!.name;
      expect(await store().invitationOf(invited.token, Date.now())).toEqual({ organisationName: clinicName, email: invited.email, fullName: invited.fullName });
      const pending = (await store().get(clinic, Date.now()))!.invitations.find((i) => i.email === invited.email);
      expect(pending).toMatchObject({ fullName: invited.fullName, isAdmin: true, invitedBy: "admin@example.com" });
      expect(pending!.expiresAt - pending!.createdAt).toBe(INVITATION_TTL_MS);
      expect(JSON.stringify(await store().get(clinic, Date.now()))).not.toContain(invited.token);
      expect((await store().get(firm, Date.now()))!.invitations.map((i) => i.email)).not.toContain(invited.email);
      expect(await store().invite({ ...invited, organisationId: 999_999_999, now: Date.now() })).toBeNull();
    });

    it("unknown, expired and used links look the same: null, and accepting them makes nothing", async () => {
      const now = Date.now();
      const expired = await invite(clinic, { now: now - INVITATION_TTL_MS - 1 });
      expect(await store().invitationOf(expired.token, now)).toBeNull();
      expect(await store().accept({ token: expired.token, password: PASSWORD, now })).toEqual({ ok: false, reason: "invalid" });
      expect(await store().invitationOf("A".repeat(43), now)).toBeNull();
      expect(await store().invitationOf("not a token", now)).toBeNull();
      const used = await requester(clinic);
      expect(await store().invitationOf(used.token, Date.now())).toBeNull();
      expect(await store().accept({ token: used.token, password: PASSWORD, now: Date.now() + 1 })).toEqual({ ok: false, reason: "invalid" });
      expect(await backend().auth.signIn({ email: expired.email, password: PASSWORD })).toMatchObject({ ok: false });
    });

    it("accepting makes a requester of that organisation who signs in, with their customers row joined", async () => {
      const person = await requester(clinic);
      const cookie = await signIn(person.email, PASSWORD);
      const user = await backend(cookie).auth.currentUser();
      expect(user).toMatchObject({ kind: "customer", email: person.email, organisationId: clinic, fullName: person.fullName, isOrganisationAdmin: false });
      const organisation = (await store().get(clinic, Date.now()))!;
      expect(organisation.people).toContainEqual({ accountId: person.accountId, fullName: person.fullName, email: person.email, isAdmin: false });
      expect(organisation.customers.map((c) => c.email)).toContain(person.email);
      expect(organisation.invitations.map((i) => i.email)).not.toContain(person.email);
      expect((await store().people(firm)).map((p) => p.email)).not.toContain(person.email);
    });

    it("an e-mail that already signs in is invited alike, but accepting says so and leaves the invitation open", async () => {
      const person = await requester(firm);
      const again = await invite(clinic, { email: person.email });
      expect(await store().accept({ token: again.token, password: "Another-Pass-2", now: Date.now() })).toEqual({ ok: false, reason: "account-exists" });
      expect(await store().invitationOf(again.token, Date.now())).not.toBeNull();
      expect((await store().people(clinic)).map((p) => p.email)).not.toContain(person.email);
      expect((await store().people(firm)).map((p) => p.email)).toContain(person.email);
    });

    it("two accepts of one invitation at once make one account", async () => {
      const invited = await invite(clinic);
      const now = Date.now();
      const results = await Promise.all([
        store().accept({ token: invited.token, password: PASSWORD, now }),
        store().accept({ token: invited.token, password: "Other-Pass-22", now: now + 1 }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect((await store().people(clinic)).filter((p) => p.email === invited.email)).toHaveLength(1);
      expect(await store().invitationOf(invited.token, now)).toBeNull();
    });

    it("a person is removed only through their own organisation: their account and sessions end", async () => {
      const person = await requester(clinic);
      const cookie = await signIn(person.email, PASSWORD);
      expect(await store().removePerson(firm, person.accountId)).toEqual({ ok: false, reason: "not-found" });
      expect(await backend(cookie).auth.currentUser()).toMatchObject({ kind: "customer" });
      expect(await store().removePerson(clinic, person.accountId)).toEqual({ ok: true, fullName: person.fullName, email: person.email });
      expect(await backend(cookie).auth.currentUser()).toBeNull();
      expect((await backend().auth.signIn({ email: person.email, password: PASSWORD })).ok).toBe(false);
      expect((await store().people(clinic)).map((p) => p.accountId)).not.toContain(person.accountId);
      expect(await store().removePerson(clinic, person.accountId)).toEqual({ ok: false, reason: "not-found" });
      expect(await store().removePerson(clinic, "not-an-id")).toEqual({ ok: false, reason: "not-found" });
    });

    it("an unknown organisation reads as nothing", async () => {
      expect(await store().get(999_999_999, Date.now())).toBeNull();
      expect(await store().people(999_999_999)).toEqual([]);
    });
  });
}
