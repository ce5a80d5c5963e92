// /Quote/<token> — the customer's private page of their order (issue 13): its progress, the quote to accept or
// decline, the thread with staff, and the delivered files. Works without JavaScript; never indexed, never cached.
import { Panel } from "~/components/Panel";
import { data, redirect, type HeadersFunction } from "react-router";
import { FileList, OrderFacts, OrderHeading, QuoteFacts, Thread, Timeline } from "~/features/orders/OrderParts";
import { FormAlert, SubmitButton } from "~/components/forms";
import type { OrderFile } from "~/domain/order-records";
import { format, formatDate } from "~/i18n";
import { appContext } from "~/request/context.server";
import { isIdentityProof } from "~/features/orders/identity-proof.server";
import { localeOfPath, localizedPath, messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/quote-status";
import { customerAction, customerOrderView, orderOfToken } from "~/features/orders/quote-status.server";
import { signedInRequester } from "~/features/orders/signed-in-requester.server";
import { claimFromStatusPage } from "~/features/accounts/status-link-claims.server";
import { KeepRequestsPanel } from "~/features/accounts/KeepRequestsPanel";
import { CLAIM_INTENT } from "~/domain/customer-claims";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = ({ location }) => [
  { title: messagesFor(localeOfPath(location.pathname)).orders.status.metaTitle },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const app = appContext(context);
  const order = await orderOfToken(app, params.token);
  // Opened from the e-mail: the reader has the mailbox, so the order becomes its customer's (issue 22). The proof
  // leaves the address at once, so it stays in no history or bookmark.
  const proof = url.searchParams.get("confirm");
  if (proof !== null) {
    if (!order.identityVerified && (await isIdentityProof(app.config.SESSION_SECRET, order.id, proof)))
      await app.backend.orders.verifyIdentity(order.id, Date.now());
    throw redirect(url.pathname);
  }
  return data({
    ...customerOrderView(order),
    received: url.searchParams.has("received"),
    link: `${url.origin}${url.pathname}`,
    // "Create an account" is for people without one: a signed-in requester's work is under /Account already.
    claimable: (await signedInRequester(app.backend)) === null,
  });
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const app = appContext(context);
  const locale = localeOfPath(url.pathname);
  const claimed = await claimFromStatusPage(app, request, locale, async () => (await orderOfToken(app, params.token)).customer.id);
  return claimed ?? customerAction({ request, app, locale, token: params.token });
}

export default function QuoteStatus({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useMessages().orders;
  const locale = useLocale();
  const { order, canRespond, quoteExpired, received, link, claimable } = loaderData;
  const failure = actionData ?? null;
  const fileHref = (file: OrderFile) => `${localizedPath(locale, `/Quote/${params.token}`)}/files/${file.id}`;
  const deliveries = order.files.filter((file) => file.kind === "delivery");
  return (
    <main id="main" className="page container order-page">
      {received && (
        <section className="notice-panel" aria-labelledby="received-heading">
          <h2 id="received-heading">{t.status.receivedHeading}</h2>
          <p>{format(t.status.receivedText, { email: order.customerEmail })}</p>
          <label htmlFor="status-link">{t.status.linkLabel}</label>
          <input id="status-link" type="text" readOnly value={link} dir="ltr" className="status-link" aria-describedby="status-link-hint" />
          <p id="status-link-hint" className="field__hint">
            {t.status.keepPrivate}
          </p>
        </section>
      )}
      <OrderHeading id={order.id} status={order.status} />
      <OrderFacts {...order} />
      {order.status === "cancelled" && <p className="form-alert">{format(t.status.cancelled, { reason: order.cancelReason })}</p>}
      <Timeline status={order.status} events={order.events} />

      {order.quote && (
        <Panel id="quote-heading" heading={t.status.quoteHeading} sectionId="quote">
          <QuoteFacts quote={order.quote} />
          <FormAlert message={failure?.intent === "accept" || failure?.intent === "decline" ? failure.formError : null} />
          {quoteExpired && <p>{format(t.status.expired, { date: formatDate(locale, order.quote.validUntil) })}</p>}
          {canRespond.length > 0 && (
            <form method="post" className="quote__actions">
              <input type="hidden" name="basedOn" value={order.version} />
              <SubmitButton intent="accept" label={t.status.accept} pendingLabel={t.status.accepting} />
              <SubmitButton intent="decline" label={t.status.decline} pendingLabel={t.status.declining} className="button--ghost" />
            </form>
          )}
          {order.status === "declined" && <p>{t.status.declined}</p>}
        </Panel>
      )}

      <section aria-labelledby="files-heading" className="panel">
        <h2 id="files-heading">{deliveries.length > 0 ? t.status.deliveryHeading : t.files.heading}</h2>
        {deliveries.length > 0 && <p>{t.status.deliveryReady}</p>}
        {deliveries.length > 0 && <FileList files={deliveries} hrefOf={fileHref} label={t.files.delivery} />}
        <FileList files={order.files.filter((file) => file.kind === "source")} hrefOf={fileHref} label={t.status.yourFiles} />
      </section>

      <Thread messages={order.messages} customerName={order.customerName} viewer="customer" failure={failure?.intent === "message" ? failure : null} />
      {claimable && <KeepRequestsPanel formError={failure?.intent === CLAIM_INTENT ? failure.formError : null} />}
    </main>
  );
}
