// /Account/Orders/<id> (issue 27): one of the organisation's orders as its status page shows it — progress, the quote
// to accept or decline, the delivered files, the thread and a message to staff — reached through the organisation
// (another organisation's order is a 404), with the status page's pieces and its action (quote-status.server.ts).
import { Link } from "react-router";
import { Panel } from "~/components/Panel";
import { FormAlert, SubmitButton } from "~/components/forms";
import type { OrderFile } from "~/domain/order-records";
import { portalOrderOf } from "~/features/account/portal-records.server";
import { FileList, OrderFacts, OrderHeading, QuoteFacts, Thread, Timeline } from "~/features/orders/OrderParts";
import { customerOrderAction, customerOrderView } from "~/features/orders/quote-status.server";
import { format, formatDate } from "~/i18n";
import { localeOfPath, useLocale, useLocalizedPath, useMessages } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/order";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  return customerOrderView(await portalOrderOf(appContext(args.context), user, args.params.orderId));
}

export async function action(args: Route.ActionArgs) {
  const user = await requireCustomer(args);
  const app = appContext(args.context);
  const order = await portalOrderOf(app, user, args.params.orderId);
  return customerOrderAction({ request: args.request, app, locale: localeOfPath(args.url.pathname), order });
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages();
  const o = t.orders;
  const locale = useLocale();
  const href = useLocalizedPath();
  const { order, canRespond, quoteExpired } = loaderData;
  const failure = actionData ?? null;
  const fileHref = (file: OrderFile) => href(`/Account/Orders/${order.id}/files/${file.id}`);
  const deliveries = order.files.filter((file) => file.kind === "delivery");
  return (
    <div className="order-page">
      <p>
        <Link to={`${href("/Account")}#account-orders`}>{t.account.orders.back}</Link>
      </p>
      <OrderHeading id={order.id} status={order.status} />
      {/* A new request starting from this one's work (request-again.server.ts). */}
      <p>
        <Link to={href(`/Quote?again=${order.id}`)} className="button button--ghost">
          {t.account.orders.requestAgain}
        </Link>
      </p>
      <OrderFacts {...order} />
      {order.status === "cancelled" && <p className="form-alert">{format(o.status.cancelled, { reason: order.cancelReason })}</p>}
      <Timeline status={order.status} events={order.events} />

      {order.quote && (
        <Panel id="quote-heading" heading={o.status.quoteHeading} sectionId="quote">
          <QuoteFacts quote={order.quote} />
          <FormAlert message={failure?.intent === "accept" || failure?.intent === "decline" ? failure.formError : null} />
          {quoteExpired && <p>{format(o.status.expired, { date: formatDate(locale, order.quote.validUntil) })}</p>}
          {canRespond.length > 0 && (
            <form method="post" className="quote__actions">
              <input type="hidden" name="basedOn" value={order.version} />
              <SubmitButton intent="accept" label={o.status.accept} pendingLabel={o.status.accepting} />
              <SubmitButton intent="decline" label={o.status.decline} pendingLabel={o.status.declining} className="button--ghost" />
            </form>
          )}
          {order.status === "declined" && <p>{o.status.declined}</p>}
        </Panel>
      )}

      <section aria-labelledby="files-heading" className="panel">
        <h2 id="files-heading">{deliveries.length > 0 ? o.status.deliveryHeading : o.files.heading}</h2>
        {deliveries.length > 0 && <p>{o.status.deliveryReady}</p>}
        {deliveries.length > 0 && <FileList files={deliveries} hrefOf={fileHref} label={o.files.delivery} />}
        <FileList files={order.files.filter((file) => file.kind === "source")} hrefOf={fileHref} label={o.status.yourFiles} />
      </section>

      <Thread messages={order.messages} customerName={order.customerName} viewer="customer" failure={failure?.intent === "message" ? failure : null} />
    </div>
  );
}
