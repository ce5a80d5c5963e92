// The port's contract for joining by a status link (issue 27, docs/decisions/0042): CustomerClaimStore — a claim asked
// for a customer in no organisation whose address has no account (only its token's hash kept), otherwise which of the
// two with nothing stored; read while open; used once, making the account, a new organisation named after the
// customer, its admin requester and the customer's orders proven. Nothing joins before the link is used, and a claim
// never touches another customer's rows or an existing organisation. Called from d1.test.ts and supabase.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TTL_MS } from "~/domain/organisations";
import { unique, type ContractTarget } from "./target";
import { ordersHelpers } from "./orders-helpers";
import { portHelpers } from "./port-helpers";

const PASSWORD = "Claimant-Pass-1";

export function describeClaimsContract(target: ContractTarget) {
  const { backend, signIn } = portHelpers(target);
  const orders = ordersHelpers(target);
  const store = () => backend().claims;
  /** A customer with one unproven order (as a visitor's request is until its e-mail is opened). */
  const customer = async (overrides: { company?: string; name?: string } = {}) => {
    const who = { name: overrides.name ?? unique("Noor Saleh"), company: overrides.company ?? unique("Saleh Legal") };
    const made = await orders.request({ customer: { ...who, email: `${unique("noor")}@example.com`, phone: "+1 307 555 0199" } });
    const detail = (await backend().orders.get(made.id))!;
    return { orderId: made.id, customerId: detail.customer.id, email: detail.customer.email, name: detail.customer.name, company: detail.customer.company };
  };
  const portalOrders = async (organisationId: number) => (await backend().portal.orders(organisationId, { search: "", page: 1 })).items.map((o) => o.id);
  const linkOf = async (customerId: number, now = Date.now()) => {
    const asked = await store().request(customerId, now);
    if (asked?.outcome !== "link") throw new Error(`no link: ${asked?.outcome}`);
    return asked;
  };

  describe(`joining by a status link — ${target.name} adapter`, () => {
    beforeAll(() => orders.load());

    it("a claim is a fresh token sent to the record's address; the link shows who it is for while open", async () => {
      const noor = await customer();
      const asked = await linkOf(noor.customerId);
      expect(asked).toMatchObject({ outcome: "link", email: noor.email, fullName: noor.name });
      expect(asked.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await linkOf(noor.customerId)).token).not.toBe(asked.token);
      expect(await store().claimOf(asked.token, Date.now())).toEqual({ email: noor.email, fullName: noor.name, inOrganisation: false });
      expect(await store().request(999_999_999, Date.now())).toBeNull();
    });

    it("until the link is used nothing joins; using it makes an admin requester of a new organisation with the earlier orders", async () => {
      const noor = await customer({ company: unique("Saleh Legal") });
      const other = await customer();
      const asked = await linkOf(noor.customerId);
      expect(await backend().auth.signIn({ email: noor.email, password: PASSWORD })).toMatchObject({ ok: false });
      const joined = await store().join({ token: asked.token, password: PASSWORD, now: Date.now() });
      if (!joined.ok) throw new Error(joined.reason);
      expect(joined.email).toBe(noor.email);
      const user = await backend(await signIn(noor.email, PASSWORD)).auth.currentUser();
      expect(user).toMatchObject({
        kind: "customer",
        email: noor.email,
        organisationId: joined.organisationId,
        organisationName: noor.company,
        isOrganisationAdmin: true,
      });
      const organisation = (await backend().organisations.get(joined.organisationId, Date.now()))!;
      expect(organisation.customers.map((c) => c.id)).toEqual([noor.customerId]);
      expect(organisation.people.map((p) => p.email)).toEqual([noor.email]);
      // The earlier (unproven) order is proven by the opened link and listed; the other customer's is not touched.
      expect(await portalOrders(joined.organisationId)).toEqual([noor.orderId]);
      expect((await backend().orders.get(other.orderId))!.identityVerified).toBe(false);
      expect(await store().request(other.customerId, Date.now())).toMatchObject({ outcome: "link" });
    });

    it("a claim is used once: a second join, even at the same time, makes nothing more", async () => {
      const noor = await customer();
      const asked = await linkOf(noor.customerId);
      const now = Date.now();
      const results = await Promise.all([
        store().join({ token: asked.token, password: PASSWORD, now }),
        store().join({ token: asked.token, password: "Other-Pass-22", now: now + 1 }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await store().claimOf(asked.token, Date.now())).toBeNull();
      expect(await store().join({ token: asked.token, password: PASSWORD, now: Date.now() })).toMatchObject({ ok: false });
    });

    it("unknown, expired and used links look the same: null, and joining them makes nothing", async () => {
      const noor = await customer();
      const now = Date.now();
      const expired = await linkOf(noor.customerId, now - INVITATION_TTL_MS - 1);
      expect(await store().claimOf(expired.token, now)).toBeNull();
      expect(await store().join({ token: expired.token, password: PASSWORD, now })).toEqual({ ok: false, reason: "invalid" });
      expect(await store().claimOf("A".repeat(43), now)).toBeNull();
      expect(await store().claimOf("not a token", now)).toBeNull();
      expect(await store().join({ token: "A".repeat(43), password: PASSWORD, now })).toEqual({ ok: false, reason: "invalid" });
      expect(await backend().auth.signIn({ email: noor.email, password: PASSWORD })).toMatchObject({ ok: false });
    });

    it("a customer of an organisation gets no claim, and one who joined since cannot use theirs", async () => {
      const made = await backend().organisations.create(unique("Clinic A"), Date.now());
      if (!made.ok) throw new Error(made.reason);
      const member = await customer();
      const later = await customer();
      const asked = await linkOf(later.customerId);
      await backend().organisations.addCustomer(made.id, member.email);
      expect(await store().request(member.customerId, Date.now())).toEqual({ outcome: "in-organisation", email: member.email, fullName: member.name });
      await backend().organisations.addCustomer(made.id, later.email);
      expect(await store().claimOf(asked.token, Date.now())).toMatchObject({ inOrganisation: true });
      expect(await store().join({ token: asked.token, password: PASSWORD, now: Date.now() })).toEqual({ ok: false, reason: "in-organisation" });
      expect(await backend().auth.signIn({ email: later.email, password: PASSWORD })).toMatchObject({ ok: false });
      const clinic = (await backend().organisations.get(made.id, Date.now()))!;
      expect(clinic.people).toEqual([]);
      expect(await portalOrders(made.id)).toEqual([]);
    });

    it("an address that signs in already gets no claim; an account made since the claim is refused and the claim stays open", async () => {
      const noor = await customer();
      const asked = await linkOf(noor.customerId);
      const made = await backend().organisations.create(unique("Firm B"), Date.now());
      if (!made.ok) throw new Error(made.reason);
      const invitation = await backend().organisations.invite({
        organisationId: made.id,
        email: noor.email,
        fullName: noor.name,
        isAdmin: false,
        by: "admin@example.com",
        now: Date.now(),
      });
      // Accepting the invitation joins the customer to Firm B (and makes the account): the claim must not move them.
      const accepted = await backend().organisations.accept({ token: invitation!.token, password: PASSWORD, now: Date.now() });
      expect(accepted.ok).toBe(true);
      expect(await store().join({ token: asked.token, password: "Other-Pass-22", now: Date.now() })).toMatchObject({ ok: false });
      expect((await backend().organisations.get(made.id, Date.now()))!.customers.map((c) => c.id)).toEqual([noor.customerId]);
      const staffEmail = await customer();
      await backend().interpreters.create({
        fullName: unique("Staff "),
        gender: "Woman",
        email: staffEmail.email,
        phone: "+1 307 555 0190",
        password: PASSWORD,
      });
      expect(await store().request(staffEmail.customerId, Date.now())).toEqual({
        outcome: "account-exists",
        email: staffEmail.email,
        fullName: staffEmail.name,
      });
    });

    it("the organisation is named after the company, or the name; a taken name gets the e-mail added, never someone else's organisation", async () => {
      const taken = unique("Harbour Dental");
      const existing = await backend().organisations.create(taken, Date.now());
      if (!existing.ok) throw new Error(existing.reason);
      const noor = await customer({ company: taken.toUpperCase() });
      const joined = await store().join({ token: (await linkOf(noor.customerId)).token, password: PASSWORD, now: Date.now() });
      if (!joined.ok) throw new Error(joined.reason);
      expect(joined.organisationId).not.toBe(existing.id);
      expect((await backend().organisations.get(joined.organisationId, Date.now()))!.name).toBe(`${taken.toUpperCase()} (${noor.email})`);
      expect((await backend().organisations.get(existing.id, Date.now()))!.customers).toEqual([]);
      const walkIn = await customer({ company: "", name: unique("Sami Aziz") });
      const named = await store().join({ token: (await linkOf(walkIn.customerId)).token, password: PASSWORD, now: Date.now() });
      if (!named.ok) throw new Error(named.reason);
      expect((await backend().organisations.get(named.organisationId, Date.now()))!.name).toBe(walkIn.name);
    });
  });
}
