// The port's contract for the staff's lists of orders and customers (filters, search, pages, a customer's totals) and
// for an interpreter's jobs (only the orders assigned to them). Part of describeOrdersContract (orders-suite.ts), so it
// runs on both adapters.
import { describe, expect, it } from "vitest";
import type { OrderQuery } from "~/domain/order-records";
import type { OrdersHelpers } from "./orders-helpers";
import { unique } from "./target";

const DAY = 86_400_000;

export function describeOrderListsContract({ orders, sample, request, quote, change }: OrdersHelpers) {
  describe("lists", () => {
    it("filters by status, service, language (source or target), requested day, and searches name, e-mail and number", async () => {
      const name = unique("Zed");
      const a = await request({ name, targetLanguageIds: [sample.languages[3]!.id] });
      const b = await request(
        { name, serviceId: sample.services[1]!.id, sourceLanguageId: sample.languages[3]!.id, targetLanguageIds: [sample.languages[0]!.id] },
        Date.now() - 3 * DAY,
      );
      await orders().transition(a.id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }), Date.now());
      const query: OrderQuery = { search: name, status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 };
      const ids = async (overrides: Partial<OrderQuery>) => (await orders().list({ ...query, ...overrides })).items.map((order) => order.id);
      expect(await ids({})).toEqual([a.id, b.id]);
      expect(await ids({ status: "quoted" })).toEqual([a.id]);
      expect(await ids({ serviceId: sample.services[1]!.id })).toEqual([b.id]);
      expect(await ids({ languageId: sample.languages[3]!.id })).toEqual([a.id, b.id]);
      expect(await ids({ languageId: sample.languages[1]!.id })).toEqual([]);
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver" }).format(new Date());
      expect(await ids({ from: today })).toEqual([a.id]);
      expect(await ids({ to: new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver" }).format(new Date(Date.now() - 2 * DAY)) })).toEqual([b.id]);
      expect(await ids({ search: a.order.customer.email.toUpperCase() })).toEqual([a.id]);
      expect(await ids({ search: `PUSH-${String(b.id).padStart(4, "0")}` })).toEqual([b.id]);
      const listed = (await orders().list({ ...query, status: "quoted" })).items[0]!;
      expect(listed).toMatchObject({
        id: a.id,
        quote: { amountMinor: quote.amountMinor, currency: "USD" },
        customer: { name },
        targetLanguages: [sample.languages[3]!.name],
      });
    });

    it("searches the same words the same way: any part of the name, e-mail or company, any case, never across two fields; under 3 characters, order numbers only", async () => {
      const tag = unique("q")
        .replace(/[^a-z0-9]/gi, "")
        .toLowerCase();
      const a = await request({ name: `Zainab Hadd${tag}`, email: `zainab.${tag}@clinic.example` });
      const search = async (text: string) =>
        (await orders().list({ search: text, status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 })).items.map((order) => order.id);
      expect(await search(`HADD${tag.toUpperCase()}`)).toEqual([a.id]);
      expect(await search(`b hadd${tag}`)).toEqual([a.id]);
      expect(await search(`${tag}@CLINIC`)).toEqual([a.id]);
      // The name's end and the e-mail's start are two fields.
      expect(await search(`hadd${tag}zainab`)).toEqual([]);
      // The company (every request here is "Park & Co"), with the e-mail narrowing it to this one.
      expect((await search("PARK & co")).length).toBeGreaterThan(0);
      // Too short for a text search and no order number: nothing (never every order). A number still finds its order.
      expect(await search("zz")).toEqual([]);
      expect(await search("%")).toEqual([]);
      expect(await search(`#${a.id}`)).toContain(a.id);
      const customers = await orders().customers({ search: `${tag}@clinic.EXAMPLE`, page: 1 });
      expect(customers.items.map((customer) => customer.email)).toEqual([`zainab.${tag}@clinic.example`]);
      expect((await orders().customers({ search: "zz", page: 1 })).items).toEqual([]);
    });

    it("pages by 20, newest first", async () => {
      const name = unique("Paged");
      const created: number[] = [];
      for (let n = 0; n < 21; n++) created.push((await request({ name }, Date.now() + n)).id);
      const query = { search: name, status: null, serviceId: null, languageId: null, from: null, to: null };
      const first = await orders().list({ ...query, page: 1 });
      const second = await orders().list({ ...query, page: 2 });
      expect(first).toMatchObject({ total: 21, page: 1, pageCount: 2 });
      expect(first.items.map((order) => order.id)).toEqual(created.slice(1).reverse());
      expect(second.items.map((order) => order.id)).toEqual([created[0]]);
    });

    it("customers with their number of orders, accepted value per currency and last order; search by name, e-mail or company", async () => {
      const email = `${unique("value")}@example.com`;
      const company = unique("Acme");
      const one = await request({ email, customer: { name: "Val Ue", email, phone: "", company } });
      const two = await request({ email });
      const three = await request({ email });
      for (const [id, amountMinor] of [
        [one.id, 10_000],
        [two.id, 2_500],
      ] as const) {
        const priced = { ...quote, amountMinor };
        await orders().transition(
          id,
          change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: priced, detail: { quote: priced } }),
          Date.now(),
        );
      }
      await orders().transition(
        one.id,
        change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null }),
        Date.now(),
      );
      // Counted as the customer's once verified (issue 22).
      for (const { id } of [one, two, three]) await orders().verifyIdentity(id, Date.now());
      const page = await orders().customers({ search: company.toLowerCase(), page: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ email, company, orderCount: 3, acceptedValue: [{ currency: "USD", amountMinor: 10_000 }] });
      expect(page.items[0]!.lastOrderAt).toBeGreaterThan(0);
      expect((await orders().customers({ search: email.toUpperCase(), page: 1 })).items.map((customer) => customer.email)).toEqual([email]);
      expect(await orders().customer(987_654, 1)).toBeNull();
    });

    it("a customer bills in USD until an admin sets their currency, read back on their page and in the list; no such customer → false", async () => {
      const email = `${unique("currency")}@example.com`;
      const { id } = await request({ email });
      await orders().verifyIdentity(id, Date.now());
      const customerId = (await orders().get(id))!.customer.id;
      expect((await orders().customer(customerId, 1))!.customer.currency).toBe("USD");
      expect(await orders().setCustomerCurrency(customerId, "EUR")).toBe(true);
      expect((await orders().customer(customerId, 1))!.customer.currency).toBe("EUR");
      expect((await orders().customers({ search: email, page: 1 })).items.map((customer) => [customer.email, customer.currency])).toEqual([[email, "EUR"]]);
      expect(await orders().setCustomerCurrency(987_654_321, "GBP")).toBe(false);
      expect((await orders().customer(customerId, 1))!.customer.currency).toBe("EUR");
    });
  });

  describe("an interpreter's jobs", () => {
    it("lists only the orders assigned to them, and opens only those", async () => {
      const [mine, theirs] = sample.people.filter((person) => person.id !== sample.admin);
      const { id } = await request();
      let version = 1;
      for (const step of [
        change({ transition: "quote", from: "new", to: "quoted", basedOn: version, quote, detail: { quote } }),
        change({ transition: "accept", from: "quoted", to: "accepted", basedOn: version + 1, actor: "customer", actorId: null }),
        change({ transition: "assign", from: "accepted", to: "in_progress", basedOn: version + 2, interpreterId: mine!.id, detail: {} }),
      ]) {
        expect(await orders().transition(id, step, Date.now())).toMatchObject({ ok: true });
      }
      version += 3;
      expect((await orders().jobs(mine!.id, 1)).items.map((job) => job.id)).toContain(id);
      expect((await orders().jobs(theirs!.id, 1)).items.map((job) => job.id)).not.toContain(id);
      const job = (await orders().job(mine!.id, id))!;
      expect(job).toMatchObject({
        id,
        status: "in_progress",
        version,
        details: "Two contracts, 14 pages.",
        files: [{ kind: "source", fileName: "contract.pdf" }],
      });
      expect(Object.keys(job)).not.toContain("quote");
      expect(Object.keys(job)).not.toContain("customer");
      expect(await orders().job(theirs!.id, id)).toBeNull();
    });
  });
}
