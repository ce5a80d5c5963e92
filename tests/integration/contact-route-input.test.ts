// POST /api/contact (workers/contact.ts), called the way the worker calls it, against a real D1 and the loopback
// fake EmailJS: what a visitor is told about what they typed (each field's message, in English or, from the
// Arabic page, in Arabic), the honeypot, and that refused input is neither stored nor relayed.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import { ar } from "~/i18n";
import {
  CONTACT_URL,
  contactRequest,
  envWith,
  type Fields,
  json,
  onlyRow,
  postContact,
  recorded,
  rowsWithSubject,
  SENT,
  submitter,
  validFields,
} from "./contact-helpers";
import { asResponse, rows } from "./helpers";
import { addressesIn, ORIGIN } from "./requests";

const V = {
  name: "Please enter your name.",
  email: "Please enter your email.",
  emailInvalid: "Please enter an email like name@example.com (no spaces).",
  subject: "Please enter a subject.",
  message: "Please enter a message.",
  tooLong: (max: number) => `This is too long (at most ${max} characters).`,
  oneLine: "Please keep this on one line.",
};

// This file's own 10.182.x.x range of client addresses (the contact route's other test files have theirs).
const freshIp = addressesIn(182);
const submit = submitter(freshIp);

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
