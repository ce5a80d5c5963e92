// "Call an interpreter now" for a customer's signed-in requester (issue 27): the caller socket rings on their
// organisation's terms, as a call link does, without one — under their own name (not the query's), billed to them,
// also while public calls are switched off; /Call says so. A visitor's calls are unchanged.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as callPage from "~/routes/public/call";
import { handleCallSocket } from "../../workers/calls";
import { cookieOf, languageId, seed, unwrap } from "./helpers";
import { addRequester, type Requester } from "./requester-fixture";
import { addressesIn, browser, ORIGIN } from "./requests";
import { accepted, firstMessage, socketRequest } from "./sockets";

const { get } = browser({ addresses: addressesIn(141), headers: { Origin: ORIGIN } });
const switchedOff = { ...env, PUBLIC_CALLS: "off" } as Env;

let requester: Requester;
let cookie = "";
beforeAll(async () => {
  await seed();
  requester = await addRequester({ organisation: "Clinic A", email: "calls@clinic-a.example", name: "Cora Caller" });
  cookie = await cookieOf(requester.email, requester.password);
});

// Each call comes from an address of its own: the calls' rate limit is 5 a minute per address.
const callerRequest = (path: string, address: string, headers: Record<string, string> = {}) => socketRequest(path, { "CF-Connecting-IP": address, ...headers });

describe("a signed-in requester's call", () => {
  it("rings under their name, billed to their customer, while public calls are switched off", async () => {
    const spanish = await languageId("Spanish");
    const interpreter = accepted(await handleCallSocket(socketRequest("/api/calls/interpreter", { Cookie: await cookieOf("interpreter@example.com") }), env));
    const available = firstMessage(interpreter, "presence", (message) => message.available === true);
    interpreter.send(JSON.stringify({ type: "availability", available: true }));
    await available;

    const ringing = firstMessage(interpreter, "ringing", (message) => (message.calls as unknown[]).length > 0);
    const caller = accepted(
      await handleCallSocket(callerRequest(`/api/calls/caller?language=${spanish}&type=audio&name=Forged`, "203.0.113.140", { Cookie: cookie }), switchedOff),
    );
    const { calls } = (await ringing) as { calls: { callerName: string; language: string; type: string }[] };
    expect(calls).toEqual([expect.objectContaining({ callerName: "Cora Caller", language: "Spanish", type: "audio" })]);
    caller.send(JSON.stringify({ type: "cancel" }));
    interpreter.send(JSON.stringify({ type: "availability", available: false }));
    await expect
      .poll(() => env.DB.prepare("SELECT customer_id FROM call_log WHERE caller_name = 'Cora Caller'").first<{ customer_id: number }>())
      .toEqual({ customer_id: requester.customerId });
  });

  it("a visitor (no session) or a member of staff is still refused while public calls are switched off", async () => {
    const spanish = await languageId("Spanish");
    const path = `/api/calls/caller?language=${spanish}&type=audio&name=Ann`;
    expect((await handleCallSocket(callerRequest(path, "203.0.113.141"), switchedOff)).status).toBe(403);
    const staff = await cookieOf("admin@example.com");
    expect((await handleCallSocket(callerRequest(path, "203.0.113.142", { Cookie: staff }), switchedOff)).status).toBe(403);
  });

  it("/Call lets them call while public calls are off, naming them and their organisation", async () => {
    const page = async (cookieHeader?: string) => unwrap(await callPage.loader(get("/Call", cookieHeader, { env: switchedOff }))).data;
    const theirs = await page(cookie);
    expect(theirs.publicCalls).toBe(false);
    expect(theirs.requester).toEqual({ name: "Cora Caller", organisation: "Clinic A" });
    expect((await page()).requester).toBeNull();
  });
});
