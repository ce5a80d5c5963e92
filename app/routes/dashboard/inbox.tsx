import { Form, Link, useActionData, useLocation } from "react-router";
import { ConfirmDeletePanel } from "~/components/admin/RowActions";
import { useFocusOnHash } from "~/components/admin/url-state";
import { searchWith } from "~/lib/url-state";
import { FormAlert, SubmitButton, useActionToast } from "~/components/forms";
import type { ContactMessage } from "~/domain/contact";
import { en, format } from "~/i18n";
import { failureToasts, load } from "~/lib/content.server";
import { dashboardMeta } from "~/lib/dashboard-meta";
import { requireAdmin } from "~/lib/guards.server";
import { runIntent } from "~/lib/intents.server";
import { OfficeTime } from "~/components/OfficeTime";
import { useMessages } from "~/lib/messages";
import type { Route } from "./+types/inbox";
import { deleteMessage, markRead, markUnread, retryMessage } from "./inbox.server";
import { appContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = () => dashboardMeta(en.inbox.heading);

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const messages = await load("the inbox", () => appContext(args.context).backend.outbox.list());
  return { messages, deleteId: args.url.searchParams.get("delete"), toasts: failureToasts(messages) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { read: markRead, unread: markUnread, retry: retryMessage, delete: deleteMessage });
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
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
          {messages.ok && <p className="panel__meta">{format(t.unreadCount, { count: unread })}</p>}
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
  const t = useMessages().inbox;
  const p = useMessages().people;
  const { search } = useLocation();
  const unread = message.readAt === null;
  return (
    <li>
      <article id={`message-${message.id}`} tabIndex={-1} className={`message${unread ? " message--unread" : ""}`} aria-labelledby={`message-${message.id}-subject`}>
        <header className="message__header">
          <h3 id={`message-${message.id}-subject`}>
            {unread && <span className="badge-unread">{t.unread}</span>} {message.subject}
          </h3>
          <span className={`status status--${message.status}`}>{t.statuses[message.status]}</span>
        </header>
        <dl className="message__meta">
          <dt>{t.from}</dt>
          <dd>
            {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
          </dd>
          <dt>{t.received}</dt>
          <dd>
            <OfficeTime at={message.receivedAt} />
          </dd>
          <dt>{t.attempts}</dt>
          <dd>{message.attempts}</dd>
          {message.lastError && message.status !== "sent" && (
            <>
              <dt>{t.lastError}</dt>
              <dd className="message__error">{message.lastError}</dd>
            </>
          )}
        </dl>
        <p className="message__body">{message.message}</p>
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
            <span className="visually-hidden"> {message.subject}</span>
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
