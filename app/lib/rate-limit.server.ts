// Per-client rate limits with the Workers rate-limit binding, keyed by clientKey (IPv4 address, IPv6 /64).
// The limit is checked before the form is read: a client past it costs no validation and no password check.
import { formFailure } from "./action-result.server";
import { clientKey } from "./client-key.server";
import type { RequestContext } from "./context.server";
import { keptValues } from "./forms.server";
import { messagesOfRequest } from "./locale";
import { recordSecurityEvent } from "./security-log.server";

export type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

const RETRY_AFTER_SECONDS = 60;

export async function withinRateLimit(limiter: Limiter, request: Request): Promise<boolean> {
  const { success } = await limiter.limit({ key: await clientKey(request) });
  return success;
}

/**
 * The 429 answer for a form posted past its limit, or null while the client is within it. Call it before
 * reading the form. A refused form still gets back what was typed (never a password): the body is at most
 * 64 KB (the worker's limit), and nothing in it is validated or checked.
 */
/** `t`: the answer's language — the URL's for public and sign-in forms, the person's own on the dashboard. */
export async function refuseOverLimit(limiter: Limiter, request: Request, app: Pick<RequestContext, "backend">, t = messagesOfRequest(request)) {
  if (await withinRateLimit(limiter, request)) return null;
  await recordSecurityEvent(app, request, { kind: "rate-limited", detail: new URL(request.url).pathname });
  const formData = await request.formData().catch(() => new FormData());
  return formFailure(
    { values: keptValues(formData), formError: t.auth.tooManyAttempts },
    { status: 429, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}
