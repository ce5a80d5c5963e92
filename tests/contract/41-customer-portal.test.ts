// The customer portal on Supabase (issue 27; supabase/migrations/20261205001200_push_customer_portal.sql), through the
// /Account routes against the double: a requester of Clinic A signs in; each page is the guard's calls and ONE call of
// a push_portal_* function with the service-role key and Clinic A's organisation id; Firm B's order, appointment and
// invoice are a 404 by id and by form post, and the function answered nothing of them. The same SQL on Postgres:
// tests/rls/customer-portal.test.ts; the same reads on both adapters: tests/port-contract/portal-suite.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "~/platform/core/hash.server";
import * as appointmentPage from "~/routes/account/appointment";
import * as home from "~/routes/account/home";
import * as layout from "~/routes/account/layout";
import * as invoicePage from "~/routes/account/invoice";
import * as orderPage from "~/routes/account/order";
import { sampleComputation } from "../support/rate-line-samples";
import { backendFor, bookedCustomer, double, languageIdOf, signIn, step, who } from "./helpers";
import { acted, form, refusedStatus, routeArgs } from "./route-helpers";

const STARTS = Date.UTC(2034, 4, 2, 16);
type Work = { organisationId: number; customerId: number; orderId: number; appointmentId: number; invoiceId: number };
let clinic: Work;
let firm: Work;
let cookie = "";

/** A requester of `organisation` (the double's fixture) and their work: a proven order, an appointment, an issued invoice. */
async function requesterWithWork(organisation: string, email: string, name: string, n: number): Promise<Work> {
  const [made] = (await double.people([{ full_name: name, email, password: "Requester-Pass-1", requesterOf: { organisation } }])) as unknown as {
    organisation_id: number;
  }[];
  const customerId = await bookedCustomer({ name, email }, await languageIdOf("Spanish"), STARTS + n * 7_200_000, String(n).repeat(64));
  const backend = backendFor();
  const [service] = await backend.content.services();
  const languages = await backend.languages.list();
  const order = await backend.orders.create(
    {
      customer: { name, email, phone: "", company: organisation },
      ...{ serviceId: service!.id, sourceLanguageId: languages[0]!.id, targetLanguageIds: [languages[1]!.id], deadline: "2034-05-20" },
      ...{ details: "Letters", locale: "en", tokenHash: await sha256Hex(`order ${n}`), tokenSealed: "sealed", files: [] },
    },
    STARTS - 86_400_000,
  );
  if (!order.ok) throw new Error(order.reason);
  await backend.orders.verifyIdentity(order.id, STARTS - 86_400_000);
  const item = {
    source: `appointment:portal-${n}`,
    customerId,
    workDay: "2034-04-02",
    currency: "USD",
    amountMinor: 10_000,
    rateLineId: null,
    languageId: null,
  };
  await backend.invoices.addItems([{ ...item, computation: sampleComputation }], STARTS);
  const draft = await backend.invoices.createDraft({ customerId, currency: "USD", from: "2034-04-01", to: "2034-04-30", by: "admin" }, STARTS);
  if (!draft.ok) throw new Error(draft.reason);
  await backend.invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2034, by: "admin" }, STARTS);
  const appointmentId = (await double.table<{ id: number; customer_id: number }>("appointments")).find((row) => row.customer_id === customerId)!.id;
  return { organisationId: made!.organisation_id, customerId, orderId: order.id, appointmentId, invoiceId: draft.id };
}

beforeAll(async () => {
  await double.reset();
  clinic = await requesterWithWork("Clinic A", "rana@clinic-a.example", "Rana Reception", 1);
  firm = await requesterWithWork("Firm B", "omar@firm-b.example", "Omar Office", 2);
  cookie = (await signIn("rana@clinic-a.example", "Requester-Pass-1")).cookie;
});

/** The rpc calls of a step, with the body each sent. */
const portalCalls = (requests: Parameters<typeof who>[0]) => who(requests).filter((line) => line.startsWith("rpc."));

describe("/Account on Supabase", () => {
  it("the home: one call per list, with the service-role key; Clinic A's rows and none of Firm B's", async () => {
    const shown = await step(() => home.loader(routeArgs("/Account", cookie).args));
    // The four lists are read at once (Promise.all), so they reach the server in any order (the messages' own test: 46).
    expect(portalCalls(shown.requests).sort()).toEqual([
      "rpc.push_portal_appointments service",
      "rpc.push_portal_invoices service",
      "rpc.push_portal_messages service",
      "rpc.push_portal_orders service",
    ]);
    expect(shown.result.orders.items.map((order) => order.id)).toEqual([clinic.orderId]);
    expect(shown.result.appointments.items.map((appointment) => appointment.id)).toEqual([clinic.appointmentId]);
    expect(shown.result.invoices.items.map((invoice) => invoice.id)).toEqual([clinic.invoiceId]);
    expect(shown.result.invoices.open).toEqual([{ currency: "USD", openMinor: 10_000 }]);
  });

  it("the shell keeps the language shown as the requester's, with their own session, once per change", async () => {
    const updates = (requests: Awaited<ReturnType<typeof step>>["requests"]) =>
      requests.filter((request) => request.shape === "auth.user.update-locale").map((request) => request.credentials);
    const metadata = async () =>
      (await double.table<{ email: string; metadata: object }>("auth.users")).find((user) => user.email === "rana@clinic-a.example")?.metadata;
    expect(updates((await step(() => layout.loader(routeArgs("/Account", cookie).args))).requests)).toEqual([]);
    expect(updates((await step(() => layout.loader(routeArgs("/ar/Account", cookie).args))).requests)).toEqual(["user"]);
    expect(await metadata()).toMatchObject({ locale: "ar" });
    expect(updates((await step(() => layout.loader(routeArgs("/ar/Account", cookie).args))).requests)).toEqual([]);
    expect(updates((await step(() => layout.loader(routeArgs("/Account", cookie).args))).requests)).toEqual(["user"]);
    expect(await metadata()).toMatchObject({ locale: "en" });
  });

  it("each record page is one call; Firm B's order, appointment and invoice are a 404", async () => {
    const order = await step(() => orderPage.loader(routeArgs(`/Account/Orders/${clinic.orderId}`, cookie, {}, { orderId: String(clinic.orderId) }).args));
    expect(order.result.order.id).toBe(clinic.orderId);
    expect(portalCalls(order.requests)).toEqual(["rpc.push_portal_order service"]);
    const pages = [
      () => orderPage.loader(routeArgs(`/Account/Orders/${firm.orderId}`, cookie, {}, { orderId: String(firm.orderId) }).args),
      () => appointmentPage.loader(routeArgs(`/Account/Appointments/${firm.appointmentId}`, cookie, {}, { appointmentId: String(firm.appointmentId) }).args),
      () => invoicePage.loader(routeArgs(`/Account/Invoices/${firm.invoiceId}`, cookie, {}, { invoiceId: String(firm.invoiceId) }).args),
    ];
    for (const page of pages) expect(await refusedStatus(page)).toBe(404);
  });

  it("a form post to Firm B's order or appointment is a 404 and changes nothing", async () => {
    const before = await double.table("order_messages");
    const message = routeArgs(`/Account/Orders/${firm.orderId}`, cookie, form({ intent: "message", body: "Hello" }), { orderId: String(firm.orderId) });
    expect(await refusedStatus(() => acted(orderPage.action, message))).toBe(404);
    const cancel = routeArgs(`/Account/Appointments/${firm.appointmentId}`, cookie, form({ intent: "cancel", basedOn: "1" }), {
      appointmentId: String(firm.appointmentId),
    });
    expect(await refusedStatus(() => acted(appointmentPage.action, cancel))).toBe(404);
    expect(await double.table("order_messages")).toEqual(before);
    expect((await double.table<{ id: number; status: string }>("appointments")).find((row) => row.id === firm.appointmentId)!.status).toBe("requested");
  });

  it("Clinic A's appointment and invoice read through the organisation", async () => {
    const appointment = await step(() =>
      appointmentPage.loader(routeArgs(`/Account/Appointments/${clinic.appointmentId}`, cookie, {}, { appointmentId: String(clinic.appointmentId) }).args),
    );
    expect(appointment.result.appointment.id).toBe(clinic.appointmentId);
    expect(portalCalls(appointment.requests)).toEqual(["rpc.push_portal_appointment service"]);
    const invoice = await step(() =>
      invoicePage.loader(routeArgs(`/Account/Invoices/${clinic.invoiceId}`, cookie, {}, { invoiceId: String(clinic.invoiceId) }).args),
    );
    expect(invoice.result.document.title).toContain("PUSH-2034-");
    expect(portalCalls(invoice.requests)[0]).toBe("rpc.push_portal_invoice service");
  });
});
