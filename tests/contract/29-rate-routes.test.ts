// The Rates page on the Supabase adapter (issue 26, build item 1), whole routes with the exact requests they make: the
// page reads each side's page of lines, each side's whole card and the languages, one call each, after the admin
// guard; adding a line is one call after the languages are read. Refusals: bad input before any write; an e-mail
// naming nobody is the function's own refusal and stores nothing; an interpreter gets 403 (and a line in the security
// log) before anything is read.
import { beforeAll, describe, expect, it } from "vitest";
import * as ratesPage from "~/routes/dashboard/rates";
import { ADMIN, INTERPRETER, double, signIn, step, who } from "./helpers";
import { acted, answerOf, form, refusedStatus, routeArgs } from "./route-helpers";
import { sampleRateLineFields } from "../support/rate-line-samples";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
const LANGUAGES = "rest.languages.list service";
const DENIED = "rest.security_events.record service";
let admin = "";
let interpreter = "";

// A price from a day that is always ahead.
const valid = { intent: "add", ...sampleRateLineFields({ effectiveFrom: "2099-01-01" }) };
const stored = async () => await double.table<{ id: number; price_minor: number; customer_id: number | null }>("rate_lines");
const add = (cookie: string, fields: Record<string, string>) => acted(ratesPage.action, routeArgs("/Dashboard/Rates", cookie, form(fields)));

beforeAll(async () => {
  await double.reset();
  admin = (await signIn(ADMIN)).cookie;
  interpreter = (await signIn(INTERPRETER)).cookie;
});

describe("the Rates page, on Supabase", () => {
  it("the page: the guard, then each side's page of lines and whole card, and the languages, one call each", async () => {
    const { args } = routeArgs("/Dashboard/Rates?page=1&payPage=1", admin);
    const shown = await step(() => ratesPage.loader(args));
    const calls = who(shown.requests);
    expect(calls.slice(0, 3)).toEqual(GUARD);
    // Each side's page, and its whole card to judge which lines are in effect (a replacement may be on another page).
    expect(calls.slice(3).sort()).toEqual([
      LANGUAGES,
      "rpc.push_rate_lines_for_pricing service",
      "rpc.push_rate_lines_for_pricing service",
      "rpc.push_rate_lines_page service",
      "rpc.push_rate_lines_page service",
    ]);
  });

  it("adding a list price is one call after the languages; the line is stored as typed, in minor units", async () => {
    const before = (await stored()).length;
    const added = await add(admin, valid);
    expect(answerOf(added.result)).toEqual({ status: 302, location: "/Dashboard/Rates?#rates-bill" });
    expect(who(added.requests)).toEqual([...GUARD, LANGUAGES, "rpc.push_add_rate_line service"]);
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ price_minor: 6500, customer_id: null });
  });

  it("bad input is refused before any write, with its field messages", async () => {
    const before = (await stored()).length;
    const refused = await add(admin, { ...valid, price: "0", unit: "word" });
    expect(answerOf(refused.result)).toMatchObject({
      status: 400,
      errors: { price: "Enter a price above zero, with at most 2 digits after the point.", unit: "Choose a unit this kind of work is priced in." },
    });
    expect(who(refused.requests)).toEqual([...GUARD, LANGUAGES]);
    expect(await stored()).toHaveLength(before);
  });

  it("a customer e-mail that names nobody: the function's refusal, a field message, nothing stored", async () => {
    const before = (await stored()).length;
    const refused = await add(admin, { ...valid, customer: "nobody.rates@example.com" });
    expect(answerOf(refused.result)).toMatchObject({
      status: 400,
      errors: { customer: "No customer has this e-mail. Customers are added when they ask for a quote or book." },
    });
    expect(who(refused.requests)).toEqual([...GUARD, LANGUAGES, "rpc.push_add_rate_line service"]);
    expect(await stored()).toHaveLength(before);
  });

  it("an interpreter gets 403 on the page and on adding, and nothing is read or written", async () => {
    const before = (await stored()).length;
    const page = await step(() => refusedStatus(() => ratesPage.loader(routeArgs("/Dashboard/Rates", interpreter).args)));
    expect(page.result).toBe(403);
    // The refusal is written to the security log, and that is all.
    expect(who(page.requests)).toEqual([...GUARD, DENIED]);
    const posted = await step(() => refusedStatus(() => ratesPage.action(routeArgs("/Dashboard/Rates", interpreter, form(valid)).args)));
    expect(posted.result).toBe(403);
    expect(who(posted.requests)).toEqual([...GUARD, DENIED]);
    expect(await stored()).toHaveLength(before);
  });
});
