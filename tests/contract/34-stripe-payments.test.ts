// Payments from Stripe's webhook on the Supabase adapter (issue 26, build item 5; supabase/migrations/
// 20261205000200_push_stripe_payments.sql), against the double. The adapter: recordStripePayment is one service-role
// call; the same event again answers duplicate, and its refusals (no invoice, a draft, more than the open balance) store
// nothing. The webhook on this backend: a signed paid session reads the invoice, then records it in one call; the
// event again is one call that changes nothing; a forged one makes no request at all.
import { beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "../../workers/stripe-webhook";
import { ADMIN, ORIGIN, backendFor, bindings, double, languageIdOf, step, who, bookedCustomer } from "./helpers";
import { sampleComputation } from "../support/rate-line-samples";

const RECORD = "rpc.push_record_stripe_payment service";
const READ = "rpc.push_invoice service";
const EMAIL = "accounts.stripe@example.com";
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
/** Each invoice's one item, and so its total (no tax): $146.25. */
const TOTAL = 14625;
const SECRET = "whsec_contract_0123456789abcdef";
const stripeEnv = { ...bindings, STRIPE_SECRET_KEY: "sk_test_contract", STRIPE_WEBHOOK_SECRET: SECRET } as Env;
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric" }).format(new Date());
const invoices = () => backendFor().invoices;

/** Issued invoices: the one the adapter's tests pay, the one the webhook pays; and a draft. */
let adapted = 0;
let hooked = 0;
let draft = 0;

type PaymentRow = {
  invoice_id: number;
  amount_minor: number;
  paid_on: string;
  method: string;
  reference: string;
  recorded_by: string;
  stripe_event_id: string | null;
};
const payments = () => double.table<PaymentRow>("invoice_payments");
const stripePayment = (amountMinor: number, eventId: string) => ({ amountMinor, paidOn: "2026-12-07", reference: "pi_3Qcontract", eventId });

beforeAll(async () => {
  await double.reset();
  const spanish = await languageIdOf("Spanish");
  const startsAt = Date.UTC(2026, 9, 6, 16);
  const customerId = await bookedCustomer({ name: "Harbor Dental", email: EMAIL, organisation: "Harbor Dental" }, spanish, startsAt, "d".repeat(64));
  const months = ["10", "11", "12"];
  await invoices().addItems(
    months.map((month) => ({
      ...{ source: `appointment:contract-34-${month}`, customerId, workDay: `2026-${month}-06`, currency: "USD", amountMinor: TOTAL },
      ...{ rateLineId: null, languageId: null, computation: sampleComputation },
    })),
    NOW,
  );
  const ids: number[] = [];
  for (const month of months) {
    const made = await invoices().createDraft({ customerId, currency: "USD", from: `2026-${month}-01`, to: `2026-${month}-28`, by: ADMIN }, NOW);
    if (!made.ok) throw new Error(made.reason);
    ids.push(made.id);
  }
  [adapted, draft, hooked] = ids as [number, number, number];
  for (const id of [adapted, hooked]) {
    const issued = await invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: Number(year), by: ADMIN }, NOW);
    if (!issued.ok) throw new Error(JSON.stringify(issued));
  }
});

describe("the adapter: recordStripePayment is one service-role request", () => {
  it("refused (no such invoice, a draft, more than the open balance): one call, nothing stored", async () => {
    for (const [id, amount, reason] of [
      [999_999, 100, "not-found"],
      [draft, 100, "draft"],
      [adapted, TOTAL + 1, "over"],
    ] as const) {
      const refused = await step(() => invoices().recordStripePayment(id, stripePayment(amount, `evt_refused_${reason}`), NOW));
      expect([refused.result, who(refused.requests)], reason).toEqual([{ ok: false, reason }, [RECORD]]);
    }
    expect(await payments()).toEqual([]);
  });

  it("recorded once by card, by stripe, with its event; the same event again is duplicate and changes nothing", async () => {
    const paid = await step(() => invoices().recordStripePayment(adapted, stripePayment(TOTAL, "evt_adapter"), NOW));
    expect([paid.result, who(paid.requests)]).toEqual([{ ok: true }, [RECORD]]);
    const stored = await payments();
    expect(stored).toEqual([
      expect.objectContaining({
        ...{ invoice_id: adapted, amount_minor: TOTAL, paid_on: "2026-12-07", method: "card", reference: "pi_3Qcontract" },
        ...{ recorded_by: "stripe", stripe_event_id: "evt_adapter" },
      }),
    ]);
    for (const again of [stripePayment(TOTAL, "evt_adapter"), stripePayment(1, "evt_adapter")]) {
      const replayed = await step(() => invoices().recordStripePayment(adapted, again, NOW + 1000));
      expect([replayed.result, who(replayed.requests)]).toEqual([{ ok: false, reason: "duplicate" }, [RECORD]]);
    }
    expect(await payments()).toEqual(stored);
    expect((await invoices().get(adapted))!.paidMinor).toBe(TOTAL);
  });
});

describe("the webhook on the Supabase backend", () => {
  const crypto = Stripe.createSubtleCryptoProvider();
  const payload = JSON.stringify({
    id: "evt_contract_hook",
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        ...{ id: "cs_test_contract", object: "checkout.session", payment_status: "paid", client_reference_id: String(0) },
        ...{ amount_total: TOTAL, currency: "usd", payment_intent: "pi_3Qhook" },
      },
    },
  });
  const deliver = async (secret = SECRET) => {
    const body = payload.replace('"client_reference_id":"0"', `"client_reference_id":"${hooked}"`);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret, cryptoProvider: crypto });
    const request = new Request(`${ORIGIN}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    return handleStripeWebhook(request, stripeEnv);
  };
  const hookedPayments = async () => (await payments()).filter((row) => row.invoice_id === hooked);

  it("a forged event: 400 and no request to Supabase", async () => {
    const forged = await step(() => deliver("whsec_someone_else"));
    expect([forged.result.status, who(forged.requests)]).toEqual([400, []]);
    expect(await hookedPayments()).toEqual([]);
  });

  it("a paid session: the invoice read, then the payment recorded in one call; delivered again, nothing more", async () => {
    const first = await step(() => deliver());
    expect([first.result.status, who(first.requests)]).toEqual([200, [READ, RECORD]]);
    expect(await hookedPayments()).toEqual([
      expect.objectContaining({ amount_minor: TOTAL, method: "card", reference: "pi_3Qhook", recorded_by: "stripe", stripe_event_id: "evt_contract_hook" }),
    ]);
    const again = await step(() => deliver());
    expect([again.result.status, who(again.requests)]).toEqual([200, [READ, RECORD]]);
    expect(await hookedPayments()).toHaveLength(1);
  });
});
