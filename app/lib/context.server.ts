// Everything a loader or action needs for one request, built once, in one place (workers/app.ts).
import { createBackend, type Backend } from "~/backend/index.server";
import type { ContactFormState } from "~/domain/contact";
import { readConfig, type AppConfig } from "./config.server";

export type RequestContext = {
  cloudflare: { env: Env; ctx: ExecutionContext };
  config: AppConfig;
  backend: Backend;
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  /** Set when /api/contact re-renders /Contactus after a failed post without JavaScript. */
  contactForm?: ContactFormState;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}

export function createRequestContext(request: Request, env: Env, ctx: ExecutionContext): RequestContext {
  return {
    cloudflare: { env, ctx },
    config: readConfig(env),
    backend: createBackend({ env, request }),
    nonce: createNonce(),
  };
}

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
