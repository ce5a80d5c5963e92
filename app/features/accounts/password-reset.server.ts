// Mailing a password-reset link: asked for at /Forgetpassword by anyone, or sent by an administrator from the
// Users page. Both go through the same hourly cap per address and leave the same security event.
import { accountGuard } from "./account-guard.server";
import type { RequestContext } from "~/request/context.server";
import { sendPasswordResetLink } from "./reset-link-mail.server";
import { recordSecurityEvent } from "~/request/security-log.server";

type ResetRequest = { app: RequestContext; request: Request; email: string; actor: string | null };

/**
 * At most 3 reset e-mails per address an hour, counted for every address (so the answer takes as long whether or
 * not it has an account). Past that nothing happens — not even a new link that would void the last one. The mail
 * and the event are written after the response, so the answer takes as long whether or not the account exists.
 */
export async function mailResetLink({ app, request, email, actor }: ResetRequest): Promise<"sent" | "capped" | "no-account"> {
  const later = (work: Promise<unknown>) => app.cloudflare.ctx.waitUntil(work);
  if (!(await accountGuard(app.cloudflare.env, email).takeResetMail())) {
    later(recordSecurityEvent(app, request, { kind: "rate-limited", account: email, actor, detail: "reset e-mails per hour" }));
    return "capped";
  }
  const ticket = await app.backend.auth.requestPasswordReset(email);
  if (!ticket) return "no-account";
  const link = new URL(`/Resetpassword?${new URLSearchParams({ token: ticket.token })}`, request.url).href;
  later(
    Promise.all([
      sendPasswordResetLink({ request, config: app.config, email: ticket.email, link }),
      recordSecurityEvent(app, request, { kind: "reset-link-sent", account: ticket.email, actor }),
    ]),
  );
  return "sent";
}
