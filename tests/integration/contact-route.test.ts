// POST /api/contact (workers/contact.ts), called the way the worker calls it, against a real D1, the real
// CONTACT_LIMITER binding and the loopback fake EmailJS: what a visitor is told, what is stored in the
// outbox, and exactly what reaches the mail provider — with scripts (JSON) and without (303 / re-render).
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { d1OutboxStore } from "~/backend/d1/outbox.server";
import type { MessageRow } from "~/backend/rows/contact-message.server";
import { relayDue, relayMessage } from "~/features/contact/contact-relay.server";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import { ar } from "~/i18n";
import type { ContactOutcome } from "../../workers/contact";
import type { FakeMode } from "../support/fake-emailjs";
import { CONTACT_URL, type ContactRequestOptions, contactRequest, envWith, NO_EMAILJS, postContact, recorded, setMode, TURNSTILE } from "./contact-helpers";
import { asResponse, count, rows } from "./helpers";
import { addressesIn, ORIGIN } from "./requests";

const SENT = "Successfully The Email Is Sended!";
const NOT_SENT = "Error The Email Is Not Sended!";
const TOO_MANY = "You have sent several messages in the last minute. Please wait a minute and try again.";
const FORBIDDEN = "This form can only be sent from our own website.";
const CHALLENGE_FAILED = "We could not confirm that you are not a robot. Please try again.";
const NOT_CONFIGURED = "mail-provider-not-configured"; // the reason stored; the inbox words it
const V = {
  name: "Please enter your name.",
  email: "Please enter your email.",
  emailInvalid: "Please enter an email like name@example.com (no spaces).",
  subject: "Please enter a subject.",
  message: "Please enter a message.",
  tooLong: (max: number) => `This is too long (at most ${max} characters).`,
  oneLine: "Please keep this on one line.",
};
const MINUTE = 60_000;

// Every request gets its own client address (this file's own 10.81.x.x range), so the rate limit
// (5 per 60 s per address) only applies where a test means it to.
const freshIp = addressesIn(81);

type Fields = Record<string, string>;
type SubmitOptions = Partial<ContactRequestOptions> & { env?: Env };

/** One post of the form from a fresh address; the immediate relay attempt has finished when it returns. */
function submit(fields: Fields, options: SubmitOptions = {}): Promise<ContactOutcome> {
  return postContact(contactRequest(fields, { ...options, ip: options.ip ?? freshIp() }), options.env);
}

async function json(outcome: ContactOutcome) {
  const response = asResponse(outcome);
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
}

const rowsWithSubject = async (subject: string) =>
  (await env.DB.prepare("SELECT * FROM contact_messages WHERE subject = ? ORDER BY id").bind(subject).all<MessageRow>()).results;
async function onlyRow(subject: string) {
  const found = await rowsWithSubject(subject);
  expect(found, `rows with subject ${subject}`).toHaveLength(1);
  return found[0]!;
}

/** A valid message with a subject no other test uses. */
const validFields = (): Fields => ({
  name: "Amina Yusuf",
  email: "amina.yusuf@example.com",
  subject: `Quote for a deposition ${crypto.randomUUID().slice(0, 8)}`,
  message: "We need a Somali interpreter in Cheyenne next Tuesday, 9 am to noon.",
});

afterEach(() => vi.restoreAllMocks());

describe("a valid message", () => {
  it("with JavaScript: 200 'Successfully The Email Is Sended!', stored, then sent with exactly the EmailJS fields", async () => {
    const { env: testEnv, service } = envWith();
    const subject = `  Booking ${crypto.randomUUID().slice(0, 8)}  `;
    const before = Date.now();
    const outcome = await submit(
      { name: "  Amina Yusuf ", email: " amina.yusuf@example.com ", subject, message: "\n Two interpreters, please.\n", website: "" },
      { env: testEnv },
    );

    expect(await json(outcome)).toEqual({ status: 200, body: { ok: true, message: SENT } });

    const row = await onlyRow(subject.trim());
    expect(row).toMatchObject({
      name: "Amina Yusuf",
      email: "amina.yusuf@example.com",
      subject: subject.trim(),
      message: "Two interpreters, please.",
      status: "sent",
      attempts: 1,
      last_error: null,
      read_at: null,
    });
    expect(row.received_at).toBeGreaterThanOrEqual(before);
    expect(row.sent_at).toBeGreaterThanOrEqual(row.received_at);

    const requests = await recorded(service);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.mode).toBe("ok");
    expect(requests[0]!.fields).toEqual({
      name: "Amina Yusuf",
      email: "amina.yusuf@example.com",
      subject: subject.trim(),
      message: "Two interpreters, please.",
      lib_version: "4.4.1",
      service_id: service,
      template_id: "template_contact",
      user_id: "public-key-test",
      accessToken: "private-key-test",
    });
  });

  it("without JavaScript: 303 to /Contactus#contact-form with a success flash toast", async () => {
    const { env: testEnv, service } = envWith();
    const fields = validFields();
    const response = asResponse(await submit({ ...fields, website: "" }, { json: false, env: testEnv }));

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/Contactus#contact-form");
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith("push-toast="));
    expect(flash, "the push-toast cookie").toBeDefined();
    const { toast } = await readFlashToast(new Request(ORIGIN, { headers: { Cookie: flash!.split(";")[0]! } }), readConfig(env));
    expect(toast).toMatchObject({ type: "success", message: SENT });

    expect(await onlyRow(fields.subject!)).toMatchObject({ status: "sent", attempts: 1 });
    expect((await recorded(service)).map((request) => request.fields.subject)).toEqual([fields.subject]);
  });
});

describe("the mail provider fails: the visitor is still told it was sent, and the message waits for a retry", () => {
  const cases: { mode: FakeMode; texts: string[] }[] = [
    { mode: "400", texts: ["400 Bad Request", "EMAILJS_SERVICE_ID", 'EmailJS said: "The service ID is invalid"'] },
    {
      mode: "403",
      texts: [
        "403 Forbidden",
        "API calls are disabled for non-browser applications",
        "Account → Security",
        'turn on "Allow EmailJS API for non-browser applications"',
      ],
    },
    { mode: "423", texts: ["423 Locked", "the EmailJS account is blocked"] },
    { mode: "429", texts: ["429 Too Many Requests", "Will retry."] },
    { mode: "500", texts: ["500: EmailJS is having trouble", "Will retry."] },
    { mode: "drop", texts: ["Network error", "EmailJS could not be reached", "Will retry."] },
  ];

  it.each(cases)("mode $mode: success answer; pending, 1 attempt, next try in about a minute, readable last error", async ({ mode, texts }) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { env: testEnv, service } = envWith();
    await setMode(service, mode);
    const fields = validFields();

    expect(await json(await submit(fields, { env: testEnv }))).toEqual({ status: 200, body: { ok: true, message: SENT } });

    const row = await onlyRow(fields.subject!);
    expect(row).toMatchObject({ status: "pending", attempts: 1, sent_at: null });
    const wait = row.next_attempt_at - row.received_at;
    expect(wait).toBeGreaterThanOrEqual(MINUTE);
    expect(wait).toBeLessThan(MINUTE + 20_000);
    for (const text of texts) expect(row.last_error).toContain(text);

    const requests = await recorded(service);
    expect(requests.map((request) => [request.mode, request.fields.subject])).toEqual([[mode, fields.subject]]);
  });

  it("the same failure without JavaScript: 303 with the success toast", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { env: testEnv, service } = envWith();
    await setMode(service, "500");
    const fields = validFields();
    const response = asResponse(await submit(fields, { json: false, env: testEnv }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/Contactus#contact-form");
    expect(await onlyRow(fields.subject!)).toMatchObject({ status: "pending", attempts: 1 });
  });
});

describe("invalid input: 400 with the field's message, nothing stored, nothing relayed", () => {
  const valid = validFields();
  const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
  const cases: { name: string; fields: Fields; errors: Record<string, string> }[] = [
    { name: "no name", fields: without("name"), errors: { name: V.name } },
    { name: "no email", fields: without("email"), errors: { email: V.email } },
    { name: "no subject", fields: without("subject"), errors: { subject: V.subject } },
    { name: "no message", fields: without("message"), errors: { message: V.message } },
    { name: "a name of spaces", fields: { ...valid, name: "   " }, errors: { name: V.name } },
    { name: "an empty email", fields: { ...valid, email: "" }, errors: { email: V.email } },
    { name: "an empty subject", fields: { ...valid, subject: "" }, errors: { subject: V.subject } },
    { name: "a message of spaces", fields: { ...valid, message: " \n " }, errors: { message: V.message } },
    { name: "an email with a space", fields: { ...valid, email: "amina yusuf@example.com" }, errors: { email: V.emailInvalid } },
    { name: "an email without @", fields: { ...valid, email: "amina.example.com" }, errors: { email: V.emailInvalid } },
    { name: "a message of 5001 characters", fields: { ...valid, message: "x".repeat(5001) }, errors: { message: V.tooLong(5000) } },
    { name: "a name of 101 characters", fields: { ...valid, name: "n".repeat(101) }, errors: { name: V.tooLong(100) } },
    { name: "an email of 255 characters", fields: { ...valid, email: `${"e".repeat(243)}@example.com` }, errors: { email: V.tooLong(254) } },
    { name: "a subject of 201 characters", fields: { ...valid, subject: "s".repeat(201) }, errors: { subject: V.tooLong(200) } },
    { name: "nothing at all", fields: {}, errors: { name: V.name, email: V.email, subject: V.subject, message: V.message } },
    // Issue 22: a line break in a field the mail provider may put in a header (or a greeting) never reaches it.
    { name: "CR/LF in the name", fields: { ...valid, name: "Amina\r\nBcc: list@example.com" }, errors: { name: V.oneLine } },
    { name: "LF in the subject", fields: { ...valid, subject: "Quote\nBcc: list@example.com" }, errors: { subject: V.oneLine } },
    { name: "a Unicode line separator in the subject", fields: { ...valid, subject: "Quote\u2028Bcc: x@example.com" }, errors: { subject: V.oneLine } },
  ];

  it.each(cases)("$name", async ({ fields, errors }) => {
    const { env: testEnv, service } = envWith();
    const before = await rows("contact_messages");

    expect(await json(await submit(fields, { env: testEnv }))).toEqual({ status: 400, body: { ok: false, formError: null, errors } });

    expect(await rows("contact_messages")).toBe(before);
    expect(await recorded(service)).toEqual([]);
  });

  it("the limits themselves are accepted: a 5000-character message and a 200-character subject", async () => {
    const base = validFields();
    const fields: Fields = { ...base, subject: `${base.subject} `.padEnd(200, "s"), message: "m".repeat(5000) };
    expect(fields.subject).toHaveLength(200);
    expect((await json(await submit(fields))).status).toBe(200);
    expect((await onlyRow(fields.subject!)).message).toHaveLength(5000);
  });

  // Browsers post a textarea's line breaks as CRLF but count each as one character against maxlength: a message
  // the form accepts must not be refused for its line breaks.
  it("a 5000-character message with line breaks, posted as the browser does (CRLF), is accepted and stored with \\n", async () => {
    const typed = `${"x".repeat(2500)}\n${"y".repeat(2499)}`; // 5000 characters in the textarea
    expect(typed).toHaveLength(5000);
    const fields: Fields = { ...validFields(), message: typed.replace(/\n/g, "\r\n") };

    expect(await json(await submit(fields))).toEqual({ status: 200, body: { ok: true, message: SENT } });
    expect((await onlyRow(fields.subject!)).message).toBe(typed);
  });

  it("without JavaScript: { render: { values as typed (no honeypot), errors, formError: null }, status: 400 }", async () => {
    const { env: testEnv, service } = envWith();
    const before = await rows("contact_messages");
    const typed = { name: " Amina ", email: "amina yusuf@example.com", subject: "", message: "Hello" };

    const outcome = await submit({ ...typed, website: "" }, { json: false, env: testEnv });

    expect(outcome).toEqual({
      render: { values: typed, errors: { email: V.emailInvalid, subject: V.subject }, formError: null },
      status: 400,
    });
    expect(await rows("contact_messages")).toBe(before);
    expect(await recorded(service)).toEqual([]);
  });
});

describe("the honeypot", () => {
  it("a filled `website` field gets the success answer, but nothing is stored or relayed", async () => {
    const { env: testEnv, service } = envWith();
    const before = await rows("contact_messages");
    const fields = { ...validFields(), website: "https://spam.example" };

    expect(await json(await submit(fields, { env: testEnv }))).toEqual({ status: 200, body: { ok: true, message: SENT } });
    const noScript = asResponse(await submit(fields, { json: false, env: testEnv }));
    expect(noScript.status).toBe(303);
    expect(noScript.headers.get("Location")).toBe("/Contactus#contact-form");

    expect(await rows("contact_messages")).toBe(before);
    expect(await recorded(service)).toEqual([]);
  });
});

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

describe("the message cannot be stored", () => {
  it("503 'Error The Email Is Not Sended!'; without JavaScript the form comes back as typed", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { env: testEnv, service } = envWith();
    const before = await rows("contact_messages");
    await env.DB.exec("CREATE TRIGGER contact_outage BEFORE INSERT ON contact_messages BEGIN SELECT RAISE(ABORT, 'outage'); END");
    try {
      const fields = validFields();
      expect(await json(await submit(fields, { env: testEnv }))).toEqual({
        status: 503,
        body: { ok: false, formError: NOT_SENT, errors: {} },
      });
      expect(await submit({ ...fields, website: "" }, { json: false, env: testEnv })).toEqual({
        render: { values: fields, errors: {}, formError: NOT_SENT },
        status: 503,
      });
    } finally {
      await env.DB.exec("DROP TRIGGER contact_outage");
    }
    expect(errors).toHaveBeenCalled();
    expect(await rows("contact_messages")).toBe(before);
    expect(await recorded(service)).toEqual([]);
  });
});

describe("configuration", () => {
  it("no mail provider: accepted and stored, waiting with the 'not configured' reason; the cron does nothing", async () => {
    const unconfigured = { ...env, ...NO_EMAILJS };
    expect(readConfig(unconfigured).emailjs).toBeNull();
    const fields = validFields();

    expect(await json(await submit(fields, { env: unconfigured }))).toEqual({ status: 200, body: { ok: true, message: SENT } });

    const row = await onlyRow(fields.subject!);
    expect(row).toMatchObject({ status: "pending", attempts: 0, last_error: NOT_CONFIGURED, sent_at: null });
    const outbox = d1OutboxStore(env.DB);
    const outcomes = await relayDue(outbox, readConfig(unconfigured), { now: () => Date.now() + 24 * 60 * MINUTE, minIntervalMs: 0 });
    expect(outcomes).toEqual({ sent: 0, retry: 0, failed: 0, waiting: 0, skipped: 0 });
    expect(await onlyRow(fields.subject!)).toEqual(row);

    // Once EmailJS is set up, the kept message goes out as the reason promises.
    const { env: configured, service } = envWith();
    expect(await relayMessage(outbox, readConfig(configured), row.id)).toBe("sent");
    expect(await onlyRow(fields.subject!)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect((await recorded(service)).map((request) => request.fields.subject)).toEqual([fields.subject]);
  });

  it("a half-set EmailJS (or Turnstile) configuration is refused, naming the missing keys", () => {
    const halfEmailJs = { ...env, ...NO_EMAILJS, EMAILJS_SERVICE_ID: "service_only" } as Env;
    expect(() => readConfig(halfEmailJs)).toThrow(
      "Invalid configuration: EmailJS is half set up; missing EMAILJS_CONTACT_TEMPLATE_ID, EMAILJS_PUBLIC_KEY, EMAILJS_PRIVATE_KEY",
    );
    const halfTurnstile = { ...env, TURNSTILE_SITE_KEY: "site-key" } as Env;
    expect(() => readConfig(halfTurnstile)).toThrow("Invalid configuration: Turnstile is half set up; missing TURNSTILE_SECRET_KEY");
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

describe("from the Arabic page: its action names the language (/api/contact?lang=ar)", () => {
  /** The same post as the Arabic form sends it. */
  const arabic = (fields: Fields, json: boolean, lang = "ar") => {
    const { env: testEnv } = envWith();
    const request = contactRequest(fields, { ip: freshIp(), json });
    return postContact(new Request(`${CONTACT_URL}?lang=${lang}`, request), testEnv);
  };
  const localeOf = async (subject: string) => (await onlyRow(subject)).locale;

  it("with JavaScript: the Arabic answer, and the message keeps its language for the inbox", async () => {
    const fields = validFields();
    expect(await json(await arabic(fields, true))).toEqual({ status: 200, body: { ok: true, message: ar.contact.sent } });
    expect(await localeOf(fields.subject!)).toBe("ar");
  });

  it("without JavaScript: 303 back to the Arabic page with the Arabic toast", async () => {
    const fields = validFields();
    const response = asResponse(await arabic({ ...fields, website: "" }, false));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/ar/Contactus#contact-form");
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith("push-toast="));
    const { toast } = await readFlashToast(new Request(ORIGIN, { headers: { Cookie: flash!.split(";")[0]! } }), readConfig(env));
    expect(toast).toMatchObject({ type: "success", message: ar.contact.sent });
  });

  it("bad input: 400 with each field's message in Arabic, nothing stored", async () => {
    const fields: Fields = { ...validFields(), name: "", email: "not an email" };
    const answer = await json(await arabic(fields, true));
    expect(answer).toMatchObject({ status: 400, body: { errors: { name: ar.contact.validation.nameRequired, email: ar.contact.validation.emailInvalid } } });
    expect(await rowsWithSubject(fields.subject!)).toHaveLength(0);
  });

  it("a language the site does not have is English (the page names only en or ar)", async () => {
    const fields = validFields();
    expect(await json(await arabic(fields, true, "fr"))).toEqual({ status: 200, body: { ok: true, message: SENT } });
    expect(await localeOf(fields.subject!)).toBe("en");
  });
});
