// Outgoing e-mail. Until a mail provider is configured (the EmailJS relay of the contact-form issue),
// a password-reset link is printed to the server log — but only when the site runs on this machine
// (a loopback address), so a deployed worker never writes a usable reset link to its logs.

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function isLocalRequest(request: Request): boolean {
  return LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}

export async function sendPasswordResetLink({ request, email, link }: { request: Request; email: string; link: string }) {
  if (isLocalRequest(request)) {
    console.log(`[password-reset] No mail provider is configured. Reset link for ${email}: ${link}`);
  } else {
    console.warn("[password-reset] A reset was requested but no mail provider is configured; no e-mail was sent.");
  }
}
