// "Keep all your requests in one place" (issue 27, docs/decisions/0042): the intent an order's or an appointment's
// private page posts to ask for an account. The e-mail goes to the address on the customer's record, never one from
// the form: a link to /Join (its token sealed in the body, as invitations' are), or, for an address that signs in
// already or a customer of an organisation, what to do instead. The page answers the same sentence in every case.
import type { ClaimRequest } from "~/domain/customer-claims";
import { CLAIM_INTENT, maskedEmail } from "~/domain/customer-claims";
import type { NewMail } from "~/domain/mail";
import { format, type Locale } from "~/i18n";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { formText } from "~/platform/page/form-text";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { readForm } from "~/request/forms.server";
import { refuseOverLimit } from "~/request/public-form.server";
import { redirectWithToast } from "~/request/toast.server";
import { sealStatusToken } from "~/features/orders/status-token.server";
import { unlessWriteFails } from "~/features/orders/order-notices.server";
import { enqueueAccountMail, sealedLink } from "./invitations.server";

/** The claim's e-mail, in the page's language: the sealed link, or the sentence that says what to do instead. */
export function claimMail(asked: ClaimRequest, { origin, locale, sealed }: { origin: string; locale: Locale; sealed: string | null }): NewMail {
  const t = messagesFor(locale).claims.mail;
  const name = asked.fullName;
  const body =
    asked.outcome === "link" && sealed
      ? format(t.link, { name, link: sealedLink("customer-claim", { origin, locale, sealed }) })
      : asked.outcome === "in-organisation"
        ? format(t.inOrganisation, { name })
        : format(t.accountExists, { name, signIn: `${origin}${localizedPath(locale, "/Login")}` });
  return { kind: "customer-claim", to: asked.email, subject: t.subject, body, orderId: null };
}

/**
 * The status page's "Create an account", or null for any other intent (the page's own action reads the form then).
 * `customerOf` finds the page's customer's id (a 404 for a link that opens nothing). Rate-limited like the page's other
 * posts; the answer names the record's address masked, whatever was found.
 */
export async function claimFromStatusPage(app: RequestContext, request: Request, locale: Locale, customerOf: () => Promise<number>) {
  // A copy of the body: the page's own action reads the request itself when the intent is another.
  const peeked = await readForm(request.clone() as unknown as Request);
  if (!peeked || formText(peeked, "intent") !== CLAIM_INTENT) return null;
  const t = messagesFor(locale);
  const overLimit = await refuseOverLimit(app.cloudflare.env.STATUS_PAGE_LIMITER, request, app, t);
  if (overLimit) return overLimit;
  const customerId = await customerOf();
  const now = Date.now();
  const origin = new URL(request.url).origin;
  const sent = await unlessWriteFails("A claim of an account", async () => {
    const asked = await app.backend.claims.request(customerId, now);
    if (!asked) return "";
    const sealed = asked.outcome === "link" ? await sealStatusToken(asked.token, app.config.SESSION_SECRET) : null;
    await enqueueAccountMail(app, claimMail(asked, { origin, locale, sealed }), now);
    return asked.email;
  });
  if (sent === "unavailable") return formFailure({ formError: t.orders.refusals.unavailable, intent: CLAIM_INTENT }, { status: 503 });
  // A hydrated page posts to the route's data URL: back to the page itself, at the panel.
  const back = `${new URL(request.url).pathname.replace(/\.data$/, "")}#keep`;
  return redirectWithToast(back, { type: "success", message: format(t.claims.panel.sent, { email: maskedEmail(sent) }) }, { request, config: app.config });
}
