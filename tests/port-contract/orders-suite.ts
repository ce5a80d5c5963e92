// The port's contract for quote requests and orders (issue 13; docs/decisions/0018 and 0020): OrderStore,
// MailOutboxStore and FileStore, as seen through the port. Called from tests/port-contract/d1.test.ts and
// supabase.test.ts, so both adapters are held to the same behaviour. It needs the sample content (services,
// languages, interpreters) and works on orders and customers it creates itself. This file holds the request, the
// status link, the thread, the note and the files; the transitions (order-transitions-suite.ts), the lists and an
// interpreter's jobs (order-lists-suite.ts) and the order e-mails (order-mail-suite.ts) run inside this suite.
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import { describeOrderListsContract } from "./order-lists-suite";
import { describeOrderMailContract } from "./order-mail-suite";
import { describeOrderTransitionsContract } from "./order-transitions-suite";
import { ordersHelpers } from "./orders-helpers";
import { unique, type ContractTarget } from "./target";

export function describeOrdersContract(target: ContractTarget) {
  const helpers = ordersHelpers(target);
  const { backend, orders, sample, load, request } = helpers;

  describe(`orders — ${target.name} adapter`, () => {
    beforeAll(() => load());

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
          serviceId: sample.services[0]!.id,
          serviceTitle: sample.services[0]!.title,
          sourceLanguageId: sample.languages[0]!.id,
          sourceLanguage: sample.languages[0]!.name,
          targets: [
            { languageId: sample.languages[1]!.id, name: sample.languages[1]!.name },
            { languageId: sample.languages[2]!.id, name: sample.languages[2]!.name },
          ],
          targetLanguages: [sample.languages[1]!.name, sample.languages[2]!.name],
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
        const ids = { serviceId: sample.services[0]!.id, sourceLanguageId: sample.languages[0]!.id, targetLanguageIds: [sample.languages[1]!.id] };
        expect(await orders().create({ ...base, ...ids, serviceId: 987_654, tokenHash }, Date.now())).toEqual({ ok: false, reason: "unknown-service" });
        expect(await orders().create({ ...base, ...ids, sourceLanguageId: 987_654, tokenHash }, Date.now())).toEqual({ ok: false, reason: "unknown-language" });
        expect(await orders().create({ ...base, ...ids, targetLanguageIds: [sample.languages[1]!.id, 987_654], tokenHash }, Date.now())).toEqual({
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
        // Twice in the same millisecond (as on a fast machine): revoked once, logged once.
        const at = Date.now();
        expect(await orders().revokeLink(id, sample.admin, at)).toBe(true);
        expect(await orders().revokeLink(id, sample.admin, at)).toBe(false);
        expect(await orders().byTokenHash(await sha256Hex(token))).toBeNull();
        const detail = (await orders().get(id))!;
        expect(detail.linkRevoked).toBe(true);
        expect(detail.events.map((event) => event.action)).toEqual(["requested", "link-revoked"]);
      });
    });

    describeOrderTransitionsContract(helpers);

    describe("the thread, the note and the files", () => {
      it("keeps messages both ways in order, with the staff author's name; the note is logged", async () => {
        const { id } = await request();
        const t0 = Date.now();
        expect(await orders().addMessage(id, { author: "customer", authorId: null, body: "Can you do it by Friday?" }, t0)).toBe(true);
        expect(await orders().addMessage(id, { author: "staff", authorId: sample.admin, body: "Yes, by Friday noon." }, t0 + 1)).toBe(true);
        expect(await orders().addMessage(987_654, { author: "staff", authorId: sample.admin, body: "Lost" }, t0 + 2)).toBe(false);
        expect(await orders().setNote(id, "Rush job: check with Daniel.", sample.admin, t0 + 3)).toBe(true);
        const detail = (await orders().get(id))!;
        expect(detail.messages).toEqual([
          { id: expect.any(Number), author: "customer", authorName: null, body: "Can you do it by Friday?", createdAt: t0 },
          {
            id: expect.any(Number),
            author: "staff",
            authorName: sample.people.find((person) => person.id === sample.admin)!.fullName,
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

    describeOrderListsContract(helpers);

    describeOrderMailContract(helpers);
  });
}
