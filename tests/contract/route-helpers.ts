// What the route contract tests of dashboard pages share: a route's arguments as React Router passes them (the
// signed-in cookie, the same-site Origin), a form post, an action run with the work it leaves for after the response,
// and what a route answered (a redirect, or the status and form failure of its data).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import { ORIGIN, step } from "./helpers";

export function routeArgs(path: string, cookie: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers: { Cookie: cookie, Origin: ORIGIN, ...(init.headers as Record<string, string>) } });
  const ctx = createExecutionContext();
  return {
    args: { request, context: routerContextFor(createRequestContext(request, env, ctx)), params, pattern: path, url: new URL(request.url) } as never,
    ctx,
  };
}

/** A form post (a repeated field as an array). */
export const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body };
};

/** Runs a route's action with the work it leaves for after the response (the e-mails' relay). */
export const acted = (run: (args: never) => Promise<unknown>, { args, ctx }: ReturnType<typeof routeArgs>) =>
  step(async () => {
    const answer = await run(args);
    await waitOnExecutionContext(ctx);
    return answer;
  });

/** A route's answer: a redirect's status and Location, or the status and form failure of the data it answered. */
export function answerOf(answer: unknown) {
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
  const { data, init } = answer as { data: { formError?: string | null; errors?: Record<string, string> }; init: { status: number } };
  return { status: init.status, formError: data.formError ?? null, errors: data.errors ?? {} };
}

/** The status of the guard's refusal a route throws (React Router's data(…, { status })), or null when it ran. */
export async function refusedStatus(run: () => Promise<unknown>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? null;
  }
}
