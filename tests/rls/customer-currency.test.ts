// supabase/migrations/20261205000900_push_customer_currency.sql on real Postgres (issue 26, build item 3): every
// customer bills in USD until set; the column holds three upper-case letters and nothing else; only the service role
// sets it (push_set_customer_currency, true when the customer exists), an admin only reads it (no UPDATE privilege),
// an interpreter sees no customer at all; the customer's page (push_get_customer) and list answer it.
import { describe, expect, it } from "vitest";
import { asSuperuser, fileDatabase, rowsAs, run, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL } from "./support/appointments";
import { permissionDenied } from "./support/expect";
import { admin, createWithFixtures, interpreter } from "./support/fixtures";
import { call } from "./support/orders";
import { itIsTheServiceRolesAlone } from "./support/service-functions";

const db = fileDatabase(createWithFixtures, () => asSuperuser(db, CUSTOMER_SQL));

const currencyOf = async (id = 1) => (await asSuperuser(db, "select currency from public.customers where id = $1", [id]))[0]?.currency;

describe("the function: only the service role executes it", () => {
  itIsTheServiceRolesAlone(() => db, { push_set_customer_currency: "public.push_set_customer_currency(1, 'USD')" });
});

describe("customers.currency", () => {
  it("is USD for a customer who existed and for one created without it", async () => {
    expect(await currencyOf()).toBe("USD");
    await within(db, serviceRole, async (tx) => {
      const { rows } = await tx.query<{ currency: string }>(
        "insert into public.customers (id, name, email) overriding system value values (2, 'Ben Ode', 'ben@customer.test') returning currency",
      );
      expect(rows).toEqual([{ currency: "USD" }]);
    });
  });

  it("holds three upper-case letters: lower case, two or four letters, digits and null are refused", async () => {
    for (const value of ["eur", "EU", "EURO", "E1R", "€UR"]) {
      const outcome = await run(db, serviceRole, "update public.customers set currency = $1 where id = 1", [value]);
      expect(outcome, value).toMatchObject({ ok: false, code: "23514" });
    }
    expect(await run(db, serviceRole, "update public.customers set currency = null where id = 1")).toMatchObject({ ok: false, code: "23502" });
    expect(await currencyOf()).toBe("USD");
  });

  it("an admin reads it but cannot change it; an interpreter reads no customer", async () => {
    expect(await rowsAs(db, admin, "select currency from public.customers where id = 1")).toEqual([{ currency: "USD" }]);
    expect(await run(db, admin, "update public.customers set currency = 'EUR' where id = 1")).toEqual(permissionDenied("table customers"));
    expect(await rowsAs(db, interpreter, "select currency from public.customers")).toEqual([]);
    expect(await currencyOf()).toBe("USD");
  });
});

describe("push_set_customer_currency (as the service role)", () => {
  it("sets it and answers true; false for no such customer; the customer's page and the list answer it", async () => {
    await within(db, serviceRole, async (tx) => {
      expect(await call(tx, "public.push_set_customer_currency(p_id => 1, p_currency => 'EUR')")).toBe(true);
      expect(await call(tx, "public.push_set_customer_currency(p_id => 987654, p_currency => 'GBP')")).toBe(false);
      const page = await call<{ customer: { currency: string } }>(tx, "public.push_get_customer(p_id => 1, p_limit => 20, p_offset => 0)");
      expect(page.customer.currency).toBe("EUR");
      const list = await call<{ items: { email: string; currency: string }[] }>(tx, "public.push_list_customers(p_search => '', p_limit => 20, p_offset => 0)");
      expect(list.items.map((row) => [row.email, row.currency])).toEqual([["ana@customer.test", "EUR"]]);
      // The shape is the table's to keep: a currency that is not three capitals is refused.
      await expect(call(tx, "public.push_set_customer_currency(p_id => 1, p_currency => 'eur')")).rejects.toMatchObject({ code: "23514" });
    });
  });
});
