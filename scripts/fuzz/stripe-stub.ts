// Stripe for the campaign (issue 26, build item 5): the worker runs with Stripe set up (serve-build --stripe), its API
// pointed at this loopback stub, so that no request of the campaign can reach the internet and "Pay now" answers as
// it does with Stripe there (a 303 to Stripe's page) instead of 503. The stub answers the one call the product makes,
// creating a Checkout session, with a session whose page is on Stripe's checkout origin (never fetched: the campaign
// follows no redirect); anything else is a 404 in Stripe's error shape. The webhook's events are the campaign's own,
// every one forged (stripe-events.ts): the stub signs nothing.
import { createServer, type Server } from "node:http";

/** Where the stub's sessions send the customer: the one off-site origin a redirect may go to (checks.ts). */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export type StripeStub = { url: string; sessions(): number; close(): Promise<void> };

export async function startStripeStub(): Promise<StripeStub> {
  let sessions = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const json = (status: number, body: object) => response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      if (request.method === "POST" && request.url === "/v1/checkout/sessions") {
        const id = `cs_test_fuzz${++sessions}`;
        json(200, { id, object: "checkout.session", mode: "payment", payment_status: "unpaid", status: "open", url: `${STRIPE_CHECKOUT_ORIGIN}/c/pay/${id}` });
      } else {
        json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${request.url})` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    sessions: () => sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
