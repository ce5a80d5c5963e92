// What the parts of the orders' contract share (orders-suite.ts, order-transitions-suite.ts, order-lists-suite.ts,
// order-mail-suite.ts): the sample content they read once before the tests (services, languages, people and the
// admin's id), a quote request from a new customer, a quote and an order change by the admin.
import { expect } from "vitest";
import type { NewOrder } from "~/domain/order-records";
import { sha256Hex } from "~/platform/core/hash.server";
import { ORIGIN, unique, type ContractTarget } from "./target";
import { orderChange, type ChangeFields } from "../fixtures/orders";

export function ordersHelpers(target: ContractTarget) {
  const backend = () => target.backendFor(new Request(`${ORIGIN}/Dashboard/Orders`));
  const orders = () => backend().orders;
  /** Filled by `load`, before the tests. */
  const sample = {
    services: [] as { id: number; title: string }[],
    languages: [] as { id: number; name: string }[],
    people: [] as { id: string; fullName: string }[],
    admin: "",
  };

  /** Gets the store ready and reads the sample content the tests use. */
  async function load() {
    await target.prepare();
    sample.services = (await backend().content.services()).map(({ id, title }) => ({ id, title }));
    sample.languages = await backend().languages.list();
    const options = await backend().interpreters.find({ text: "", languageIds: [], limit: 100 });
    sample.people = options.map(({ id, fullName }) => ({ id, fullName }));
    sample.admin = options.find((person) => person.email === "admin@example.com")!.id;
    expect(sample.services.length).toBeGreaterThan(1);
    expect(sample.languages.length).toBeGreaterThan(3);
  }

  /** A request from a new customer (or `email`), for the first service, from the first language into the next two. */
  async function request({ email, name, ...overrides }: Partial<NewOrder> & { email?: string; name?: string } = {}, now = Date.now()) {
    const token = unique("token");
    const order: NewOrder = {
      customer: { name: name ?? "Lena Park", email: email ?? `${unique("lena")}@Example.com`, phone: "+1 307 555 0199", company: "Park & Co" },
      serviceId: sample.services[0]!.id,
      sourceLanguageId: sample.languages[0]!.id,
      targetLanguageIds: [sample.languages[1]!.id, sample.languages[2]!.id],
      deadline: "2031-05-20",
      details: "Two contracts, 14 pages.",
      locale: "en",
      tokenHash: await sha256Hex(token),
      tokenSealed: `sealed:${token}`,
      files: [{ objectKey: `orders/${unique("key")}`, fileName: "contract.pdf", contentType: "application/pdf", size: 1234 }],
      ...overrides,
    };
    const created = await orders().create(order, now);
    if (!created.ok) throw new Error(`not created: ${created.reason}`);
    return { id: created.id, order, token };
  }

  const quote = { amountMinor: 125_050, currency: "USD", dueDate: "2031-05-18", validUntil: "2031-05-10" };
  const change = (fields: ChangeFields) => orderChange(fields, sample.admin);

  return { backend, orders, sample, load, request, quote, change };
}

export type OrdersHelpers = ReturnType<typeof ordersHelpers>;
