// Stripe for invoices (issue 26, build item 5): a Checkout session for an invoice's open balance, and the webhook's
// events checked with Stripe's own library (its SubtleCrypto provider: Web Crypto in the Worker). The library is loaded
// by a dynamic import, in the two requests that need it only. With STRIPE_API_URL the client talks to another address
// (the tests' loopback double) over the same API.
import type { StripeConfig } from "~/platform/core/config.server";

/** How old a signed event may be (seconds): Stripe's own default; an older one is a replay. */
export const EVENT_TOLERANCE_SECONDS = 300;

async function stripeOf(config: StripeConfig) {
  const { default: Stripe } = await import("stripe");
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const client = new Stripe(config.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === "http:" ? "80" : "443"), protocol: api.protocol === "http:" ? "http" : "https" } : {}),
  });
  return { Stripe, client };
}

/** Where Stripe's Checkout pages are (the double's own address in the tests): the invoice page's form leads there. */
export const checkoutOrigin = (config: StripeConfig): string => (config.apiUrl ? new URL(config.apiUrl).origin : "https://checkout.stripe.com");

export type CheckoutRequest = {
  invoiceId: number;
  number: string;
  /** What is still open, in the currency's minor units (Stripe's unit_amount is in them too). */
  openMinor: number;
  currency: string;
  locale: "en" | "ar";
  /** The invoice page's address: the customer comes back to it (paid, or not). */
  pageUrl: string;
  /** What the line is called on Stripe's page ("Invoice PUSH-2026-0001"). */
  description: string;
};

/** A Checkout session for the open balance: the address of Stripe's page to send the customer to. */
export async function checkoutUrl(config: StripeConfig, request: CheckoutRequest): Promise<string> {
  const { client } = await stripeOf(config);
  const session = await client.checkout.sessions.create({
    mode: "payment",
    client_reference_id: String(request.invoiceId),
    metadata: { invoice_id: String(request.invoiceId), invoice_number: request.number },
    line_items: [
      { quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.openMinor, product_data: { name: request.description } } },
    ],
    locale: request.locale,
    success_url: `${request.pageUrl}?paid=1`,
    cancel_url: request.pageUrl,
  });
  if (!session.url) throw new Error(`Stripe answered a Checkout session without a page (${session.id})`);
  return session.url;
}

/** A payment Stripe reports for an invoice: the event's id (recorded once), the invoice, the amount, its reference. */
export type PaidEvent = { eventId: string; invoiceId: number; amountMinor: number; currency: string; reference: string };

/**
 * The event of a webhook request, checked by its signature (and its age) with the webhook's secret: null for a
 * forged, stale or malformed one. An event about anything but a paid Checkout session of an invoice answers `ignored`.
 */
export async function verifiedPayment(config: StripeConfig, body: string, signature: string | null): Promise<PaidEvent | "ignored" | null> {
  if (!signature) return null;
  const { Stripe, client } = await stripeOf(config);
  let event;
  try {
    event = await client.webhooks.constructEventAsync(body, signature, config.webhookSecret, EVENT_TOLERANCE_SECONDS, Stripe.createSubtleCryptoProvider());
  } catch {
    return null;
  }
  if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return "ignored";
  const session = event.data.object;
  const invoiceId = Number(session.client_reference_id ?? session.metadata?.invoice_id);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(invoiceId) || invoiceId <= 0 || !session.amount_total || !session.currency) return "ignored";
  const reference = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? session.id);
  return { eventId: event.id, invoiceId, amountMinor: session.amount_total, currency: session.currency.toUpperCase(), reference };
}
