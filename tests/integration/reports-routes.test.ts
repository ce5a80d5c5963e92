// The Reports page (/Dashboard/Reports, issue 26 build item 7; docs/decisions/0038): its period from ?from=&to= (whole
// months on the company's calendar, the last 12 by default; unreadable months take their default, a reversed period
// is turned round, a longer one than 24 months keeps its last months), each month's instants written out here in UTC,
// and the loader against a real D1 with the sample people: an issued invoice's revenue in its month, its customer's
// and its language's; an interpreter gets 403 and an anonymous visitor the sign-in page.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import { marginsByMonth, reportMonth, reportPeriodFrom } from "~/domain/reports";
import * as reports from "~/routes/dashboard/reports";
import { asResponse, languageId, seededAndSignedIn, thrown } from "./helpers";
import { addressesIn, browser } from "./requests";
import { sampleComputation } from "../support/rate-line-samples";

const REPORTS = "/Dashboard/Reports";
const { get } = browser({ addresses: addressesIn(193) });
const cookies = seededAndSignedIn();
const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
/** 27 November 2026, 10:00 in Denver. */
const NOW = new Date(Date.UTC(2026, 10, 27, 17));
const period = (search: string, now = NOW) => reportPeriodFrom(new URL(`http://127.0.0.1${REPORTS}${search}`), now);

describe("the period", () => {
  it("by default the last 12 months of the company's calendar, this one included", () => {
    const { from, to, firstDay, lastDay, months } = period("");
    expect({ from, to, firstDay, lastDay }).toEqual({ from: "2025-12", to: "2026-11", firstDay: "2025-12-01", lastDay: "2026-11-30" });
    expect(months.map((month) => month.month)).toEqual([
      ...["2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05"],
      ...["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"],
    ]);
  });

  it("this month is the company's: 1 December 05:00 UTC is still 30 November in Denver", () => {
    expect(period("", new Date(Date.UTC(2026, 11, 1, 5))).to).toBe("2026-11");
    expect(period("", new Date(Date.UTC(2026, 11, 1, 7))).to).toBe("2026-12");
  });

  it("each month from its first instant in Denver to the next month's: MST, then MDT from March", () => {
    expect(period("?from=2026-02&to=2026-04").months).toEqual([
      { month: "2026-02", from: Date.UTC(2026, 1, 1, 7), until: Date.UTC(2026, 2, 1, 7) },
      { month: "2026-03", from: Date.UTC(2026, 2, 1, 7), until: Date.UTC(2026, 3, 1, 6) },
      { month: "2026-04", from: Date.UTC(2026, 3, 1, 6), until: Date.UTC(2026, 4, 1, 6) },
    ]);
    expect(period("?from=2024-02&to=2024-02")).toMatchObject({ firstDay: "2024-02-01", lastDay: "2024-02-29" });
  });

  it("one end given: the other is its default; a reversed period is turned round", () => {
    expect(period("?to=2026-03")).toMatchObject({ from: "2025-04", to: "2026-03" });
    expect(period("?from=2026-06")).toMatchObject({ from: "2026-06", to: "2026-11" });
    expect(period("?from=2026-09&to=2026-02")).toMatchObject({ from: "2026-02", to: "2026-09" });
  });

  it("longer than 24 months: its last 24", () => {
    const long = period("?from=2019-01&to=2026-11");
    expect(long).toMatchObject({ from: "2024-12", to: "2026-11" });
    expect(long.months).toHaveLength(24);
  });

  it("a month that is none is its default", () => {
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-01", "2026-01-05", "1999-12", "9999-12", " 2026-01", "２０２６-01", ""])
      expect(reportMonth(bad), bad).toBeNull();
    expect(period("?from=2026-13&to=nonsense")).toMatchObject({ from: "2025-12", to: "2026-11" });
    expect(reportMonth("9998-12")).toBe("9998-12");
  });
});

describe("interpreter cost and margin", () => {
  it("each month of the period per currency: revenue less cost, below zero at a loss, 0 where there was none", () => {
    const revenue = [
      { month: "2034-02", currency: "USD", amountMinor: 10_000 },
      { month: "2034-03", currency: "USD", amountMinor: 7_500 },
    ];
    const cost = [
      { month: "2034-02", currency: "USD", amountMinor: 5_500 },
      { month: "2034-03", currency: "USD", amountMinor: 9_000 },
      { month: "2034-03", currency: "KWD", amountMinor: 500 },
    ];
    expect(marginsByMonth(revenue, cost, ["2034-02", "2034-03", "2034-04"])).toEqual([
      {
        currency: "USD",
        months: [
          { month: "2034-02", revenueMinor: 10_000, costMinor: 5_500, marginMinor: 4_500 },
          { month: "2034-03", revenueMinor: 7_500, costMinor: 9_000, marginMinor: -1_500 },
          { month: "2034-04", revenueMinor: 0, costMinor: 0, marginMinor: 0 },
        ],
      },
      {
        currency: "KWD",
        months: [
          { month: "2034-02", revenueMinor: 0, costMinor: 0, marginMinor: 0 },
          { month: "2034-03", revenueMinor: 0, costMinor: 500, marginMinor: -500 },
          { month: "2034-04", revenueMinor: 0, costMinor: 0, marginMinor: 0 },
        ],
      },
    ]);
  });
});

describe("/Dashboard/Reports", () => {
  let customerName = "";
  beforeAll(async () => {
    // An issued invoice of a Spanish line in March 2033 and an order's line (no language) in April.
    const spanish = await languageId("Spanish");
    const startsAt = Date.UTC(2033, 2, 14, 16);
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const booked = await backend().appointments.request(
      {
        contact: { name: "Mesa Clinic", email: "mesa.reports@example.com", phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId: spanish, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: "e".repeat(64), tokenSealed: "sealed" },
      },
      startsAt - 14 * 24 * 3_600_000,
    );
    if (!booked.ok) throw new Error(booked.reason);
    const customer = { id: (await backend().appointments.get(booked.id))!.customerId, name: "Mesa Clinic" };
    customerName = customer.name;
    const item = (source: string, workDay: string, amountMinor: number, language: number | null) => ({
      ...{ source, customerId: customer.id, workDay, currency: "USD", amountMinor, rateLineId: null, languageId: language },
      computation: sampleComputation,
    });
    await backend().invoices.addItems([item("appointment:990001", "2033-03-14", 18_281, spanish), item("order:990002", "2033-04-02", 5_000, null)], Date.now());
    const draft = await backend().invoices.createDraft(
      { customerId: customer.id, currency: "USD", from: "2033-03-01", to: "2033-04-30", by: "admin" },
      Date.now(),
    );
    if (!draft.ok) throw new Error(draft.reason);
    const issued = await backend().invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 500, year: 2033, by: "admin" }, Date.now());
    if (!issued.ok) throw new Error(issued.reason);
  });

  it("an admin reads the period's revenue before tax by month, customer and language", async () => {
    const page = await reports.loader(get(`${REPORTS}?from=2033-03&to=2033-05`, cookies.admin));
    expect(page.period).toEqual({ from: "2033-03", to: "2033-05", months: ["2033-03", "2033-04", "2033-05"] });
    if (!page.report.ok) throw new Error("no report");
    expect(page.report.value.revenueByMonth).toEqual([
      { month: "2033-03", currency: "USD", amountMinor: 18_281 },
      { month: "2033-04", currency: "USD", amountMinor: 5_000 },
    ]);
    expect(page.report.value.revenueByCustomer).toMatchObject([{ currency: "USD", customerName, amountMinor: 23_281, customers: 1 }]);
    expect(page.report.value.revenueByLanguage).toEqual([
      { currency: "USD", languageId: await languageId("Spanish"), language: "Spanish", amountMinor: 18_281 },
      { currency: "USD", languageId: null, language: null, amountMinor: 5_000 },
    ]);
    // The customer's appointment of 14 March, still requested: counted, not filled.
    expect(page.report.value.appointments).toEqual([
      { month: "2033-03", counted: 1, filled: 0 },
      { month: "2033-04", counted: 0, filled: 0 },
      { month: "2033-05", counted: 0, filled: 0 },
    ]);
    expect(page.report.value.calls).toEqual(["2033-03", "2033-04", "2033-05"].map((month) => ({ month, calls: 0, answered: 0 })));
    expect(page.callTotals).toMatchObject({ ok: true, value: { calls: 0, answerRate: null, medianWaitMs: null } });
  });

  it("an interpreter gets 403; an anonymous visitor is sent to sign in", async () => {
    expect(await thrown(() => reports.loader(get(REPORTS, cookies.interpreter)))).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    const redirect = asResponse(await thrown(() => reports.loader(get(`${REPORTS}?from=2033-03`))));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe(`/Login?redirectTo=${encodeURIComponent(`${REPORTS}?from=2033-03`)}`);
  });
});
