import { readConfig } from "~/platform/core/config.server";
import { createD1Backend } from "./d1/index.server";
import type { Backend } from "./port.server";
import { createSupabaseBackend } from "./supabase/index.server";

export type { Backend } from "./port.server";

type BackendOptions = { env: Env; request: Request };

/**
 * Builds the backend for one request: Supabase when SUPABASE_URL and its two keys are set (a half-set
 * configuration stops with a message naming what is missing), the embedded D1 default otherwise.
 * Routes only ever see the Backend port.
 */
export function createBackend({ env, request }: BackendOptions): Backend {
  const config = readConfig(env);
  return config.supabase ? createSupabaseBackend(config.supabase, request) : createD1Backend({ env, request, sessionSecret: config.SESSION_SECRET });
}

/**
 * The backend of no visitor, for the work nobody's request starts: the cron's relays and clean-up, the call
 * switchboard's checks and its log. There is no session to read and no cookie to set: the auth store sees nobody
 * signed in (its request carries no cookie and never becomes a response).
 */
export function createServiceBackend(env: Env): Backend {
  return createBackend({ env, request: new Request("https://service.invalid/") });
}
