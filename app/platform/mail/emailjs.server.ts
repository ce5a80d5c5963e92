// EmailJS's REST API, called from the worker with the private key (never from the browser):
// POST {apiUrl}/api/v1.0/email/send-form as multipart form data (SPEC §7).
import type { EmailJsConfig } from "~/platform/core/config.server";

/** SPEC §9: the mail client library version the original sent. */
export const EMAILJS_LIB_VERSION = "4.4.1";

export type SendResult = { ok: true } | { ok: false; error: string };

/**
 * Sends one e-mail through a template. A failure comes back as a message a person can act on
 * (what went wrong, and what to change), never thrown.
 */
export async function sendWithEmailJs(config: EmailJsConfig, templateId: string, params: Record<string, string>): Promise<SendResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(params)) form.append(name, value);
  form.append("lib_version", EMAILJS_LIB_VERSION);
  form.append("service_id", config.serviceId);
  form.append("template_id", templateId);
  form.append("user_id", config.publicKey);
  form.append("accessToken", config.privateKey);

  let response: Response;
  try {
    response = await fetch(`${config.apiUrl.replace(/\/+$/, "")}/api/v1.0/email/send-form`, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Network error: EmailJS could not be reached (${reason}). Will retry.` };
  }
  if (response.ok) return { ok: true };
  const detail = (await response.text().catch(() => "")).trim().slice(0, 200);
  return { ok: false, error: describeFailure(response.status, detail) };
}

function describeFailure(status: number, detail: string): string {
  const said = detail ? ` EmailJS said: "${detail}".` : "";
  switch (status) {
    case 400:
      return `400 Bad Request: EmailJS refused the parameters — check EMAILJS_SERVICE_ID, the template id and the template's variables (name, email, subject, message).${said}`;
    case 403:
      return `403 Forbidden: API calls are disabled for non-browser applications — in the EmailJS dashboard, Account → Security, turn on "Allow EmailJS API for non-browser applications".${said}`;
    case 423:
      return `423 Locked: the EmailJS account is blocked — check the account's status and plan in the EmailJS dashboard.${said}`;
    case 429:
      return `429 Too Many Requests: EmailJS's rate limit was hit. Will retry.${said}`;
    case 451:
      return `451 Unavailable For Headless Browser: EmailJS refused a non-browser client.${said}`;
    default:
      return status >= 500 ? `${status}: EmailJS is having trouble. Will retry.${said}` : `${status}: EmailJS answered with an unexpected error.${said}`;
  }
}
