// A customer's billing currency on D1, the way React Router calls the pages (issue 26, build item 3: "a currency per
// customer (default USD)"): an admin sets it on the customer's page (anything else is a 400 with the field's message;
// an interpreter gets 403) → "Bill work" prices the customer's appointment at a line in that currency only: with a USD
// line alone it stays unpriced and named, while a USD customer's is billed; with a EUR line it is billed in EUR →
// "New draft" drafts in EUR.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import { explainPriced } from "~/domain/pricing-words";
import { billWork } from "~/features/billing/bill-work.server";
import { en } from "~/i18n";
import * as customerPage from "~/routes/dashboard/customer";
import * as invoices from "~/routes/dashboard/invoices";
import { failure, redirected, seededAndSignedIn, languageId, statusOf, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";
import { sampleRateLine } from "../support/rate-line-samples";

const { get, post } = browser({ addresses: addressesIn(194), headers: { Origin: ORIGIN } });
const cookies = seededAndSignedIn();
const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
const HOUR = 3_600_000;
// Tuesday 6 October 2026, 10:00 in Denver (MDT, UTC−6): business hours, booked two weeks before (no surcharge).
const START = Date.UTC(2026, 9, 6, 16);
const EURO_EMAIL = "clinique.lyon@example.com";
const DOLLAR_EMAIL = "valley.clinic@example.com";
let tokens = 0;
let euroCustomer = 0;
let euroWork = 0;
let dollarWork = 0;

/** An on-site appointment of `email`'s, held 10:05–12:15 and approved; answers its id. */
async function held(email: string, startsAt: number) {
  const { from, to } = blockedBy({ start: startsAt, minutes: 120, mode: "on_site" });
  const made = await backend().appointments.request(
    {
      contact: { name: email === EURO_EMAIL ? "Clinique Lyon" : "Valley Clinic", email, phone: "", organisation: "" },
      ...{ languageId: await languageId("Spanish"), mode: "on_site", setting: "medical", startsAt, minutes: 120, blockedFrom: from, blockedTo: to },
      ...{ address: "1 Main St", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: (tokens++).toString(16).padStart(64, "e"), tokenSealed: "sealed" },
    },
    startsAt - 14 * 24 * HOUR,
  );
  if (!made.ok) throw new Error(made.reason);
  const interpreter = (await env.DB.prepare("SELECT id FROM users WHERE role = 'interpreter' LIMIT 1").first<{ id: string }>())!.id;
  await backend().offers.offer(made.id, { basedOn: 1, interpreterIds: [interpreter], expiresAt: startsAt }, startsAt - 48 * HOUR);
  const [offer] = await backend().offers.forAppointment(made.id);
  if (!(await backend().offers.accept(offer!.id, interpreter, startsAt - 47 * HOUR)).ok) throw new Error("offer not accepted");
  const entry = { actualStart: startsAt + 5 * 60_000, actualEnd: startsAt + 135 * 60_000, travelMinutes: 0, noShow: null };
  if (!(await backend().records.approve(made.id, { basedOn: 3, entry, by: "admin" }, startsAt + 4 * HOUR)).ok) throw new Error("not approved");
  return made.id;
}

const customerPath = () => `/Dashboard/Dashboardcustomers/${euroCustomer}`;
const params = () => ({ params: { customerId: String(euroCustomer) } });
const setCurrency = (currency: string, cookie = cookies.admin) => customerPage.action(post(customerPath(), { intent: "currency", currency }, cookie, params()));
const itemsOf = (customerId: number) =>
  env.DB.prepare("SELECT source, currency, amount_minor FROM billable_items WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all()
    .then((r) => r.results);

beforeAll(async () => {
  euroWork = await held(EURO_EMAIL, START);
  dollarWork = await held(DOLLAR_EMAIL, START + 24 * HOUR);
  euroCustomer = (await backend().appointments.get(euroWork))!.customerId;
  // The company's list price in USD: $65.00 an hour on site.
  if (!(await backend().rates.add(sampleRateLine({ effectiveFrom: "2026-01-01" }), "admin", START - 30 * 24 * HOUR)).ok) throw new Error("no line");
});

describe("a customer's billing currency", () => {
  it("is USD until an admin sets it on the customer's page; anything else is a 400 with the field's message; an interpreter gets 403", async () => {
    expect((await customerPage.loader(get(customerPath(), cookies.admin, params()))).customer.currency).toBe("USD");

    for (const currency of ["JPY", "eur", ""]) {
      const refused = failure(await setCurrency(currency));
      expect(refused).toMatchObject({ status: 400, errors: { currency: "Choose one of the currencies offered." }, intent: "currency" });
    }
    expect(statusOf(await thrown(() => setCurrency("EUR", cookies.interpreter)))).toBe(403);
    expect((await customerPage.loader(get(customerPath(), cookies.admin, params()))).customer.currency).toBe("USD");

    const { location, toast } = await redirected(await setCurrency("EUR"));
    expect(location).toBe(`${customerPath()}#billing`);
    expect(toast).toMatchObject({ type: "success", message: "Clinique Lyon is billed in EUR from now on." });
    expect((await customerPage.loader(get(customerPath(), cookies.admin, params()))).customer.currency).toBe("EUR");
  });

  it("Bill work: with a USD line alone the EUR customer's work stays unpriced and named, the USD customer's is billed", async () => {
    const billed = await billWork(backend(), START + 10 * 24 * HOUR);
    expect(billed.made).toBe(1);
    expect(billed.unpriced).toEqual([{ source: `appointment:${euroWork}`, reason: "no-rate" }]);
    expect(await itemsOf(euroCustomer)).toEqual([]);
    const dollarCustomer = (await backend().appointments.get(dollarWork))!.customerId;
    expect(await itemsOf(dollarCustomer)).toEqual([{ source: `appointment:${dollarWork}`, currency: "USD", amount_minor: 14625 }]);
  });

  it("Bill work prices it at the EUR line, in EUR; New draft drafts in EUR", async () => {
    const euroLine = sampleRateLine({ currency: "EUR", priceMinor: 6000, effectiveFrom: "2026-01-01" });
    if (!(await backend().rates.add(euroLine, "admin", START - 30 * 24 * HOUR)).ok) throw new Error("no line");
    const billed = await billWork(backend(), START + 10 * 24 * HOUR);
    expect(billed).toMatchObject({ made: 1, unpriced: [] });
    expect(await itemsOf(euroCustomer)).toEqual([{ source: `appointment:${euroWork}`, currency: "EUR", amount_minor: 13500 }]);

    const { location } = await redirected(
      await invoices.action(post("/Dashboard/Invoices", { intent: "draft", customer: EURO_EMAIL, month: "2026-10" }, cookies.admin)),
    );
    const draft = (await backend().invoices.get(Number(location!.split("/").pop())))!;
    expect(draft).toMatchObject({ customerId: euroCustomer, currency: "EUR", status: "draft" });
    expect(draft.items.map((item) => explainPriced(item, "en", en).replaceAll("\u00a0", " "))).toEqual([
      "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × €60.00/h = €135.00",
    ]);
  });
});
