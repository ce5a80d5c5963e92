// The customer portal's record pages (issue 27: /Account/Orders/<id>, /Appointments/<id>, /Invoices/<id> and their
// files) against a real D1: a requester of Clinic A reads and acts on Clinic A's order, appointment and invoice; Firm
// B's are a 404 by id, by guessed link and by form post, and nothing of them changes. The private links keep working.
// The 10.126.x.x addresses are this file's.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as appointmentIcs from "~/routes/account/appointment-ics";
import * as appointmentPage from "~/routes/account/appointment";
import * as invoicePage from "~/routes/account/invoice";
import * as invoicePdf from "~/routes/account/invoice-pdf";
import * as orderFile from "~/routes/account/order-file";
import * as orderPage from "~/routes/account/order";
import * as quoteStatus from "~/routes/public/quote-status";
import { asResponse, cookieOf, count, failure, seed, thrown, unwrap } from "./helpers";
import { organisationWithWork, type OrganisationWork } from "./portal-fixture";
import { addressesIn, browser } from "./requests";

const { get, post } = browser({ addresses: addressesIn(126), headers: { Origin: "http://127.0.0.1:8787" } });
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_integration", STRIPE_WEBHOOK_SECRET: "whsec_integration", STRIPE_API_URL: "http://127.0.0.1:9" } as Env;
let clinic: OrganisationWork;
let firm: OrganisationWork;
let cookie = "";

const notFound = async (run: () => unknown) => expect(await thrown(run)).toMatchObject({ init: { status: 404 } });
const messages = (orderId: number) => count("SELECT COUNT(*) AS n FROM order_messages WHERE order_id = ?", orderId);

beforeAll(async () => {
  await seed();
  clinic = await organisationWithWork("Clinic A", "rana@clinic-a.example", "Rana Reception");
  firm = await organisationWithWork("Firm B", "omar@firm-b.example", "Omar Office");
  cookie = await cookieOf(clinic.requester.email, clinic.requester.password);
});

describe("an order", () => {
  const path = (id: number | string) => `/Account/Orders/${id}`;
  const params = (id: number | string) => ({ params: { orderId: String(id) } });

  it("shows Clinic A's order as its status page does; Firm B's, an unknown id and a non-number are 404", async () => {
    const page = await orderPage.loader(get(path(clinic.orderId), cookie, params(clinic.orderId)));
    expect(page.order).toMatchObject({ id: clinic.orderId, customerName: "Rana Reception", files: [{ fileName: "letters.pdf" }] });
    expect(page.order).not.toHaveProperty("internalNote");
    for (const id of [firm.orderId, 999_999, "abc", "-1"]) await notFound(() => orderPage.loader(get(path(id), cookie, params(id))));
  });

  it("posts a message to Clinic A's order; a post to Firm B's is a 404 and stores nothing", async () => {
    const sent = asResponse(await orderPage.action(post(path(clinic.orderId), { intent: "message", body: "Is it on time?" }, cookie, params(clinic.orderId))));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${path(clinic.orderId)}#thread`);
    expect(await messages(clinic.orderId)).toBe(1);
    await notFound(() => orderPage.action(post(path(firm.orderId), { intent: "message", body: "Hello" }, cookie, params(firm.orderId))));
    expect(await messages(firm.orderId)).toBe(0);
  });

  it("refuses an empty message with the field's words (400) and an unknown intent", async () => {
    const refused = failure(await orderPage.action(post(path(clinic.orderId), { intent: "message", body: " " }, cookie, params(clinic.orderId))));
    expect(refused).toMatchObject({ status: 400, errors: { body: expect.any(String) } });
    const unknown = failure(await orderPage.action(post(path(clinic.orderId), { intent: "delete" }, cookie, params(clinic.orderId))));
    expect(unknown.status).toBe(400);
  });

  it("serves Clinic A's file and 404s Firm B's, also by a guessed file id under Clinic A's order", async () => {
    const fileId = (await env.DB.prepare("SELECT id FROM order_files WHERE order_id = ?").bind(clinic.orderId).first<{ id: number }>())!.id;
    const firmFile = (await env.DB.prepare("SELECT id FROM order_files WHERE order_id = ?").bind(firm.orderId).first<{ id: number }>())!.id;
    const at = (order: number, file: number) => get(`${path(order)}/files/${file}`, cookie, { params: { orderId: String(order), fileId: String(file) } });
    const file = await orderFile.loader(at(clinic.orderId, fileId));
    expect(await file.text()).toBe("letters of rana@clinic-a.example");
    await notFound(() => orderFile.loader(at(firm.orderId, firmFile)));
    await notFound(() => orderFile.loader(at(clinic.orderId, firmFile)));
  });

  it("keeps the private status link working for Firm B's order, signed out", async () => {
    const page = unwrap(await quoteStatus.loader(get(`/Quote/${firm.orderToken}`, undefined, { params: { token: firm.orderToken } })));
    expect(page.data.order.id).toBe(firm.orderId);
  });
});

describe("an appointment", () => {
  const path = (id: number | string) => `/Account/Appointments/${id}`;
  const params = (id: number | string) => ({ params: { appointmentId: String(id) } });

  it("shows Clinic A's appointment with its calendar file; Firm B's page and file are 404", async () => {
    const page = await appointmentPage.loader(get(path(clinic.appointmentId), cookie, params(clinic.appointmentId)));
    expect(page).toMatchObject({ appointment: { id: clinic.appointmentId, status: "requested", interpreter: "" }, canCancel: true });
    const ics = await appointmentIcs.loader(get(`${path(clinic.appointmentId)}/appointment.ics`, cookie, params(clinic.appointmentId)));
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(await ics.text()).toContain("BEGIN:VEVENT");
    await notFound(() => appointmentPage.loader(get(path(firm.appointmentId), cookie, params(firm.appointmentId))));
    await notFound(() => appointmentIcs.loader(get(`${path(firm.appointmentId)}/appointment.ics`, cookie, params(firm.appointmentId))));
  });

  it("cancels Clinic A's appointment; a cancel of Firm B's is a 404 and leaves it as it was", async () => {
    await notFound(() => appointmentPage.action(post(path(firm.appointmentId), { intent: "cancel", basedOn: "1" }, cookie, params(firm.appointmentId))));
    const status = (id: number) => env.DB.prepare("SELECT status FROM appointments WHERE id = ?").bind(id).first<{ status: string }>();
    expect(await status(firm.appointmentId)).toEqual({ status: "requested" });
    const done = asResponse(
      await appointmentPage.action(post(path(clinic.appointmentId), { intent: "cancel", basedOn: "1" }, cookie, params(clinic.appointmentId))),
    );
    expect(done.status).toBe(302);
    expect(await status(clinic.appointmentId)).toEqual({ status: "cancelled" });
  });
});

describe("an invoice", () => {
  const path = (id: number | string) => `/Account/Invoices/${id}`;
  const params = (id: number | string) => ({ params: { invoiceId: String(id) } });

  it("shows Clinic A's invoice with Pay now when Stripe is set up; Firm B's page, PDF and Pay now are 404", async () => {
    const page = await invoicePage.loader(get(path(clinic.invoiceId), cookie, { ...params(clinic.invoiceId), env: stripeEnv }));
    expect(page.pay).toEqual({ open: "$182.81" });
    expect(page.document.title).toContain("PUSH-2026-");
    await notFound(() => invoicePage.loader(get(path(firm.invoiceId), cookie, params(firm.invoiceId))));
    await notFound(() => invoicePdf.loader(get(`${path(firm.invoiceId)}/invoice.pdf`, cookie, params(firm.invoiceId))));
    await notFound(() => invoicePage.action(post(path(firm.invoiceId), { intent: "pay" }, cookie, { ...params(firm.invoiceId), env: stripeEnv })));
  });

  it("Pay now with Stripe not answering is 503, said on the page; no payment is recorded", async () => {
    const unavailable = failure(
      await invoicePage.action(post(path(clinic.invoiceId), { intent: "pay" }, cookie, { ...params(clinic.invoiceId), env: stripeEnv })),
    );
    expect(unavailable.status).toBe(503);
    expect(await count("SELECT COUNT(*) AS n FROM invoice_payments")).toBe(0);
  });
});

describe("who may", () => {
  it("an anonymous visitor is sent to sign in; staff get 403 — on every page, file and form post", async () => {
    const admin = await cookieOf("admin@example.com");
    const o = { params: { orderId: String(clinic.orderId), fileId: "1" } };
    const a = { params: { appointmentId: String(clinic.appointmentId) } };
    const i = { params: { invoiceId: String(clinic.invoiceId) } };
    const calls = (who?: string) => [
      () => orderPage.loader(get("/Account/Orders/1", who, o)),
      () => orderPage.action(post("/Account/Orders/1", { intent: "message", body: "x" }, who, o)),
      () => orderFile.loader(get("/Account/Orders/1/files/1", who, o)),
      () => appointmentPage.loader(get("/Account/Appointments/1", who, a)),
      () => appointmentPage.action(post("/Account/Appointments/1", { intent: "cancel", basedOn: "1" }, who, a)),
      () => appointmentIcs.loader(get("/Account/Appointments/1/appointment.ics", who, a)),
      () => invoicePage.loader(get("/Account/Invoices/1", who, i)),
      () => invoicePage.action(post("/Account/Invoices/1", { intent: "pay" }, who, i)),
      () => invoicePdf.loader(get("/Account/Invoices/1/invoice.pdf", who, i)),
    ];
    for (const call of calls()) expect(asResponse(await thrown(call)).headers.get("Location")).toMatch(/^\/Login\?redirectTo=/);
    for (const call of calls(admin)) expect(await thrown(call)).toMatchObject({ init: { status: 403 } });
  });
});
