// The password-reset e-mail. With EmailJS configured (and its reset template set) the link goes out
// through the same relay as the contact form. Otherwise it is printed to the server log — but only when the
// site runs on this machine (a loopback address), so a deployed worker never logs a usable reset link.
import type { AppConfig } from "~/platform/core/config.server";
import { isLoopbackHost } from "~/platform/core/transport.server";
import { sendWithEmailJs } from "~/platform/mail/emailjs.server";

export function isLocalRequest(request: Request): boolean {
  return isLoopbackHost(new URL(request.url).hostname);
}

type ResetEmail = { request: Request; config: AppConfig; email: string; link: string };

export async function sendPasswordResetLink({ request, config, email, link }: ResetEmail): Promise<void> {
  const emailjs = config.emailjs;
  if (emailjs?.resetTemplateId) {
    // Template variables: to_email and reset_link (README, "Contact form and e-mail").
    const result = await sendWithEmailJs(emailjs, emailjs.resetTemplateId, { to_email: email, reset_link: link });
    if (!result.ok) console.error(`[password-reset] The reset e-mail could not be sent: ${result.error}`);
    return;
  }
  if (isLocalRequest(request)) {
    console.log(`[password-reset] No mail provider is configured. Reset link for ${email}: ${link}`);
  } else {
    console.warn("[password-reset] A reset was requested but no mail provider is configured; no e-mail was sent.");
  }
}
