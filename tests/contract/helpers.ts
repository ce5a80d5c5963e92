// Helpers of the Supabase adapter's contract tests: backends built by createBackend for one request (the
// worker's bindings point at the Supabase double), the double's control endpoints, and `step`, which runs
// adapter calls and fails when any request they made was not in the double's table of allowed shapes.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createBackend } from "~/backend/index.server";
import { SAMPLE_PASSWORD } from "../../seed/content";
import type { Coverage, ObjectListing, PersonFixture, RecordedRequest } from "../support/supabase-double/index";

export const ORIGIN = "http://127.0.0.1:8787";
export const ADMIN = "admin@example.com";
export const INTERPRETER = "interpreter@example.com";
export const NO_PASSWORD = "linh.tran@example.com";
export { SAMPLE_PASSWORD };

type SupabaseBindings = { SUPABASE_URL: string; SUPABASE_ANON_KEY: string; SUPABASE_SERVICE_ROLE_KEY: string };
export const bindings = env as unknown as Env & SupabaseBindings;
export const DOUBLE_URL = bindings.SUPABASE_URL;
/** The session cookie of @supabase/ssr for this project URL (sb-<first label of the host>-auth-token). */
export const AUTH_COOKIE = `sb-${new URL(DOUBLE_URL).hostname.split(".")[0]}-auth-token`;

/** A backend for one request, as the worker builds it; with a cookie it acts as that signed-in browser. */
export function backendFor(cookie?: string, url = `${ORIGIN}/Dashboard`, headers: Record<string, string> = {}) {
  return createBackend({ env, request: new Request(url, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } }) });
}

async function control(path: string, init?: RequestInit) {
  const response = await fetch(`${DOUBLE_URL}/__double/${path}`, init);
  if (!response.ok) throw new Error(`double ${path}: ${response.status} ${await response.text()}`);
  return response;
}

export const double = {
  reset: () => control("reset", { method: "POST" }),
  lastSeq: async () => Number((await control("requests?since=1e12")).headers.get("x-double-last-seq")),
  requests: async (since = 0) => await (await control(`requests?since=${since}`)).json<RecordedRequest[]>(),
  violations: async (since = 0) => await (await control(`violations?since=${since}`)).json<{ url: string; reasons: string[] }[]>(),
  coverage: async () => await (await control("coverage")).json<Coverage>(),
  coverageText: async () => (await control("coverage?format=text")).text(),
  table: async <T = Record<string, unknown>>(name: string) => await (await control(`tables/${name}`)).json<T[]>(),
  empty: (name: string) => control(`tables/${name}`, { method: "DELETE" }),
  people: async (people: PersonFixture[]) => await (await control("people", { method: "POST", body: JSON.stringify(people) })).json<{ id: string }[]>(),
  clock: (advanceSeconds: number) => control("clock", { method: "POST", body: JSON.stringify({ advanceSeconds }) }),
  /** Changes rows of a public table directly (not through the API): `where` columns equal, `set` the new values. */
  patch: async <T = Record<string, unknown>>(name: string, where: Record<string, unknown>, set: Record<string, unknown>) =>
    await (await control(`tables/${name}`, { method: "PATCH", body: JSON.stringify({ where, set }) })).json<T[]>(),
  /** The objects in the media bucket (the sample images and what the adapter uploaded), without their bytes. */
  objects: async () => await (await control("storage")).json<ObjectListing[]>(),
  /** One object's bytes and Content-Type, or null when the bucket does not hold it. */
  object: async (path: string) => {
    const response = await fetch(`${DOUBLE_URL}/__double/storage/${path.split("/").map(encodeURIComponent).join("/")}`);
    if (response.status === 404) return null;
    return { contentType: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
  },
  /** The objects in the private bucket of orders' files, without their bytes. */
  files: async () => await (await control("files")).json<ObjectListing[]>(),
  /** One private object's bytes and Content-Type, or null when the bucket does not hold it. */
  file: async (key: string) => {
    const response = await fetch(`${DOUBLE_URL}/__double/files/${key.split("/").map(encodeURIComponent).join("/")}`);
    if (response.status === 404) return null;
    return { contentType: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
  },
  /** The next `times` (1) requests of this shape fail with this answer (500 unexpected_failure) instead of being served. */
  fault: (shape: string, failure: { status?: number; code?: string; message?: string; times?: number } = {}) =>
    control("faults", { method: "POST", body: JSON.stringify({ shape, ...failure }) }),
  /** false: GoTrue before v2.196.0, which accepts a banned user's unexpired access token (a reset restores true). */
  gotrue: (config: { rejectBannedAccessTokens: boolean }) => control("gotrue", { method: "POST", body: JSON.stringify(config) }),
};

export type Step<T> = { result: T; requests: RecordedRequest[]; shapes: (string | null)[] };

/** Each request as "<shape> <credentials>": what the adapter asked for, and with which key (anon, user or service). */
export const who = (requests: Pick<RecordedRequest, "shape" | "credentials">[]) => requests.map(({ shape, credentials }) => `${shape} ${credentials}`);
/** A request's query parameters as an object (of a repeated one, the last value). */
export const paramsOf = (request: Pick<RecordedRequest, "url">) => Object.fromEntries(new URL(request.url, DOUBLE_URL).searchParams);
export const pathOf = (request: Pick<RecordedRequest, "url">) => new URL(request.url, DOUBLE_URL).pathname;

/** Runs adapter calls; returns their result and the requests the double saw, and fails on any violation. */
export async function step<T>(run: () => Promise<T>): Promise<Step<T>> {
  const before = await double.lastSeq();
  const result = await run();
  const requests = (await double.requests(before)).filter((request) => !request.probe);
  expect(
    requests.filter((request) => request.violation).map(({ url, violation }) => ({ url, violation })),
    "requests the double does not allow",
  ).toEqual([]);
  return { result, requests, shapes: requests.map((request) => request.shape) };
}

/** The Cookie header a browser sends back after these Set-Cookie headers (cleared cookies left out). */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs in through the adapter (a backend for one request, by default to /Dashboard) and returns the browser's cookies. */
export async function signIn(email: string, password = SAMPLE_PASSWORD, backend = backendFor()) {
  const result = await backend.auth.signIn({ email, password });
  if (!result.ok) throw new Error(`sign-in of ${email} failed: ${result.reason}`);
  return { cookie: cookieHeader(backend.responseHeaders), user: result.user, backend };
}

/** The session JSON inside the @supabase/ssr cookie ("base64-" + base64url, maybe in chunks .0, .1, …). */
export function sessionOf(cookie: string): { access_token: string; refresh_token: string; expires_at: number; [key: string]: unknown } {
  const pairs = cookie.split("; ").map((pair) => pair.split("=") as [string, string]);
  const whole = pairs.find(([name]) => name === AUTH_COOKIE)?.[1];
  const chunks = pairs.filter(([name]) => name.startsWith(`${AUTH_COOKIE}.`)).sort(([a], [b]) => Number(a.split(".").at(-1)) - Number(b.split(".").at(-1)));
  const value = whole ?? chunks.map(([, chunk]) => chunk).join("");
  return JSON.parse(fromBase64Url(value.replace(/^base64-/, ""))) as ReturnType<typeof sessionOf>;
}

/** A cookie header carrying this session instead (one cookie, the way @supabase/ssr writes a short one). */
export function cookieWithSession(session: object): string {
  return `${AUTH_COOKIE}=base64-${toBase64Url(JSON.stringify(session))}`;
}

export function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** A raw request to the double from the test itself (X-Double-Probe: never counted as the adapter's). */
export function probe(path: string, init: RequestInit & { key?: "anon" | "service" } = {}) {
  const key = init.key === "service" ? bindings.SUPABASE_SERVICE_ROLE_KEY : bindings.SUPABASE_ANON_KEY;
  const headers = new Headers(init.headers);
  headers.set("X-Double-Probe", "1");
  if (!headers.has("apikey")) headers.set("apikey", key);
  if (!headers.has("Authorization")) headers.set("Authorization", `Bearer ${key}`);
  return fetch(`${DOUBLE_URL}${path}`, { ...init, headers });
}

export const idOf = async (email: string) => {
  const row = (await double.table<{ id: string; email: string }>("users")).find((user) => user.email.toLowerCase() === email.toLowerCase());
  if (!row) throw new Error(`no users row for ${email}`);
  return row.id;
};

/** The seeded admin's and interpreter's ids (new ones after each reset of the double). */
export const staffIds = () => Promise.all([idOf(ADMIN), idOf(INTERPRETER)]);

export const languageIdOf = async (name: string) => {
  const row = (await double.table<{ id: number; name: string }>("languages")).find((language) => language.name === name);
  if (!row) throw new Error(`no language ${name}`);
  return row.id;
};

/**
 * A customer, as a booking makes one: a one-hour video appointment in `languageId` at `startsAt`, asked for a day
 * before, under the private link's hash `tokenHash`. Answers the customer's id.
 */
export async function bookedCustomer(contact: { name: string; email: string; organisation?: string }, languageId: number, startsAt: number, tokenHash: string) {
  const made = await backendFor().appointments.request(
    {
      contact: { name: contact.name, email: contact.email, phone: "", organisation: contact.organisation ?? "" },
      ...{ languageId, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: startsAt, blockedTo: startsAt + 3_600_000 },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en", tokenHash, tokenSealed: "sealed" },
    },
    startsAt - 86_400_000,
  );
  if (!made.ok) throw new Error(made.reason);
  return (await backendFor().appointments.get(made.id))!.customerId;
}
