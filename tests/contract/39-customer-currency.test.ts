// A customer's billing currency on Supabase (issue 26, build item 3; supabase/migrations/
// 20261205000900_push_customer_currency.sql), through the adapter and the customer page's route against the double:
// every customer bills in USD until set; an admin's "Billing currency" is one call of push_set_customer_currency with
// the service-role key, and anything but an offered currency is a 400 that calls nothing; the customer's page reads it
// back; what "Bill work" reads (push_unbilled_work) gives each appointment and call its customer's currency; an
// interpreter gets 403 and changes nothing. The same SQL on Postgres: tests/rls/customer-currency.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import * as customerPage from "~/routes/dashboard/customer";
import { ADMIN, INTERPRETER, backendFor, bookedCustomer, double, languageIdOf, signIn, step, who } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const DENIED = "rest.security_events.record service";
const STARTS = Date.UTC(2034, 4, 2, 16);
let admin = "";
let interpreter = "";
let customerId = 0;
let spanish = 0;

const currencyInTable = async () => (await double.table<{ id: number; currency: string }>("customers")).find((row) => row.id === customerId)?.currency;
const pathOf = () => `/Dashboard/Dashboardcustomers/${customerId}`;
const post = (cookie: string, fields: Record<string, string>) => routeArgs(pathOf(), cookie, form(fields), { customerId: String(customerId) });

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
  spanish = await languageIdOf("Spanish");
  customerId = await bookedCustomer({ name: "Lyon Clinic", email: "lyon.clinic@example.com" }, spanish, STARTS, "e".repeat(64));
});

describe("a customer's billing currency", () => {
  it("is USD until set; the page reads it in one call", async () => {
    expect(await currencyInTable()).toBe("USD");
    const shown = await step(() => customerPage.loader(routeArgs(pathOf(), admin, {}, { customerId: String(customerId) }).args));
    expect(shown.result.customer.currency).toBe("USD");
    expect(who(shown.requests)).toEqual([...GUARD, "rpc.push_get_customer service"]);
  });

  it("anything but an offered currency is a 400 with the field's message, and nothing is called", async () => {
    for (const currency of ["eur", "XYZ", ""]) {
      const refused = await acted(customerPage.action, post(admin, { intent: "currency", currency }));
      expect(answerOf(refused.result)).toMatchObject({ status: 400, errors: { currency: "Choose one of the currencies offered." } });
      expect(who(refused.requests)).toEqual([...GUARD, "rpc.push_get_customer service"]);
    }
    expect(await currencyInTable()).toBe("USD");
  });

  it("an admin sets it: one call with the service-role key, back to the page's Billing panel; the page and billing read it", async () => {
    const set = await acted(customerPage.action, post(admin, { intent: "currency", currency: "EUR" }));
    expect(answerOf(set.result)).toEqual({ status: 302, location: `${pathOf()}#billing` });
    expect(who(set.requests)).toEqual([...GUARD, "rpc.push_get_customer service", "rpc.push_set_customer_currency service"]);
    expect(await currencyInTable()).toBe("EUR");
    expect((await backendFor().orders.customer(customerId, 1))!.customer.currency).toBe("EUR");

    // Their late-cancelled appointment and an answered call come to billing in EUR.
    const booked = await backendFor().appointments.get(
      (await double.table<{ id: number; customer_id: number }>("appointments")).find((row) => row.customer_id === customerId)!.id,
    );
    expect((await backendFor().appointments.cancel(booked!.id, { basedOn: 1, by: "customer", reason: "" }, STARTS - 3_600_000)).ok).toBe(true);
    const callId = "00000000-0000-4000-8000-000000000039";
    await backendFor().calls.record({
      ...{
        id: callId,
        languageId: spanish,
        language: "Spanish",
        type: "audio",
        callerName: "Lyon Clinic",
        customerId,
        interpreterId: null,
        interpreterName: null,
      },
      ...{ outcome: "answered", requestedAt: STARTS, answeredAt: STARTS, endedAt: STARTS + 61_000 },
    });
    const work = await backendFor().invoices.unbilled(24);
    expect(work.appointments.find((each) => each.id === booked!.id)?.currency).toBe("EUR");
    expect(work.calls.find((each) => each.id === callId)?.currency).toBe("EUR");
  });

  it("no such customer: the page and its form are 404, and nothing is set", async () => {
    const params = { customerId: "987654" };
    const missing = await step(() =>
      refusedStatus(() =>
        customerPage.action(routeArgs("/Dashboard/Dashboardcustomers/987654", admin, form({ intent: "currency", currency: "GBP" }), params).args),
      ),
    );
    expect(missing.result).toBe(404);
    expect(who(missing.requests)).toEqual([...GUARD, "rpc.push_get_customer service"]);
  });

  it("an interpreter gets 403 on the page and its form, and only the security log is written", async () => {
    for (const run of [
      () => customerPage.loader(routeArgs(pathOf(), interpreter, {}, { customerId: String(customerId) }).args),
      () => customerPage.action(post(interpreter, { intent: "currency", currency: "GBP" }).args),
    ]) {
      const refused = await step(() => refusedStatus(run));
      expect(refused.result).toBe(403);
      expect(who(refused.requests)).toEqual([...GUARD, DENIED]);
    }
    expect(await currencyInTable()).toBe("EUR");
  });
});
