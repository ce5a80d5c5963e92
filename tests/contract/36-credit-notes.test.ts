// Credit notes on the Supabase adapter (issue 26, build item 3; supabase/migrations/20261205000700_push_credit_notes.sql),
// against the double. "Issue the credit note" through the invoice's page: the guard, the reads, then one service-role
// call; bad input is refused on its fields before any call, more than the open balance on the amount (naming what is
// open), a draft with 409, an interpreter with 403. The invoice is then read with its credit notes, listed with what they
// add up to, and a payment is checked against what is open after them.
import { beforeAll, describe, expect, it } from "vitest";
import * as invoicePage from "~/routes/dashboard/invoice";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import { ADMIN, INTERPRETER, ORIGIN, backendFor, bindings, bookedCustomer, double, idOf, languageIdOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
/** What the action reads before it credits: the invoice (the route's 404), then again (the intent's). */
const READS = ["rpc.push_invoice service", "rpc.push_invoice service"];
const CREDIT = "rpc.push_credit_invoice service";
const NOW = Date.UTC(2026, 11, 8, 17) + 123;
/** The invoice's one item, and so its total (no tax): $146.25. */
const TOTAL = 14625;
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric" }).format(new Date());
const invoices = () => backendFor().invoices;

let admin = "";
let interpreter = "";
let issued = 0;
let draft = 0;

type CreditNoteRow = { invoice_id: number; number: string; amount_minor: number; reason: string; created_by: string };
const notesOf = async (id: number) => (await double.table<CreditNoteRow>("credit_notes")).filter((row) => row.invoice_id === id);

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  const customerId = await bookedCustomer(
    { name: "Harbor Dental", email: "accounts.credits@example.com" },
    await languageIdOf("Spanish"),
    Date.UTC(2026, 9, 6, 16),
    "e".repeat(64),
  );
  const ids: number[] = [];
  for (const month of ["10", "11"]) {
    await invoices().addItems(
      [
        {
          source: `appointment:contract-36-${month}`,
          customerId,
          workDay: `2026-${month}-06`,
          currency: "USD",
          amountMinor: TOTAL,
          rateLineId: null,
          languageId: null,
          computation: sampleComputation,
        },
      ],
      NOW,
    );
    const made = await invoices().createDraft({ customerId, currency: "USD", from: `2026-${month}-01`, to: `2026-${month}-28`, by: ADMIN }, NOW);
    if (!made.ok) throw new Error(made.reason);
    ids.push(made.id);
  }
  [issued, draft] = ids as [number, number];
  const done = await invoices().issue(issued, { basedOn: 1, taxBasisPoints: 0, year: Number(year), by: ADMIN }, NOW);
  if (!done.ok) throw new Error(JSON.stringify(done));
});

describe("Issue the credit note, through the invoice's page", () => {
  const path = () => `/Dashboard/Invoices/${issued}`;
  const credit = (cookie: string, fields: Record<string, string> = {}, id = issued) =>
    routeArgs(`/Dashboard/Invoices/${id}`, cookie, form({ intent: "credit", amount: "20", reason: "Goodwill", ...fields }), { invoiceId: String(id) });

  it("bad input: 400 with each field's message, after the reads and with no call to credit", async () => {
    const bad = await acted(invoicePage.action, credit(admin, { amount: "20.001", reason: "  " }));
    expect(answerOf(bad.result)).toEqual({
      status: 400,
      formError: null,
      errors: { amount: "Enter the amount to credit, with at most 2 decimals.", reason: "Say why in one line of at most 300 characters." },
    });
    expect(who(bad.requests)).toEqual([...GUARD, ...READS]);
    const refusals: Record<string, string>[] = [{ amount: "0" }, { amount: "-1" }, { reason: "x".repeat(301) }, { reason: "two\nlines" }];
    for (const fields of refusals) {
      const refused = await acted(invoicePage.action, credit(admin, fields));
      expect([answerOf(refused.result).status, who(refused.requests).includes(CREDIT)], JSON.stringify(fields)).toEqual([400, false]);
    }
    expect(await notesOf(issued)).toEqual([]);
  });

  it("more than the open balance: 400 on the amount, naming what is open; a draft: 409; an interpreter: 403 — nothing stored", async () => {
    const over = await acted(invoicePage.action, credit(admin, { amount: "146.26" }));
    expect(answerOf(over.result)).toEqual({ status: 400, formError: null, errors: { amount: "That is more than the open balance of $146.25." } });
    expect(who(over.requests)).toEqual([...GUARD, ...READS, CREDIT, "rpc.push_invoice service"]);
    const onDraft = await acted(invoicePage.action, credit(admin, {}, draft));
    expect(answerOf(onDraft.result)).toEqual({ status: 409, formError: "Only an issued invoice is credited.", errors: {} });
    expect(who(onDraft.requests)).toEqual([...GUARD, ...READS]);
    const refused = await step(() => refusedStatus(() => invoicePage.action(credit(interpreter).args)));
    expect(refused.result).toBe(403);
    expect(who(refused.requests)).toEqual([...GUARD, "rest.security_events.record service"]);
    expect([...(await notesOf(issued)), ...(await notesOf(draft))]).toEqual([]);
  });

  it("an admin's credit note: the year's first number, back to the invoice with the toast; read, listed and subtracted from what is open", async () => {
    const done = await acted(invoicePage.action, credit(admin, { amount: "20", reason: "  Interpreter arrived late  " }));
    expect(answerOf(done.result)).toEqual({ status: 302, location: path() });
    expect(who(done.requests)).toEqual([...GUARD, ...READS, CREDIT]);
    const cookie = (done.result as Response).headers.get("Set-Cookie")!.split(";")[0]!;
    const flash = await readFlashToast(new Request(`${ORIGIN}${path()}`, { headers: { Cookie: cookie } }), readConfig(bindings));
    expect(flash.toast).toMatchObject({ type: "success", message: `Credit note PUSH-CN-${year}-0001 issued.` });
    expect(await notesOf(issued)).toEqual([
      expect.objectContaining({
        ...{ invoice_id: issued, number: `PUSH-CN-${year}-0001`, amount_minor: 2000, reason: "Interpreter arrived late" },
        created_by: await idOf(ADMIN),
      }),
    ]);

    const read = await step(() => invoices().get(issued));
    expect(who(read.requests)).toEqual(["rpc.push_invoice service"]);
    expect([read.result!.creditedMinor, read.result!.credits.map((note) => [note.number, note.amountMinor, note.reason])]).toEqual([
      2000,
      [[`PUSH-CN-${year}-0001`, 2000, "Interpreter arrived late"]],
    ]);
    expect((await invoices().list(1)).items.find((each) => each.id === issued)).toMatchObject({ creditedMinor: 2000, paidMinor: 0 });
    // $126.25 is open now: a payment of $126.26 is over, and a second credit note gets the next number.
    const payment = { amountMinor: 12626, paidOn: "2026-12-07", method: "card" as const, reference: "", by: ADMIN };
    expect(await invoices().recordPayment(issued, payment, NOW)).toEqual({ ok: false, reason: "over" });
    const second = await step(() => invoices().credit(issued, { amountMinor: 625, reason: "Rounding", year: Number(year), by: ADMIN }, NOW));
    expect([second.result, who(second.requests)]).toEqual([{ ok: true, number: `PUSH-CN-${year}-0002` }, [CREDIT]]);
  });
});
