// POST /api/stripe/webhook — Stripe's events about invoice payments (issue 26, build item 5). Stripe's servers post
// JSON, not a form, from no browser: this is the worker's route, before the forms' admission. Each event is checked
// by its signature with Stripe's own library (a forged or stale one: 400, nothing read further, nothing changed), and a
// paid Checkout session is recorded once per event (a replayed or duplicated delivery changes nothing). Without
// Stripe keys the route is not there (404).
import { createServiceBackend } from "../app/backend/index.server";
import { companyToday } from "../app/domain/orders";
import { readConfig } from "../app/platform/core/config.server";
import { verifiedPayment } from "../app/features/billing/stripe.server";
import { discardRest, readAtMost } from "./request-admission";

export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";
/** Stripe's events are a few kilobytes; a body larger than this is no event of ours. */
const EVENT_BODY_LIMIT = 64 * 1024;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function handleStripeWebhook(request: Request, env: Env): Promise<Response> {
  const config = readConfig(env);
  if (!config.stripe) {
    await discardRest(request);
    return answer(404, { error: "not-found" });
  }
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    await discardRest(request);
    return answer(415, { error: "not-json" });
  }
  const declared = request.headers.get("Content-Length");
  const bytes = declared !== null && !(Number(declared) <= EVENT_BODY_LIMIT) ? null : await readAtMost(request.body, EVENT_BODY_LIMIT);
  if (bytes === null) {
    await discardRest(request);
    return answer(413, { error: "too-large" });
  }
  const body = new TextDecoder().decode(bytes);
  const paid = await verifiedPayment(config.stripe, body, request.headers.get("Stripe-Signature"));
  if (paid === null) return answer(400, { error: "invalid-signature" });
  if (paid === "ignored") return answer(200, { received: true });

  const backend = createServiceBackend(env);
  const invoice = await backend.invoices.get(paid.invoiceId);
  // An event about an invoice we do not have, or in another currency than it, is no payment of ours to record.
  if (!invoice || invoice.currency !== paid.currency) {
    console.error(`[stripe] Event ${paid.eventId} names invoice ${paid.invoiceId} in ${paid.currency}: not recorded`);
    return answer(200, { received: true });
  }
  const recorded = await backend.invoices.recordStripePayment(
    paid.invoiceId,
    { amountMinor: paid.amountMinor, paidOn: companyToday(new Date()), reference: paid.reference, eventId: paid.eventId },
    Date.now(),
  );
  // Paid twice (two Checkout pages, or a payment recorded by hand meanwhile): Stripe holds the money; staff refund it.
  if (!recorded.ok && recorded.reason !== "duplicate")
    console.error(`[stripe] Event ${paid.eventId} for invoice ${paid.invoiceId} not recorded: ${recorded.reason}`);
  return answer(200, { received: true });
}
