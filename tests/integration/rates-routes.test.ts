// The Rates page (/Dashboard/Rates, issue 26 build item 1) against a real D1 with the sample people, called the way
// React Router calls it: an admin adds a list price, a customer's contract price and an interpreter's pay, each listed
// on its side; bad input and an e-mail that names nobody are 400 with field messages and store nothing; an
// interpreter is refused (403) and an anonymous visitor sent to sign in, on the loader and the action alike.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { companyToday } from "~/domain/orders";
import * as rates from "~/routes/dashboard/rates";
import { asResponse, count, failure, idOf, languageId, redirected, rows, seededAndSignedIn, thrown } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";
import { sampleRateLineFields } from "../support/rate-line-samples";

const RATES = "/Dashboard/Rates";
const { get, post } = browser({ addresses: addressesIn(190), headers: { Origin: ORIGIN } });
const cookies = seededAndSignedIn();
const CUSTOMER = "buyer@acme.example";

const today = () => companyToday(new Date());
const dayFromToday = (days: number) => {
  const [year, month, day] = today().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

/** An on-site hour at $65.00, 2 h minimum in 15-minute increments, 25 % at weekends, from today: `fields` typed over it. */
const lineFields = (fields: Record<string, string> = {}) => ({
  intent: "add",
  ...sampleRateLineFields({ rush: "", afterHours: "", holiday: "", lateCancellation: "", effectiveFrom: today(), ...fields }),
});

type Stored = {
  price_minor: number;
  weekend_bp: number;
  customer_id: number | null;
  interpreter_id: string | null;
  language_id: number | null;
  created_by: string;
};
const latest = () => env.DB.prepare("SELECT * FROM rate_lines ORDER BY id DESC LIMIT 1").first<Stored>();

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO customers (name, email, created_at) VALUES ('Acme buyer', ?, ?)").bind(CUSTOMER, Date.now()).run();
});

describe("the Rates page", () => {
  const add = (fields: Record<string, string>) => rates.action(post(RATES, lineFields(fields), cookies.admin));

  it("an admin adds a list price: back to the customer prices with 'Line added.', listed there", async () => {
    const { location, toast } = await redirected(await add({}));
    expect(location).toBe(`${RATES}?#rates-bill`);
    expect(toast).toMatchObject({ type: "success", message: "Line added." });
    expect(await latest()).toMatchObject({
      price_minor: 6500,
      weekend_bp: 2500,
      customer_id: null,
      language_id: null,
      created_by: await idOf("admin@example.com"),
    });

    const page = await rates.loader(get(RATES, cookies.admin));
    expect(page.bill).toMatchObject({ ok: true, value: { total: 1, page: 1 } });
    const [line] = page.bill.ok ? page.bill.value.items : [];
    expect(line).toMatchObject({ service: "onsite", unit: "hour", priceMinor: 6500, customerEmail: null, effectiveFrom: today() });
    expect(page.pay).toMatchObject({ ok: true, value: { total: 0 } });
    expect(page.today).toBe(today());
  });

  it("a customer's contract price, for one language, names the customer by e-mail in any case", async () => {
    const spanish = await languageId("Spanish");
    const answer = await add({ customer: " Buyer@ACME.example ", language: String(spanish), price: "58.50", effectiveFrom: dayFromToday(3) });
    expect((await redirected(answer)).toast).toMatchObject({ message: "Line added." });
    const customer = await env.DB.prepare("SELECT id FROM customers WHERE email = ?").bind(CUSTOMER).first<{ id: number }>();
    expect(await latest()).toMatchObject({ price_minor: 5850, customer_id: customer!.id, language_id: spanish });

    const page = await rates.loader(get(RATES, cookies.admin));
    const items = page.bill.ok ? page.bill.value.items : [];
    // The latest effective date first.
    expect(items.map((item) => item.customerEmail)).toEqual([CUSTOMER, null]);
  });

  it("an interpreter's pay line returns to the pay table", async () => {
    const { location } = await redirected(
      await add({
        side: "pay",
        service: "call",
        unit: "minute",
        minimum: "1",
        increment: "1",
        weekend: "",
        price: "0.75",
        interpreter: "interpreter@example.com",
      }),
    );
    expect(location).toBe(`${RATES}?#rates-pay`);
    expect(await latest()).toMatchObject({ price_minor: 75, interpreter_id: await idOf("interpreter@example.com"), customer_id: null });
    const page = await rates.loader(get(`${RATES}?payPage=1`, cookies.admin));
    expect(page.pay.ok && page.pay.value.items[0]).toMatchObject({ side: "pay", interpreterName: "Daniel Reyes", priceMinor: 75 });
  });

  it("each side has its own page in the URL: ?page= for customer prices, ?payPage= for interpreter pay", async () => {
    const admin = await idOf("admin@example.com");
    const insert = env.DB.prepare(
      `INSERT INTO rate_lines (side, service, unit, currency, price_minor, minimum, increment, effective_from, created_by, created_at)
       VALUES ('bill', 'translation', 'word', 'USD', ?, 0, 1, '2026-01-01', ?, ?)`,
    );
    await env.DB.batch(Array.from({ length: 50 }, (_, n) => insert.bind(100 + n, admin, Date.now())));
    const second = await rates.loader(get(`${RATES}?page=2`, cookies.admin));
    expect(second.bill).toMatchObject({ ok: true, value: { page: 2, pageCount: 2, total: 52 } });
    // The oldest lines come last: the second page starts after the 50 newest.
    expect(second.bill.ok && second.bill.value.items.map((item) => item.effectiveFrom)).toEqual(["2026-01-01", "2026-01-01"]);
    // Both are replaced by a newer line of the same work on the first page: judged among the whole card, not the page.
    expect(second.bill.ok && Object.values(second.bill.value.statuses)).toEqual([{ kind: "replaced" }, { kind: "replaced" }]);
    expect(second.pay).toMatchObject({ ok: true, value: { page: 1, total: 1 } });
    const pay = await rates.loader(get(`${RATES}?payPage=2`, cookies.admin));
    expect(pay.bill).toMatchObject({ ok: true, value: { page: 1 } });
    expect(pay.bill.ok && pay.bill.value.items).toHaveLength(50);
  });

  it("bad input: 400 with each field's message and the values typed, nothing stored", async () => {
    const before = await rows("rate_lines");
    const answer = failure(await add({ price: "0", minimum: "two", weekend: "600", unit: "word", effectiveFrom: dayFromToday(-1), customer: "not-an-email" }));
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual({
      unit: "Choose a unit this kind of work is priced in.",
      customer: "Enter the customer's e-mail for a contract price, or leave it empty for the list price.",
      price: "Enter a price above zero, with at most 2 digits after the point.",
      minimum: "Enter a whole number from 0 to 100000 (at least 1 for an increment).",
      weekend: "Enter a percentage from 0 to 500, with at most two decimals, or leave it empty.",
      effectiveFrom: "Enter a date from today on, as YYYY-MM-DD: a new price never changes work already done.",
    });
    expect(answer.values).toMatchObject({ side: "bill", price: "0", weekend: "600" });
    // A language that is not on the list, and a form without its fields.
    expect(failure(await add({ language: "999999" })).errors).toEqual({ language: "Choose a language from the list, or any language." });
    const bare = failure(await rates.action(post(RATES, { intent: "add", side: "bill" }, cookies.admin)));
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.errors)).toEqual(expect.arrayContaining(["service", "unit", "price", "effectiveFrom"]));
    expect(await rows("rate_lines")).toBe(before);
  });

  it("an e-mail that names no customer or interpreter: 400 on that field, nothing stored", async () => {
    const before = await rows("rate_lines");
    const customer = failure(await add({ customer: "nobody@acme.example" }));
    expect(customer.status).toBe(400);
    expect(customer.errors).toEqual({ customer: "No customer has this e-mail. Customers are added when they ask for a quote or book." });
    expect(customer.values).toMatchObject({ customer: "nobody@acme.example", price: "65.00" });
    const interpreter = failure(await add({ side: "pay", interpreter: "nobody@example.com" }));
    expect(interpreter.status).toBe(400);
    expect(interpreter.errors).toEqual({ interpreter: "No interpreter has this e-mail." });
    expect(await rows("rate_lines")).toBe(before);
  });

  it("an interpreter gets 403 on the page and its form; an anonymous visitor is sent to sign in", async () => {
    const before = await rows("rate_lines");
    for (const run of [() => rates.loader(get(RATES, cookies.interpreter)), () => rates.action(post(RATES, lineFields(), cookies.interpreter))]) {
      expect(await thrown(run)).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    }
    for (const run of [() => rates.loader(get(RATES)), () => rates.action(post(RATES, lineFields()))]) {
      const redirect = asResponse(await thrown(run));
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("Location")).toBe("/Login?redirectTo=%2FDashboard%2FRates");
    }
    expect(await rows("rate_lines")).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM security_events WHERE kind = 'forbidden' AND detail LIKE '% /Dashboard/Rates'")).toBe(2);
  });
});
