// Per-client rate limits with the Workers rate-limit binding. In production Cloudflare sets
// CF-Connecting-IP itself (a client cannot choose it); locally miniflare sets it to the client's address.
import { en } from "~/i18n";
import { formFailure } from "./action-result.server";
import { keptValues } from "./forms.server";

export type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };

const RETRY_AFTER_SECONDS = 60;

export async function withinRateLimit(limiter: Limiter, request: Request): Promise<boolean> {
  const key = request.headers.get("CF-Connecting-IP") ?? "unknown-client";
  const { success } = await limiter.limit({ key });
  return success;
}

/**
 * The 429 answer for a form posted past its limit (the typed values come back, never a password),
 * or null while the client is within it. Callers check this before any password is looked at.
 */
export async function refuseOverLimit(limiter: Limiter, request: Request, formData: FormData) {
  if (await withinRateLimit(limiter, request)) return null;
  return formFailure(
    { values: keptValues(formData), formError: en.auth.tooManyAttempts },
    { status: 429, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}
