// Everything a loader or action needs for one request, built once, in one place (workers/app.ts), and handed to
// React Router as a typed RouterContextProvider (future.v8_middleware; React Router v8's only kind of context).
import { createContext, RouterContextProvider } from "react-router";
import { createBackend, type Backend } from "~/backend/index.server";
import type { ContactFormState } from "~/domain/contact";
import { readConfig, type AppConfig } from "~/platform/core/config.server";

export type RequestContext = {
  cloudflare: { env: Env; ctx: ExecutionContext };
  config: AppConfig;
  backend: Backend;
  /** Per-request CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  /** Set when /api/contact re-renders /Contactus after a failed post without JavaScript. */
  contactForm?: ContactFormState;
  /** Set when the worker refused a request's body (413, 415, 400): the page says why instead. */
  refusal?: { status: number };
};

const requestContext = createContext<RequestContext>();

export function createRequestContext(request: Request, env: Env, ctx: ExecutionContext): RequestContext {
  return {
    cloudflare: { env, ctx },
    config: readConfig(env),
    backend: createBackend({ env, request }),
    nonce: createNonce(),
  };
}

/** What React Router passes every loader, action and the document renderer as `context`. */
export function routerContextFor(app: RequestContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(requestContext, app);
  return provider;
}

/** This request's context, from the `context` argument of a loader or action. */
export function appContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
