// Quote requests and orders through their routes (issue 13), against a real D1 and R2 inside workerd: every refusal
// of /Quote stores nothing (no order, no customer, no object in the private bucket), files are reached only by those
// who may, and the e-mails of an order survive a mail outage and go out after it.
import { env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { relayDueMails } from "~/features/orders/order-mail-relay.server";
import { d1MailOutboxStore } from "~/backend/d1/mail-outbox.server";
import * as orderPage from "~/routes/dashboard/order";
import * as orderFile from "~/routes/dashboard/order-file";
import * as job from "~/routes/dashboard/job";
import * as quote from "~/routes/public/quote";
import * as quoteFile from "~/routes/public/quote-file";
import * as quoteStatus from "~/routes/public/quote-status";
import { serveMedia } from "../../workers/media";
import { docx, pdf } from "../fixtures/documents";
import { envWith, recorded, setMode } from "./contact-helpers";
import { asResponse, backendFor, cookieOf, count, failure, idOf, languageId, rows, seed, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN, settled, type Fields } from "./requests";

/** Every request from a browser on our own site, from an address of this file's own range. */
const { get, upload } = browser({ addresses: addressesIn(91), headers: { Origin: ORIGIN } });

const file = (bytes: Uint8Array, name: string, type = "application/pdf") => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
let valid: Fields = {};

async function postQuote(fields: Fields, testEnv: Env = env) {
  const call = upload("/Quote", fields, undefined, { env: testEnv });
  return settled(quote.action(call), call);
}

/** A new request that went through; its token, as the redirect names it. */
async function requested(fields: Fields = {}, testEnv: Env = env) {
  const response = asResponse(await postQuote({ ...valid, email: `c${crypto.randomUUID().slice(0, 8)}@example.com`, ...fields }, testEnv));
  expect(response.status).toBe(302);
  const token = /\/Quote\/([A-Za-z0-9_-]{43})\?received=1$/.exec(response.headers.get("Location")!)![1]!;
  const id = (await env.DB.prepare("SELECT id FROM orders ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;
  return { token, id };
}

const objects = async () => (await env.FILES.list()).objects.length;
const counts = async () => ({ orders: await rows("orders"), customers: await rows("customers"), files: await rows("order_files"), objects: await objects() });

beforeAll(async () => {
  await seed();
  valid = {
    name: "Rosa Mendes",
    email: "rosa@example.com",
    service: String((await env.DB.prepare("SELECT id FROM services ORDER BY id LIMIT 1").first<{ id: number }>())!.id),
    source: String(await languageId("Arabic")),
    targets: [String(await languageId("English")), String(await languageId("Somali"))],
    deadline: "2031-03-01",
    details: "",
    consent: "on",
  };
});

describe("/Quote refuses, and stores nothing", () => {
  // (Fields as functions: the sample's ids are read in beforeAll.)
  const cases: [string, () => Fields, Record<string, string>][] = [
    [
      "a .pdf whose bytes are a program",
      () => ({ files: file(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]), "contract.pdf") }),
      { files: "“contract.pdf” is not a PDF, Word (DOCX), text, JPEG or PNG file." },
    ],
    ["an 11 MB file", () => ({ files: file(new Uint8Array(11 * 1024 * 1024), "scan.pdf") }), { files: "“scan.pdf” is larger than 10 MB." }],
    [
      "a sixth file",
      () => ({ files: Array.from({ length: 6 }, (_, n) => file(pdf(`page ${n}`), `page-${n}.pdf`)) }),
      { files: "Please attach at most 5 files." },
    ],
    [
      "the source among the targets",
      () => ({ targets: [(valid.targets as string[])[0]!, valid.source as string] }),
      { targets: "The languages to translate into must differ from the one to translate from." },
    ],
    ["a deadline in the past", () => ({ deadline: "2020-01-01" }), { deadline: "Please choose a date from today on." }],
  ];
  for (const [what, fields, errors] of cases) {
    it(`${what}: 400 with the field's message, the typed values back, files to choose again`, async () => {
      const before = await counts();
      const result = failure(await postQuote({ ...valid, files: file(pdf("ok"), "ok.pdf"), ...fields() }));
      expect(result.status).toBe(400);
      expect(result.errors).toEqual(errors);
      expect(result.values).toMatchObject({ name: "Rosa Mendes", email: "rosa@example.com" });
      expect(result.formError).toBe("For your safety, files are not kept when a request is refused: please choose them again.");
      expect(await counts()).toEqual(before);
    });
  }

  it("a line break in the name, phone or company (issue 22: they reach mail fields): 400 on each, nothing stored or mailed", async () => {
    const before = { ...(await counts()), mails: await rows("mail_outbox") };
    const result = failure(await postQuote({ ...valid, name: "Rosa\r\nBcc: list@example.com", phone: "+1 555\n0100 200", company: "Acme\u2029Ltd" }));
    expect(result.status).toBe(400);
    const oneLine = "Please keep this on one line.";
    expect(result.errors).toEqual({ name: oneLine, phone: oneLine, company: oneLine });
    expect({ ...(await counts()), mails: await rows("mail_outbox") }).toEqual(before);
  });

  it("an unknown service or language id: 400 on its field, nothing stored (the files it carried deleted again)", async () => {
    const before = await counts();
    const unknownService = failure(await postQuote({ ...valid, service: "987654", files: file(pdf("a"), "a.pdf") }));
    expect([unknownService.status, unknownService.errors]).toEqual([400, { service: "That service is no longer offered. Please choose another." }]);
    const unknownLanguage = failure(await postQuote({ ...valid, targets: ["987654"], files: file(docx("b"), "b.docx") }));
    expect([unknownLanguage.status, unknownLanguage.errors]).toEqual([
      400,
      { targets: "One of the chosen languages is no longer offered. Please choose again." },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("a filled honeypot is thanked and nothing is stored; a request passes and stores exactly its order and files", async () => {
    const before = await counts();
    expect(asResponse(await postQuote({ ...valid, website: "https://spam.example" })).headers.get("Location")).toBe("/Quote");
    expect(await counts()).toEqual(before);
    await requested({ files: [file(pdf("one"), "one.pdf"), file(docx("two"), "two.docx")] });
    expect(await counts()).toEqual({ orders: before.orders + 1, customers: before.customers + 1, files: before.files + 2, objects: before.objects + 2 });
  });
});

describe("who reaches an order and its files", () => {
  let first: { token: string; id: number };
  let second: { token: string; id: number };
  let fileOfFirst = 0;
  beforeAll(async () => {
    first = await requested({ files: file(pdf("first"), "first.pdf") });
    second = await requested({ files: file(pdf("second"), "second.pdf") });
    fileOfFirst = (await env.DB.prepare("SELECT id FROM order_files WHERE order_id = ?").bind(first.id).first<{ id: number }>())!.id;
  });

  const customerGets = (token: string, fileId: number) =>
    thrown(() => quoteFile.loader(get(`/Quote/${token}/files/${fileId}`, undefined, { params: { token, fileId: String(fileId) } })));

  it("the status link reaches its own order's file; another customer's link, a guessed token or an order id do not", async () => {
    const own = asResponse(await quoteFile.loader(get("/x", undefined, { params: { token: first.token, fileId: String(fileOfFirst) } })));
    expect([own.status, own.headers.get("Content-Disposition")]).toEqual([200, `attachment; filename="first.pdf"; filename*=UTF-8''first.pdf`]);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(pdf("first"));
    expect(statusOf(await customerGets(second.token, fileOfFirst))).toBe(404);
    // One character off (never the same character: a token ending in "A" stays itself under "…A").
    const guessed = `${first.token.slice(0, -1)}${first.token.endsWith("A") ? "B" : "A"}`;
    expect(statusOf(await customerGets(guessed, fileOfFirst))).toBe(404);
    expect(statusOf(await customerGets(String(first.id), fileOfFirst))).toBe(404);
    expect(statusOf(await thrown(() => quoteStatus.loader(get(`/Quote/${first.id}`, undefined, { params: { token: String(first.id) } }))))).toBe(404);
  });

  it("a file's key reaches nothing: no route serves the private bucket, /media included", async () => {
    const key = (await env.DB.prepare("SELECT object_key FROM order_files WHERE id = ?").bind(fileOfFirst).first<{ object_key: string }>())!.object_key;
    expect(key).toMatch(/^orders\/[0-9a-f-]{36}$/);
    expect((await env.FILES.head(key))?.size).toBe(pdf("first").length);
    for (const path of [`/media/${key}`, `/media/Home/../${key}`, `/media/Services/${key.split("/")[1]}`]) {
      expect((await serveMedia(new Request(`${ORIGIN}${path}`), env.MEDIA)).status, path).toBe(404);
    }
  });

  it("a revoked link reaches nothing, the order page included", async () => {
    const revoked = await requested({ files: file(pdf("revoked"), "revoked.pdf") });
    await backendFor().orders.revokeLink(revoked.id, null, Date.now());
    expect(statusOf(await thrown(() => quoteStatus.loader(get("/x", undefined, { params: { token: revoked.token } }))))).toBe(404);
  });

  it("the staff's file route: anonymous → sign in; an interpreter not assigned → 403; an administrator → the file", async () => {
    const path = `/Dashboard/Orders/${first.id}/files/${fileOfFirst}`;
    const params = { orderId: String(first.id), fileId: String(fileOfFirst) };
    expect(statusOf(await thrown(() => orderFile.loader(get(path, undefined, { params }))))).toBe(302);
    const interpreter = await cookieOf("interpreter@example.com");
    expect(statusOf(await thrown(() => orderFile.loader(get(path, interpreter, { params }))))).toBe(403);
    const admin = await cookieOf("admin@example.com");
    expect(asResponse(await orderFile.loader(get(path, admin, { params }))).status).toBe(200);
    // A file id of another order, through this order's path: not there.
    const otherFile = (await env.DB.prepare("SELECT id FROM order_files WHERE order_id = ?").bind(second.id).first<{ id: number }>())!.id;
    expect(statusOf(await thrown(() => orderFile.loader(get("/x", admin, { params: { ...params, fileId: String(otherFile) } }))))).toBe(404);
    // The job page of an order that is not theirs is a 404, and its delivery form refused the same way.
    const jobParams = { params: { orderId: String(first.id) } };
    expect(statusOf(await thrown(() => job.loader(get(`/Dashboard/Jobs/${first.id}`, interpreter, jobParams))))).toBe(404);
    expect(statusOf(await thrown(() => job.action(upload(`/Dashboard/Jobs/${first.id}`, { intent: "deliver", basedOn: "1" }, interpreter, jobParams))))).toBe(
      404,
    );
    expect(await count("SELECT COUNT(*) AS n FROM order_files WHERE kind = 'delivery'")).toBe(0);
  });
});

describe("order e-mails survive a mail outage", () => {
  it("the acknowledgement and the staff's notice wait while the provider is down, and go out after it recovers", async () => {
    const { env: mailEnv, config, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
    await setMode(service, "500");
    const { id } = await requested({}, mailEnv);
    const mail = d1MailOutboxStore(env.DB);
    const waiting = await mail.forOrder(id);
    expect(waiting.map((item) => [item.kind, item.status, item.attempts])).toEqual([
      ["order-new-for-staff", "pending", 1],
      ["order-received", "pending", 1],
    ]);
    expect(waiting[0]!.lastError).toMatch(/^500/);

    // Staff quote it during the outage: that e-mail waits too.
    const admin = await cookieOf("admin@example.com");
    const quoting = upload(
      `/Dashboard/Orders/${id}`,
      { intent: "quote", basedOn: "1", amount: "480", currency: "EUR", dueDate: "2031-02-20", validUntil: "2031-02-10" },
      admin,
      { params: { orderId: String(id) }, env: mailEnv },
    );
    expect(asResponse(await orderPage.action(quoting as never)).status).toBe(302);
    await waitOnExecutionContext(quoting.ctx); // its immediate relay attempt (refused: the provider is down)
    expect((await mail.forOrder(id)).filter((item) => item.status === "pending")).toHaveLength(3);

    await setMode(service, "ok");
    const later = Date.now() + 60 * 60_000;
    const outcomes = await relayDueMails({ mail, orders: backendFor().orders }, config, { now: () => later, minIntervalMs: 0 });
    expect(outcomes.sent).toBeGreaterThanOrEqual(3);
    expect((await mail.forOrder(id)).map((item) => item.status)).toEqual(["sent", "sent", "sent"]);
    const sent = (await recorded(service)).filter((request) => request.fields.template_id === "template_order" && request.mode === "ok");
    const toCustomer = sent.filter(
      (request) => request.fields.subject?.includes(`PUSH-${String(id).padStart(4, "0")}`) && request.fields.to_email !== "contact@pushlanguages.com",
    );
    expect(toCustomer.map((request) => request.fields.subject).sort()).toEqual([
      `PUSH-${String(id).padStart(4, "0")}: Quoted`,
      `We have your quote request PUSH-${String(id).padStart(4, "0")}`,
    ]);
    // The quote's e-mail carries the customer's own link (read from its sealed copy) and the price in their words.
    const quotedMail = toCustomer.find((request) => request.fields.subject!.endsWith("Quoted"))!;
    expect(quotedMail.fields.message).toMatch(new RegExp(`${ORIGIN}/Quote/[A-Za-z0-9_-]{43}`));
    expect(quotedMail.fields.message).toContain("€480.00");
    expect(await idOf("admin@example.com")).toBeTruthy();
  });
});
