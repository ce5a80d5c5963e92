// The customer's "Pay now" (issue 26, build item 5) on an invoice's page (/Invoice/<token>) against a real D1, called
// as React Router calls it. Without Stripe there is no Pay now: the page prints the bank-transfer details and a post
// is 409. With Stripe, the page offers what is open; Stripe not answering is 503, said on the page; nothing open is
// 409; a token that is no invoice's is 404 and a post that is not Pay now 400. None of them records a payment.
// (Stripe answering — the 303 to its page — is the e2e's, against the Stripe double.)
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { newStatusToken } from "~/features/orders/status-token.server";
import * as customerPage from "~/routes/public/invoice";
import { count, failure, seed, statusOf, thrown } from "./helpers";
import { d1Backend, issuedInvoice, NOW, TOTAL } from "./issued-invoice";
import { addressesIn, browser } from "./requests";

const { get, post } = browser({ addresses: addressesIn(192) });
/** Stripe set up, its API at a loopback port nothing listens on: every call to it fails at once. */
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_integration", STRIPE_WEBHOOK_SECRET: "whsec_integration", STRIPE_API_URL: "http://127.0.0.1:9" } as Env;
const bankEnv = { ...env, BANK_TRANSFER_DETAILS: "PUSH LLC\\nIBAN US00 1234" } as Env;
let token = "";
let invoiceId = 0;
const payments = () => count("SELECT COUNT(*) AS n FROM invoice_payments");

/** Sends the invoice (its link's token) as the staff's "Send" does. */
async function sent(id: number): Promise<string> {
  const link = await newStatusToken();
  const mail = { kind: "invoice" as const, to: "clinic.pay@example.com", subject: "Invoice", body: "{invoice-link-token}" };
  const done = await d1Backend().invoices.send(id, { link: { hash: link.hash, sealed: "sealed" }, locale: "en", mail, by: "admin" }, NOW);
  if (!done.ok) throw new Error(done.reason);
  return link.token;
}

const page = (testEnv: Env, path = `/Invoice/${token}`) => customerPage.loader(get(path, undefined, { params: { token }, env: testEnv }));
const pay = (testEnv: Env, fields: Record<string, string> = { intent: "pay" }, to = token) =>
  customerPage.action(post(`/Invoice/${to}`, fields, undefined, { params: { token: to }, env: testEnv }));

beforeAll(async () => {
  await seed();
  invoiceId = await issuedInvoice("clinic.pay@example.com");
  token = await sent(invoiceId);
});

describe("Pay now", () => {
  it("without Stripe: no Pay now, the bank-transfer details printed, a post 409 saying so", async () => {
    const shown = await page(bankEnv);
    expect(shown.pay).toBeNull();
    expect(shown.document.footer.slice(0, 3)).toEqual(["To pay by bank transfer:", "PUSH LLC", "IBAN US00 1234"]);
    const refused = failure(await pay(bankEnv));
    expect(refused).toMatchObject({ status: 409, formError: "Online payment is not available at the moment. Please try again later." });
    expect(await payments()).toBe(0);
  });

  it("with Stripe: Pay now for what is open, no bank details; Stripe not answering is 503, said on the page", async () => {
    const shown = await page({ ...stripeEnv, BANK_TRANSFER_DETAILS: "PUSH LLC" } as Env);
    expect(shown.pay).toEqual({ open: "$182.81" });
    expect(shown.document.footer).not.toContain("PUSH LLC");
    const unavailable = failure(await pay(stripeEnv));
    expect(unavailable).toMatchObject({ status: 503, formError: "Online payment is not available at the moment. Please try again later." });
    expect(await payments()).toBe(0);
  });

  it("a token that is no invoice's: 404; a post that is not Pay now: 400", async () => {
    const unknown = (await newStatusToken()).token;
    expect(statusOf(await thrown(() => pay(stripeEnv, { intent: "pay" }, unknown)))).toBe(404);
    expect(statusOf(await thrown(() => pay(stripeEnv, { intent: "pay" }, "not-a-token")))).toBe(404);
    expect(failure(await pay(stripeEnv, { intent: "accept" })).status).toBe(400);
    expect(failure(await pay(stripeEnv, {})).status).toBe(400);
    expect(await payments()).toBe(0);
  });

  it("nothing open: no Pay now, and a post 409 saying so", async () => {
    const paid = await d1Backend().invoices.recordPayment(
      invoiceId,
      { amountMinor: TOTAL, paidOn: "2026-12-09", method: "cash", reference: "", by: "admin" },
      NOW,
    );
    expect(paid).toEqual({ ok: true });
    expect((await page(stripeEnv)).pay).toBeNull();
    expect(failure(await pay(stripeEnv))).toMatchObject({ status: 409, formError: "This invoice has nothing left to pay." });
    expect(await payments()).toBe(1);
  });
});
