// The customer portal's part of the port's contract (issue 27; app/backend/port-portal.server.ts), the same for both
// adapters: two organisations, each with a requester and work of their own (a proven and an unproven order, an
// upcoming and a past appointment, an issued invoice and a draft, messages on both orders), and every read of one answers none of the other's —
// by id, by list and by search.
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { sha256Hex } from "~/platform/core/hash.server";
import { sampleComputation } from "../support/rate-line-samples";
import { ordersHelpers } from "./orders-helpers";
import { unique, type ContractTarget } from "./target";

/** The target with a way to make a requester: their organisation (made when missing) and their customers row in it. */
export type PortalTarget = ContractTarget & { requester: (organisation: string, email: string) => Promise<{ organisationId: number }> };

const NOW = Date.UTC(2026, 11, 10, 15);
const DAY = 86_400_000;

export function describePortalContract(target: PortalTarget) {
  const helpers = ordersHelpers(target);
  const portal = () => helpers.backend().portal;

  /** An organisation's requester and their work; answers the ids. */
  async function organisationWithWork(name: string) {
    const email = `${unique("requester")}@example.com`;
    const { organisationId } = await target.requester(name, email);
    const backend = helpers.backend();
    const proven = await helpers.request({ email, name: `${name} Requester` });
    await backend.orders.verifyIdentity(proven.id, NOW);
    const unproven = await helpers.request({ email, name: `${name} Stranger` });
    // The proven order's thread (the customer, then PUSH) and a message on the unproven one, which is not theirs yet.
    const say = (id: number, author: "customer" | "staff", body: string, at: number) =>
      backend.orders.addMessage(id, { author, authorId: author === "staff" ? helpers.sample.admin : null, body }, at);
    await say(proven.id, "customer", `Can ${name} have it by Friday?`, NOW - 2 * DAY);
    await say(proven.id, "staff", "Yes, by Friday noon.", NOW - DAY);
    await say(unproven.id, "customer", `Unproven words of ${name}`, NOW);
    const languageId = helpers.sample.languages[0]!.id;
    const booking = async (startsAt: number) => {
      const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
      const made = await backend.appointments.request(
        {
          contact: { name: `${name} Booker`, email, phone: "+1 303 555 0100", organisation: name },
          ...{ languageId, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
          ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
          ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
        },
        NOW - 30 * DAY,
      );
      if (!made.ok) throw new Error(made.reason);
      return made.id;
    };
    const upcoming = await booking(NOW + 3 * DAY);
    const past = await booking(NOW - 3 * DAY);
    const customerId = (await backend.appointments.get(upcoming))!.customerId;
    const draft = async (amountMinor: number, workDay: string) => {
      const item = { source: unique("appointment:"), customerId, workDay, currency: "USD", amountMinor, rateLineId: null, languageId: null };
      await backend.invoices.addItems([{ ...item, computation: sampleComputation }], NOW);
      const made = await backend.invoices.createDraft({ customerId, currency: "USD", from: workDay, to: workDay, by: helpers.sample.admin }, NOW);
      if (!made.ok) throw new Error(made.reason);
      return made.id;
    };
    const issued = await draft(10_000, "2026-11-03");
    const done = await backend.invoices.issue(issued, { basedOn: 1, taxBasisPoints: 0, year: 2026, by: helpers.sample.admin }, NOW);
    if (!done.ok) throw new Error(done.reason);
    const drafted = await draft(5_000, "2026-11-04");
    return { organisationId, email, proven: proven.id, unproven: unproven.id, upcoming, past, issued, drafted };
  }

  describe(`customer portal [${target.name}]`, () => {
    let a: Awaited<ReturnType<typeof organisationWithWork>>;
    let b: Awaited<ReturnType<typeof organisationWithWork>>;

    beforeAll(async () => {
      await helpers.load();
      a = await organisationWithWork(unique("Clinic A"));
      b = await organisationWithWork(unique("Firm B"));
    });

    it("lists an organisation's proven orders only, and reads one of them without the staff's note", async () => {
      const page = await portal().orders(a.organisationId, { search: "", page: 1 });
      expect(page.items.map((order) => order.id)).toEqual([a.proven]);
      expect(page).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      await helpers.backend().orders.setNote(a.proven, "Difficult customer", helpers.sample.admin, NOW);
      const order = await portal().order(a.organisationId, a.proven);
      expect(order).toMatchObject({ id: a.proven, internalNote: "", files: [{ fileName: "contract.pdf" }] });
      expect(await portal().order(a.organisationId, a.unproven)).toBeNull();
    });

    it("answers nothing of another organisation's orders: by id, by list, by search, by number", async () => {
      expect(await portal().order(a.organisationId, b.proven)).toBeNull();
      expect(await portal().order(b.organisationId, a.proven)).toBeNull();
      expect((await portal().orders(b.organisationId, { search: "", page: 1 })).items.map((order) => order.id)).toEqual([b.proven]);
      expect((await portal().orders(a.organisationId, { search: "Firm B", page: 1 })).total).toBe(0);
      // By Firm B's order number (a bare id would also be found among Clinic A's own addresses, made of digits and letters).
      expect((await portal().orders(a.organisationId, { search: `PUSH-${b.proven}`, page: 1 })).total).toBe(0);
      expect((await portal().orders(a.organisationId, { search: "clinic a", page: 1 })).items.map((order) => order.id)).toEqual([a.proven]);
      expect((await portal().orders(a.organisationId, { search: `PUSH-${a.proven}`, page: 1 })).items.map((order) => order.id)).toEqual([a.proven]);
    });

    it("lists upcoming appointments soonest first and past ones apart, and never another organisation's", async () => {
      const upcoming = await portal().appointments(a.organisationId, { search: "", page: 1, when: "upcoming", now: NOW });
      expect(upcoming.items.map((item) => item.id)).toEqual([a.upcoming]);
      const past = await portal().appointments(a.organisationId, { search: "", page: 1, when: "past", now: NOW });
      expect(past.items.map((item) => item.id)).toEqual([a.past]);
      expect(await portal().appointment(a.organisationId, a.upcoming)).toMatchObject({ id: a.upcoming, status: "requested" });
      expect(await portal().appointment(a.organisationId, b.upcoming)).toBeNull();
      expect((await portal().appointments(a.organisationId, { search: "Firm B", page: 1, when: "upcoming", now: NOW })).total).toBe(0);
      expect((await portal().appointments(a.organisationId, { search: `A-${b.upcoming}`, page: 1, when: "upcoming", now: NOW })).total).toBe(0);
      const byNumber = await portal().appointments(a.organisationId, {
        search: `A-${String(a.upcoming).padStart(6, "0")}`,
        page: 1,
        when: "upcoming",
        now: NOW,
      });
      expect(byNumber.items.map((item) => item.id)).toEqual([a.upcoming]);
    });

    it("lists issued invoices with what is open, never a draft or another organisation's", async () => {
      const page = await portal().invoices(a.organisationId, { page: 1 });
      expect(page.items.map((invoice) => invoice.id)).toEqual([a.issued]);
      expect(page.open).toEqual([{ currency: "USD", openMinor: 10_000 }]);
      expect(await portal().invoice(a.organisationId, a.issued)).toMatchObject({ id: a.issued, status: "issued", totalMinor: 10_000 });
      expect(await portal().invoice(a.organisationId, a.drafted)).toBeNull();
      expect(await portal().invoice(a.organisationId, b.issued)).toBeNull();
      expect(await portal().invoice(b.organisationId, a.issued)).toBeNull();
    });

    it("takes payments off what is open", async () => {
      const paid = await helpers
        .backend()
        .invoices.recordPayment(
          a.issued,
          { amountMinor: 4_000, paidOn: "2026-12-09", method: "bank-transfer", reference: "T-1", by: "admin@example.com" },
          NOW,
        );
      expect(paid).toEqual({ ok: true });
      expect((await portal().invoices(a.organisationId, { page: 1 })).open).toEqual([{ currency: "USD", openMinor: 6_000 }]);
      expect((await portal().invoices(b.organisationId, { page: 1 })).open).toEqual([{ currency: "USD", openMinor: 10_000 }]);
    });

    it("lists the messages of an organisation's proven orders, newest first, PUSH's without the staff member", async () => {
      const page = await portal().messages(a.organisationId, { search: "", page: 1 });
      expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
      expect(page.items).toEqual([
        { id: expect.any(Number), orderId: a.proven, author: "staff", customerName: null, body: "Yes, by Friday noon.", createdAt: NOW - DAY },
        {
          id: expect.any(Number),
          orderId: a.proven,
          author: "customer",
          customerName: expect.stringContaining("Requester"),
          body: expect.stringMatching(/^Can Clinic A.* have it by Friday\?$/),
          createdAt: NOW - 2 * DAY,
        },
      ]);
      expect(JSON.stringify(page)).not.toContain(helpers.sample.admin);
    });

    it("finds messages by any part of the body in any case, or by the order's number; never another organisation's", async () => {
      const bodies = async (organisationId: number, search: string) =>
        (await portal().messages(organisationId, { search, page: 1 })).items.map((message) => message.body);
      expect(await bodies(a.organisationId, "FRIDAY NOON")).toEqual(["Yes, by Friday noon."]);
      expect(await bodies(a.organisationId, `PUSH-${a.proven}`)).toHaveLength(2);
      expect(await bodies(a.organisationId, "Firm B")).toEqual([]);
      expect(await bodies(a.organisationId, `PUSH-${b.proven}`)).toEqual([]);
      expect(await bodies(a.organisationId, "Unproven")).toEqual([]);
      expect(await bodies(b.organisationId, "Clinic A")).toEqual([]);
      expect(await bodies(b.organisationId, "have it")).toEqual([expect.stringMatching(/^Can Firm B/)]);
    });

    it("answers an empty page for an organisation with no work, and for an unknown one", async () => {
      const { organisationId } = await target.requester(unique("Empty Org"), `${unique("nobody")}@example.com`);
      for (const id of [organisationId, 9_999_999]) {
        expect((await portal().orders(id, { search: "", page: 1 })).items).toEqual([]);
        expect((await portal().appointments(id, { search: "", page: 1, when: "past", now: NOW })).items).toEqual([]);
        expect(await portal().invoices(id, { page: 1 })).toMatchObject({ items: [], total: 0, open: [] });
        expect(await portal().messages(id, { search: "", page: 1 })).toMatchObject({ items: [], total: 0, pageCount: 1 });
      }
    });
  });
}
