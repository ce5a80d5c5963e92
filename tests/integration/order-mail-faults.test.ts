// Orders and their e-mails when a write fails (issue 21, defects 8–10), against a real D1 and R2 inside workerd and the
// loopback fake EmailJS: the outbox refuses writes (a trigger that RAISEs, dropped again when the fault is over), and a
// relay that died after the provider took a mail. An order change and its e-mails are stored together or not at all;
// files go only when nothing refers to them; a mail goes out at most once, paced as the cron paces.
import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { d1MailOutboxStore } from "~/backend/d1/mail-outbox.server";
import { RELAY } from "~/platform/mail/relay.server";
import { relayDueMails } from "~/features/orders/order-mail-relay.server";
import { sendWithEmailJs } from "~/platform/mail/emailjs.server";
import * as orderPage from "~/routes/dashboard/order";
import * as orderFile from "~/routes/dashboard/order-file";
import * as quote from "~/routes/public/quote";
import * as quoteStatus from "~/routes/public/quote-status";
import { pdf } from "../fixtures/documents";
import { envWith, recorded, setMode } from "./contact-helpers";
import { asResponse, backendFor, cookieOf, idOf, languageId, rows, seed, statusOf } from "./helpers";
import { addressesIn, browser, ORIGIN, settled, type Fields, type Sent } from "./requests";
import { orderChange, type ChangeFields } from "../fixtures/orders";

const FAULT = "mail_outbox_refuses";
/** Runs `action` while every insert into mail_outbox fails, as a database write can. */
async function whileOutboxFails<T>(action: () => Promise<T>): Promise<T> {
  await env.DB.prepare(
    `CREATE TRIGGER ${FAULT} BEFORE INSERT ON mail_outbox BEGIN SELECT RAISE(ABORT, 'injected fault: the outbox refuses writes'); END`,
  ).run();
  try {
    return await action();
  } finally {
    await env.DB.prepare(`DROP TRIGGER ${FAULT}`).run();
  }
}

const { upload } = browser({ addresses: addressesIn(93), headers: { Origin: ORIGIN } });
const staff = browser();

/** Calls a route's action as the worker would, waits for what it left running after the response; a throw is an answer too. */
function post(action: (args: never) => Promise<unknown>, path: string, fields: Fields, { cookie, ...sent }: Sent & { cookie?: string } = {}) {
  const args = upload(path, fields, cookie, sent);
  return settled(action(args as never), args).catch((error: unknown) => error);
}

/** What an action answered: its status, and the form error it carries (a thrown backend error: "threw"). */
function answer(result: unknown): { status: number | string | undefined; formError?: string | null } {
  if (result instanceof Error) return { status: "threw" };
  if (result instanceof Response) return { status: result.status };
  return { status: statusOf(result), formError: (result as { data?: { formError?: string | null } }).data?.formError };
}

const file = (name: string) => new File([pdf(name) as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" });
const objects = async () => (await env.FILES.list()).objects.length;
const orderRow = (id: number) => env.DB.prepare("SELECT status, version FROM orders WHERE id = ?").bind(id).first<{ status: string; version: number }>();
const mailsOf = async (id: number) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE order_id = ?").bind(id).first<{ n: number }>())!.n;

/** Order `id`'s delivered file, as an administrator downloads it. */
async function deliveredFile(id: number) {
  const delivered = (await env.DB.prepare("SELECT id FROM order_files WHERE order_id = ? AND kind = 'delivery'").bind(id).first<{ id: number }>())!.id;
  return asResponse(
    await orderFile.loader(staff.get(`/Dashboard/Orders/${id}/files/${delivered}`, admin, { params: { orderId: String(id), fileId: String(delivered) } })),
  );
}

/** Runs the order e-mails' relay as the cron would, a minute on, against a fake provider that takes everything. */
async function relayNow() {
  const { config, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
  await setMode(service, "ok");
  const { sent } = await relayDueMails(backendFor(), config, { now: () => Date.now() + 60_000, minIntervalMs: 0 });
  return { sent, subjects: (await recorded(service)).map((mail) => mail.fields.subject) };
}

let request: Record<string, string> = {};
const UNAVAILABLE = "We could not save this just now, and nothing was changed. Please try again in a moment.";

/** A quote request through /Quote; its id and status link token. */
async function requestOrder(testEnv: Env = env) {
  const response = asResponse(await post(quote.action, "/Quote", { ...request, email: `f${crypto.randomUUID().slice(0, 8)}@example.com` }, { env: testEnv }));
  expect(response.status).toBe(302);
  const token = /\/Quote\/([A-Za-z0-9_-]{43})\?received=1$/.exec(response.headers.get("Location")!)![1]!;
  const id = (await env.DB.prepare("SELECT id FROM orders ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;
  return { id, token };
}

const QUOTE = { amountMinor: 48_000, currency: "EUR", dueDate: "2031-02-20", validUntil: "2031-02-10" };
const change = (fields: ChangeFields) => orderChange(fields);

/** An order quoted, accepted and assigned to the sample interpreter: ready to be delivered (version 4). */
async function inProgressOrder() {
  const { id, token } = await requestOrder();
  const orders = backendFor().orders;
  const interpreterId = await idOf("interpreter@example.com");
  expect(
    await orders.transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: QUOTE, detail: { quote: QUOTE } }), Date.now()),
  ).toMatchObject({ ok: true });
  expect(
    await orders.transition(id, change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer" }), Date.now()),
  ).toMatchObject({ ok: true });
  expect(
    await orders.transition(id, change({ transition: "assign", from: "accepted", to: "in_progress", basedOn: 3, interpreterId }), Date.now()),
  ).toMatchObject({ ok: true });
  return { id, token };
}

let admin = "";
beforeAll(async () => {
  await seed();
  request = {
    name: "Rosa Mendes",
    service: String((await env.DB.prepare("SELECT id FROM services ORDER BY id LIMIT 1").first<{ id: number }>())!.id),
    source: String(await languageId("Arabic")),
    targets: String(await languageId("English")),
    deadline: "2031-03-01",
    details: "",
    consent: "on",
  };
  admin = await cookieOf("admin@example.com");
});
// The relay takes every due mail of this file's database: each test starts from an empty outbox.
beforeEach(async () => {
  await env.DB.exec("DELETE FROM mail_outbox");
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("a delivery whose e-mail cannot be written (defect 8)", () => {
  it("keeps the delivered file: the step is refused whole, files removed only because nothing refers to them; delivered again, the file downloads and the cron sends the e-mail", async () => {
    const { id } = await inProgressOrder();
    await env.DB.exec("DELETE FROM mail_outbox"); // the request's own: only the delivery's e-mail is looked for below
    const before = await objects();
    const deliver = () =>
      post(
        orderPage.action,
        `/Dashboard/Orders/${id}`,
        { intent: "deliver", basedOn: "4", files: file("translation.pdf") },
        { params: { orderId: String(id) }, cookie: admin },
      );

    const refused = answer(await whileOutboxFails(deliver));
    expect.soft(refused.status).toBe(503);
    expect.soft(refused.formError).toBe(UNAVAILABLE);
    // Nothing happened: the order is where it was, no delivery row, no object left behind.
    expect.soft(await orderRow(id)).toEqual({ status: "in_progress", version: 4 });
    expect.soft(await rows("order_files WHERE kind = 'delivery'")).toBe(0);
    expect.soft(await objects()).toBe(before);

    // The outbox works again: the same delivery goes through, with its e-mail.
    expect.soft(answer(await deliver()).status).toBe(302);
    expect(await orderRow(id)).toEqual({ status: "delivered", version: 5 });
    const download = await deliveredFile(id);
    expect.soft(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf("translation.pdf"));

    const relayed = await relayNow();
    expect(relayed.sent).toBe(1);
    expect(relayed.subjects).toEqual([`PUSH-${String(id).padStart(4, "0")}: Delivered`]);
  });
});

describe("a delivery whose write fails once (a database hiccup)", () => {
  it("is tried again and goes through: delivered, the file downloads, and the e-mail is sent", async () => {
    const { id } = await inProgressOrder();
    await env.DB.exec("DELETE FROM mail_outbox");
    // The database refuses the first write of an e-mail it is given (the delivery's batch), then works again.
    let refusals = 0;
    const writesMail = (statements: D1PreparedStatement[]) =>
      statements.some((item) => String((item as unknown as { statement?: string }).statement ?? "").includes("mail_outbox"));
    const db = new Proxy(env.DB, {
      get(target, name) {
        if (name === "batch") {
          return (statements: D1PreparedStatement[]) =>
            writesMail(statements) && refusals++ === 0 ? Promise.reject(new Error("D1_ERROR: injected: fails once")) : target.batch(statements);
        }
        const value: unknown = Reflect.get(target, name);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const deliver = post(
      orderPage.action,
      `/Dashboard/Orders/${id}`,
      { intent: "deliver", basedOn: "4", files: file("once.pdf") },
      { params: { orderId: String(id) }, cookie: admin, env: { ...env, DB: db } },
    );
    const result = await deliver;
    if (result instanceof Error) throw result;
    expect(answer(result).status).toBe(302);
    // Refused once, then stored by the second try.
    expect(refusals).toBe(2);
    expect(await orderRow(id)).toEqual({ status: "delivered", version: 5 });
    const download = await deliveredFile(id);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf("once.pdf"));
    expect(await mailsOf(id)).toBe(1);
    const relayed = await relayNow();
    expect(relayed.sent).toBe(1);
    expect(relayed.subjects).toContain(`PUSH-${String(id).padStart(4, "0")}: Delivered`);
  });
});

describe("order e-mails are written with the order change (defect 9)", () => {
  it("a quote request whose outbox write fails: no order, no customer, no file in the bucket, and a 503 in the page's language", async () => {
    const counts = async () => ({
      orders: await rows("orders"),
      customers: await rows("customers"),
      files: await rows("order_files"),
      objects: await objects(),
    });
    const before = await counts();
    const english = answer(await whileOutboxFails(() => post(quote.action, "/Quote", { ...request, email: "lost@example.com", files: file("contract.pdf") })));
    expect.soft(english).toEqual({ status: 503, formError: UNAVAILABLE });
    const arabic = answer(
      await whileOutboxFails(() => post(quote.action, "/ar/Quote", { ...request, email: "lost@example.com", files: file("contract.pdf") })),
    );
    expect.soft(arabic).toEqual({ status: 503, formError: "تعذّر حفظ هذا الآن، ولم يتغيّر شيء. يرجى المحاولة مرة أخرى بعد قليل." });
    expect.soft(await counts()).toEqual(before);
  });

  it("quote, accept and decline: a failing outbox insert leaves the order as it was; once it works, the step and its e-mail are stored together", async () => {
    const { id, token } = await requestOrder();
    const mails = await mailsOf(id);
    const quoting = () =>
      post(
        orderPage.action,
        `/Dashboard/Orders/${id}`,
        { intent: "quote", basedOn: "1", amount: "480", currency: "EUR", dueDate: "2031-02-20", validUntil: "2031-02-10" },
        { params: { orderId: String(id) }, cookie: admin },
      );
    expect.soft(answer(await whileOutboxFails(quoting)).status).toBe(503);
    expect.soft([await orderRow(id), await rows(`order_quotes WHERE order_id = ${id}`), await mailsOf(id)]).toEqual([{ status: "new", version: 1 }, 0, mails]);

    expect(answer(await quoting()).status).toBe(302);
    expect([await orderRow(id), await mailsOf(id)]).toEqual([{ status: "quoted", version: 2 }, mails + 1]);

    for (const intent of ["accept", "decline"]) {
      const customer = () => post(quoteStatus.action, `/Quote/${token}`, { intent, basedOn: "2" }, { params: { token } });
      expect.soft(answer(await whileOutboxFails(customer)), intent).toEqual({ status: 503, formError: UNAVAILABLE });
      expect.soft([await orderRow(id), await mailsOf(id)], intent).toEqual([{ status: "quoted", version: 2 }, mails + 1]);
    }
    expect(answer(await post(quoteStatus.action, `/Quote/${token}`, { intent: "accept", basedOn: "2" }, { params: { token } })).status).toBe(302);
    expect([await orderRow(id), await mailsOf(id)]).toEqual([{ status: "accepted", version: 3 }, mails + 3]);
  });
});

describe("the relay after a response (defect 10)", () => {
  it("sends a request's e-mails paced as the cron sends them: at least RELAY.minIntervalMs apart", async () => {
    const { env: mailEnv, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
    await setMode(service, "ok");
    await requestOrder(mailEnv);
    const sent = await recorded(service);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(RELAY.minIntervalMs - 50);
  });

  it("never sends a mail twice: not while another relay's claim holds, and not after a relay died once the provider had it", async () => {
    const { env: mailEnv, config, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
    await setMode(service, "500"); // the request's own relay fails: its mails wait, pending
    const { id, token } = await requestOrder(mailEnv);
    await setMode(service, "ok");
    const mail = d1MailOutboxStore(env.DB);
    const acknowledgement = (await mail.forOrder(id)).find((item) => item.kind === "order-received")!;

    // Relay A claims the acknowledgement when it is due, the provider takes it, and A is cut off before recording it.
    const t0 = acknowledgement.nextAttemptAt;
    expect(await mail.claim(acknowledgement.id, t0, RELAY.leaseMs)).toEqual(expect.any(String));
    expect(
      await sendWithEmailJs(config.emailjs!, "template_order", {
        to_email: acknowledgement.to,
        subject: acknowledgement.subject,
        message: acknowledgement.body,
      }),
    ).toEqual({ ok: true });
    const copies = async () => (await recorded(service)).filter((sent) => sent.fields.subject === acknowledgement.subject && sent.mode === "ok").length;
    expect(await copies()).toBe(1);

    // Within A's lease: the relay after the customer's next message leaves it alone.
    expect(
      answer(await post(quoteStatus.action, `/Quote/${token}`, { intent: "message", body: "Any news?" }, { params: { token }, env: mailEnv })).status,
    ).toBe(302);
    expect.soft(await copies()).toBe(1);
    // A's lease has long passed: the cron does not send it again; the mail says what happened, for a person to judge.
    await relayDueMails({ mail, orders: backendFor().orders }, config, { now: () => t0 + 10 * RELAY.leaseMs, minIntervalMs: 0 });
    expect(await copies()).toBe(1);
    expect(await mail.get(acknowledgement.id)).toMatchObject({ status: "failed", lastError: expect.stringMatching(/^Unconfirmed/) });
  });
});
