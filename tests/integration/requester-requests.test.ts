// A customer's signed-in requester uses the public request forms (issue 27): /Quote and /Book come filled in with their
// details, and what they send is theirs — under their account's address whatever was posted, so it joins their
// organisation; an order counts as proven at once. A visitor's forms are unchanged.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as book from "~/routes/public/book";
import * as quote from "~/routes/public/quote";
import { dayFromNow } from "./clock-changes";
import { asResponse, cookieOf, languageId, seed, unwrap, validQuoteFields } from "./helpers";
import { addRequester, type Requester } from "./requester-fixture";
import { addressesIn, browser, ORIGIN, settled } from "./requests";
import { provenOrder } from "./portal-fixture";

const { get, post, upload } = browser({ addresses: addressesIn(140), headers: { Origin: ORIGIN } });

let requester: Requester;
let cookie = "";

beforeAll(async () => {
  await seed();
  requester = await addRequester({ organisation: "Clinic A", email: "desk@clinic-a.example", name: "Dana Desk" });
  cookie = await cookieOf(requester.email, requester.password);
});

/** The organisation and proof of the newest order's customer. */
const newestOrder = () =>
  env.DB.prepare(
    `SELECT c.email, c.organisation_id, o.identity_verified_at FROM orders o JOIN customers c ON c.id = o.customer_id ORDER BY o.id DESC LIMIT 1`,
  ).first<{ email: string; organisation_id: number | null; identity_verified_at: number | null }>();

describe("/Quote for a signed-in requester", () => {
  it("comes filled in with their name, their account's address (read-only) and the organisation as the company", async () => {
    const { data } = unwrap(await quote.loader(get("/Quote", cookie) as never));
    expect(data.options.accountEmail).toBe("desk@clinic-a.example");
    expect(data.prefill?.values).toMatchObject({ name: "Dana Desk", email: "desk@clinic-a.example", company: "Clinic A" });
    // A visitor's form is empty.
    const visitor = unwrap(await quote.loader(get("/Quote") as never)).data;
    expect(visitor.options.accountEmail).toBeNull();
    expect(visitor.prefill).toBeNull();
  });

  it("sends the request under the account's address (not the posted one), in the organisation, proven at once", async () => {
    const fields = await validQuoteFields({ name: "Dana Desk", email: "someone-else@example.com" });
    const args = upload("/Quote", fields, cookie);
    const response = asResponse(await settled(quote.action(args as never), args));
    expect(response.status).toBe(302);
    expect(await newestOrder()).toMatchObject({
      email: "desk@clinic-a.example",
      organisation_id: requester.organisationId,
      identity_verified_at: expect.any(Number),
    });
  });

  it("a visitor's request stays unproven and joins no organisation", async () => {
    const args = upload("/Quote", await validQuoteFields({ name: "Vera Visitor", email: "vera@example.com" }));
    expect(asResponse(await settled(quote.action(args as never), args)).status).toBe(302);
    expect(await newestOrder()).toEqual({ email: "vera@example.com", organisation_id: null, identity_verified_at: null });
  });
});

describe("/Book for a signed-in requester", () => {
  it("comes filled in, and books under the account's address in the organisation", async () => {
    const { data } = unwrap(await book.loader(get("/Book", cookie) as never));
    expect(data.options.accountEmail).toBe("desk@clinic-a.example");
    expect(data.prefill?.values).toMatchObject({ name: "Dana Desk", email: "desk@clinic-a.example", organisation: "Clinic A" });

    const fields = {
      language: String(await languageId("Spanish")),
      mode: "video",
      setting: "medical",
      date: dayFromNow(9),
      time: "10:00",
      duration: "60",
      address: "",
      callNumber: "",
      name: "Dana Desk",
      email: "not-mine@example.com",
      phone: "+1 307 555 0100",
      organisation: "Clinic A",
      notes: "",
      gender: "",
      consent: "on",
    };
    const args = post("/Book", fields, cookie);
    const response = asResponse(await settled(book.action(args as never), args));
    expect(response.status, await response.clone().text()).toBe(302);
    const stored = await env.DB.prepare(
      "SELECT c.email, c.organisation_id FROM appointments a JOIN customers c ON c.id = a.customer_id ORDER BY a.id DESC LIMIT 1",
    ).first();
    expect(stored).toEqual({ email: "desk@clinic-a.example", organisation_id: requester.organisationId });
  });
});

describe("Request again (/Quote?again=<order>)", () => {
  it("fills in the work of one of the organisation's orders; the requester's own order gives their phone", async () => {
    const own = await provenOrder(requester.email, "Dana Desk");
    const { data } = unwrap(await quote.loader(get(`/Quote?again=${own.id}`, cookie) as never));
    // The fixture orders from the first two languages as the list gives them (by name).
    const [source, target] = (await env.DB.prepare("SELECT id FROM languages ORDER BY name LIMIT 2").all<{ id: number }>()).results;
    expect(data.againOf).toBe(own.id);
    expect(data.prefill?.values).toMatchObject({
      name: "Dana Desk",
      email: "desk@clinic-a.example",
      company: "Clinic A",
      source: String(source!.id),
      targets: String(target!.id),
      details: "Discharge letters, 4 pages.",
      phone: "+1 307 555 0199",
    });
    expect(data.prefill?.values.service).toMatch(/^\d+$/);
    // Neither the deadline nor files are carried over.
    expect(data.prefill?.values.deadline).toBeUndefined();
  });

  it("a colleague's order fills in the work but not the colleague's phone", async () => {
    const colleague = await addRequester({ organisation: "Clinic A", email: "colleague@clinic-a.example", name: "Cole League" });
    const theirs = await provenOrder(colleague.email, "Cole League");
    const { data } = unwrap(await quote.loader(get(`/Quote?again=${theirs.id}`, cookie) as never));
    expect(data.againOf).toBe(theirs.id);
    expect(data.prefill?.values).toMatchObject({ name: "Dana Desk", details: "Discharge letters, 4 pages." });
    expect(data.prefill?.values.phone).toBeUndefined();
  });

  it("another organisation's order, a guessed number or a visitor fill in nothing", async () => {
    const firm = await addRequester({ organisation: "Firm B", email: "omar@firm-b.example", name: "Omar Office" });
    const theirs = await provenOrder(firm.email, "Omar Office");
    for (const again of [String(theirs.id), "999999", "abc", "-1"]) {
      const { data } = unwrap(await quote.loader(get(`/Quote?again=${again}`, cookie) as never));
      expect(data.againOf).toBeNull();
      expect(data.prefill?.values.details).toBeUndefined();
    }
    const visitor = unwrap(await quote.loader(get(`/Quote?again=${theirs.id}`) as never)).data;
    expect(visitor.againOf).toBeNull();
    expect(visitor.prefill).toBeNull();
  });
});
