// The Invoices pages (/Dashboard/Invoices and /Dashboard/Invoices/<id>, issue 26 build item 3) against a real D1 with
// the sample people, called the way React Router calls them: an on-site appointment held and approved, priced by the
// rate card, and a video appointment cancelled late that no line prices → "Bill work" makes one item and names the
// unpriced one (again: none made) → a draft by the customer's e-mail and month → the item in words → issued as
// PUSH-<year>-0001 with its totals. Bad input, an unknown customer and a month with nothing to bill are 400 with field
// messages and store nothing; a stale issue is 409; an interpreter gets 403 and an anonymous visitor the sign-in page.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import { companyToday } from "~/domain/orders";
import * as invoice from "~/routes/dashboard/invoice";
import * as invoices from "~/routes/dashboard/invoices";
import * as invoicesCsv from "~/routes/dashboard/invoices-csv";
import * as paymentsCsv from "~/routes/dashboard/payments-csv";
import { invoicesCsv as invoicesCsvRows } from "~/features/billing/invoices-csv.server";
import type { InvoiceSummary } from "~/backend/port-invoices.server";
import { asResponse, count, failure, languageId, redirected, rows, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";
import { sampleRateLine } from "../support/rate-line-samples";

const INVOICES = "/Dashboard/Invoices";
const INVOICES_CSV = "/Dashboard/Invoices/export";
const PAYMENTS_CSV = "/Dashboard/Invoices/payments.csv";
const invoicesCsvText = (rows: InvoiceSummary[]) => invoicesCsvRows(rows, { header: false });
/** An issued invoice's line of the list, for the CSV's own cases. */
const summary: InvoiceSummary = {
  ...{ id: 1, customerId: 1, currency: "USD", periodFrom: "2026-10-01", periodTo: "2026-10-31", status: "issued", version: 2 },
  ...{ number: "PUSH-2026-0009", taxBasisPoints: 0, subtotalMinor: 1500, taxMinor: 0, totalMinor: 1500, issuedAt: Date.UTC(2026, 10, 2, 18) },
  ...{
    createdAt: Date.UTC(2026, 10, 1),
    paidMinor: 0,
    creditedMinor: 0,
    sentAt: null,
    customerName: "Valley Clinic",
    customerEmail: "a@example.com",
    itemCount: 1,
    itemsMinor: 1500,
  },
};
const { get, post } = browser({ addresses: addressesIn(191), headers: { Origin: ORIGIN } });
const cookies = seededAndSignedIn();
const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
const HOUR = 3_600_000;
// Tuesday 6 October 2026, 10:00 in Denver (MDT, UTC−6).
const START = Date.UTC(2026, 9, 6, 16);
const EMAIL = "clinic.invoices@example.com";
const year = () => Number(companyToday(new Date()).slice(0, 4));
let tokens = 0;
let draftId = 0;

async function booked(startsAt: number, mode: "on_site" | "video") {
  const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode });
  const made = await backend().appointments.request(
    {
      contact: { name: "Valley Clinic", email: EMAIL, phone: "+1 303 555 0100", organisation: "Valley Clinic" },
      ...{ languageId: await languageId("Spanish"), mode, setting: "medical", startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
      ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "d"), tokenSealed: "sealed" },
    },
    startsAt - 14 * 24 * HOUR,
  );
  if (!made.ok) throw new Error(made.reason);
  return made.id;
}

beforeAll(async () => {
  const added = await backend().rates.add(sampleRateLine({ effectiveFrom: "2026-01-01" }), "admin", START - 30 * 24 * HOUR);
  if (!added.ok) throw new Error(added.reason);
  // Held 10:05–12:15 on site, approved.
  const held = await booked(START, "on_site");
  const interpreter = (await env.DB.prepare("SELECT id FROM users WHERE role = 'interpreter' LIMIT 1").first<{ id: string }>())!.id;
  await backend().offers.offer(held, { basedOn: 1, interpreterIds: [interpreter], expiresAt: START }, START - 48 * HOUR);
  const [offer] = await backend().offers.forAppointment(held);
  if (!(await backend().offers.accept(offer!.id, interpreter, START - 47 * HOUR)).ok) throw new Error("offer not accepted");
  const entry = { actualStart: START + 5 * 60_000, actualEnd: START + 135 * 60_000, travelMinutes: 30, noShow: null };
  if (!(await backend().records.approve(held, { basedOn: 3, entry, by: "admin" }, START + 4 * HOUR)).ok) throw new Error("not approved");
  // A video appointment cancelled an hour before its start: the card prices on-site work only.
  const video = await booked(START + 2 * 24 * HOUR, "video");
  if (!(await backend().appointments.cancel(video, { basedOn: 1, by: "customer", reason: "" }, START + 2 * 24 * HOUR - HOUR)).ok)
    throw new Error("not cancelled");
});

const draftFields = (fields: Record<string, string> = {}) => ({ intent: "draft", customer: EMAIL, month: "2026-10", ...fields });
const addDraft = (fields: Record<string, string> = {}) => invoices.action(post(INVOICES, draftFields(fields), cookies.admin));
const invoicePath = (id: number) => `${INVOICES}/${id}`;
const params = (id: number | string) => ({ params: { invoiceId: String(id) } });

describe("the Invoices page", () => {
  it("'Bill work' makes the priced item and names the work no line prices, with the way to the rate card; again, none", async () => {
    const first = await redirected(await invoices.action(post(INVOICES, { intent: "bill" }, cookies.admin)));
    // The interpreter of the priced appointment has no pay line yet: no pay line made, and the work named.
    expect(first).toMatchObject({
      location: `${INVOICES}?unpriced=1&unpaid=1#bill-work`,
      toast: { type: "success", message: "1 item made. 0 pay lines made." },
    });
    expect(await rows("billable_items")).toBe(1);
    const page = await invoices.loader(get(`${INVOICES}?unpriced=1&unpaid=1`, cookies.admin));
    expect(page.unpriced).toBe(1);
    expect(page.unpaid).toBe(1);
    expect(page.invoices).toMatchObject({ ok: true, value: { total: 0 } });

    const again = await redirected(await invoices.action(post(INVOICES, { intent: "bill" }, cookies.admin)));
    expect(again.toast).toMatchObject({ message: "0 items made. 0 pay lines made." });
    expect(await rows("billable_items")).toBe(1);
  });

  it("bad input: 400 with each field's message and the values typed, nothing stored", async () => {
    const bad = failure(await addDraft({ customer: "not-an-email", month: "2026-13" }));
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ customer: "Enter the customer's e-mail.", month: "Enter a month as YYYY-MM." });
    expect(bad.values).toMatchObject({ customer: "not-an-email", month: "2026-13" });
    expect(failure(await addDraft({ month: "October" })).errors).toEqual({ month: "Enter a month as YYYY-MM." });
    const bare = failure(await invoices.action(post(INVOICES, { intent: "draft" }, cookies.admin)));
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.errors)).toEqual(expect.arrayContaining(["customer", "month"]));
    expect(await rows("invoices")).toBe(0);
  });

  it("an e-mail that names no customer, and a month with nothing to bill: 400 on that field, nothing stored", async () => {
    const unknown = failure(await addDraft({ customer: "nobody@example.com" }));
    expect(unknown.status).toBe(400);
    expect(unknown.errors).toEqual({ customer: "No customer has this e-mail." });
    // Part of the address matches in the customers' search; only the whole address names the customer.
    expect(failure(await addDraft({ customer: "invoices@example.com" })).errors).toEqual({ customer: "No customer has this e-mail." });
    const nothing = failure(await addDraft({ month: "2026-09" }));
    expect(nothing.status).toBe(400);
    expect(nothing.errors).toEqual({ month: "Nothing to bill for this customer in that month." });
    expect(await rows("invoices")).toBe(0);
  });

  it("a draft for the customer's month, found by e-mail in any case: its page lists the item in words; the list shows it", async () => {
    const { location, toast } = await redirected(await addDraft({ customer: ` ${EMAIL.toUpperCase()} ` }));
    expect(toast).toMatchObject({ type: "success", message: "Draft made." });
    expect(location).toMatch(/^\/Dashboard\/Invoices\/\d+$/);
    draftId = Number(location!.split("/").pop());
    expect(await env.DB.prepare("SELECT period_from, period_to, currency, status FROM invoices WHERE id = ?").bind(draftId).first()).toEqual({
      period_from: "2026-10-01",
      period_to: "2026-10-31",
      currency: "USD",
      status: "draft",
    });

    const page = await invoice.loader(get(invoicePath(draftId), cookies.admin, params(draftId)));
    expect(page.customer).toEqual({ name: "Valley Clinic", email: EMAIL });
    expect(page.invoice).toMatchObject({ status: "draft", number: null, version: 1 });
    expect(page.invoice.items.map((item) => item.amountMinor)).toEqual([14625]);

    const list = await invoices.loader(get(INVOICES, cookies.admin));
    expect(list.invoices.ok && list.invoices.value.items).toMatchObject([
      { id: draftId, number: null, customerEmail: EMAIL, customerName: "Valley Clinic", itemCount: 1, itemsMinor: 14625, status: "draft" },
    ]);
  });

  it("an issue of a version the page no longer shows: 409, nothing issued", async () => {
    const stale = failure(await invoice.action(post(invoicePath(draftId), { intent: "issue", basedOn: "7" }, cookies.admin, params(draftId))));
    expect(stale.status).toBe(409);
    expect(stale.formError).toBe("The invoice changed in the meantime. Here it is as it is now.");
    expect(await count("SELECT COUNT(*) AS n FROM invoices WHERE status = 'issued'")).toBe(0);
  });

  it("issuing gives the year's first number and the totals; the page says it is issued", async () => {
    const number = `PUSH-${year()}-0001`;
    const { location, toast } = await redirected(
      await invoice.action(post(invoicePath(draftId), { intent: "issue", basedOn: "1" }, cookies.admin, params(draftId))),
    );
    expect(location).toBe(invoicePath(draftId));
    expect(toast).toMatchObject({ type: "success", message: `Issued as ${number}.` });
    const page = await invoice.loader(get(invoicePath(draftId), cookies.admin, params(draftId)));
    expect(page.invoice).toMatchObject({ status: "issued", number, subtotalMinor: 14625, taxMinor: 0, totalMinor: 14625 });
    const list = await invoices.loader(get(INVOICES, cookies.admin));
    expect(list.invoices.ok && list.invoices.value.items[0]).toMatchObject({ number, totalMinor: 14625, status: "issued" });
  });

  it("payments by hand: bad input and more than what is open are 400 on their fields, storing nothing; then paid in two", async () => {
    const path = invoicePath(draftId);
    const pay = (fields: Record<string, string>) =>
      invoice.action(
        post(
          path,
          { intent: "payment", amount: "40", paidOn: "2026-10-20", method: "bank-transfer", reference: "", ...fields },
          cookies.admin,
          params(draftId),
        ),
      );
    const bad = failure(await pay({ amount: "40.001", paidOn: "2999-01-01", method: "barter", reference: "x".repeat(201) }));
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({
      amount: "Enter the amount paid, with at most 2 decimals.",
      paidOn: "Enter the day it was paid, not after today.",
      method: "Choose how it was paid.",
      reference: "Keep the reference under 200 characters.",
    });
    // A day that is not one (month 13) is the field's message, not an error.
    expect(failure(await pay({ paidOn: "2026-13-45" })).errors).toEqual({ paidOn: "Enter the day it was paid, not after today." });
    const over = failure(await pay({ amount: "146.26" }));
    expect([over.status, over.errors, over.values.amount]).toEqual([400, { amount: "That is more than the open balance of $146.25." }, "146.26"]);
    expect(await count("SELECT COUNT(*) AS n FROM invoice_payments")).toBe(0);

    const first = await redirected(await pay({ amount: "100", reference: "TRX 881" }));
    expect([first.location, first.toast]).toEqual([path, expect.objectContaining({ type: "success", message: "Payment of $100.00 recorded." })]);
    let page = await invoice.loader(get(path, cookies.admin, params(draftId)));
    expect([page.invoice.paidMinor, page.invoice.payments.map((payment) => [payment.amountMinor, payment.method, payment.reference])]).toEqual([
      10000,
      [[10000, "bank-transfer", "TRX 881"]],
    ]);
    const rest = failure(await pay({ amount: "46.26" }));
    expect(rest.errors).toEqual({ amount: "That is more than the open balance of $46.25." });
    await redirected(await pay({ amount: "46.25", method: "card" }));
    page = await invoice.loader(get(path, cookies.admin, params(draftId)));
    expect(page.invoice.paidMinor).toBe(14625);
    const list = await invoices.loader(get(INVOICES, cookies.admin));
    expect(list.invoices.ok && list.invoices.value.items.find((each) => each.id === draftId)).toMatchObject({ paidMinor: 14625 });
  });

  it("the CSV for the accountant: every invoice with its amounts in units, its state and what is open; a formula stays text", async () => {
    const answer = await invoicesCsv.loader(get(INVOICES_CSV, cookies.admin));
    expect([answer.status, answer.headers.get("Content-Type"), answer.headers.get("Content-Disposition")]).toEqual([
      200,
      "text/csv; charset=utf-8",
      'attachment; filename="push-invoices.csv"',
    ]);
    const lines = (await answer.text()).split("\r\n");
    expect(lines[0]).toBe("number,status,issued_on,customer,email,period_from,period_to,currency,subtotal,tax,total,paid,credited,open");
    expect(lines).toContain(
      `PUSH-${year()}-0001,paid,${companyToday(new Date())},Valley Clinic,${EMAIL},2026-10-01,2026-10-31,USD,146.25,0.00,146.25,146.25,0.00,0.00`,
    );
    expect(invoicesCsvText([{ ...summary, customerName: "=HYPERLINK(1)", currency: "KWD", totalMinor: 1500, itemsMinor: 1500, paidMinor: 0 }])).toContain(
      "'=HYPERLINK(1)",
    );
    expect(invoicesCsvText([{ ...summary, currency: "KWD", subtotalMinor: 1500, taxMinor: 0, totalMinor: 1500, paidMinor: 250 }])).toContain(
      ",KWD,1.500,0.000,1.500,0.250,0.000,1.250",
    );
    // A credit note's amount in its own column, and taken off what is open.
    expect(invoicesCsvText([{ ...summary, subtotalMinor: 1500, taxMinor: 0, totalMinor: 1500, paidMinor: 250, creditedMinor: 500 }])).toContain(
      ",USD,15.00,0.00,15.00,2.50,5.00,7.50",
    );
  });

  it("the payments' CSV: each payment in the order recorded, with its invoice, customer, method, reference and amount", async () => {
    const answer = await paymentsCsv.loader(get(PAYMENTS_CSV, cookies.admin));
    expect([answer.status, answer.headers.get("Content-Disposition")]).toEqual([200, 'attachment; filename="push-payments.csv"']);
    const lines = (await answer.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("payment,invoice,customer,email,paid_on,method,reference,currency,amount,recorded_by,recorded_at");
    const number = `PUSH-${year()}-0001`;
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 9).join(","))).toEqual([
      `${number},Valley Clinic,${EMAIL},2026-10-20,bank-transfer,TRX 881,USD,100.00`,
      `${number},Valley Clinic,${EMAIL},2026-10-20,card,,USD,46.25`,
    ]);
  });

  it("an invoice that is not there: 404 on the page and its form", async () => {
    for (const id of ["999999", "abc", "0"]) {
      expect(statusOf(await thrown(() => invoice.loader(get(invoicePath(0), cookies.admin, params(id)))))).toBe(404);
    }
    const answer = await thrown(() => invoice.action(post(invoicePath(999999), { intent: "issue", basedOn: "1" }, cookies.admin, params(999999))));
    expect(statusOf(answer)).toBe(404);
  });

  it("an interpreter gets 403 on both pages and their forms; an anonymous visitor is sent to sign in", async () => {
    const before = { invoices: await rows("invoices"), items: await rows("billable_items") };
    const path = invoicePath(draftId);
    const runs = (cookie?: string) => [
      () => invoices.loader(get(INVOICES, cookie)),
      () => invoices.action(post(INVOICES, { intent: "bill" }, cookie)),
      () => invoices.action(post(INVOICES, draftFields(), cookie)),
      () => invoice.loader(get(path, cookie, params(draftId))),
      () => invoice.action(post(path, { intent: "issue", basedOn: "1" }, cookie, params(draftId))),
      () => invoicesCsv.loader(get(INVOICES_CSV, cookie)),
      () => paymentsCsv.loader(get(PAYMENTS_CSV, cookie)),
    ];
    for (const run of runs(cookies.interpreter)) {
      expect(await thrown(run)).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    }
    for (const [index, run] of runs().entries()) {
      const redirect = asResponse(await thrown(run));
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("Location")).toBe(
        `/Login?redirectTo=${encodeURIComponent(index < 3 ? INVOICES : index < 5 ? path : index < 6 ? INVOICES_CSV : PAYMENTS_CSV)}`,
      );
    }
    expect({ invoices: await rows("invoices"), items: await rows("billable_items") }).toEqual(before);
    expect(await count("SELECT COUNT(*) AS n FROM security_events WHERE kind = 'forbidden' AND detail LIKE '% /Dashboard/Invoices%'")).toBe(7);
  });
});
