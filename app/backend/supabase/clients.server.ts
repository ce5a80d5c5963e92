// The three Supabase clients of one request.
import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { SupabaseConfig } from "~/platform/core/config.server";
import { usesSecureCookies } from "~/platform/core/transport.server";
import { BackendError } from "~/backend/port.server";

export type SupabaseClients = {
  /** The visitor's client: their session in cookies, the public key; row-level security applies. */
  user: SupabaseClient;
  /** No session at all, the public key: public content. */
  anon: SupabaseClient;
  /** The service role, on the server only: accounts, staff operations after the route's admin guard, the outbox. */
  service: SupabaseClient;
  /** A fresh client with no cookies, for one password-reset exchange. */
  recovery: () => SupabaseClient;
};

const STATELESS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } } as const;

/** A client with no session. */
const stateless = (url: string, key: string): SupabaseClient =>
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- with no Database type, supabase-js leaves the schema-name parameter `any` where SupabaseClient says "public": the same untyped client
  createClient(url, key, STATELESS);

export function supabaseClients(config: SupabaseConfig, request: Request, responseHeaders: Headers): SupabaseClients {
  const secure = usesSecureCookies(request);
  const user = createServerClient(config.url, config.anonKey, {
    cookies: {
      getAll: () => parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({ name, value: value ?? "" })),
      // Every cookie the session changes (sign-in, refresh, sign-out) reaches this request's response, with
      // the no-cache headers @supabase/ssr asks for (the worker adds responseHeaders to every response).
      setAll: (cookies, headers) => {
        for (const { name, value, options } of cookies) responseHeaders.append("Set-Cookie", serializeCookieHeader(name, value, options));
        for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
      },
    },
    // Only the server reads the session: the browser's scripts never need it.
    cookieOptions: { httpOnly: true, secure, sameSite: "lax", path: "/" },
  });
  return {
    user,
    anon: stateless(config.url, config.anonKey),
    service: stateless(config.url, config.serviceRoleKey),
    recovery: () => stateless(config.url, config.anonKey),
  };
}

/** Postgres error codes the adapter answers itself (the rest are BackendErrors). */
export const PG = { uniqueViolation: "23505", foreignKeyViolation: "23503" } as const;

/** A Supabase answer. Its inferred data type is not trusted: callers name the row shape they selected. */
type Result = { data: unknown; error: { message: string; code?: string } | null };

/** The data of a Supabase call, or its failure as a BackendError with Supabase's own message. */
export function check<T>({ data, error }: Result): T {
  failIf(error);
  return data as T;
}

/** For calls that answer only an error (auth.signOut, auth.updateUser). */
export function failIf(error: { message: string } | null): void {
  if (error) throw new BackendError(error.message);
}

/** Like `check`, but hands back one Postgres error code the caller turns into an answer. */
export function checkExcept<T>(result: Result, code: string): T | typeof CONFLICT {
  if (result.error?.code === code) return CONFLICT;
  return check<T>(result);
}
export const CONFLICT = Symbol("conflict");

/** A value matched literally by PostgREST's like/ilike (its own wildcard is `*`; `%`, `_` and `\\` are escaped). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
