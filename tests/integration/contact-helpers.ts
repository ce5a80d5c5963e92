// What the contact tests share: a worker env with its own EmailJS service id on the loopback fake, the
// fake's controls, and one post to /api/contact made the way the worker handles it; for the route's tests, a
// valid message, the answer they expect, and the stored rows of a subject.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import type { MessageRow } from "~/backend/rows/contact-message.server";
import { readConfig } from "~/platform/core/config.server";
import { handleContact, type ContactOutcome } from "../../workers/contact";
import type { FakeMode, RecordedRequest } from "../support/fake-emailjs";
import { asResponse } from "./helpers";
import { ORIGIN } from "./requests";

export const CONTACT_URL = `${ORIGIN}/api/contact`;

/** Turnstile configured against the fake service's siteverify (a token passes when it is "pass"). */
export const TURNSTILE = {
  TURNSTILE_SITE_KEY: "site-key-test",
  TURNSTILE_SECRET_KEY: "secret-key-test",
  TURNSTILE_VERIFY_URL: `${env.EMAILJS_API_URL}/turnstile/siteverify`,
};

/** Every EmailJS setting blank: no mail provider configured. */
export const NO_EMAILJS = Object.fromEntries(
  ["EMAILJS_SERVICE_ID", "EMAILJS_CONTACT_TEMPLATE_ID", "EMAILJS_RESET_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY", "EMAILJS_PRIVATE_KEY"].map((name) => [name, ""]),
);

/** The worker's env with its own EmailJS service id (the fake keeps modes and records per service id). */
export function envWith(overrides: Record<string, string> = {}) {
  const service = `svc-${crypto.randomUUID()}`;
  const testEnv = { ...env, EMAILJS_SERVICE_ID: service, ...overrides };
  return { env: testEnv, config: readConfig(testEnv), service };
}

const fake = (path: string, service: string, init?: RequestInit) => fetch(`${env.EMAILJS_API_URL}${path}?service=${encodeURIComponent(service)}`, init);
export async function setMode(service: string, mode: FakeMode) {
  expect((await fake("/__mode", service, { method: "PUT", body: mode })).status).toBe(204);
}
export async function recorded(service: string) {
  return await (await fake("/__requests", service)).json<RecordedRequest[]>();
}

export type ContactRequestOptions = { ip: string; json?: boolean; headers?: Record<string, string>; method?: string };

/** A post of the contact form from our own site, as a script (JSON) or as a plain form would send it. */
export function contactRequest(fields: Record<string, string>, { ip, json = true, headers = {}, method = "POST" }: ContactRequestOptions) {
  const all: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": ip, ...headers };
  if (json) all.Accept = "application/json";
  return new Request(CONTACT_URL, { method, headers: all, body: method === "GET" ? undefined : new URLSearchParams(fields) });
}

/** One request to /api/contact; the immediate relay attempt (waitUntil) has finished when it returns. */
export async function postContact(request: Request, testEnv: Env = env): Promise<ContactOutcome> {
  const ctx = createExecutionContext();
  const outcome = await handleContact(request, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return outcome;
}

export const SENT = "Successfully The Email Is Sended!";
export const MINUTE = 60_000;

export type Fields = Record<string, string>;
type SubmitOptions = Partial<ContactRequestOptions> & { env?: Env };

/**
 * A test file's posts of the form: each from a fresh address of `addresses` (the file's own range, so the rate
 * limit of 5 per 60 s per address only applies where a test means it to) unless given one. The immediate relay
 * attempt has finished when a post returns.
 */
export function submitter(addresses: () => string) {
  return (fields: Fields, options: SubmitOptions = {}): Promise<ContactOutcome> =>
    postContact(contactRequest(fields, { ...options, ip: options.ip ?? addresses() }), options.env);
}

export async function json(outcome: ContactOutcome) {
  const response = asResponse(outcome);
  return { status: response.status, body: await response.json<Record<string, unknown>>() };
}

export const rowsWithSubject = async (subject: string) =>
  (await env.DB.prepare("SELECT * FROM contact_messages WHERE subject = ? ORDER BY id").bind(subject).all<MessageRow>()).results;
export async function onlyRow(subject: string) {
  const found = await rowsWithSubject(subject);
  expect(found, `rows with subject ${subject}`).toHaveLength(1);
  return found[0]!;
}

/** A valid message with a subject no other test uses. */
export const validFields = (): Fields => ({
  name: "Amina Yusuf",
  email: "amina.yusuf@example.com",
  subject: `Quote for a deposition ${crypto.randomUUID().slice(0, 8)}`,
  message: "We need a Somali interpreter in Cheyenne next Tuesday, 9 am to noon.",
});
