// Invitations to sign in for a customer organisation (issue 27, docs/decisions/0040): stored (only the token's hash),
// e-mailed through the mail outbox, and relayed right after the response (the cron retries what fails). The stored
// e-mail never holds a working link: the token travels in it sealed under SESSION_SECRET, and the relay unseals it as
// the mail leaves (withInvitationLinks) — as the order e-mails' links are filled in. An e-mail that already has an
// account is invited the same way, and gets the same kind of e-mail (whose page then says "sign in instead").
import type { NewInvitation } from "~/backend/port-organisations.server";
import type { NewMail } from "~/domain/mail";
import { format, type Locale } from "~/i18n";
import { messagesFor, localizedPath } from "~/platform/page/locale";
import type { RequestContext } from "~/request/context.server";
import { sealStatusToken, unsealStatusToken } from "~/features/orders/status-token.server";
import { relayDueMails, type LinkFiller } from "~/features/orders/order-mail-relay.server";
import { outboxLinks } from "~/features/appointments/appointment-mail-relay.server";
import { withInvoiceLinks } from "~/features/billing/invoice-sending.server";

const KIND = "customer-invitation" satisfies NewMail["kind"];
/** Where the link's token goes in a stored e-mail: the sealed token, which only the relay can open. */
const SLOT = /\{invitation-token:([A-Za-z0-9_-]+)\}/g;
/** The address with its slot, and anything glued to it, for the sentence that replaces a dead link. */
const SLOT_WITH_ADDRESS = /\S*\{invitation-token:[A-Za-z0-9_-]+\}/g;

/** The invitation e-mail, in the inviter's language, with the link's token sealed in its body. */
export function invitationMail(
  { email, fullName, organisationName, sealed }: { email: string; fullName: string; organisationName: string; sealed: string },
  origin: string,
  locale: Locale,
): NewMail {
  const t = messagesFor(locale).organisations.mail;
  const link = `${origin}${localizedPath(locale, "/Invitation/")}{invitation-token:${sealed}}`;
  return {
    kind: KIND,
    to: email,
    subject: format(t.subject, { organisation: organisationName }),
    body: format(t.body, { name: fullName, organisation: organisationName, link }),
    orderId: null,
  };
}

/** The body to send: an invitation's slot filled with its token, unsealed now (a rotated secret: the sentence instead). */
export async function withInvitationLink(mail: Pick<NewMail, "kind" | "body">, secret: string): Promise<string> {
  if (mail.kind !== KIND) return mail.body;
  const tokens = new Map<string, string | null>();
  for (const [, sealed] of mail.body.matchAll(SLOT)) tokens.set(sealed!, await unsealStatusToken(sealed!, secret));
  if ([...tokens.values()].some((token) => token === null)) {
    const locale: Locale = mail.body.includes("/ar/Invitation/") ? "ar" : "en";
    return mail.body.replace(SLOT_WITH_ADDRESS, messagesFor(locale).organisations.mail.noLink);
  }
  return mail.body.replace(SLOT, (_slot, sealed: string) => tokens.get(sealed)!);
}

/** Every link the outbox holds: an invitation's its own, any other what `others` gives it. */
export const withInvitationLinks =
  (secret: string, others: LinkFiller): LinkFiller =>
  (mail) =>
    mail.kind === KIND ? withInvitationLink(mail, secret) : others(mail);

/** The cron's filler and the relay's after an invitation: every kind of link the outbox holds. */
export const everyOutboxLink = (backend: RequestContext["backend"], secret: string): LinkFiller =>
  withInvitationLinks(secret, withInvoiceLinks(backend.invoices, secret, outboxLinks(backend, secret)));

/**
 * Stores the invitation and its e-mail, and relays the due e-mails after the response. False when the organisation
 * is gone (nothing stored).
 */
export async function sendInvitation(
  app: RequestContext,
  invitation: Omit<NewInvitation, "now">,
  { organisationName, origin, locale }: { organisationName: string; origin: string; locale: Locale },
): Promise<boolean> {
  const now = Date.now();
  const issued = await app.backend.organisations.invite({ ...invitation, now });
  if (!issued) return false;
  const sealed = await sealStatusToken(issued.token, app.config.SESSION_SECRET);
  await app.backend.mail.enqueue([invitationMail({ ...invitation, organisationName, sealed }, origin, locale)], now);
  const { backend, config } = app;
  app.cloudflare.ctx.waitUntil(
    relayDueMails(backend, config, {}, everyOutboxLink(backend, config.SESSION_SECRET)).catch((error: unknown) =>
      console.error("[mail] Relaying an invitation failed:", error),
    ),
  );
  return true;
}
