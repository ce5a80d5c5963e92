// The Reports page on the Supabase adapter (issue 26, build item 7; docs/decisions/0038;
// supabase/migrations/20261205000510_push_reports.sql), against the double: a period's report is ONE service-role
// call, whatever its length; the route calls it after the admin guard, beside the call log's totals for the same days,
// and answers an issued invoice's revenue (before tax) in its month, customer and language; an interpreter gets 403 and
// only the security log is written.
import { beforeAll, describe, expect, it } from "vitest";
import * as reports from "~/routes/dashboard/reports";
import { ADMIN, INTERPRETER, backendFor, bookedCustomer, double, languageIdOf, signIn, step, who } from "./helpers";
import { refusedStatus, routeArgs } from "./route-helpers";
import { sampleComputation } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
const REPORT = "rpc.push_report service";
const TOTALS = "rpc.push_call_log_totals service";
const PATH = "/Dashboard/Reports?from=2026-09&to=2026-11";
/** The guard's calls in order, then the two reads the loader makes at once (in either order). */
const guardThenReads = (requests: string[]) => [...requests.slice(0, GUARD.length), ...requests.slice(GUARD.length).sort()];
const READS = [REPORT, TOTALS].sort();
const NOW = Date.UTC(2026, 11, 8, 17);
let admin = "";
let interpreter = "";
let spanish = 0;

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  spanish = await languageIdOf("Spanish");
  const customerId = await bookedCustomer({ name: "Harbor Dental", email: "accounts.reports@example.com" }, spanish, Date.UTC(2026, 9, 6, 16), "e".repeat(64));
  const invoices = backendFor().invoices;
  await invoices.addItems(
    [
      ...[{ source: "appointment:contract-37", customerId, workDay: "2026-10-06", currency: "USD", amountMinor: 14625, rateLineId: null }],
      ...[{ source: "order:contract-37", customerId, workDay: "2026-11-02", currency: "USD", amountMinor: 5000, rateLineId: null, languageId: null }],
    ].map((item) => ({ languageId: spanish, ...item, computation: sampleComputation })),
    NOW,
  );
  const draft = await invoices.createDraft({ customerId, currency: "USD", from: "2026-10-01", to: "2026-11-30", by: ADMIN }, NOW);
  if (!draft.ok) throw new Error(draft.reason);
  const issued = await invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 1000, year: 2026, by: ADMIN }, NOW);
  if (!issued.ok) throw new Error(issued.reason);
});

describe("the reports", () => {
  it("the route: the guard, then one report call and the call log's totals; revenue before tax by month, customer and language", async () => {
    const page = await step(() => reports.loader(routeArgs(PATH, admin).args));
    expect(guardThenReads(who(page.requests))).toEqual([...GUARD, ...READS]);
    const { period, report } = page.result;
    expect(period).toEqual({ from: "2026-09", to: "2026-11", months: ["2026-09", "2026-10", "2026-11"] });
    if (!report.ok) throw new Error("no report");
    expect(report.value.revenueByMonth).toEqual([
      { month: "2026-10", currency: "USD", amountMinor: 14625 },
      { month: "2026-11", currency: "USD", amountMinor: 5000 },
    ]);
    expect(report.value.revenueByCustomer).toMatchObject([{ currency: "USD", customerName: "Harbor Dental", amountMinor: 19625, customers: 1 }]);
    expect(report.value.revenueByLanguage).toEqual([
      { currency: "USD", languageId: spanish, language: "Spanish", amountMinor: 14625 },
      { currency: "USD", languageId: null, language: null, amountMinor: 5000 },
    ]);
    // The customer's appointment of 6 October, still requested: counted, not filled.
    expect(report.value.appointments).toEqual([
      { month: "2026-09", counted: 0, filled: 0 },
      { month: "2026-10", counted: 1, filled: 0 },
      { month: "2026-11", counted: 0, filled: 0 },
    ]);
  });

  it("24 months are one call too", async () => {
    const page = await step(() => reports.loader(routeArgs("/Dashboard/Reports?from=2000-01&to=2026-12", admin).args));
    expect(guardThenReads(who(page.requests))).toEqual([...GUARD, ...READS]);
    expect(page.result.period.months).toHaveLength(24);
  });

  it("an interpreter gets 403, and only the security log is written", async () => {
    const refused = await step(() => refusedStatus(() => reports.loader(routeArgs(PATH, interpreter).args)));
    expect([refused.result, who(refused.requests)]).toEqual([403, [...GUARD, DENIED]]);
  });
});
