// POST /api/contact (workers/contact.ts), called the way the worker calls it, against a real D1, the real
// CONTACT_LIMITER binding and the loopback fake EmailJS: who may post — at most 5 messages a minute from one
// address, only from this site, and, when Turnstile is configured, only with a token that passes.
import { describe, expect, it } from "vitest";
import { readConfig } from "~/platform/core/config.server";
import {
  CONTACT_URL,
  envWith,
  type Fields,
  json,
  MINUTE,
  onlyRow,
  postContact,
  recorded,
  rowsWithSubject,
  SENT,
  submitter,
  TURNSTILE,
  validFields,
} from "./contact-helpers";
import { asResponse, count, rows } from "./helpers";
import { addressesIn } from "./requests";

const TOO_MANY = "You have sent several messages in the last minute. Please wait a minute and try again.";
const FORBIDDEN = "This form can only be sent from our own website.";
const CHALLENGE_FAILED = "We could not confirm that you are not a robot. Please try again.";

// Every request gets its own client address (this file's own 10.81.x.x range), so the rate limit
// (5 per 60 s per address) only applies where a test means it to.
const freshIp = addressesIn(81);
const submit = submitter(freshIp);

describe("the rate limit (5 messages per minute per address)", () => {
  it("the 6th message from one address within a minute gets 429 and is not stored; another address still gets through", async () => {
    // The local limiter counts in fixed 60-second windows: do not start right before a window ends.
    const left = MINUTE - (Date.now() % MINUTE);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 250));

    const ip = freshIp();
    const tag = crypto.randomUUID().slice(0, 8);
    const fields = (n: number) => ({ ...validFields(), subject: `Rate ${tag} #${n}` });
    for (let n = 1; n <= 5; n++) {
      expect(await json(await submit(fields(n), { ip })), `message ${n}`).toEqual({ status: 200, body: { ok: true, message: SENT } });
    }
    expect(await json(await submit(fields(6), { ip }))).toEqual({ status: 429, body: { ok: false, formError: TOO_MANY, errors: {} } });
    // Without JavaScript: the page again, with what was typed and the same message (and, as every 429, Retry-After).
    expect(await submit({ ...fields(7), website: "" }, { ip, json: false })).toEqual({
      render: { values: fields(7), errors: {}, formError: TOO_MANY },
      status: 429,
      headers: { "Retry-After": "60" },
    });

    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE subject LIKE ?", `Rate ${tag} #%`)).toBe(5);
    expect(await rowsWithSubject(`Rate ${tag} #6`)).toEqual([]);

    const other = fields(8);
    expect((await json(await submit(other))).status).toBe(200);
    expect(await rowsWithSubject(other.subject)).toHaveLength(1);
  }, 90_000);
});

describe("only this site may post", () => {
  it("another Origin gets 403 and nothing is stored (JSON and plain text)", async () => {
    const { env: testEnv, service } = envWith();
    const before = await rows("contact_messages");
    const headers = { Origin: "https://evil.example" };

    expect(await json(await submit(validFields(), { headers, env: testEnv }))).toEqual({
      status: 403,
      body: { ok: false, formError: FORBIDDEN, errors: {} },
    });
    const noScript = asResponse(await submit(validFields(), { headers, json: false, env: testEnv }));
    expect(noScript.status).toBe(403);
    expect(await noScript.text()).toBe(FORBIDDEN);
    // Same host, other scheme or port: still another origin.
    expect(asResponse(await submit(validFields(), { headers: { Origin: "https://127.0.0.1:8787" }, env: testEnv })).status).toBe(403);
    expect(asResponse(await submit(validFields(), { headers: { Origin: "http://127.0.0.1:9999" }, env: testEnv })).status).toBe(403);

    expect(await rows("contact_messages")).toBe(before);
    expect(await recorded(service)).toEqual([]);
  });

  /** A request without an Origin header (some browsers omit it), with the given Sec-Fetch-Site. */
  function withoutOrigin(fields: Fields, secFetchSite: string | null) {
    const headers: Record<string, string> = { Accept: "application/json", "CF-Connecting-IP": freshIp() };
    if (secFetchSite) headers["Sec-Fetch-Site"] = secFetchSite;
    return new Request(CONTACT_URL, { method: "POST", headers, body: new URLSearchParams(fields) });
  }

  it("no Origin: Sec-Fetch-Site cross-site (or none at all) gets 403; same-origin is accepted", async () => {
    const before = await rows("contact_messages");
    for (const site of ["cross-site", "same-site", null]) {
      const response = asResponse(await postContact(withoutOrigin(validFields(), site)));
      expect(response.status, `Sec-Fetch-Site: ${site}`).toBe(403);
    }
    expect(await rows("contact_messages")).toBe(before);

    const fields = validFields();
    const response = asResponse(await postContact(withoutOrigin(fields, "same-origin")));
    expect(await response.json()).toEqual({ ok: true, message: SENT });
    expect(await rowsWithSubject(fields.subject!)).toHaveLength(1);
  });

  it("GET gets 405 with Allow: POST", async () => {
    const response = asResponse(await submit({}, { method: "GET" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("Turnstile, when configured", () => {
  const turnstileEnv = () => envWith(TURNSTILE);

  it("no token, or a token that fails: 403 'not a robot' message and nothing stored", async () => {
    const { env: testEnv, service } = turnstileEnv();
    expect(readConfig(testEnv).turnstile).not.toBeNull();
    const before = await rows("contact_messages");
    const refused = { status: 403, body: { ok: false, formError: CHALLENGE_FAILED, errors: {} } };

    expect(await json(await submit(validFields(), { env: testEnv }))).toEqual(refused);
    expect(await json(await submit({ ...validFields(), "cf-turnstile-response": "" }, { env: testEnv }))).toEqual(refused);
    expect(await json(await submit({ ...validFields(), "cf-turnstile-response": "fail" }, { env: testEnv }))).toEqual(refused);
    const noScript = await submit({ ...validFields(), "cf-turnstile-response": "fail" }, { env: testEnv, json: false });
    expect(noScript).toMatchObject({ render: { errors: {}, formError: CHALLENGE_FAILED }, status: 403 });

    expect(await rows("contact_messages")).toBe(before);
    expect(await recorded(service)).toEqual([]);
  });

  it("a token that passes: accepted, stored and sent", async () => {
    const { env: testEnv, service } = turnstileEnv();
    const fields = validFields();
    expect(await json(await submit({ ...fields, "cf-turnstile-response": "pass" }, { env: testEnv }))).toEqual({
      status: 200,
      body: { ok: true, message: SENT },
    });
    expect(await onlyRow(fields.subject!)).toMatchObject({ status: "sent", attempts: 1 });
    const requests = await recorded(service);
    expect(requests).toHaveLength(1);
    // The Turnstile token is not passed on to the mail provider.
    expect(Object.keys(requests[0]!.fields).sort()).toEqual(
      ["accessToken", "email", "lib_version", "message", "name", "service_id", "subject", "template_id", "user_id"].sort(),
    );
  });
});
