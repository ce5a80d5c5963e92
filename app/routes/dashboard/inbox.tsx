import { Panel } from "~/components/Panel";
import { Form, Link, useActionData, useLocation } from "react-router";
import { ConfirmDeletePanel } from "~/components/RowActions";
import { useFocusOnHash } from "~/platform/page/focus-on-hash";
import { searchWith } from "~/platform/page/url-state";
import { FormAlert, SubmitButton } from "~/components/forms";
import { useActionToast } from "~/components/Toasts";
import { INBOX_PAGE_SIZE, INBOX_VIEWS, inboxQueryFrom, MAIL_PROVIDER_NOT_CONFIGURED, type ContactMessage, type InboxView } from "~/domain/contact";
import { format, plural } from "~/i18n";
import { failureToasts, load } from "~/request/page-loads.server";
import { dashboardMeta } from "~/platform/page/dashboard-meta";
import { requireAdmin } from "~/request/guards.server";
import { runIntent } from "~/request/intents.server";
import { OfficeTime } from "~/components/OfficeTime";
import { messagesFor, useLocale, useMessages } from "~/platform/page/locale";
import type { Route } from "./+types/inbox";
import { deleteMessage, markRead, markUnread, retryMessage } from "~/features/contact/inbox.server";
import { appContext } from "~/request/context.server";
import { keysetParam } from "~/domain/paging";

export const meta: Route.MetaFunction = (args) => dashboardMeta(args, (t) => t.inbox.heading);

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const { outbox } = appContext(args.context).backend;
  const { view, before } = inboxQueryFrom(args.url);
  // One page (and one more message, to know whether an older page exists), and the unread count over everything.
  const messages = await load("the inbox", async () => {
    const [rows, unread] = await Promise.all([outbox.page(view, before, INBOX_PAGE_SIZE + 1), outbox.unreadCount()]);
    const page = rows.slice(0, INBOX_PAGE_SIZE);
    const last = page.at(-1);
    return { page, unread, older: rows.length > INBOX_PAGE_SIZE && last ? keysetParam({ at: last.receivedAt, id: last.id }) : null };
  });
  return { messages, view, deleteId: args.url.searchParams.get("delete"), toasts: failureToasts(messagesFor(admin.locale), messages) };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  return runIntent({ ...args, user: admin }, { read: markRead, unread: markUnread, retry: retryMessage, delete: deleteMessage });
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = useMessages().inbox;
  const { messages, view, deleteId } = loaderData;
  const { search } = useLocation();
  const failure = useActionData<typeof action>() ?? null;
  useActionToast(failure?.toast);
  useFocusOnHash();
  const list = messages.ok ? messages.value.page : [];
  const unread = messages.ok ? messages.value.unread : 0;
  const older = messages.ok ? messages.value.older : null;

  return (
    <>
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <Panel id="messages" heading={t.listHeading} meta={messages.ok && plural(locale, t.unreadCount, unread)}>
        <nav aria-label={t.views.label} className="inbox__views">
          {INBOX_VIEWS.map((name) => (
            <Link key={name} to={viewSearch(search, name)} aria-current={name === view ? "page" : undefined} className="button button--ghost button--small">
              {t.views[name]}
            </Link>
          ))}
        </nav>
        <FormAlert message={failure?.formError} />
        {messages.ok && list.length === 0 ? (
          <p className="empty-state">{view === "all" ? t.empty : t.views.none}</p>
        ) : (
          <ul className="messages">
            {list.map((message) => (
              <MessageCard key={message.id} message={message} confirming={String(message.id) === deleteId} />
            ))}
          </ul>
        )}
        {(older || new URLSearchParams(search).has("before")) && (
          <nav className="pagination" aria-label={t.views.pages}>
            {new URLSearchParams(search).has("before") && <Link to={searchWith(search, { before: null, delete: null })}>{t.views.newest}</Link>}
            {older && <Link to={searchWith(search, { before: older, delete: null })}>{t.views.older}</Link>}
          </nav>
        )}
      </Panel>
    </>
  );
}

/** The inbox's address for a view: its first page, the other parameters kept. */
function viewSearch(search: string, view: InboxView): string {
  return searchWith(search, { show: view === "all" ? null : view, before: null, delete: null });
}

function MessageCard({ message, confirming }: { message: ContactMessage; confirming: boolean }) {
  const messages = useMessages();
  const t = messages.inbox;
  const p = messages.people;
  const { search } = useLocation();
  const unread = message.readAt === null;
  return (
    <li>
      <article
        id={`message-${message.id}`}
        tabIndex={-1}
        className={`message${unread ? " message--unread" : ""}`}
        aria-labelledby={`message-${message.id}-subject`}
      >
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
