// A public request never borrows a stored identity (issue 22, item 2). Before, a second request with a known
// customer's e-mail was filed under that customer with the stored name, company and phone: its sender saw the name on
// file on their status page, and staff took it for the known customer's. Now the order keeps what its sender typed and
// becomes the customer's only when the e-mailed link is opened (proving the mailbox) or staff confirm it.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { relayDueMails } from "~/features/orders/order-mail-relay.server";
import * as customerPage from "~/routes/dashboard/customer";
import * as orderPage from "~/routes/dashboard/order";
import * as quoteStatus from "~/routes/public/quote-status";
import { envWith, recorded } from "./contact-helpers";
import { asResponse, backendFor, cookieOf, postQuoteRequest, sameSite, seed, thrown } from "./helpers";
import { ORIGIN } from "./requests";

const { env: mailEnv, config, service } = envWith({ EMAILJS_ORDER_TEMPLATE_ID: "template_order" });
let admin = "";
beforeAll(async () => {
  await seed();
  admin = await cookieOf("admin@example.com");
});

/** A request through /Quote, relayed; its id, its token, and the link its acknowledgement e-mail carries. */
async function request(who: { name: string; email: string; company?: string; phone?: string }) {
  const { id, token } = await postQuoteRequest(who, mailEnv);
  await relayDueMails(backendFor(), config, { now: () => Date.now() + 60 * 60_000, minIntervalMs: 0 });
  const mail = (await recorded(service)).find((item) => item.mode === "ok" && item.fields.message?.includes(`/Quote/${token}`));
  const link = new URL(/https?:\/\/\S+/.exec(mail!.fields.message!)![0]);
  return { id, token, link };
}

const statusPage = async (path: string) => {
  const url = new URL(path, ORIGIN);
  const token = url.pathname.split("/").pop()!;
  return quoteStatus.loader(sameSite.get(`${url.pathname}${url.search}`, undefined, { params: { token } }));
};
const staffView = async (id: number) =>
  (await orderPage.loader(sameSite.get(`/Dashboard/Orders/${id}`, admin, { params: { orderId: String(id) } }))) as unknown as {
    order: { customer: { id: number; name: string; company: string; phone: string }; identityVerified: boolean };
  };
const customerOrders = async (customerId: number) =>
  (
    (await customerPage.loader(sameSite.get(`/Dashboard/Dashboardcustomers/${customerId}`, admin, { params: { customerId: String(customerId) } }))) as {
      orders: { items: { id: number }[] };
    }
  ).orders.items.map((order) => order.id);
const onFile = () => env.DB.prepare("SELECT name, company, phone FROM customers WHERE email = 'alice@corp.example'").first();

describe("a second request with a known customer's e-mail and another name", () => {
  it("shows only its own name, shows staff the typed name and 'not verified', and changes nothing on file until the address is proven", async () => {
    const alice = await request({ name: "Alice Victim", email: "alice@corp.example", company: "Acme Secret Corp", phone: "+1 307 555 0111" });
    // Alice opens the link from her e-mail: proven, the order is hers.
    expect(alice.link.searchParams.get("confirm")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const opened = asResponse(await thrown(() => statusPage(`${alice.link.pathname}${alice.link.search}`)));
    expect([opened.status, opened.headers.get("Location")]).toEqual([302, `/Quote/${alice.token}`]);
    expect((await staffView(alice.id)).order.identityVerified).toBe(true);
    const fileBefore = await onFile();

    const mallory = await request({ name: "Mallory", email: "ALICE@corp.example" });
    const seen = JSON.stringify(await statusPage(`/Quote/${mallory.token}`));
    expect(seen).toContain('"customerName":"Mallory"');
    for (const stored of ["Alice Victim", "Acme Secret Corp", "0111"]) expect(seen).not.toContain(stored);

    const staff = await staffView(mallory.id);
    expect(staff.order).toMatchObject({ customer: { name: "Mallory", company: "", phone: "" }, identityVerified: false });
    expect(await onFile()).toEqual(fileBefore);
    expect(await customerOrders(staff.order.customer.id)).toEqual([alice.id]);

    // A made-up proof leaves it as it is; the one from the e-mail (only the mailbox has it) makes it the customer's.
    for (const forged of ["x", alice.link.searchParams.get("confirm")!]) {
      expect(asResponse(await thrown(() => statusPage(`/Quote/${mallory.token}?confirm=${forged}`))).status).toBe(302);
    }
    expect((await staffView(mallory.id)).order.identityVerified).toBe(false);
    await thrown(() => statusPage(`${mallory.link.pathname}${mallory.link.search}`));
    expect((await staffView(mallory.id)).order).toMatchObject({ customer: { name: "Mallory" }, identityVerified: true });
    expect(await customerOrders(staff.order.customer.id)).toEqual([mallory.id, alice.id]);
    expect(await onFile()).toEqual(fileBefore);
  });

  it("staff can confirm it by hand", async () => {
    const again = await request({ name: "Alice Again", email: "alice@corp.example" });
    const confirm = sameSite.post(`/Dashboard/Orders/${again.id}`, { intent: "verify-identity" }, admin, { params: { orderId: String(again.id) } });
    expect(asResponse(await orderPage.action(confirm)).status).toBe(302);
    expect((await staffView(again.id)).order.identityVerified).toBe(true);
  });
});
