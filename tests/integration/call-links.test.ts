// A staff member's call link for a named customer (issue 14): the signed token (app/features/calls/call-link.server.ts), the
// form that makes it (/Dashboard/Dashboardcall, administrators only), /Call opened with it, and the caller socket,
// which rings with the link's terms (never the query's) even while public calls are switched off.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { callLinkToken, readCallLink } from "~/features/calls/call-link.server";
import { roomToken } from "~/features/calls/room-token.server";
import * as callPage from "~/routes/public/call";
import * as calls from "~/routes/dashboard/incoming-calls";
import { handleCallSocket } from "../../workers/calls";
import { cookieOf, failure, languageId, seed, statusOf, thrown, unwrap } from "./helpers";
import { browser, ORIGIN } from "./requests";
import { envWith, TURNSTILE } from "./contact-helpers";
import { accepted, firstMessage, socketRequest } from "./sockets";

const HOUR = 3_600_000;
beforeAll(seed);

const terms = (overrides: Partial<Parameters<typeof callLinkToken>[1]> = {}) => ({
  name: "Maria López",
  languageId: 1,
  type: "audio" as const,
  expiresAt: Date.now() + HOUR,
  customerId: null as number | null,
  ...overrides,
});

describe("the call link's token", () => {
  it("reads back exactly what was signed, and says when its time is over", async () => {
    const signed = terms({ name: "مريم الأحمد" });
    const token = await callLinkToken(env.SESSION_SECRET, signed);
    expect(await readCallLink(env.SESSION_SECRET, token)).toEqual({ terms: signed, expired: false });
    expect(await readCallLink(env.SESSION_SECRET, token, signed.expiresAt)).toEqual({ terms: signed, expired: true });
  });

  it("refuses an altered, cut, re-signed or made-up link (null: the page learns nothing else)", async () => {
    const token = await callLinkToken(env.SESSION_SECRET, terms());
    const [body, signature] = token.split(".") as [string, string];
    const longer = btoa(JSON.stringify({ n: "Maria López", l: 1, t: "audio", e: Date.now() + 1000 * HOUR })).replace(/=+$/, "");
    const roomKey = await roomToken(env.SESSION_SECRET, "6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b", "caller");
    const otherSecret = await callLinkToken("another-secret-of-at-least-32-characters", terms());
    // The same signature bytes spelt with padding bits set (the last character + 1): one spelling only is accepted.
    const respelt = `${body}.${signature.slice(0, -1)}${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".indexOf(signature.at(-1)!) + 1]}`;
    for (const bad of [
      `${longer}.${signature}`,
      body,
      `${body}.`,
      `${body}.${signature}.x`,
      `${body}.${roomKey}`,
      otherSecret,
      "",
      "x".repeat(2000),
      `${body}A.${signature}`,
      respelt,
    ]) {
      expect(await readCallLink(env.SESSION_SECRET, bad), bad.slice(0, 40)).toBeNull();
    }
  });
});

const { get, post: postForm } = browser();
const post = (fields: Record<string, string>, cookie?: string) => postForm("/Dashboard/Dashboardcall", { intent: "call-link", ...fields }, cookie);

describe("the call link form (/Dashboard/Dashboardcall)", () => {
  it("gives an administrator a link to /Call that carries the customer's name, language, type and expiry", async () => {
    const admin = await cookieOf("admin@example.com");
    const spanish = await languageId("Spanish");
    const before = Date.now();
    const result = unwrap(
      await calls.action(post({ name: "  Maria López ", language: String(spanish), type: "audio", validFor: "24", locale: "en" }, admin) as never),
    );
    const { created } = result.data as { created: { url: string; message: string } };
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
    const url = new URL(created.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/Call`);
    expect(created.message).toMatch(/^The link for \u2068Maria López\u2069 is ready\. It works until .+\.$/);
    const read = (await readCallLink(env.SESSION_SECRET, url.searchParams.get("link")!))!;
    expect(read).toMatchObject({ terms: { name: "Maria López", languageId: spanish, type: "audio" }, expired: false });
    expect(read.terms.expiresAt - before).toBeGreaterThanOrEqual(24 * HOUR);
    expect(read.terms.expiresAt - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    expect(read.terms.customerId).toBeNull();

    const arabic = unwrap(await calls.action(post({ name: "Maria", language: String(spanish), type: "video", validFor: "1", locale: "ar" }, admin) as never));
    expect(new URL((arabic.data as { created: { url: string } }).created.url).pathname).toBe("/ar/Call");
  });

  it("bills the call to a customer named by their e-mail (any case); an e-mail no customer has, or no e-mail at all, gets 400", async () => {
    const admin = await cookieOf("admin@example.com");
    const spanish = String(await languageId("Spanish"));
    const customer = await env.DB.prepare(
      "INSERT INTO customers (name, email, created_at) VALUES ('Link Clinic', 'link.clinic@example.com', 0) ON CONFLICT (email) DO UPDATE SET name = name RETURNING id",
    ).first<{ id: number }>();
    const fields = { name: "Link Clinic", language: spanish, type: "video", validFor: "1", locale: "en" };
    const made = unwrap(await calls.action(post({ ...fields, customer: " Link.Clinic@Example.com " }, admin) as never));
    const url = new URL((made.data as { created: { url: string } }).created.url);
    expect((await readCallLink(env.SESSION_SECRET, url.searchParams.get("link")!))!.terms.customerId).toBe(customer!.id);

    const unknown = failure(await calls.action(post({ ...fields, customer: "nobody.here@example.com" }, admin)));
    expect([unknown.status, unknown.errors, unknown.values.customer]).toEqual([
      400,
      { customer: "No customer has this e-mail. Customers are added when they ask for a quote or book." },
      "nobody.here@example.com",
    ]);
    const notAnEmail = failure(await calls.action(post({ ...fields, customer: "link clinic" }, admin)));
    expect([notAnEmail.status, notAnEmail.errors]).toEqual([400, { customer: "Enter an e-mail address, or leave it empty." }]);
  });

  it("refuses a missing name, an unknown language or choice with 400 and field messages, and keeps what was typed", async () => {
    const admin = await cookieOf("admin@example.com");
    const spanish = String(await languageId("Spanish"));
    const empty = failure(await calls.action(post({ name: " ", language: "", type: "fax", validFor: "5", locale: "fr" }, admin)));
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual({
      name: "Enter the customer's name.",
      language: "Choose a language.",
      type: "Choose video or voice.",
      validFor: "Choose how long the link works.",
      locale: "Choose the page's language.",
    });
    const nobody = failure(await calls.action(post({ name: "Ann", language: "999999", type: "video", validFor: "1", locale: "en" }, admin)));
    expect([nobody.status, nobody.errors, nobody.values.name]).toEqual([400, { language: "Nobody speaks that language any more. Choose another." }, "Ann"]);
    const tooLong = failure(await calls.action(post({ name: "x".repeat(101), language: spanish, type: "video", validFor: "1", locale: "en" }, admin)));
    expect(tooLong.errors).toEqual({ name: "At most 100 characters." });
  });

  it("is for administrators: an interpreter gets 403, anonymous is sent to sign in", async () => {
    const interpreter = await cookieOf("interpreter@example.com");
    const fields = { name: "Ann", language: String(await languageId("Spanish")), type: "video", validFor: "1", locale: "en" };
    expect(statusOf(await thrown(() => calls.action(post(fields, interpreter) as never)))).toBe(403);
    const anonymous = (await thrown(() => calls.action(post(fields)))) as Response;
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([302, "/Login?redirectTo=%2FDashboard%2FDashboardcall"]);
  });
});

describe("/Call opened with a link", () => {
  const page = async (query: string, path = "/Call") => unwrap(await callPage.loader(get(`${path}${query}`))).data;

  it("shows who the call is for, in which language and how; a spoilt or expired link says so", async () => {
    const spanish = await languageId("Spanish");
    const token = await callLinkToken(env.SESSION_SECRET, terms({ languageId: spanish }));
    expect((await page(`?link=${encodeURIComponent(token)}`)).link).toEqual({
      state: "ok",
      token,
      name: "Maria López",
      languageId: spanish,
      language: "Spanish",
      type: "audio",
      customerId: null,
    });
    const expired = await callLinkToken(env.SESSION_SECRET, terms({ languageId: spanish, expiresAt: Date.now() - 1 }));
    expect((await page(`?link=${encodeURIComponent(expired)}`)).link).toEqual({ state: "expired", name: "Maria López", languageId: spanish });
    expect((await page(`?link=${encodeURIComponent(token.slice(0, -2))}`)).link).toEqual({ state: "invalid" });
    const nobody = await callLinkToken(env.SESSION_SECRET, terms({ languageId: 999999 }));
    expect((await page(`?link=${encodeURIComponent(nobody)}`, "/ar/Call")).link).toEqual({ state: "unavailable" });
    expect((await page("")).link).toBeNull();
  });
});

// Each test calls from an address of its own: the calls' rate limit is 5 a minute per address.
const callerRequest = (path: string, address: string) => socketRequest(path, { "CF-Connecting-IP": address });

describe("the caller socket with a link", () => {
  it("rings with the link's name, language and type, not the query's, while public calls are switched off", async () => {
    const switchedOff = { ...env, PUBLIC_CALLS: "off" } as Env;
    const spanish = await languageId("Spanish");
    const cookie = await cookieOf("interpreter@example.com");
    const interpreter = accepted(await handleCallSocket(socketRequest("/api/calls/interpreter", { Cookie: cookie }), env));
    const available = firstMessage(interpreter, "presence", (message) => message.available === true);
    interpreter.send(JSON.stringify({ type: "availability", available: true }));
    await available;

    const token = await callLinkToken(env.SESSION_SECRET, terms({ languageId: spanish, name: "Maria by link", type: "video", customerId: 4242 }));
    const ringing = firstMessage(interpreter, "ringing", (message) => (message.calls as unknown[]).length > 0);
    const caller = accepted(
      await handleCallSocket(
        callerRequest(`/api/calls/caller?link=${encodeURIComponent(token)}&language=999&type=audio&name=Forged`, "203.0.113.77"),
        switchedOff,
      ),
    );
    const { calls: ringingCalls } = (await ringing) as { calls: { callerName: string; language: string; type: string }[] };
    expect(ringingCalls).toEqual([expect.objectContaining({ callerName: "Maria by link", language: "Spanish", type: "video" })]);
    caller.send(JSON.stringify({ type: "cancel" }));
    interpreter.send(JSON.stringify({ type: "availability", available: false }));
    // Logged with the customer the link bills it to (issue 26).
    await expect
      .poll(() => env.DB.prepare("SELECT customer_id FROM call_log WHERE caller_name = 'Maria by link'").first<{ customer_id: number }>())
      .toEqual({ customer_id: 4242 });
  });

  it("refuses a spoilt or expired link with 403 and a link to a language nobody speaks with 400; without a link, switched off stays off", async () => {
    const switchedOff = { ...env, PUBLIC_CALLS: "off" } as Env;
    const spanish = await languageId("Spanish");
    const expired = await callLinkToken(env.SESSION_SECRET, terms({ languageId: spanish, expiresAt: Date.now() - 1 }));
    const good = await callLinkToken(env.SESSION_SECRET, terms({ languageId: spanish }));
    const nobody = await callLinkToken(env.SESSION_SECRET, terms({ languageId: 999999 }));
    for (const link of [expired, `${good}x`, ""])
      expect((await handleCallSocket(callerRequest(`/api/calls/caller?link=${encodeURIComponent(link)}`, "203.0.113.78"), switchedOff)).status).toBe(403);
    expect((await handleCallSocket(callerRequest(`/api/calls/caller?link=${encodeURIComponent(nobody)}`, "203.0.113.79"), switchedOff)).status).toBe(400);
    expect((await handleCallSocket(callerRequest(`/api/calls/caller?language=${spanish}&type=audio&name=Ann`, "203.0.113.79"), switchedOff)).status).toBe(403);
    // Public calls on: a spoilt link does not fall back to the query's own language, type and name.
    const spoilt = await handleCallSocket(
      callerRequest(`/api/calls/caller?link=${encodeURIComponent(`${good}x`)}&language=${spanish}&type=audio&name=Ann`, "203.0.113.80"),
      env,
    );
    expect([spoilt.status, await spoilt.text()]).toEqual([403, "This call link is not valid."]);
  });

  it("with Turnstile configured, a link also needs a passing challenge", async () => {
    const { env: challenged } = envWith({ ...TURNSTILE, PUBLIC_CALLS: "off" });
    const token = encodeURIComponent(await callLinkToken(env.SESSION_SECRET, terms({ languageId: await languageId("Spanish") })));
    expect((await handleCallSocket(callerRequest(`/api/calls/caller?link=${token}`, "203.0.113.81"), challenged)).status).toBe(403);
    expect((await handleCallSocket(callerRequest(`/api/calls/caller?link=${token}&turnstile=fail`, "203.0.113.81"), challenged)).status).toBe(403);
    const caller = accepted(await handleCallSocket(callerRequest(`/api/calls/caller?link=${token}&turnstile=pass`, "203.0.113.81"), challenged));
    caller.send(JSON.stringify({ type: "cancel" }));
  });
});
