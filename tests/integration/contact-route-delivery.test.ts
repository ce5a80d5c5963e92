// POST /api/contact (workers/contact.ts), called the way the worker calls it, against a real D1 and the loopback
// fake EmailJS: a valid message is stored in the outbox and sent with exactly the EmailJS fields; when the mail
// provider fails, is not configured, or the message cannot be stored, what the visitor is told and what is kept.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { d1OutboxStore } from "~/backend/d1/outbox.server";
import { relayDue, relayMessage } from "~/features/contact/contact-relay.server";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import type { FakeMode } from "../support/fake-emailjs";
import { envWith, json, MINUTE, NO_EMAILJS, onlyRow, recorded, SENT, setMode, submitter, validFields } from "./contact-helpers";
import { asResponse, rows } from "./helpers";
import { addressesIn, ORIGIN } from "./requests";

const NOT_SENT = "Error The Email Is Not Sended!";
const NOT_CONFIGURED = "mail-provider-not-configured"; // the reason stored; the inbox words it

// This file's own 10.181.x.x range of client addresses (the contact route's other test files have theirs).
const submit = submitter(addressesIn(181));

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
    const halfEmailJs = { ...env, ...NO_EMAILJS, EMAILJS_SERVICE_ID: "service_only" };
    expect(() => readConfig(halfEmailJs)).toThrow(
      "Invalid configuration: EmailJS is half set up; missing EMAILJS_CONTACT_TEMPLATE_ID, EMAILJS_PUBLIC_KEY, EMAILJS_PRIVATE_KEY",
    );
    const halfTurnstile = { ...env, TURNSTILE_SITE_KEY: "site-key" };
    expect(() => readConfig(halfTurnstile)).toThrow("Invalid configuration: Turnstile is half set up; missing TURNSTILE_SECRET_KEY");
  });
});
