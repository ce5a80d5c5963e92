// The Invoices pages on the Supabase adapter (issue 26, build item 3), whole routes with the exact requests they make:
// the list is one call after the admin guard; "Bill work" reads what there is to bill and the rate card, one call
// each (and makes nothing when nothing is priced); a new draft finds its customer by e-mail, then is one call; an
// invoice's page reads it and its customer, and issuing it reads it and is one call more. Refusals: bad input before
// any read; an unknown customer and a month with nothing to bill store nothing; a stale issue is the function's own
// refusal and takes no number; an interpreter gets 403 and only the security log is written.
import { beforeAll, describe, expect, it } from "vitest";
import * as invoicePage from "~/routes/dashboard/invoice";
import * as invoicesPage from "~/routes/dashboard/invoices";
import { ADMIN, INTERPRETER, backendFor, double, languageIdOf, signIn, step, who, bookedCustomer } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
const EMAIL = "clinic.invoices@example.com";
const held = sampleComputation;
let admin = "";
let interpreter = "";
let customerId = 0;

const invoices = async () => await double.table<{ id: number; status: string; number: string | null }>("invoices");
const post = (path: string, cookie: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  routeArgs(path, cookie, form(fields), params);

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  const spanish = await languageIdOf("Spanish");
  const startsAt = Date.UTC(2026, 9, 6, 16);
  customerId = await bookedCustomer({ name: "Valley Clinic", email: EMAIL, organisation: "Valley Clinic" }, spanish, startsAt, "d".repeat(64));
  // An item already priced (as "Bill work" makes them), for the draft to gather.
  await backendFor().invoices.addItems(
    [
      {
        source: "appointment:contract-31",
        customerId,
        workDay: "2026-10-06",
        currency: "USD",
        amountMinor: 14625,
        rateLineId: null,
        languageId: null,
        computation: held,
      },
    ],
    startsAt,
  );
});

describe("the Invoices pages, on Supabase", () => {
  it("the list: the guard, then one page of invoices", async () => {
    const shown = await step(() => invoicesPage.loader(routeArgs("/Dashboard/Invoices", admin).args));
    expect(who(shown.requests)).toEqual([...GUARD, "rpc.push_invoices_page service"]);
  });

  it("Bill work: what there is to bill and the rate card, one call each; nothing priced, nothing written", async () => {
    const billed = await acted(invoicesPage.action, post("/Dashboard/Invoices", admin, { intent: "bill" }));
    expect(answerOf(billed.result)).toEqual({ status: 302, location: "/Dashboard/Invoices#bill-work" });
    expect(who(billed.requests).slice(0, 3)).toEqual(GUARD);
    // The bill side, then the interpreters' pay side: each reads its work and its lines.
    expect(who(billed.requests).slice(3).sort()).toEqual([
      "rpc.push_rate_lines_for_pricing service",
      "rpc.push_rate_lines_for_pricing service",
      "rpc.push_unbilled_work service",
      "rpc.push_unpaid_work service",
    ]);
  });

  it("a new draft: bad input before any read; an unknown customer or an empty month stores nothing; then one call", async () => {
    const draft = (fields: Record<string, string>) => acted(invoicesPage.action, post("/Dashboard/Invoices", admin, { intent: "draft", ...fields }));
    const bad = await draft({ customer: "not an e-mail", month: "2026-13" });
    expect(answerOf(bad.result)).toMatchObject({ status: 400 });
    expect(Object.keys(answerOf(bad.result).errors as object).sort()).toEqual(["customer", "month"]);
    expect(who(bad.requests)).toEqual(GUARD);

    const unknown = await draft({ customer: "nobody.invoices@example.com", month: "2026-10" });
    expect(answerOf(unknown.result)).toMatchObject({ status: 400, errors: { customer: "No customer has this e-mail." } });
    expect(who(unknown.requests).slice(0, 3)).toEqual(GUARD);
    expect(who(unknown.requests)).not.toContain("rpc.push_create_invoice_draft service");

    const empty = await draft({ customer: EMAIL, month: "2026-09" });
    expect(answerOf(empty.result)).toMatchObject({ status: 400, errors: { month: "Nothing to bill for this customer in that month." } });
    expect(who(empty.requests).at(-1)).toBe("rpc.push_create_invoice_draft service");
    expect(await invoices()).toEqual([]);

    const made = await draft({ customer: EMAIL.toUpperCase(), month: "2026-10" });
    const [stored] = await invoices();
    expect(answerOf(made.result)).toEqual({ status: 302, location: `/Dashboard/Invoices/${stored!.id}` });
    expect(who(made.requests).at(-1)).toBe("rpc.push_create_invoice_draft service");
    expect(stored).toMatchObject({ status: "draft", number: null });
  });

  it("an invoice's page reads it and its customer; issuing reads it, then one call: a stale page takes no number, then PUSH-<year>-0001", async () => {
    const [draft] = await invoices();
    const path = `/Dashboard/Invoices/${draft!.id}`;
    const params = { invoiceId: String(draft!.id) };
    const shown = await step(() => invoicePage.loader(routeArgs(path, admin, {}, params).args));
    // The invoice, then its customer (named on the page).
    expect(who(shown.requests)).toEqual([...GUARD, "rpc.push_invoice service", "rpc.push_get_customer service"]);

    const stale = await acted(invoicePage.action, post(path, admin, { intent: "issue", basedOn: "7" }, params));
    expect(answerOf(stale.result)).toMatchObject({ status: 409, formError: "The invoice changed in the meantime. Here it is as it is now." });
    // The action reads the invoice first (an unknown one is a 404), then issues it.
    expect(who(stale.requests)).toEqual([...GUARD, "rpc.push_invoice service", "rpc.push_issue_invoice service"]);
    expect((await invoices())[0]).toMatchObject({ status: "draft", number: null });

    const issued = await acted(invoicePage.action, post(path, admin, { intent: "issue", basedOn: "1" }, params));
    expect(answerOf(issued.result)).toEqual({ status: 302, location: path });
    expect(who(issued.requests)).toEqual([...GUARD, "rpc.push_invoice service", "rpc.push_issue_invoice service"]);
    const year = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric" }).format(new Date());
    expect((await invoices())[0]).toMatchObject({ status: "issued", number: `PUSH-${year}-0001` });
  });

  it("an interpreter gets 403 on both pages and their actions, and only the security log is written", async () => {
    const [invoice] = await invoices();
    const params = { invoiceId: String(invoice!.id) };
    for (const run of [
      () => invoicesPage.loader(routeArgs("/Dashboard/Invoices", interpreter).args),
      () => invoicesPage.action(post("/Dashboard/Invoices", interpreter, { intent: "bill" }).args),
      () => invoicePage.loader(routeArgs(`/Dashboard/Invoices/${invoice!.id}`, interpreter, {}, params).args),
      () => invoicePage.action(post(`/Dashboard/Invoices/${invoice!.id}`, interpreter, { intent: "issue", basedOn: "2" }, params).args),
    ]) {
      const refused = await step(() => refusedStatus(run));
      expect(refused.result).toBe(403);
      expect(who(refused.requests)).toEqual([...GUARD, DENIED]);
    }
  });
});
