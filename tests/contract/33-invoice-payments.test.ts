// Payments recorded by hand on the Supabase adapter (issue 26, build items 3 and 5; supabase/migrations/
// 20261205000100_push_invoice_payments.sql), against the double. The adapter: recording a payment is one service-role
// call, and a refused one (no invoice, a draft, more than the open balance) stores nothing; an invoice is read with its
// payments and what they add up to, and listed with that sum. The staff's "Record the payment" through the invoice's
// page: the guard, the reads, then the one call; bad input is refused on its fields before any call, more than the
// open balance on the amount (naming what is open), a draft with 409, an interpreter with 403.
import { beforeAll, describe, expect, it } from "vitest";
import * as invoicePage from "~/routes/dashboard/invoice";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import { ADMIN, INTERPRETER, ORIGIN, backendFor, bindings, double, idOf, languageIdOf, signIn, step, who, bookedCustomer } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
/** What the action reads before it records: the invoice (the route's 404), then again (the intent's). */
const READS = ["rpc.push_invoice service", "rpc.push_invoice service"];
const RECORD = "rpc.push_record_invoice_payment service";
const EMAIL = "accounts.payments@example.com";
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
/** Each invoice's one item, and so its total (no tax): $146.25. */
const TOTAL = 14625;
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric" }).format(new Date());
const invoices = () => backendFor().invoices;

let admin = "";
let interpreter = "";
/** Issued invoices: the one the route pays, the one the adapter's tests pay; and a draft. */
let routed = 0;
let adapted = 0;
let draft = 0;

type PaymentRow = { id: number; invoice_id: number; amount_minor: number; paid_on: string; method: string; reference: string; recorded_by: string };
const payments = () => double.table<PaymentRow>("invoice_payments");
const paymentsOf = async (id: number) => (await payments()).filter((row) => row.invoice_id === id);

const payment = (
  amountMinor: number,
  fields: { paidOn?: string; method?: "bank-transfer" | "card" | "cash" | "cheque" | "other"; reference?: string } = {},
) => ({
  amountMinor,
  paidOn: fields.paidOn ?? "2026-12-07",
  method: fields.method ?? "card",
  reference: fields.reference ?? "",
  by: ADMIN,
});

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  const spanish = await languageIdOf("Spanish");
  const startsAt = Date.UTC(2026, 9, 6, 16);
  const customerId = await bookedCustomer({ name: "Harbor Dental", email: EMAIL, organisation: "Harbor Dental" }, spanish, startsAt, "c".repeat(64));
  const months = ["10", "11", "12"];
  await invoices().addItems(
    months.map((month) => ({
      ...{ source: `appointment:contract-33-${month}`, customerId, workDay: `2026-${month}-06`, currency: "USD", amountMinor: TOTAL },
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
  [routed, draft, adapted] = ids as [number, number, number];
  for (const id of [routed, adapted]) {
    const issued = await invoices().issue(id, { basedOn: 1, taxBasisPoints: 0, year: Number(year), by: ADMIN }, NOW);
    if (!issued.ok) throw new Error(JSON.stringify(issued));
  }
});

describe("the adapter: one service-role request each", () => {
  it("a refused payment (no such invoice, a draft, more than the open balance) is one call and stores nothing", async () => {
    for (const [id, amount, reason] of [
      [999_999, 100, "not-found"],
      [draft, 100, "draft"],
      [adapted, TOTAL + 1, "over"],
    ] as const) {
      const refused = await step(() => invoices().recordPayment(id, payment(amount), NOW));
      expect([refused.result, who(refused.requests)], reason).toEqual([{ ok: false, reason }, [RECORD]]);
    }
    expect(await payments()).toEqual([]);
  });

  it("recordPayment, get and list: one call each; the invoice carries its payments in order and what they add up to", async () => {
    const first = await step(() => invoices().recordPayment(adapted, payment(4000, { paidOn: "2026-12-07", reference: "AUTH 4471" }), NOW));
    expect([first.result, who(first.requests)]).toEqual([{ ok: true }, [RECORD]]);
    // The rest of the open balance, exactly, paid a day earlier but recorded later; then not one cent more.
    const rest = await step(() => invoices().recordPayment(adapted, payment(TOTAL - 4000, { paidOn: "2026-12-06", method: "bank-transfer" }), NOW + 1000));
    expect([rest.result, who(rest.requests)]).toEqual([{ ok: true }, [RECORD]]);
    const more = await step(() => invoices().recordPayment(adapted, payment(1), NOW + 2000));
    expect([more.result, who(more.requests)]).toEqual([{ ok: false, reason: "over" }, [RECORD]]);
    expect((await paymentsOf(adapted)).map((row) => row.amount_minor)).toEqual([4000, TOTAL - 4000]);

    const read = await step(() => invoices().get(adapted));
    expect(who(read.requests)).toEqual(["rpc.push_invoice service"]);
    expect(read.result!.paidMinor).toBe(TOTAL);
    expect(read.result!.payments).toEqual([
      { id: expect.any(Number), amountMinor: 4000, paidOn: "2026-12-07", method: "card", reference: "AUTH 4471", recordedBy: ADMIN, recordedAt: NOW },
      {
        id: expect.any(Number),
        amountMinor: TOTAL - 4000,
        paidOn: "2026-12-06",
        method: "bank-transfer",
        reference: "",
        recordedBy: ADMIN,
        recordedAt: NOW + 1000,
      },
    ]);
    expect(read.result!.payments[0]!.id).toBeLessThan(read.result!.payments[1]!.id);

    const unpaid = await step(() => invoices().get(draft));
    expect([unpaid.result!.payments, unpaid.result!.paidMinor]).toEqual([[], 0]);

    const listed = await step(() => invoices().list(1));
    expect(who(listed.requests)).toEqual(["rpc.push_invoices_page service"]);
    expect(listed.result.items.map(({ id, paidMinor }) => [id, paidMinor])).toEqual([
      [adapted, TOTAL],
      [draft, 0],
      [routed, 0],
    ]);
  });
});

describe("Record the payment, through the invoice's page", () => {
  const path = () => `/Dashboard/Invoices/${routed}`;
  const pay = (cookie: string, fields: Record<string, string> = {}, id = routed) =>
    routeArgs(
      `/Dashboard/Invoices/${id}`,
      cookie,
      form({ intent: "payment", amount: "40", paidOn: "2026-11-20", method: "bank-transfer", reference: "", ...fields }),
      { invoiceId: String(id) },
    );

  it("bad input: 400 with each field's message, after the reads and with no call to record it", async () => {
    const bad = await acted(invoicePage.action, pay(admin, { amount: "40.001", paidOn: "2999-01-01", method: "barter", reference: "x".repeat(201) }));
    expect(answerOf(bad.result)).toEqual({
      status: 400,
      formError: null,
      errors: {
        amount: "Enter the amount paid, with at most 2 decimals.",
        paidOn: "Enter the day it was paid, not after today.",
        method: "Choose how it was paid.",
        reference: "Keep the reference under 200 characters.",
      },
    });
    expect(who(bad.requests)).toEqual([...GUARD, ...READS]);
    const refusals: Record<string, string>[] = [{ amount: "0" }, { amount: "-5" }, { amount: "" }, { paidOn: "2026-02-30" }, { paidOn: "" }];
    for (const fields of refusals) {
      const refused = await acted(invoicePage.action, pay(admin, fields));
      expect(answerOf(refused.result).status, JSON.stringify(fields)).toBe(400);
      expect(who(refused.requests), JSON.stringify(fields)).not.toContain(RECORD);
    }
    expect(await paymentsOf(routed)).toEqual([]);
  });

  it("more than the open balance: 400 on the amount, naming what is open, the form's values kept; nothing stored", async () => {
    const over = await acted(invoicePage.action, pay(admin, { amount: "146.26" }));
    expect(answerOf(over.result)).toEqual({ status: 400, formError: null, errors: { amount: "That is more than the open balance of $146.25." } });
    expect((over.result as { data: { values: Record<string, string> } }).data.values).toMatchObject({ amount: "146.26", paidOn: "2026-11-20" });
    // The call that refused it, then the invoice read again for what is open now.
    expect(who(over.requests)).toEqual([...GUARD, ...READS, RECORD, "rpc.push_invoice service"]);
    expect(await paymentsOf(routed)).toEqual([]);
  });

  it("a draft: 409 after the reads, no call to record it", async () => {
    const refused = await acted(invoicePage.action, pay(admin, {}, draft));
    expect(answerOf(refused.result)).toEqual({ status: 409, formError: "Only an issued invoice is paid.", errors: {} });
    expect(who(refused.requests)).toEqual([...GUARD, ...READS]);
    expect(await paymentsOf(draft)).toEqual([]);
  });

  it("an admin's payment: back to the invoice with the toast, one call after the reads; stored as typed, by the admin", async () => {
    const paid = await acted(invoicePage.action, pay(admin, { amount: "40", method: "cheque", reference: "  No. 881  " }));
    expect(answerOf(paid.result)).toEqual({ status: 302, location: path() });
    const cookie = (paid.result as Response).headers.get("Set-Cookie")!.split(";")[0]!;
    const flash = await readFlashToast(new Request(`${ORIGIN}${path()}`, { headers: { Cookie: cookie } }), readConfig(bindings));
    expect(flash.toast).toMatchObject({ type: "success", message: "Payment of $40.00 recorded." });
    expect(who(paid.requests)).toEqual([...GUARD, ...READS, RECORD]);
    expect(await paymentsOf(routed)).toEqual([
      {
        ...{ id: expect.any(Number), invoice_id: routed, amount_minor: 4000, paid_on: "2026-11-20", method: "cheque", reference: "No. 881" },
        ...{ recorded_by: await idOf(ADMIN), recorded_at: expect.anything(), stripe_event_id: null },
      },
    ]);

    // What is open is now less by what was paid.
    const over = await acted(invoicePage.action, pay(admin, { amount: "106.26" }));
    expect(answerOf(over.result)).toMatchObject({ status: 400, errors: { amount: "That is more than the open balance of $106.25." } });
    const page = await step(() => invoicePage.loader(routeArgs(path(), admin, {}, { invoiceId: String(routed) }).args));
    expect([page.result.invoice.paidMinor, page.result.invoice.payments.map((each) => [each.amountMinor, each.method, each.reference])]).toEqual([
      4000,
      [[4000, "cheque", "No. 881"]],
    ]);
  });

  it("an interpreter gets 403, and only the security log is written", async () => {
    const before = (await paymentsOf(routed)).length;
    const refused = await step(() => refusedStatus(() => invoicePage.action(pay(interpreter).args)));
    expect(refused.result).toBe(403);
    expect(who(refused.requests)).toEqual([...GUARD, DENIED]);
    expect(await paymentsOf(routed)).toHaveLength(before);
  });
});
