// The port's contract for the reports (issue 26, build item 7; docs/decisions/0038): ReportStore.report sums a period
// exactly — revenue (before tax) of issued invoices' items by month, customer (the first N, then the rest) and
// language; appointments counted and filled; calls and answered calls — each month on the company's calendar (its
// boundaries written out in UTC here, across a change to daylight saving time). Its data live in 2034, a year of its
// own. Called from d1.test.ts and supabase.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { NewBillableItem } from "~/backend/port-invoices.server";
import type { ReportQuery } from "~/backend/port-reports.server";
import { blockedBy } from "~/domain/appointment-times";
import type { CallLogEntry } from "~/domain/call-log";
import { sha256Hex } from "~/platform/core/hash.server";
import { sampleComputation } from "../support/rate-line-samples";
import { portHelpers } from "./port-helpers";
import { unique, type ContractTarget } from "./target";

const HOUR = 3_600_000;
const ADMIN = "reports-contract-admin";
/** February to April 2034 in Wyoming: MST (UTC−7) until 12 March, then MDT (UTC−6). */
const MONTHS = [
  { month: "2034-02", from: Date.UTC(2034, 1, 1, 7), until: Date.UTC(2034, 2, 1, 7) },
  { month: "2034-03", from: Date.UTC(2034, 2, 1, 7), until: Date.UTC(2034, 3, 1, 6) },
  { month: "2034-04", from: Date.UTC(2034, 3, 1, 6), until: Date.UTC(2034, 4, 1, 6) },
];
const QUERY: ReportQuery = { firstDay: "2034-02-01", lastDay: "2034-04-30", months: MONTHS, topCustomers: 2, unneededBeforeMs: 24 * HOUR };

export function describeReportsContract(target: ContractTarget) {
  const { backend, newInterpreter } = portHelpers(target);
  let languages: { id: number; name: string }[] = [];

  /** An appointment booked at `startsAt` by `email` (its customer made on the first): its id and customer. */
  async function book(email: string, name: string, startsAt: number) {
    const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
    const made = await backend().appointments.request(
      {
        contact: { name, email, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId: languages[0]!.id, mode: "video", setting: "business", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: await sha256Hex(unique("token")), tokenSealed: "sealed" },
      },
      Date.UTC(2034, 0, 2),
    );
    if (!made.ok) throw new Error(made.reason);
    return { id: made.id, customerId: (await backend().appointments.get(made.id))!.customerId };
  }

  /** The appointment offered to a new interpreter, who accepts: confirmed, with an interpreter. */
  async function fill(appointmentId: number, now: number) {
    const person = await newInterpreter();
    const offered = await backend().offers.offer(appointmentId, { basedOn: 1, interpreterIds: [person.id], expiresAt: now + HOUR }, now);
    if (!offered.ok) throw new Error(offered.reason);
    const [offer] = await backend().offers.forAppointment(appointmentId);
    const accepted = await backend().offers.accept(offer!.id, person.id, now);
    if (!accepted.ok) throw new Error(accepted.reason);
  }

  const item = (customerId: number, workDay: string, amountMinor: number, languageId: number | null, currency = "USD"): NewBillableItem => ({
    source: unique("appointment:"),
    ...{ customerId, workDay, currency, amountMinor, rateLineId: null, languageId, computation: sampleComputation },
  });

  /** The items billed to the customer in a draft of [from, to] in the currency, issued unless `draftOnly`. */
  async function invoice(customerId: number, currency: string, items: NewBillableItem[], draftOnly = false) {
    await backend().invoices.addItems(items, Date.UTC(2034, 4, 2));
    const draft = await backend().invoices.createDraft({ customerId, currency, from: "2034-01-01", to: "2034-05-31", by: ADMIN }, Date.UTC(2034, 4, 2));
    if (!draft.ok) throw new Error(draft.reason);
    if (draftOnly) return;
    const issued = await backend().invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 1000, year: 2034, by: ADMIN }, Date.UTC(2034, 4, 3));
    if (!issued.ok) throw new Error(issued.reason);
  }

  const call = (requestedAt: number, answered: boolean): CallLogEntry => ({
    id: crypto.randomUUID(),
    ...{
      languageId: languages[0]!.id,
      language: languages[0]!.name,
      type: "video",
      callerName: "Lena Park",
      customerId: null,
      interpreterId: null,
      interpreterName: null,
    },
    ...(answered ? { outcome: "answered", answeredAt: requestedAt + 20_000 } : { outcome: "missed", answeredAt: null }),
    requestedAt,
    endedAt: requestedAt + 60_000,
  });

  describe(`reports — ${target.name} adapter`, () => {
    let names: string[] = [];
    beforeAll(async () => {
      await target.prepare();
      languages = await backend().languages.list();
      names = [unique("Ruth Report "), unique("Ben Report "), unique("Omar Report ")];
      const [ruth, ben, omar] = [`${unique("ruth")}@example.com`, `${unique("ben")}@example.com`, `${unique("omar")}@example.com`];
      const [a, b] = [languages[0]!.id, languages[1]!.id];

      // Appointments: February one filled; March one still requested and one cancelled late (2 hours before: counted,
      // not filled); left out: one cancelled a month before, one in May.
      const filled = await book(ruth, names[0]!, Date.UTC(2034, 1, 10, 17));
      await fill(filled.id, Date.UTC(2034, 1, 1));
      const benBooked = await book(ben, names[1]!, Date.UTC(2034, 2, 15, 17));
      const late = await book(ben, names[1]!, Date.UTC(2034, 2, 16, 17));
      expect(await backend().appointments.cancel(late.id, { basedOn: 1, by: "customer", reason: "" }, Date.UTC(2034, 2, 16, 15))).toMatchObject({ ok: true });
      const omarBooked = await book(omar, names[2]!, Date.UTC(2034, 2, 20, 17));
      expect(await backend().appointments.cancel(omarBooked.id, { basedOn: 1, by: "customer", reason: "" }, Date.UTC(2034, 1, 20))).toMatchObject({
        ok: true,
      });
      await book(omar, names[2]!, Date.UTC(2034, 4, 2, 17));

      // Revenue: Ruth $100.00 (a) + $50.00 (b) and 1.234 KWD (a); Ben $25.00 (an order: no language); Omar $7.00 (a) in
      // April and $9.99 in May (outside). Ben's $400.00 draft is not revenue.
      await invoice(filled.customerId, "USD", [item(filled.customerId, "2034-02-10", 10_000, a), item(filled.customerId, "2034-03-05", 5_000, b)]);
      await invoice(filled.customerId, "KWD", [item(filled.customerId, "2034-02-11", 1_234, a, "KWD")]);
      await invoice(benBooked.customerId, "USD", [item(benBooked.customerId, "2034-03-31", 2_500, null)]);
      await invoice(omarBooked.customerId, "USD", [item(omarBooked.customerId, "2034-04-30", 700, a), item(omarBooked.customerId, "2034-05-01", 999, a)]);
      await invoice(benBooked.customerId, "EUR", [item(benBooked.customerId, "2034-03-01", 40_000, a, "EUR")], true);

      // Interpreter pay: $40.00 and $15.00 in February (two interpreters), $90.00 in March (more than its revenue: a
      // negative margin is the page's to show), 0.500 KWD in February; $5.00 in January and May (outside).
      const [maya, sami] = [await newInterpreter(), await newInterpreter()];
      const pay = (interpreterId: string, workDay: string, amountMinor: number, currency = "USD") => ({
        ...{ source: unique("appointment:"), interpreterId, workDay, currency, amountMinor, rateLineId: null, computation: sampleComputation },
      });
      await backend().pay.addItems(
        [
          pay(maya.id, "2034-02-10", 4_000),
          pay(sami.id, "2034-02-28", 1_500),
          pay(maya.id, "2034-03-05", 9_000),
          pay(maya.id, "2034-02-11", 500, "KWD"),
          pay(sami.id, "2034-01-31", 500),
          pay(sami.id, "2034-05-01", 500),
        ],
        Date.UTC(2034, 4, 2),
      );

      // Calls, at the months' edges: 23:30 on 31 January (MST) and 00:30 on 1 May (MDT) are outside; 23:30 on 28
      // February (MST) is February's; 23:30 on 31 March (MDT) is March's; 00:30 on 1 April (MDT) is April's.
      for (const entry of [
        call(Date.UTC(2034, 1, 1, 6, 30), true),
        call(Date.UTC(2034, 1, 15, 12), false),
        call(Date.UTC(2034, 2, 1, 6, 30), true),
        call(Date.UTC(2034, 2, 10, 12), true),
        call(Date.UTC(2034, 3, 1, 5, 30), false),
        call(Date.UTC(2034, 3, 1, 6, 30), true),
        call(Date.UTC(2034, 4, 1, 6, 30), true),
      ])
        await backend().calls.record(entry);
    });

    it("revenue: issued invoices' items before tax, by month of the work and currency", async () => {
      const report = await backend().reports.report(QUERY);
      expect(report.revenueByMonth).toEqual([
        { month: "2034-02", currency: "KWD", amountMinor: 1_234 },
        { month: "2034-02", currency: "USD", amountMinor: 10_000 },
        { month: "2034-03", currency: "USD", amountMinor: 7_500 },
        { month: "2034-04", currency: "USD", amountMinor: 700 },
      ]);
    });

    it("interpreter cost: every pay line by month of the work and currency, paid or not", async () => {
      const { costByMonth } = await backend().reports.report(QUERY);
      expect(costByMonth).toEqual([
        { month: "2034-02", currency: "KWD", amountMinor: 500 },
        { month: "2034-02", currency: "USD", amountMinor: 5_500 },
        { month: "2034-03", currency: "USD", amountMinor: 9_000 },
      ]);
    });

    it("revenue by customer: the largest first in each currency, then the rest summed as one line", async () => {
      const { revenueByCustomer } = await backend().reports.report(QUERY);
      expect(revenueByCustomer.map(({ customerId: _, ...line }) => line)).toEqual([
        { currency: "KWD", customerName: names[0], amountMinor: 1_234, customers: 1 },
        { currency: "USD", customerName: names[0], amountMinor: 15_000, customers: 1 },
        { currency: "USD", customerName: names[1], amountMinor: 2_500, customers: 1 },
        { currency: "USD", customerName: null, amountMinor: 700, customers: 1 },
      ]);
      expect(revenueByCustomer[3]!.customerId).toBeNull();
      expect(revenueByCustomer[1]!.customerId).toEqual(expect.any(Number));
    });

    it("revenue by language: most first in each currency; work with no language is its own line", async () => {
      const { revenueByLanguage } = await backend().reports.report(QUERY);
      expect(revenueByLanguage).toEqual([
        { currency: "KWD", languageId: languages[0]!.id, language: languages[0]!.name, amountMinor: 1_234 },
        { currency: "USD", languageId: languages[0]!.id, language: languages[0]!.name, amountMinor: 10_700 },
        { currency: "USD", languageId: languages[1]!.id, language: languages[1]!.name, amountMinor: 5_000 },
        { currency: "USD", languageId: null, language: null, amountMinor: 2_500 },
      ]);
    });

    it("appointments: counted per month of their start, leaving out those cancelled a day or more before; filled = with an interpreter", async () => {
      const { appointments } = await backend().reports.report(QUERY);
      expect(appointments).toEqual([
        { month: "2034-02", counted: 1, filled: 1 },
        { month: "2034-03", counted: 2, filled: 0 },
        { month: "2034-04", counted: 0, filled: 0 },
      ]);
    });

    it("calls: requested and answered per month of the company's calendar", async () => {
      const { calls } = await backend().reports.report(QUERY);
      expect(calls).toEqual([
        { month: "2034-02", calls: 2, answered: 1 },
        { month: "2034-03", calls: 2, answered: 1 },
        { month: "2034-04", calls: 1, answered: 1 },
      ]);
    });

    it("a period with nothing: every month with zeros, no revenue", async () => {
      const empty = await backend().reports.report({
        ...QUERY,
        firstDay: "2036-01-01",
        lastDay: "2036-01-31",
        months: [{ month: "2036-01", from: Date.UTC(2036, 0, 1, 7), until: Date.UTC(2036, 1, 1, 7) }],
      });
      expect(empty).toEqual({
        revenueByMonth: [],
        revenueByCustomer: [],
        revenueByLanguage: [],
        costByMonth: [],
        appointments: [{ month: "2036-01", counted: 0, filled: 0 }],
        calls: [{ month: "2036-01", calls: 0, answered: 0 }],
      });
    });
  });
}
