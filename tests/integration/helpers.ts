import { createExecutionContext, env } from "cloudflare:test";
import { seedSampleContent } from "~/backend/d1/seed.server";
import { createRequestContext } from "~/lib/context.server";
import { SAMPLE_PASSWORD, sampleContent } from "../../seed/content";

export const ORIGIN = "http://127.0.0.1:8787";

export function seed() {
  return seedSampleContent(env.DB, sampleContent, SAMPLE_PASSWORD);
}

/** The arguments React Router passes a loader, with the same per-request context the worker builds. */
export function loaderArgs(path: string, init?: RequestInit) {
  const request = new Request(new URL(path, ORIGIN), init);
  const context = createRequestContext(request, env, createExecutionContext());
  return { request, context, params: {}, pattern: path, url: new URL(request.url) };
}

/** The payload and init of a loader's `data(...)` result. */
export function unwrap<T>(result: T) {
  const value = result as unknown as { type: string; data: unknown; init?: ResponseInit | null };
  if (value?.type !== "DataWithResponseInit") throw new Error("expected data() from the loader");
  return { data: value.data as T extends { data: infer D } ? D : never, headers: new Headers(value.init?.headers) };
}
