// POST /api/stripe/webhook (issue 26, build item 5) in workerd against a real D1, with events signed as Stripe signs
// them (its own library, SubtleCrypto): a paid Checkout session of an issued invoice is one card payment, however often
// and however at once it is delivered. A forged, stale, missing or outdated signature (the body altered after signing)
// is 400 and changes nothing; so is nothing else: other events, an unknown invoice, another currency are 200 and not
// recorded; a form is 415, a body over 64 KB 413, a GET 405. Without Stripe's keys the route is not there (404).
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "../../workers/stripe-webhook";
import { seed } from "./helpers";
import { d1Backend as backend, issuedInvoice, TOTAL } from "./issued-invoice";
import { ORIGIN } from "./requests";

const SECRET = "whsec_integration_0123456789abcdef";
/** The worker's env with Stripe set up: its own object, so the worker's config (cached per env) has Stripe in it. */
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_integration", STRIPE_WEBHOOK_SECRET: SECRET } as Env;
const crypto = Stripe.createSubtleCryptoProvider();
let invoiceId = 0;
let events = 0;

/** A Stripe event's JSON: by default a paid Checkout session of the invoice for all of it, with a new event id. */
function event(session: Record<string, unknown> = {}, type = "checkout.session.completed") {
  return JSON.stringify({
    id: `evt_test_${++events}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        ...{ id: `cs_test_${events}`, object: "checkout.session", mode: "payment", payment_status: "paid", status: "complete" },
        ...{ client_reference_id: String(invoiceId), amount_total: TOTAL, currency: "usd", payment_intent: `pi_test_${events}` },
        ...session,
      },
    },
  });
}

const sign = (payload: string, { secret = SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: crypto, ...(timestamp ? { timestamp } : {}) });

function delivery(body: BodyInit | null, headers: Record<string, string> = {}, method = "POST") {
  return new Request(`${ORIGIN}${STRIPE_WEBHOOK_PATH}`, { method, body, headers: { "Content-Type": "application/json", ...headers } });
}

/** The event delivered as Stripe delivers it (signed now, unless `signature` is given). */
async function deliver(payload: string, signature?: string | null, testEnv: Env = stripeEnv) {
  const header = signature === undefined ? await sign(payload) : signature;
  return handleStripeWebhook(delivery(payload, header === null ? {} : { "Stripe-Signature": header }), testEnv);
}

/** Every stored payment and invoice, whole: what "nothing changed" compares. */
async function stored() {
  const [payments, invoices] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM invoice_payments ORDER BY id"),
    env.DB.prepare("SELECT * FROM invoices ORDER BY id"),
  ]);
  return { payments: payments!.results, invoices: invoices!.results };
}

beforeAll(async () => {
  await seed();
  invoiceId = await issuedInvoice("clinic.stripe@example.com");
});

describe("Stripe's webhook", () => {
  it("a paid Checkout session is one card payment by Stripe, its reference the payment intent; the page's balance is paid", async () => {
    const payload = event();
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { payments } = await stored();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      invoice_id: invoiceId,
      amount_minor: TOTAL,
      method: "card",
      reference: `pi_test_${events}`,
      recorded_by: "stripe",
      stripe_event_id: `evt_test_${events}`,
    });
    expect((await backend().invoices.get(invoiceId))!.paidMinor).toBe(TOTAL);

    // Stripe delivers again (a retry, a replay): signed anew, still the one payment, and Stripe is told it arrived.
    const before = await stored();
    expect((await deliver(payload)).status).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it("the same event delivered twice at once is one payment", async () => {
    const other = await issuedInvoice("clinic.stripe.twice@example.com");
    const payload = event({ client_reference_id: String(other) });
    const signature = await sign(payload);
    const both = await Promise.all([deliver(payload, signature), deliver(payload, signature)]);
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    const { payments } = await stored();
    expect(payments.filter((payment) => payment.invoice_id === other)).toHaveLength(1);
    expect((await backend().invoices.get(other))!.paidMinor).toBe(TOTAL);
  });

  describe("an event not signed with the webhook's secret, now, for this body: 400 and nothing changed", () => {
    // An invoice with all of its balance open, so that any payment recorded would show.
    let open = 0;
    beforeAll(async () => {
      open = await issuedInvoice("clinic.stripe.forged@example.com");
    });
    const payload = () => event({ client_reference_id: String(open) });

    it.each([
      ["signed with another secret", async (body: string) => sign(body, { secret: "whsec_someone_else" })],
      ["signed ten minutes ago (a replay)", async (body: string) => sign(body, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ["not signed", () => Promise.resolve(null)],
      ["a signature that is no signature", () => Promise.resolve("t=1,v1=00")],
    ])("%s", async (_, signatureOf) => {
      const before = await stored();
      const body = payload();
      const response = await deliver(body, await signatureOf(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid-signature" });
      expect(await stored()).toEqual(before);
    });

    it("the body altered after it was signed (another invoice, another amount)", async () => {
      const before = await stored();
      const body = payload();
      const signature = await sign(body);
      const altered = body.replace(`"amount_total":${TOTAL}`, '"amount_total":1');
      expect(altered).not.toBe(body);
      expect((await deliver(altered, signature)).status).toBe(400);
      expect(await stored()).toEqual(before);
      // The signature was good for the body as signed: delivered untouched, it is recorded.
      expect((await deliver(body, signature)).status).toBe(200);
      expect((await backend().invoices.get(open))!.paidMinor).toBe(TOTAL);
    });
  });

  it("other events, an unknown invoice, another currency, an unpaid session: 200 (delivered) and nothing recorded", async () => {
    const other = await issuedInvoice("clinic.stripe.ignored@example.com");
    const before = await stored();
    for (const payload of [
      event({ client_reference_id: String(other) }, "payment_intent.succeeded"),
      event({ client_reference_id: String(other) }, "checkout.session.expired"),
      event({ client_reference_id: "999999" }),
      event({ client_reference_id: String(other), currency: "eur" }),
      event({ client_reference_id: String(other), payment_status: "unpaid" }),
      event({ client_reference_id: "not-an-invoice" }),
    ]) {
      const response = await deliver(payload);
      expect(response.status, payload).toBe(200);
    }
    expect(await stored()).toEqual(before);
  });

  it("a form is 415, a body over 64 KB 413, a GET 405: nothing changed", async () => {
    const before = await stored();
    const form = new URLSearchParams({ type: "checkout.session.completed" }).toString();
    const asForm = delivery(form, { "Content-Type": "application/x-www-form-urlencoded", "Stripe-Signature": await sign(form) });
    expect((await handleStripeWebhook(asForm, stripeEnv)).status).toBe(415);

    // Signed as Stripe would: only its size refuses it.
    const large = event({ metadata: { padding: "x".repeat(65 * 1024) } });
    const tooLarge = await deliver(large);
    expect(tooLarge.status).toBe(413);
    // Without a Content-Length (streamed in chunks): still refused once 64 KB have been read.
    const chunks = new Blob([large]).stream();
    const streamed = new Request(`${ORIGIN}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      body: chunks,
      headers: { "Content-Type": "application/json", "Stripe-Signature": await sign(large) },
      duplex: "half",
    } as RequestInit);
    expect((await handleStripeWebhook(streamed, stripeEnv)).status).toBe(413);

    const get = await handleStripeWebhook(delivery(null, {}, "GET"), stripeEnv);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(await stored()).toEqual(before);
  });

  it("without Stripe's keys the route is not there: 404, even for a well-signed event", async () => {
    const before = await stored();
    const response = await deliver(event(), undefined, env);
    expect(response.status).toBe(404);
    expect(await stored()).toEqual(before);
  });
});
