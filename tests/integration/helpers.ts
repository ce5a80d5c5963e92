import { env } from "cloudflare:test";
import { beforeAll, expect } from "vitest";
import type { FormFailure } from "~/request/action-result.server";
import { readConfig } from "~/platform/core/config.server";
import { readFlashToast } from "~/request/toast.server";
import { createD1Backend } from "~/backend/d1/index.server";
import { isSeeded, seedSampleContent } from "~/backend/d1/seed.server";
import * as quote from "~/routes/public/quote";
import { SAMPLE_PASSWORD, sampleContent } from "../../seed/content";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

/**
 * The sample content, unless the file's database holds it already. Each file starts from a reset database (setup.ts),
 * but twice in a full run a file's seed met sample content written after that reset (a write the file before left
 * running; not found yet): seeding again then failed on the languages' unique names.
 */
export async function seed() {
  if (await isSeeded(env.DB)) return;
  await seedSampleContent(env.DB, sampleContent, SAMPLE_PASSWORD);
}

/** A browser on our own site with addresses of its own (so rate limits never carry over), for the files that need no range of their own. */
export const sameSite = browser({ addresses: addressesIn(97), headers: { Origin: ORIGIN } });

/** A valid quote request's fields (Arabic into English, the first service), with `fields` typed over them. */
export async function validQuoteFields(fields: Record<string, string | string[]> = {}): Promise<Record<string, string | string[]>> {
  return {
    service: String((await env.DB.prepare("SELECT id FROM services ORDER BY id LIMIT 1").first<{ id: number }>())!.id),
    source: String(await languageId("Arabic")),
    targets: [String(await languageId("English"))],
    deadline: "2031-03-01",
    details: "",
    company: "",
    phone: "",
    consent: "on",
    ...fields,
  };
}

/**
 * A quote request through /Quote on `testEnv` (Arabic into English, the first service), with `fields` typed over it;
 * the relay right after the response has run when it returns. Its order's id and token, as the redirect names it.
 */
export async function postQuoteRequest(fields: Record<string, string>, testEnv: Env = env) {
  const args = sameSite.upload("/Quote", await validQuoteFields(fields), undefined, { env: testEnv });
  const response = asResponse(await settled(quote.action(args), args));
  const token = /\/Quote\/([A-Za-z0-9_-]{43})\?received=1$/.exec(response.headers.get("Location")!)![1]!;
  const id = (await env.DB.prepare("SELECT id FROM orders ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;
  return { token, id };
}

/** The payload and init of a loader's `data(...)` result. */
export function unwrap<T>(result: T) {
  const value = result as unknown as { type: string; data: unknown; init?: ResponseInit | null };
  if (value?.type !== "DataWithResponseInit") throw new Error("expected data() from the loader");
  return { data: value.data as T extends { data: infer D } ? D : never, headers: new Headers(value.init?.headers) };
}

/** A backend for one request; with a cookie it acts as that signed-in browser. */
export function backendFor(cookie?: string) {
  const request = new Request(`${ORIGIN}/Dashboard`, cookie === undefined ? {} : { headers: { Cookie: cookie } });
  return createD1Backend({ env, request, sessionSecret: env.SESSION_SECRET });
}

/** A signed-in browser's cookie (name=value). */
export async function cookieOf(email: string, password = SAMPLE_PASSWORD) {
  const backend = backendFor();
  const result = await backend.auth.signIn({ email, password });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
  return backend.responseHeaders.get("Set-Cookie")!.split(";")[0]!;
}

/**
 * The sample content seeded before this file's tests, and the sample admin's and interpreter's cookies, each signed in
 * then (filled in by that beforeAll: read them in hooks and tests).
 */
export function seededAndSignedIn(): { admin: string; interpreter: string } {
  const cookies = { admin: "", interpreter: "" };
  beforeAll(async () => {
    await seed();
    cookies.admin = await cookieOf("admin@example.com");
    cookies.interpreter = await cookieOf("interpreter@example.com");
  });
  return cookies;
}

/** What a `data(..., { status })` result or thrown value carries. */
export function statusOf(value: unknown): number | undefined {
  if (value instanceof Response) return value.status;
  return (value as { init?: ResponseInit | null } | null)?.init?.status;
}

export function asResponse(value: unknown): Response {
  if (!(value instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
}

/** The value a loader/action/guard throws (a redirect or an error response); fails when it does not throw. */
export async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The `n` of a `SELECT COUNT(*) AS n …`. */
export async function count(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}
export const rows = (table: string) => count(`SELECT COUNT(*) AS n FROM ${table}`);

export async function idOf(email: string) {
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>();
  if (!row) throw new Error(`no users row for ${email}`);
  return row.id;
}

export async function languageId(name: string) {
  const row = await env.DB.prepare("SELECT id FROM languages WHERE name = ?").bind(name).first<{ id: number }>();
  if (!row) throw new Error(`no language ${name}`);
  return row.id;
}

export const usersRow = (id: string) =>
  env.DB.prepare(`SELECT full_name, email, phone, "Gender" AS gender, role FROM users WHERE id = ?`)
    .bind(id)
    .first<{ full_name: string; email: string; phone: string; gender: string; role: string }>();

/** A successful action: 302 back to the list, and the flash toast it carries. */
export async function redirected(result: unknown) {
  const response = asResponse(result);
  expect(response.status).toBe(302);
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("push-toast="));
  expect(setCookie, "the push-toast cookie").toBeDefined();
  const { toast } = await readFlashToast(new Request(ORIGIN, { headers: { Cookie: setCookie!.split(";")[0]! } }), readConfig(env));
  return { location: response.headers.get("Location"), toast };
}

/** A failed action: its status and the FormFailure it answers. */
export function failure(result: unknown) {
  expect(result instanceof Response, "a data() answer, not a redirect").toBe(false);
  return { status: statusOf(result), ...(unwrap(result).data as FormFailure) };
}

/** The local rate limiter counts in fixed 60-second windows: don't start a count right before one ends. */
export async function startOfRateWindow() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
}
