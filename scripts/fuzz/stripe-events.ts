// A request to Stripe's webhook (workers/stripe-webhook.ts, issue 26 build item 5): not a form but a Stripe event, JSON,
// with its Stripe-Signature. Every one is forged: the campaign does not know the webhook's secret, so each is signed
// with another one, or stale, or not at all, or malformed, or is oversized, not JSON, under another Content-Type or
// method. All must be refused (4xx: checks.ts holds the webhook to it) and none may write. Most bodies are the event
// that would record a payment — a paid Checkout session of the run's sent invoice — so a refusal is the signature's.
import { createHmac } from "node:crypto";
import type { Kit } from "./form-request";
import type { RequestSpec } from "./request-spec";
import { valueBytes } from "./values";

/** workers/stripe-webhook.ts's limit: a body larger is refused 413 before its signature is read. */
const EVENT_BODY_LIMIT = 64 * 1024;

/** The event that would pay `invoiceId` (if its signature were good), with `session` typed over its session. */
function paidEvent(index: number, invoiceId: string, session: Record<string, unknown> = {}, type = "checkout.session.completed") {
  return {
    ...{ id: `evt_fuzz${index}`, object: "event", type, created: 1_796_000_000, livemode: false },
    data: {
      object: {
        ...{ id: `cs_test_fuzz${index}`, object: "checkout.session", mode: "payment", payment_status: "paid", status: "complete" },
        ...{ client_reference_id: invoiceId, amount_total: 100, currency: "usd", payment_intent: `pi_fuzz${index}` },
        ...session,
      },
    },
  };
}

const hmac = (secret: string, signed: string) => createHmac("sha256", secret).update(signed, "utf8").digest("hex");

export function stripeEventRequest(spec: RequestSpec, path: string, { rng, payloads, ids, trick }: Kit): void {
  spec.method = rng.chance(0.9) ? "POST" : rng.pick(["GET", "PUT", "DELETE", "HEAD"]);
  if (spec.method !== "POST") spec.labels.push(`method ${spec.method}`);
  spec.target = trick(spec, path, 0.1);
  const invoice = String(ids.invoiceLinks.length && rng.chance(0.8) ? rng.pick(ids.invoiceLinks).id : rng.pick(["0", "-1", "999999", "1e3", "x"]));

  const body = rng.weighted<string>([
    [50, "paid session"],
    [8, "another event"],
    [10, "hostile values"],
    [8, "over 64 KB"],
    [6, "cut JSON"],
    [6, "not JSON"],
    [4, "empty"],
    [4, "deep JSON"],
    [4, "huge amount"],
  ]);
  let bytes: Buffer;
  switch (body) {
    case "another event":
      bytes = Buffer.from(
        JSON.stringify(paidEvent(spec.index, invoice, {}, rng.pick(["payment_intent.succeeded", "charge.refunded", "checkout.session.expired"]))),
      );
      break;
    case "hostile values": {
      const field = rng.pick(["client_reference_id", "currency", "payment_intent", "payment_status", "amount_total", "id"]);
      bytes = Buffer.from(JSON.stringify(paidEvent(spec.index, invoice, { [field]: valueBytes(payloads.hostile(2000).value).toString("utf8") })));
      spec.labels.push(`hostile ${field}`);
      break;
    }
    case "over 64 KB":
      bytes = Buffer.from(JSON.stringify(paidEvent(spec.index, invoice, { metadata: { padding: "x".repeat(EVENT_BODY_LIMIT + rng.int(1, 4096)) } })));
      break;
    case "cut JSON": {
      const whole = Buffer.from(JSON.stringify(paidEvent(spec.index, invoice)));
      bytes = whole.subarray(0, rng.int(1, whole.length - 1));
      break;
    }
    case "not JSON":
      bytes = Buffer.from(Array.from({ length: rng.int(1, 512) }, () => rng.int(0, 255)));
      break;
    case "empty":
      bytes = Buffer.alloc(0);
      break;
    case "deep JSON":
      bytes = Buffer.from(`${"[".repeat(20_000)}${"]".repeat(20_000)}`);
      break;
    case "huge amount":
      bytes = Buffer.from(JSON.stringify(paidEvent(spec.index, invoice, { amount_total: rng.pick([1e300, -100, 0, 2 ** 53 + 2, "100"]) })));
      break;
    default:
      bytes = Buffer.from(JSON.stringify(paidEvent(spec.index, invoice)));
  }
  spec.labels.push(body);

  // The signature: never with the webhook's secret, which the campaign does not have.
  const now = Math.floor(Date.now() / 1000);
  const signedWith = (secret: string, at: number) => `t=${at},v1=${hmac(secret, `${at}.${bytes.toString("utf8")}`)}`;
  const signature = rng.weighted<[string, string | undefined]>([
    [25, ["no signature", undefined]],
    [30, ["signed with another secret", signedWith(`whsec_fuzz${rng.int(0, 1e9)}`, now)]],
    [10, ["stale, signed with another secret", signedWith("whsec_fuzz", now - rng.int(301, 86_400))]],
    [10, ["a signature of other bytes", `t=${now},v1=${hmac("whsec_fuzz", `${now}.{}`)}`]],
    [8, ["no v1", `t=${now},v0=${"0".repeat(64)}`]],
    [7, ["many v1", `t=${now},${Array.from({ length: 50 }, (_, n) => `v1=${n.toString(16).padStart(64, "0")}`).join(",")}`]],
    [
      10,
      [
        "a hostile signature",
        valueBytes(payloads.hostile(4000).value)
          .toString("latin1")
          .replace(/[\r\n]/g, ""),
      ],
    ],
  ]);
  spec.labels.push(signature[0]);
  if (signature[1] !== undefined) spec.headers["Stripe-Signature"] = signature[1];

  const type = rng.weighted<string | undefined>([
    [85, "application/json"],
    [4, "application/json; charset=utf-8"],
    [4, "application/x-www-form-urlencoded"],
    [3, "text/plain"],
    [4, undefined],
  ]);
  if (type !== "application/json") spec.labels.push(`content-type ${type === undefined ? "missing" : JSON.stringify(type)}`);
  if (type !== undefined) spec.headers["Content-Type"] = type;
  spec.headers["User-Agent"] = "Stripe/1.0 (+https://stripe.com/docs/webhooks)";
  if (spec.method !== "GET" && spec.method !== "HEAD") spec.body = bytes;
}
