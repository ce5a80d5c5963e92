// A strict loopback double of the part of Stripe the invoices use (issue 26, build item 5), in the spirit of the Supabase
// double (tests/support/supabase-double): it answers only the exact request the app makes, as Stripe answers it, and
// refuses anything else in Stripe's error shape — so a change in what the stripe library sends fails the tests.
//
//   POST /v1/checkout/sessions   Bearer <secret key>, Stripe-Version, form-encoded: exactly the app's fields → a Checkout
//                                Session (url: this double's page); anything else 400 (401 for a wrong key), as Stripe
//   GET  /pay/<session>          the stand-in for Stripe's hosted page: a form with "Pay <amount>"
//   POST /pay/<session>          pays it: the session paid, its checkout.session.completed event made, 303 to success_url.
//                                Stripe delivers events apart from the redirect, the customer often back first: the event
//                                waits for the test to deliver it (below), so the page between is seen.
//   POST /__double/deliver/<event>  posts the event to the webhook URL, signed as Stripe signs (anew each time: a
//                                redelivery is the same event): answers { status } of the webhook's answer
//   GET  /__double/events        [{ id, session, deliveries: [status, …] }]
//   GET  /__double/requests      every request received: [{ method, path, status, reasons }]
//
//   npx tsx tests/support/stripe-double.ts --port N --secret-key sk_test_e2e --webhook-secret whsec_e2e
//     --webhook-url http://127.0.0.1:APP/api/stripe/webhook
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";

type Session = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string;
  client_reference_id: string;
  created: number;
  currency: string;
  expires_at: number;
  livemode: false;
  locale: "en" | "ar";
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "unpaid" | "paid";
  status: "open" | "complete";
  success_url: string;
  url: string | null;
};
type StripeEvent = { id: string; object: "event"; api_version: string; created: number; data: { object: Session }; livemode: false; type: string };

/** The fields of the app's Checkout session, each with what its value must be: the app sends these and no other. */
const isUrl = (value: string) => /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value);
const SESSION_FIELDS: Record<string, (value: string, form: URLSearchParams) => boolean> = {
  mode: (value) => value === "payment",
  client_reference_id: (value) => /^[1-9]\d*$/.test(value),
  "metadata[invoice_id]": (value, form) => value === form.get("client_reference_id"),
  "metadata[invoice_number]": (value) => /^PUSH-\d{4}-\d{4,}$/.test(value),
  "line_items[0][quantity]": (value) => value === "1",
  "line_items[0][price_data][currency]": (value) => /^[a-z]{3}$/.test(value),
  "line_items[0][price_data][unit_amount]": (value) => /^[1-9]\d{0,11}$/.test(value),
  "line_items[0][price_data][product_data][name]": (value) => value.trim() !== "" && value.length <= 250,
  locale: (value) => value === "en" || value === "ar",
  success_url: isUrl,
  cancel_url: isUrl,
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's secret>. */
export function stripeSignature(payload: string, secret: string, at = now()): string {
  return `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${payload}`).digest("hex")}`;
}

export function startStripeDouble(options: { port: number; secretKey: string; webhookSecret: string; webhookUrl: string }) {
  const sessions = new Map<string, Session>();
  const events = new Map<string, { event: StripeEvent; deliveries: number[] }>();
  const requests: { method: string; path: string; status: number; reasons: string[] }[] = [];
  let base = "";

  const send = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "Cache-Control": "no-store", ...headers }).end(body);
  };
  const json = (response: ServerResponse, status: number, body: unknown) =>
    send(response, status, JSON.stringify(body, null, 2), { "Content-Type": "application/json", "Request-Id": id("req") });
  // Stripe's error shape: { error: { type, message, param? } }.
  const stripeError = (response: ServerResponse, status: number, message: string, param?: string) =>
    json(response, status, { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } });

  function createSession(request: IncomingMessage, body: string, reasons: string[]): Session | null {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) reasons.push("authorization: not Bearer <the secret key>");
    if (!request.headers["stripe-version"]) reasons.push("no Stripe-Version header");
    if ((request.headers["content-type"] ?? "").split(";")[0] !== "application/x-www-form-urlencoded") reasons.push("body not form-encoded");
    const form = new URLSearchParams(body);
    const keys = [...form.keys()];
    for (const key of keys) if (!(key in SESSION_FIELDS)) reasons.push(`unexpected field ${key}`);
    for (const key of new Set(keys)) if (form.getAll(key).length > 1) reasons.push(`field ${key} given twice`);
    for (const [key, valid] of Object.entries(SESSION_FIELDS)) {
      const value = form.get(key);
      if (value === null) reasons.push(`missing field ${key}`);
      else if (!valid(value, form)) reasons.push(`invalid ${key}: ${JSON.stringify(value)}`);
    }
    if (reasons.length > 0) return null;
    const amount = Number(form.get("line_items[0][price_data][unit_amount]"));
    const session: Session = {
      id: id("cs"),
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: form.get("cancel_url")!,
      client_reference_id: form.get("client_reference_id")!,
      created: now(),
      currency: form.get("line_items[0][price_data][currency]")!,
      expires_at: now() + 24 * 3600,
      livemode: false,
      locale: form.get("locale") as "en" | "ar",
      metadata: { invoice_id: form.get("metadata[invoice_id]")!, invoice_number: form.get("metadata[invoice_number]")! },
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: form.get("success_url")!,
      url: null,
    };
    session.url = `${base}/pay/${session.id}`;
    sessions.set(session.id, session);
    return session;
  }

  /** The stand-in for Stripe's hosted page, in the session's language. */
  function payPage(session: Session, error?: string): string {
    const ar = session.locale === "ar";
    const money = new Intl.NumberFormat(ar ? "ar-u-nu-latn" : "en-US", { style: "currency", currency: session.currency.toUpperCase() });
    const amount = money.format(session.amount_total / 10 ** money.resolvedOptions().maximumFractionDigits!);
    const t = ar
      ? { title: "الدفع — بيئة اختبار Stripe", card: "رقم البطاقة", pay: `ادفع ${amount}` }
      : { title: "Pay — Stripe test double", card: "Card number", pay: `Pay ${amount}` };
    return `<!doctype html><html lang="${session.locale}" dir="${ar ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>${t.title}</title></head>
<body><main><h1>${escape(session.metadata.invoice_number!)}</h1>${error ? `<p role="alert">${escape(error)}</p>` : ""}
<form method="post"><label for="card">${t.card}</label> <input id="card" name="card" value="4242 4242 4242 4242" autocomplete="cc-number">
<button type="submit">${t.pay}</button></form></main></body></html>`;
  }

  async function deliver(record: { event: StripeEvent; deliveries: number[] }): Promise<number> {
    const payload = JSON.stringify(record.event, null, 2);
    const answer = await fetch(options.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature": stripeSignature(payload, options.webhookSecret),
      },
      body: payload,
    }).catch(() => null);
    await answer?.arrayBuffer();
    record.deliveries.push(answer?.status ?? 0);
    return answer?.status ?? 0;
  }

  async function handle(request: IncomingMessage, response: ServerResponse, body: string, reasons: string[]) {
    const path = new URL(request.url ?? "/", "http://double").pathname;
    const route = `${request.method} ${path.replace(/\/(cs|evt)_test_[0-9a-f]+$/, "/:id")}`;
    const named = path.split("/").at(-1)!;
    if (route === "POST /v1/checkout/sessions") {
      const session = createSession(request, body, reasons);
      if (!session) {
        const authorized = !reasons.some((reason) => reason.startsWith("authorization"));
        return authorized ? stripeError(response, 400, reasons.join("; ")) : stripeError(response, 401, "Invalid API Key provided.");
      }
      return json(response, 200, session);
    }
    if (route === "GET /pay/:id" || route === "POST /pay/:id") {
      const session = sessions.get(named);
      if (!session) return send(response, 404, "No such Checkout session.", { "Content-Type": "text/plain" });
      if (session.status !== "open") reasons.push("the session is no longer open");
      if (request.method === "GET" || reasons.length > 0)
        return send(response, reasons.length > 0 ? 409 : 200, payPage(session, reasons[0]), { "Content-Type": "text/html; charset=utf-8" });
      // Stripe's test card that succeeds; another is declined on the page.
      if (new URLSearchParams(body).get("card")?.replace(/\s/g, "") !== "4242424242424242") {
        reasons.push("declined card");
        return send(response, 402, payPage(session, "Your card was declined."), { "Content-Type": "text/html; charset=utf-8" });
      }
      Object.assign(session, { payment_status: "paid", status: "complete", payment_intent: id("pi"), url: null });
      const event: StripeEvent = {
        ...{ id: id("evt"), object: "event", api_version: String(request.headers["stripe-version"] ?? "2026-10-28.endive") },
        ...{ created: now(), data: { object: { ...session } }, livemode: false, type: "checkout.session.completed" },
      };
      events.set(event.id, { event, deliveries: [] });
      return send(response, 303, "", { Location: session.success_url });
    }
    if (route === "POST /__double/deliver/:id") {
      const record = events.get(named);
      return record ? json(response, 200, { status: await deliver(record) }) : json(response, 404, { error: "no such event" });
    }
    if (route === "GET /__double/events")
      return json(
        response,
        200,
        [...events.values()].map(({ event, deliveries }) => ({ id: event.id, session: event.data.object.id, deliveries })),
      );
    if (route === "GET /__double/requests") return json(response, 200, requests);
    reasons.push("not part of the double");
    return stripeError(response, 404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const reasons: string[] = [];
      const path = new URL(request.url ?? "/", "http://double").pathname;
      handle(request, response, Buffer.concat(chunks).toString("utf8"), reasons)
        .catch((error: unknown) => {
          reasons.push(String(error));
          if (!response.headersSent) stripeError(response, 500, "The double failed.");
        })
        .finally(() => {
          if (!path.startsWith("/__double/")) requests.push({ method: request.method ?? "", path, status: response.statusCode, reasons });
        });
    });
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(options.port, "127.0.0.1", () => {
      const address = server.address();
      base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : options.port}`;
      resolve({ url: base, close: () => server.close() });
    }),
  );
}

if (process.argv[1]?.endsWith("stripe-double.ts")) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      "secret-key": { type: "string" },
      "webhook-secret": { type: "string" },
      "webhook-url": { type: "string" },
    },
  });
  const [secretKey, webhookSecret, webhookUrl] = [values["secret-key"], values["webhook-secret"], values["webhook-url"]];
  if (!secretKey || !webhookSecret || !webhookUrl) throw new Error("--secret-key, --webhook-secret and --webhook-url are required");
  const { url } = await startStripeDouble({ port: Number(values.port), secretKey, webhookSecret, webhookUrl });
  console.log(`Stripe double listening on ${url}`);
}
