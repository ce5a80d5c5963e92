// The port's contract for quote requests and orders (issue 13; docs/decisions/0018 and 0020): OrderStore,
// MailOutboxStore and FileStore, as seen through the port. Called from tests/port-contract/d1.test.ts and
// supabase.test.ts, so both adapters are held to the same behaviour. It needs the sample content (services,
// languages, interpreters) and works on orders and customers it creates itself.
import { beforeAll, describe, expect, it } from "vitest";
import type { NewOrder, OrderQuery } from "~/domain/order-records";
import { sha256Hex } from "~/platform/core/hash.server";
import { ORIGIN, unique, type ContractTarget } from "./target";
import { deliveryBy, orderChange, type ChangeFields } from "../fixtures/orders";

const DAY = 86_400_000;

export function describeOrdersContract(target: ContractTarget) {
  const backend = () => target.backendFor(new Request(`${ORIGIN}/Dashboard/Orders`));
  const orders = () => backend().orders;
  let services: { id: number; title: string }[] = [];
  let languages: { id: number; name: string }[] = [];
  let people: { id: string; fullName: string }[] = [];
  let admin = "";

  /** A request from a new customer (or `email`), for the first service, from the first language into the next two. */
  async function request({ email, name, ...overrides }: Partial<NewOrder> & { email?: string; name?: string } = {}, now = Date.now()) {
    const token = unique("token");
    const order: NewOrder = {
      customer: { name: name ?? "Lena Park", email: email ?? `${unique("lena")}@Example.com`, phone: "+1 307 555 0199", company: "Park & Co" },
      serviceId: services[0]!.id,
      sourceLanguageId: languages[0]!.id,
      targetLanguageIds: [languages[1]!.id, languages[2]!.id],
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
  const change = (fields: ChangeFields) => orderChange(fields, admin);

  describe(`orders — ${target.name} adapter`, () => {
    beforeAll(async () => {
      await target.prepare();
      services = (await backend().content.services()).map(({ id, title }) => ({ id, title }));
      languages = await backend().languages.list();
      const options = await backend().interpreters.find({ text: "", languageIds: [], limit: 100 });
      people = options.map(({ id, fullName }) => ({ id, fullName }));
      admin = options.find((person) => person.email === "admin@example.com")!.id;
      expect(services.length).toBeGreaterThan(1);
      expect(languages.length).toBeGreaterThan(3);
    });

    describe("a quote request", () => {
      it("becomes an order (new, version 1) with its customer, languages, file and first history entry", async () => {
        const now = Date.now();
        const { id, order } = await request({}, now);
        const detail = (await orders().get(id))!;
        expect(detail).toMatchObject({
          id,
          status: "new",
          version: 1,
          customer: { name: "Lena Park", email: order.customer.email.toLowerCase(), phone: "+1 307 555 0199", company: "Park & Co" },
          serviceId: services[0]!.id,
          serviceTitle: services[0]!.title,
          sourceLanguageId: languages[0]!.id,
          sourceLanguage: languages[0]!.name,
          targets: [
            { languageId: languages[1]!.id, name: languages[1]!.name },
            { languageId: languages[2]!.id, name: languages[2]!.name },
          ],
          targetLanguages: [languages[1]!.name, languages[2]!.name],
          deadline: "2031-05-20",
          details: "Two contracts, 14 pages.",
          locale: "en",
          quote: null,
          interpreter: null,
          linkRevoked: false,
          tokenSealed: order.tokenSealed,
          internalNote: "",
          cancelReason: "",
          messages: [],
        });
        expect(detail.createdAt).toBe(now);
        expect(detail.files).toEqual([
          { id: expect.any(Number), kind: "source", fileName: "contract.pdf", contentType: "application/pdf", size: 1234, createdAt: now },
        ]);
        expect(detail.events).toEqual([
          { id: expect.any(Number), at: now, actor: "customer", actorName: null, action: "requested", from: null, to: "new", detail: {} },
        ]);
      });

      it("finds a returning customer by e-mail, whatever its case; each order keeps its own name, and is theirs once verified", async () => {
        const email = `${unique("omar")}@example.com`;
        const first = await request({ email, name: "Omar Said" });
        const second = await request({ email: email.toUpperCase(), name: "Someone Else" });
        const [a, b] = [(await orders().get(first.id))!, (await orders().get(second.id))!];
        // Issue 22: the same customer record, never its stored name for a request that typed another.
        expect([b.customer.id, b.customer.email]).toEqual([a.customer.id, a.customer.email]);
        expect([a.customer.name, b.customer.name, a.identityVerified, b.identityVerified]).toEqual(["Omar Said", "Someone Else", false, false]);
        expect((await orders().customer(a.customer.id, 1))!.orders).toMatchObject({ items: [], total: 0 });
        expect(await orders().verifyIdentity(first.id, Date.now())).toBe(true);
        expect(await orders().verifyIdentity(second.id, Date.now())).toBe(true);
        expect(await orders().verifyIdentity(987_654, Date.now())).toBe(false);
        const customer = (await orders().customer(a.customer.id, 1))!;
        expect(customer.customer.name).toBe("Omar Said"); // the record on file, unchanged
        expect(customer.orders.items.map((summary) => [summary.id, summary.customer.name, summary.identityVerified])).toEqual([
          [second.id, "Someone Else", true],
          [first.id, "Omar Said", true],
        ]);
        expect(customer.customer.orderCount).toBe(2);
      });

      it("is refused with an unknown service or language, and stores nothing", async () => {
        const email = `${unique("nobody")}@example.com`;
        const before = await orders().list({ search: "", status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 });
        const base = {
          customer: { name: "No Body", email, phone: "", company: "" },
          deadline: "2031-01-01",
          details: "",
          locale: "en" as const,
          files: [],
          tokenSealed: "x",
        };
        const tokenHash = await sha256Hex(unique("t"));
        const ids = { serviceId: services[0]!.id, sourceLanguageId: languages[0]!.id, targetLanguageIds: [languages[1]!.id] };
        expect(await orders().create({ ...base, ...ids, serviceId: 987_654, tokenHash }, Date.now())).toEqual({ ok: false, reason: "unknown-service" });
        expect(await orders().create({ ...base, ...ids, sourceLanguageId: 987_654, tokenHash }, Date.now())).toEqual({ ok: false, reason: "unknown-language" });
        expect(await orders().create({ ...base, ...ids, targetLanguageIds: [languages[1]!.id, 987_654], tokenHash }, Date.now())).toEqual({
          ok: false,
          reason: "unknown-language",
        });
        const after = await orders().list({ search: "", status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 });
        expect(after.total).toBe(before.total);
        expect((await orders().customers({ search: email, page: 1 })).items).toEqual([]);
      });
    });

    describe("the status link", () => {
      it("finds the order by its token's hash until staff revoke it; an unknown hash finds nothing", async () => {
        const { id, token } = await request();
        expect((await orders().byTokenHash(await sha256Hex(token)))?.id).toBe(id);
        expect(await orders().byTokenHash(await sha256Hex(`${token}x`))).toBeNull();
        expect(await orders().revokeLink(id, admin, Date.now())).toBe(true);
        expect(await orders().revokeLink(id, admin, Date.now())).toBe(false);
        expect(await orders().byTokenHash(await sha256Hex(token))).toBeNull();
        const detail = (await orders().get(id))!;
        expect(detail.linkRevoked).toBe(true);
        expect(detail.events.map((event) => event.action)).toEqual(["requested", "link-revoked"]);
      });
    });

    describe("transitions", () => {
      it("walks new → quoted → accepted → in progress → delivered → completed, each a version, each in the history", async () => {
        const { id } = await request();
        const interpreter = people.find((person) => person.id !== admin)!;
        const t0 = Date.now();
        expect(await orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }), t0)).toEqual({
          ok: true,
          version: 2,
        });
        let detail = (await orders().get(id))!;
        expect(detail.quote).toEqual({ ...quote, quotedAt: t0 });
        expect(detail.status).toBe("quoted");

        const accept = change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null });
        expect(await orders().transition(id, accept, t0 + 1)).toEqual({ ok: true, version: 3 });
        const assign = change({
          transition: "assign",
          from: "accepted",
          to: "in_progress",
          basedOn: 3,
          interpreterId: interpreter.id,
          detail: { interpreter: { id: interpreter.id, name: interpreter.fullName } },
        });
        expect(await orders().transition(id, assign, t0 + 2)).toEqual({ ok: true, version: 4 });
        detail = (await orders().get(id))!;
        expect(detail.interpreter).toEqual({ id: interpreter.id, name: interpreter.fullName });

        const delivery = [{ objectKey: `orders/${unique("delivery")}`, fileName: "contract-es.pdf", contentType: "application/pdf", size: 2048 }];
        expect(await orders().transition(id, deliveryBy(interpreter.id, delivery), t0 + 3)).toEqual({ ok: true, version: 5 });
        expect(await orders().transition(id, change({ transition: "complete", from: "delivered", to: "completed", basedOn: 5 }), t0 + 4)).toEqual({
          ok: true,
          version: 6,
        });

        detail = (await orders().get(id))!;
        expect(detail).toMatchObject({ status: "completed", version: 6 });
        expect(detail.files.map((file) => [file.kind, file.fileName])).toEqual([
          ["source", "contract.pdf"],
          ["delivery", "contract-es.pdf"],
        ]);
        expect(detail.events.map((event) => [event.action, event.from, event.to, event.actor])).toEqual([
          ["requested", null, "new", "customer"],
          ["quote", "new", "quoted", "staff"],
          ["accept", "quoted", "accepted", "customer"],
          ["assign", "accepted", "in_progress", "staff"],
          ["deliver", "in_progress", "delivered", "interpreter"],
          ["complete", "delivered", "completed", "staff"],
        ]);
        expect(detail.events[1]!.detail).toEqual({ quote });
        expect(detail.events[3]!.detail).toEqual({ interpreter: { id: interpreter.id, name: interpreter.fullName } });
        expect(detail.events[4]).toMatchObject({ actorName: interpreter.fullName, detail: { files: 1 } });
        expect(detail.events[1]!.actorName).toBe(people.find((person) => person.id === admin)!.fullName);
      });

      it("refuses a stale version or another status, changing nothing; an unknown order is not found", async () => {
        const { id } = await request();
        expect(
          await orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 7, quote, detail: { quote } }), Date.now()),
        ).toEqual({
          ok: false,
          reason: "stale",
        });
        expect(await orders().transition(id, change({ transition: "complete", from: "delivered", to: "completed", basedOn: 1 }), Date.now())).toEqual({
          ok: false,
          reason: "stale",
        });
        const detail = (await orders().get(id))!;
        expect(detail).toMatchObject({ status: "new", version: 1, quote: null });
        expect(detail.events).toHaveLength(1);
        expect(
          await orders().transition(987_654, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: {} }), Date.now()),
        ).toEqual({
          ok: false,
          reason: "not-found",
        });
      });

      it("of two changes from the same version in the same instant, exactly one is stored, with its own rows only", async () => {
        const { id } = await request();
        const cheap = { ...quote, amountMinor: 100 };
        const outcomes = await Promise.all([
          orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }), Date.now()),
          orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: cheap, detail: { quote: cheap } }), Date.now()),
          orders().transition(
            id,
            change({ transition: "cancel", from: "new", to: "cancelled", basedOn: 1, cancelReason: "Duplicate", detail: { reason: "Duplicate" } }),
            Date.now(),
          ),
        ]);
        expect(outcomes.filter((outcome) => outcome.ok)).toEqual([{ ok: true, version: 2 }]);
        expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
          { ok: false, reason: "stale" },
          { ok: false, reason: "stale" },
        ]);
        const detail = (await orders().get(id))!;
        expect(detail.events).toHaveLength(2);
        const winner = outcomes.findIndex((outcome) => outcome.ok);
        if (winner === 2) expect(detail).toMatchObject({ status: "cancelled", quote: null, cancelReason: "Duplicate" });
        else expect(detail.quote?.amountMinor).toBe([quote, cheap][winner]!.amountMinor);
      });

      it("a cancellation keeps its reason", async () => {
        const { id } = await request();
        const cancel = change({
          transition: "cancel",
          from: "new",
          to: "cancelled",
          basedOn: 1,
          cancelReason: "The customer called to cancel.",
          detail: { reason: "The customer called to cancel." },
        });
        expect(await orders().transition(id, cancel, Date.now())).toEqual({ ok: true, version: 2 });
        expect(await orders().get(id)).toMatchObject({ status: "cancelled", cancelReason: "The customer called to cancel." });
      });
    });

    describe("the thread, the note and the files", () => {
      it("keeps messages both ways in order, with the staff author's name; the note is logged", async () => {
        const { id } = await request();
        const t0 = Date.now();
        expect(await orders().addMessage(id, { author: "customer", authorId: null, body: "Can you do it by Friday?" }, t0)).toBe(true);
        expect(await orders().addMessage(id, { author: "staff", authorId: admin, body: "Yes, by Friday noon." }, t0 + 1)).toBe(true);
        expect(await orders().addMessage(987_654, { author: "staff", authorId: admin, body: "Lost" }, t0 + 2)).toBe(false);
        expect(await orders().setNote(id, "Rush job: check with Daniel.", admin, t0 + 3)).toBe(true);
        const detail = (await orders().get(id))!;
        expect(detail.messages).toEqual([
          { id: expect.any(Number), author: "customer", authorName: null, body: "Can you do it by Friday?", createdAt: t0 },
          {
            id: expect.any(Number),
            author: "staff",
            authorName: people.find((person) => person.id === admin)!.fullName,
            body: "Yes, by Friday noon.",
            createdAt: t0 + 1,
          },
        ]);
        expect(detail.internalNote).toBe("Rush job: check with Daniel.");
        expect(detail.events.at(-1)).toMatchObject({ action: "note", actor: "staff" });
      });

      it("answers a file only with its own order", async () => {
        const { id } = await request();
        const other = await request();
        const file = (await orders().get(id))!.files[0]!;
        expect(await orders().file(id, file.id)).toMatchObject({
          id: file.id,
          orderId: id,
          fileName: "contract.pdf",
          objectKey: expect.stringMatching(/^orders\//),
        });
        expect(await orders().file(other.id, file.id)).toBeNull();
      });

      it("the private file store keeps bytes under a key and deletes them", async () => {
        const key = `orders/${unique("blob")}`;
        const bytes = new TextEncoder().encode("%PDF-1.7 a small test file");
        await backend().files.put(key, bytes, "application/pdf");
        const stored = (await backend().files.get(key))!;
        expect(stored.size).toBe(bytes.length);
        expect(new Uint8Array(await new Response(stored.body).arrayBuffer())).toEqual(bytes);
        await backend().files.remove([key]);
        expect(await backend().files.get(key)).toBeNull();
        await backend().files.remove([key]); // already gone: no error
      });
    });

    describe("lists", () => {
      it("filters by status, service, language (source or target), requested day, and searches name, e-mail and number", async () => {
        const name = unique("Zed");
        const a = await request({ name, targetLanguageIds: [languages[3]!.id] });
        const b = await request(
          { name, serviceId: services[1]!.id, sourceLanguageId: languages[3]!.id, targetLanguageIds: [languages[0]!.id] },
          Date.now() - 3 * DAY,
        );
        await orders().transition(a.id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }), Date.now());
        const query: OrderQuery = { search: name, status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 };
        const ids = async (overrides: Partial<OrderQuery>) => (await orders().list({ ...query, ...overrides })).items.map((order) => order.id);
        expect(await ids({})).toEqual([a.id, b.id]);
        expect(await ids({ status: "quoted" })).toEqual([a.id]);
        expect(await ids({ serviceId: services[1]!.id })).toEqual([b.id]);
        expect(await ids({ languageId: languages[3]!.id })).toEqual([a.id, b.id]);
        expect(await ids({ languageId: languages[1]!.id })).toEqual([]);
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
          targetLanguages: [languages[3]!.name],
        });
      });

      it("searches the same words the same way: any part of the name, e-mail or company, any case, never across two fields; under 3 characters, order numbers only", async () => {
        const tag = unique("q")
          .replace(/[^a-z0-9]/gi, "")
          .toLowerCase();
        const a = await request({ name: `Zainab Hadd${tag}`, email: `zainab.${tag}@clinic.example` });
        const search = async (text: string) =>
          (await orders().list({ search: text, status: null, serviceId: null, languageId: null, from: null, to: null, page: 1 })).items.map(
            (order) => order.id,
          );
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
    });

    describe("an interpreter's jobs", () => {
      it("lists only the orders assigned to them, and opens only those", async () => {
        const [mine, theirs] = people.filter((person) => person.id !== admin);
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

    describe("order e-mails", () => {
      it("are stored, claimed by one run at a time, and listed per order", async () => {
        const { id } = await request();
        const now = Date.now();
        const mail = backend().mail;
        await mail.enqueue(
          [
            { kind: "order-received", to: "lena@example.com", subject: "We have your request", body: "Your link: …", orderId: id },
            { kind: "order-new-for-staff", to: "office@example.com", subject: "New quote request", body: "From Lena", orderId: id },
          ],
          now,
        );
        const listed = await mail.forOrder(id);
        expect(listed.map((item) => [item.kind, item.to, item.status])).toEqual([
          ["order-new-for-staff", "office@example.com", "pending"],
          ["order-received", "lena@example.com", "pending"],
        ]);
        const first = listed[1]!;
        expect((await mail.due(now, 500)).map((item) => item.id)).toContain(first.id);
        const claim = (await mail.claim(first.id, now, 60_000))!;
        expect(claim).toBeTruthy();
        expect(await mail.claim(first.id, now, 60_000)).toBeNull();
        await mail.markAttemptFailed(first.id, claim, "503: down", now + 60_000);
        expect(await mail.get(first.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "503: down", nextAttemptAt: now + 60_000 });
        const again = (await mail.claim(first.id, now + 60_000, 60_000))!;
        await mail.markSent(first.id, again, now + 60_001);
        expect(await mail.get(first.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null, sentAt: now + 60_001 });
      });
    });
  });
}
