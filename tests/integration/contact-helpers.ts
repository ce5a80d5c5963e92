// What the contact tests share: a worker env with its own EmailJS service id on the loopback fake, the
// fake's controls, and one post to /api/contact made the way the worker handles it.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { readConfig } from "~/platform/core/config.server";
import { handleContact, type ContactOutcome } from "../../workers/contact";
import type { FakeMode, RecordedRequest } from "../support/fake-emailjs";
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
  const testEnv = { ...env, EMAILJS_SERVICE_ID: service, ...overrides } as Env;
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
