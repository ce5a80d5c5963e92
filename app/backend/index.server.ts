import { readConfig } from "~/lib/config.server";
import { createD1Backend } from "./d1/index.server";
import type { Backend } from "./port.server";

export type { Backend } from "./port.server";

type BackendOptions = { env: Env; request: Request };

/**
 * Builds the backend for one request. The Supabase adapter (selected by configuration) joins
 * here later; routes only ever see the Backend port.
 */
export function createBackend({ env, request }: BackendOptions): Backend {
  return createD1Backend({ env, request, sessionSecret: readConfig(env).SESSION_SECRET });
}
