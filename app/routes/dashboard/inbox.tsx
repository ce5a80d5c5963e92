import { Form, Link, useActionData, useLocation } from "react-router";
import { ConfirmDeletePanel } from "~/components/admin/RowActions";
import { useFocusOnHash } from "~/components/admin/url-state";
import { searchWith } from "~/lib/url-state";
import { FormAlert, SubmitButton, useActionToast } from "~/components/forms";
import { MAIL_PROVIDER_NOT_CONFIGURED, type ContactMessage } from "~/domain/contact";
import { format, plural } from "~/i18n";
import { failureToasts, load } from "~/lib/content.server";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireAdmin } from "~/lib/guards.server";
import { runIntent } from "~/lib/intents.server";
import { OfficeTime } from "~/components/OfficeTime";
import { messagesFor, useLocale, useMessages } from "~/lib/locale";
import type { Route } from "./+types/inbox";
import { deleteMessage, markRead, markUnread, retryMessage } from "./inbox.server";
import { appContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.inbox.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const messages = await load("the inbox", () => appContext(args.context).backend.outbox.list());
  return { messages, deleteId: args.url.searchParams.get("delete"), toasts: failureToasts(messagesFor(admin.locale), messages) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { read: markRead, unread: markUnread, retry: retryMessage, delete: deleteMessage });
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useMessages().inbox;
  const { messages, deleteId } = loaderData;
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const list = messages.ok ? messages.value : [];
  const unread = list.filter((message) => message.readAt === null).length;

  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <section aria-labelledby="messages" className="panel">
        <div className="panel__header">
          <h2 id="messages" tabIndex={-1}>
            {t.listHeading}
          </h2>
          {messages.ok && <p className="panel__meta">{plural(locale, t.unreadCount, unread)}</p>}
        </div>
        <FormAlert message={failure?.formError} />
        {messages.ok && list.length === 0 ? (
          <p className="empty-state">{t.empty}</p>
        ) : (
          <ul className="messages">
            {list.map((message) => (
              <MessageCard key={message.id} message={message} confirming={String(message.id) === deleteId} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function MessageCard({ message, confirming }: { message: ContactMessage; confirming: boolean }) {
  const messages = useMessages();
  const t = messages.inbox;
  const p = messages.people;
  const { search } = useLocation();
  const unread = message.readAt === null;
  return (
    <li>
      <article id={`message-${message.id}`} tabIndex={-1} className={`message${unread ? " message--unread" : ""}`} aria-labelledby={`message-${message.id}-subject`}>
        <header className="message__header">
          <h3 id={`message-${message.id}-subject`}>
            {unread && <span className="badge-unread">{t.unread}</span>} <bdi>{message.subject}</bdi>
          </h3>
          <span className={`status status--${message.status}`}>{t.statuses[message.status]}</span>
        </header>
        <dl className="message__meta">
          <dt>{t.from}</dt>
          <dd>
            <bdi>{message.name}</bdi>
            {/* A callback request from /Call may give a phone number alone (it is in the message). */}
            {message.email ? (
              <>
                {" "}
                <bdi dir="ltr">
                  &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
                </bdi>
              </>
            ) : null}
          </dd>
          <dt>{t.received}</dt>
          <dd>
            <OfficeTime at={message.receivedAt} />
          </dd>
          <dt>{t.language}</dt>
          <dd>{messages.localeNames[message.locale]}</dd>
          <dt>{t.attempts}</dt>
          <dd>{message.attempts}</dd>
          {message.lastError && message.status !== "sent" && (
            <>
              <dt>{t.lastError}</dt>
              <dd className="message__error">
                {/* The mail provider's own words (English, from EmailJS) are data; only our own reason is translated. */}
                {message.lastError === MAIL_PROVIDER_NOT_CONFIGURED ? t.notConfigured : <bdi dir="ltr">{message.lastError}</bdi>}
              </dd>
            </>
          )}
        </dl>
        {/* A visitor's own words, in whichever direction they wrote them (the page's language may differ). */}
        <p className="message__body" dir="auto">
          {message.message}
        </p>
        <div className="row-actions">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={message.id} />
            {unread ? (
              <SubmitButton label={t.markRead} pendingLabel={t.markRead} intent="read" className="button--small" />
            ) : (
              <SubmitButton label={t.markUnread} pendingLabel={t.markUnread} intent="unread" className="button--small" />
            )}
          </Form>
          {message.status !== "sent" && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={message.id} />
              <SubmitButton label={t.retry} pendingLabel={t.retrying} intent="retry" className="button--small" />
            </Form>
          )}
          <Link to={searchWith(search, { delete: message.id }, `confirm-delete-${message.id}`)} className="row-actions__danger" preventScrollReset>
            {p.delete}
            <span className="visually-hidden">
              {" "}
              <bdi>{message.subject}</bdi>
            </span>
          </Link>
        </div>
        {confirming && (
          <ConfirmDeletePanel
            id={message.id}
            message={format(t.confirmDelete, { subject: message.subject, name: message.name })}
            backAnchor={`message-${message.id}`}
          />
        )}
      </article>
    </li>
  );
}
