// /Dashboard/Orders/<id> (admins): one order — the customer, the next step (quote, assign, deliver, complete, cancel),
// the files, the thread, the internal note, the status link, the history and the e-mails sent about it.
import { Panel } from "~/components/Panel";
import { Form, Link, useActionData } from "react-router";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { FormAlert, SubmitButton, TextAreaField } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { OfficeTime } from "~/components/OfficeTime";
import { History, OrderFacts, OrderFiles, OrderHeading, QuoteFacts, Thread } from "~/features/orders/OrderParts";
import { StaffSteps } from "~/features/orders/StaffSteps";
import { ORDER_LIMITS } from "~/domain/order-forms";
import { availableTransitions, companyToday } from "~/domain/orders";
import { appContext } from "~/request/context.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import type { FormFailure } from "~/platform/page/form-failure";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/order";
import {
  assignLanguagesOf,
  assignOrder,
  cancelOrder,
  completeOrder,
  deliverOrder,
  eligibleFor,
  orderOr404,
  quoteOrder,
  revokeLink,
  verifyIdentity,
  saveNote,
  writeToCustomer,
} from "~/features/orders/order-actions.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.dashboard.orders);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { backend } = appContext(args.context);
  const order = await orderOr404(backend, args.params.orderId);
  const [eligible, mails] = await Promise.all([
    order.status === "accepted" ? eligibleFor(backend, order) : Promise.resolve([]),
    backend.mail.forOrder(order.id),
  ]);
  const now = new Date();
  return {
    order,
    available: availableTransitions(order, "staff", now),
    eligible,
    assignLanguages: assignLanguagesOf(order) ?? [],
    // What the page lists of each e-mail; not its body (the page does not show it, and the browser needs none of it).
    mails: mails.map(({ id, createdAt, to, subject, status }) => ({ id, createdAt, to, subject, status })),
    today: companyToday(now),
    confirmRevoke: args.url.searchParams.has("revoke"),
  };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const order = await orderOr404(appContext(args.context).backend, args.params.orderId);
  return runIntent(
    { ...args, user: admin },
    {
      quote: quoteOrder(order),
      assign: assignOrder(order),
      deliver: deliverOrder(order, "staff"),
      complete: completeOrder(order),
      cancel: cancelOrder(order),
      message: writeToCustomer(order),
      note: saveNote(order),
      "revoke-link": revokeLink(order),
      "verify-identity": verifyIdentity(order),
    },
  );
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const t = useMessages().orders;
  const { order, available, eligible, assignLanguages, mails, today, confirmRevoke } = loaderData;
  const failure: FormFailure | null = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const note = failure?.intent === "note" ? failure : null;

  return (
    <>
      <p>
        <Link to="/Dashboard/Orders">{t.detail.back}</Link>
      </p>
      <OrderHeading id={order.id} status={order.status} />
      <section aria-labelledby="customer-heading" className="panel">
        <h2 id="customer-heading">{t.fields.customer}</h2>
        <dl className="facts">
          <dt>{t.fields.customer}</dt>
          <dd>
            {order.identityVerified ? (
              <Link to={`/Dashboard/Dashboardcustomers/${order.customer.id}`}>
                <bdi>{order.customer.name}</bdi>
              </Link>
            ) : (
              <bdi>{order.customer.name}</bdi>
            )}
          </dd>
          <dt>{t.fields.email}</dt>
          <dd>
            <a href={`mailto:${order.customer.email}`} dir="ltr">
              {order.customer.email}
            </a>
          </dd>
          {order.customer.phone && (
            <>
              <dt>{t.fields.phone}</dt>
              <dd>
                <bdi dir="ltr">{order.customer.phone}</bdi>
              </dd>
            </>
          )}
          {!order.identityVerified && (
            <>
              <dt>{t.detail.identity}</dt>
              <dd id="identity">
                <p>{t.detail.notVerified}</p>
                <p>
                  <Link to={`/Dashboard/Dashboardcustomers/${order.customer.id}`}>{t.detail.customerOnFile}</Link>
                </p>
                <Form method="post">
                  <SubmitButton intent="verify-identity" label={t.detail.confirmIdentity} pendingLabel={t.detail.confirmIdentity} />
                </Form>
              </dd>
            </>
          )}
          {order.customer.company && (
            <>
              <dt>{t.fields.company}</dt>
              <dd>
                <bdi>{order.customer.company}</bdi>
              </dd>
            </>
          )}
        </dl>
        <OrderFacts {...order}>
          {order.interpreter && (
            <>
              <dt>{t.fields.interpreter}</dt>
              <dd>
                <bdi>{order.interpreter.name}</bdi>
              </dd>
            </>
          )}
          <dt>{t.fields.details}</dt>
          <dd className="pre-line" dir="auto">
            {order.details || t.fields.noDetails}
          </dd>
        </OrderFacts>
        {order.quote && <QuoteFacts quote={order.quote} />}
      </section>

      <StaffSteps order={order} available={available} eligible={eligible} assignLanguages={assignLanguages} failure={failure} today={today} />

      <OrderFiles orderId={order.id} files={order.files} />

      <Thread messages={order.messages} customerName={order.customer.name} viewer="staff" failure={failure?.intent === "message" ? failure : null} />

      <Panel id="note" heading={t.detail.noteHeading}>
        <Form method="post" className="form">
          <TextAreaField
            id="order-note"
            label={t.detail.noteHeading}
            name="note"
            rows={3}
            maxLength={ORDER_LIMITS.note}
            hint={t.detail.noteHint}
            defaultValue={note?.values.note ?? order.internalNote}
            error={note?.errors.note}
          />
          <div>
            <SubmitButton intent="note" label={t.detail.saveNote} pendingLabel={t.detail.saveNote} />
          </div>
        </Form>
      </Panel>

      <Panel id="link" heading={t.detail.linkHeading}>
        <p>{order.linkRevoked ? t.detail.linkRevokedText : t.detail.linkActive}</p>
        {!order.linkRevoked &&
          (confirmRevoke ? (
            <Form method="post" className="studio-confirm__actions" aria-label={t.detail.revokeConfirm}>
              <p>{t.detail.revokeConfirm}</p>
              <SubmitButton intent="revoke-link" label={t.detail.revokeYes} pendingLabel={t.detail.revokeYes} className="button--danger" />
              <Link to="?#link" className="button button--ghost">
                {t.detail.keep}
              </Link>
            </Form>
          ) : (
            <Link to="?revoke=1#link" className="button button--ghost">
              {t.detail.revoke}
            </Link>
          ))}
        <FormAlert message={failure?.intent === "revoke-link" ? failure.formError : null} />
      </Panel>

      <History events={order.events} />

      <section aria-labelledby="mails-heading" className="panel">
        <h2 id="mails-heading">{t.detail.mails}</h2>
        {mails.length === 0 ? (
          <p>{t.detail.noMails}</p>
        ) : (
          <ul className="mail-log">
            {mails.map((mail) => (
              <li key={mail.id}>
                <OfficeTime at={mail.createdAt} /> — <bdi dir="ltr">{mail.to}</bdi>: <bdi>{mail.subject}</bdi> —{" "}
                <span className={`mail-log__status mail-log__status--${mail.status}`}>{t.detail.mailStatus[mail.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
