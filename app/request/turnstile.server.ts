// Cloudflare Turnstile on the public forms (the contact form, quote requests), checked on the server with the
// secret key; only when it is configured.
import { TURNSTILE_FIELD } from "~/platform/page/bot-checks";
import type { AppConfig } from "~/platform/core/config.server";
import { formText } from "~/platform/page/form-text";

type Turnstile = NonNullable<AppConfig["turnstile"]>;

/** Whether the form's Turnstile token passes (the caller asks only when Turnstile is configured). */
export function passesTurnstile(turnstile: Turnstile, formData: FormData, request: Request): Promise<boolean> {
  return turnstileTokenPasses(turnstile, formText(formData, TURNSTILE_FIELD), request);
}

/** Whether a Turnstile token passes, wherever it came from (a form field; the call socket's query). */
export async function turnstileTokenPasses(turnstile: Turnstile, token: string, request: Request): Promise<boolean> {
  if (!token) return false;
  const body = new FormData();
  body.append("secret", turnstile.secretKey);
  body.append("response", token);
  const ip = request.headers.get("CF-Connecting-IP");
  if (ip) body.append("remoteip", ip);
  try {
    const response = await fetch(turnstile.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(10_000) });
    const outcome = await response.json<{ success?: boolean }>();
    return outcome.success === true;
  } catch (error) {
    console.error("[turnstile] Turnstile could not be verified:", error);
    return false;
  }
}
