// How the integration tests make requests: a route's loader or action is called the way React Router calls it, with
// the per-request context the worker builds. A test file describes its browser once (`browser`: its own range of
// client addresses, whether it posts from our own site, its User-Agent), then gets and posts with it.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { RouterContextProvider } from "react-router";
import { createRequestContext, routerContextFor } from "~/request/context.server";

export const ORIGIN = "http://127.0.0.1:8787";

/** A posted form's fields: each value once, or each value of a list (a checkbox group, several files) in turn. */
export type Fields = Record<string, string | File | (string | File)[]>;

type Params = Record<string, string>;

/** What React Router passes a loader or action, and the execution context of what the route leaves running. */
export type RouteArgs<P extends Params = Params> = {
  request: Request;
  context: RouterContextProvider;
  params: P;
  pattern: string;
  url: URL;
  ctx: ExecutionContext;
};

/** A loader's or action's arguments for a request to `path`, with the context the worker builds on `testEnv`. */
export function routeArgs<P extends Params = Params>(path: string, init: RequestInit & { params?: P } = {}, testEnv: Env = env): RouteArgs<P> {
  const { params = {} as P, ...requestInit } = init;
  const request = new Request(new URL(path, ORIGIN), requestInit);
  const ctx = createExecutionContext();
  const context = routerContextFor(createRequestContext(request, testEnv, ctx));
  return { request, context, params, pattern: path, url: new URL(request.url), ctx };
}

/**
 * What a loader or action answered, once what it left running after the response (ctx.waitUntil: a relay, a
 * cache write) has finished too. A throw is passed on, after the wait.
 */
export async function settled<T>(answer: Promise<T>, args: { ctx: ExecutionContext }): Promise<T> {
  try {
    return await answer;
  } finally {
    await waitOnExecutionContext(args.ctx);
  }
}

/** A multipart form body: each field once, or each value of a list in turn. */
export function formBody(fields: Fields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return body;
}

/**
 * Fresh client addresses for one test file, in a /16 of its own (`10.<block>.x.y`), so that no file's requests meet a
 * rate limit another file's requests left behind (the files share one workerd, and its limiters).
 */
export function addressesIn(block: number): () => string {
  let n = 0;
  return () => {
    n++;
    return `10.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

/** What every request of a test file's browser carries. */
export type Browser = {
  /** A fresh client address (CF-Connecting-IP) for each request; without it, requests carry none. */
  addresses?: () => string;
  /** Headers on every request: Origin for a browser on our own site, a User-Agent, Accept. */
  headers?: Record<string, string>;
};

/** What one request adds: its own address, bindings, route params or headers. */
export type Sent<P extends Params = Params> = { ip?: string; env?: Env; params?: P; headers?: Record<string, string> };

/** The requests of one test file's browser; each signed in when given a cookie (name=value). */
export function browser({ addresses, headers = {} }: Browser = {}) {
  const send = <P extends Params>(path: string, init: RequestInit, cookie: string | undefined, sent: Sent<P>) => {
    const ip = sent.ip ?? addresses?.();
    const all = {
      ...(ip === undefined ? {} : { "CF-Connecting-IP": ip }),
      ...headers,
      ...(init.headers as Record<string, string> | undefined),
      ...(cookie ? { Cookie: cookie } : {}),
      ...sent.headers,
    };
    return routeArgs(path, { ...init, headers: all, params: sent.params }, sent.env);
  };
  return {
    get: <P extends Params>(path: string, cookie?: string, sent: Sent<P> = {}) => send(path, {}, cookie, sent),
    /** A form post as a browser without JavaScript sends it (application/x-www-form-urlencoded). */
    post: <P extends Params>(path: string, fields: Record<string, string>, cookie?: string, sent: Sent<P> = {}) =>
      send(path, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } }, cookie, sent),
    /** A multipart form post: files, lists of values. */
    upload: <P extends Params>(path: string, fields: Fields, cookie?: string, sent: Sent<P> = {}) =>
      send(path, { method: "POST", body: formBody(fields) }, cookie, sent),
  };
}
