// Invitations to sign in for a customer organisation (issue 27, docs/decisions/0040): stored (only the token's hash),
// e-mailed through the mail outbox, and relayed right after the response (the cron retries what fails). The stored
// e-mail never holds a working link: the token travels in it sealed under SESSION_SECRET, and the relay unseals it as
// the mail leaves (withInvitationLinks) — as the order e-mails' links are filled in. An e-mail that already has an
// account is invited the same way, and gets the same kind of e-mail (whose page then says "sign in instead").
// The claims of an account from a status link (docs/decisions/0042) travel the same way: SEALED_LINKS names both.
import type { NewInvitation } from "~/backend/port-organisations.server";
import type { MailKind, NewMail } from "~/domain/mail";
import { format, type Locale } from "~/i18n";
import { messagesFor, localizedPath } from "~/platform/page/locale";
import type { RequestContext } from "~/request/context.server";
import { sealStatusToken, unsealStatusToken } from "~/features/orders/status-token.server";
import { relayDueMails, type LinkFiller } from "~/features/orders/order-mail-relay.server";
import { outboxLinks } from "~/features/appointments/appointment-mail-relay.server";
import { withInvoiceLinks } from "~/features/billing/invoice-sending.server";

type Messages = ReturnType<typeof messagesFor>;
/**
 * The e-mails whose link carries a token stored only as its hash: where the sealed token goes in the stored body
 * (`{<slot>:<sealed>}`), the page it opens, and the sentence that replaces the link when it can no longer be opened.
 */
const SEALED_LINKS = {
  "customer-invitation": { slot: "invitation-token", path: "/Invitation/", noLink: (t: Messages) => t.organisations.mail.noLink },
  "customer-claim": { slot: "claim-token", path: "/Join/", noLink: (t: Messages) => t.claims.mail.noLink },
} satisfies Partial<Record<MailKind, { slot: string; path: string; noLink: (t: Messages) => string }>>;
type SealedKind = keyof typeof SEALED_LINKS;
const isSealedKind = (kind: MailKind): kind is SealedKind => Object.hasOwn(SEALED_LINKS, kind);

/** The link of a stored e-mail of this kind: its page's address with the sealed token in its slot. */
export function sealedLink(kind: SealedKind, { origin, locale, sealed }: { origin: string; locale: Locale; sealed: string }): string {
  const { slot, path } = SEALED_LINKS[kind];
  return `${origin}${localizedPath(locale, path)}{${slot}:${sealed}}`;
}

/** The invitation e-mail, in the inviter's language, with the link's token sealed in its body. */
export function invitationMail(
  { email, fullName, organisationName, sealed }: { email: string; fullName: string; organisationName: string; sealed: string },
  origin: string,
  locale: Locale,
): NewMail {
  const t = messagesFor(locale).organisations.mail;
  const link = sealedLink("customer-invitation", { origin, locale, sealed });
  return {
    kind: "customer-invitation",
    to: email,
    subject: format(t.subject, { organisation: organisationName }),
    body: format(t.body, { name: fullName, organisation: organisationName, link }),
    orderId: null,
  };
}

/** The body to send: a sealed link's slot filled with its token, unsealed now (a rotated secret: the sentence instead). */
export async function withInvitationLink(mail: Pick<NewMail, "kind" | "body">, secret: string): Promise<string> {
  if (!isSealedKind(mail.kind)) return mail.body;
  const { slot, path, noLink } = SEALED_LINKS[mail.kind];
  // The slot holds the sealed token, which only the relay can open; with its address (and anything glued to it) for
  // the sentence that replaces a dead link.
  const slots = new RegExp(`\\{${slot}:([A-Za-z0-9_-]+)\\}`, "g");
  const tokens = new Map<string, string | null>();
  for (const [, sealed] of mail.body.matchAll(slots)) tokens.set(sealed!, await unsealStatusToken(sealed!, secret));
  if ([...tokens.values()].some((token) => token === null)) {
    const locale: Locale = mail.body.includes(`/ar${path}`) ? "ar" : "en";
    return mail.body.replace(new RegExp(`\\S*\\{${slot}:[A-Za-z0-9_-]+\\}`, "g"), noLink(messagesFor(locale)));
  }
  return mail.body.replace(slots, (_slot, sealed: string) => tokens.get(sealed)!);
}

/** Every link the outbox holds: an invitation's or a claim's its own, any other what `others` gives it. */
export const withInvitationLinks =
  (secret: string, others: LinkFiller): LinkFiller =>
  (mail) =>
    isSealedKind(mail.kind) ? withInvitationLink(mail, secret) : others(mail);

/** The cron's filler and the relay's after an invitation: every kind of link the outbox holds. */
export const everyOutboxLink = (backend: RequestContext["backend"], secret: string): LinkFiller =>
  withInvitationLinks(secret, withInvoiceLinks(backend.invoices, secret, outboxLinks(backend, secret)));

/** Stores an account e-mail (an invitation's, a claim's) and relays the due e-mails after the response. */
export async function enqueueAccountMail(app: RequestContext, mail: NewMail, now: number): Promise<void> {
  await app.backend.mail.enqueue([mail], now);
  const { backend, config } = app;
  app.cloudflare.ctx.waitUntil(
    relayDueMails(backend, config, {}, everyOutboxLink(backend, config.SESSION_SECRET)).catch((error: unknown) =>
      console.error(`[mail] Relaying a ${mail.kind} e-mail failed:`, error),
    ),
  );
}

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
  await enqueueAccountMail(app, invitationMail({ ...invitation, organisationName, sealed }, origin, locale), now);
  return true;
}
