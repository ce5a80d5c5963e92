// The payments' CSV for the accountant on the Supabase adapter (issue 26, build item 6;
// supabase/migrations/20261205000300_push_payments_export.sql), against the double: a batch of payments is one
// service-role call; the route reads the payments a batch at a time after the last one (one call here: fewer than a
// batch) after the admin guard, and answers them as CSV; an interpreter gets 403 and only the security log is written.
import { beforeAll, describe, expect, it } from "vitest";
import * as paymentsCsv from "~/routes/dashboard/payments-csv";
import { ADMIN, INTERPRETER, backendFor, bookedCustomer, double, languageIdOf, signIn, step, who } from "./helpers";
import { refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
const READ = "rpc.push_payments_after service";
const PATH = "/Dashboard/Invoices/payments.csv";
const NOW = Date.UTC(2026, 11, 8, 17);
const invoices = () => backendFor().invoices;
let admin = "";
let interpreter = "";
let invoiceId = 0;

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  const startsAt = Date.UTC(2026, 9, 6, 16);
  const customerId = await bookedCustomer(
    { name: "Harbor Dental", email: "accounts.export@example.com" },
    await languageIdOf("Spanish"),
    startsAt,
    "e".repeat(64),
  );
  await invoices().addItems(
    [
      {
        source: "appointment:contract-35",
        customerId,
        workDay: "2026-10-06",
        currency: "USD",
        amountMinor: 14625,
        rateLineId: null,
        languageId: null,
        computation: sampleComputation,
      },
    ],
    NOW,
  );
  const draft = await invoices().createDraft({ customerId, currency: "USD", from: "2026-10-01", to: "2026-10-31", by: ADMIN }, NOW);
  if (!draft.ok) throw new Error(draft.reason);
  invoiceId = draft.id;
  const issued = await invoices().issue(invoiceId, { basedOn: 1, taxBasisPoints: 0, year: 2026, by: ADMIN }, NOW);
  if (!issued.ok) throw new Error(issued.reason);
  await invoices().recordPayment(invoiceId, { amountMinor: 10000, paidOn: "2026-12-05", method: "bank-transfer", reference: "TRX 1", by: ADMIN }, NOW);
  await invoices().recordStripePayment(invoiceId, { amountMinor: 4625, paidOn: "2026-12-06", reference: "pi_1", eventId: "evt_contract_35" }, NOW + 1);
});

describe("the payments' export", () => {
  it("the adapter: a batch after a payment is one service-role call, in the order recorded, with invoice and customer", async () => {
    const read = await step(() => invoices().paymentsAfter(0, 1));
    expect(who(read.requests)).toEqual([READ]);
    expect(
      read.result.map(({ invoiceId: id, invoiceNumber, amountMinor, method, customerEmail }) => [id, invoiceNumber, amountMinor, method, customerEmail]),
    ).toEqual([[invoiceId, "PUSH-2026-0001", 10000, "bank-transfer", "accounts.export@example.com"]]);
    expect((await invoices().paymentsAfter(read.result[0]!.id, 10)).map((payment) => payment.reference)).toEqual(["pi_1"]);
  });

  it("the route: the guard, then one batch, answered as CSV", async () => {
    const answer = await step(async () => {
      const response = await paymentsCsv.loader(routeArgs(PATH, admin).args);
      return { status: response.status, text: await response.text() };
    });
    expect(who(answer.requests)).toEqual([...GUARD, READ]);
    const lines = answer.result.text.trimEnd().split("\r\n");
    expect([answer.result.status, lines.length, lines[1]!.split(",").slice(1, 9).join(",")]).toEqual([
      200,
      3,
      "PUSH-2026-0001,Harbor Dental,accounts.export@example.com,2026-12-05,bank-transfer,TRX 1,USD,100.00",
    ]);
  });

  it("an interpreter gets 403, and only the security log is written", async () => {
    const refused = await step(() => refusedStatus(() => paymentsCsv.loader(routeArgs(PATH, interpreter).args)));
    expect([refused.result, who(refused.requests)]).toEqual([403, [...GUARD, DENIED]]);
  });
});
