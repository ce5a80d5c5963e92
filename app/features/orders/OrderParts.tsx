// Pieces of an order that the customer's page, the staff's order page and an interpreter's job page share: the
// status, the progress, the files, the thread and the history, each worded in the page's language.
import { Panel } from "~/components/Panel";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { OfficeTime } from "~/components/OfficeTime";
import { orderNumber, type OrderEvent, type OrderFile, type OrderMessage } from "~/domain/order-records";
import { formatAmount, type OrderStatus } from "~/domain/orders";
import { format, formatDate, formatNumber, plural } from "~/i18n";
import { useLocale, useMessages } from "~/platform/page/locale";
import { SubmitButton, TextAreaField } from "~/components/forms";

export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useMessages().orders;
  return <span className={`status-badge status-badge--${status}`}>{t.statuses[status]}</span>;
}

export function OrderHeading({ id, status }: { id: number; status: OrderStatus }) {
  const t = useMessages().orders;
  return (
    <div className="order-heading">
      <h1>
        <bdi dir="ltr">{format(t.number, { number: orderNumber(id) })}</bdi>
      </h1>
      <StatusBadge status={status} />
    </div>
  );
}

/** The order's main facts as a description list; `children` adds more rows. */
export function OrderFacts(props: {
  serviceTitle: string;
  sourceLanguage: string;
  targetLanguages: string[];
  deadline: string;
  createdAt: number;
  children?: ReactNode;
}) {
  const t = useMessages().orders.fields;
  const locale = useLocale();
  return (
    <dl className="facts">
      <dt>{t.service}</dt>
      <dd>
        <bdi>{props.serviceTitle}</bdi>
      </dd>
      <dt>{t.languages}</dt>
      <dd>
        <bdi>{props.sourceLanguage}</bdi> → {props.targetLanguages.map((name, index) => [index > 0 && ", ", <bdi key={name}>{name}</bdi>])}
      </dd>
      <dt>{t.deadline}</dt>
      <dd>
        <time dateTime={props.deadline}>{formatDate(locale, props.deadline)}</time>
      </dd>
      <dt>{t.requested}</dt>
      <dd>
        <OfficeTime at={props.createdAt} />
      </dd>
      {props.children}
    </dl>
  );
}

const STEPS: OrderStatus[] = ["new", "quoted", "accepted", "in_progress", "delivered", "completed"];

/** Where the order stands: the usual path, each step reached with its date; a decline or cancellation ends it. */
export function Timeline({ status, events }: { status: OrderStatus; events: OrderEvent[] }) {
  const t = useMessages().orders;
  const reached = new Map<OrderStatus, number>();
  for (const event of events) if (event.to && !reached.has(event.to)) reached.set(event.to, event.at);
  const ended = status === "declined" || status === "cancelled" ? status : null;
  const steps = ended ? [...STEPS.filter((step) => reached.has(step)), ended] : STEPS;
  return (
    <section aria-labelledby="timeline-heading" className="panel">
      <h2 id="timeline-heading">{t.status.timeline}</h2>
      <ol className="timeline">
        {steps.map((step) => {
          const at = reached.get(step);
          const current = step === status;
          return (
            <li key={step} className={`timeline__step${at !== undefined ? " timeline__step--done" : ""}`} aria-current={current ? "step" : undefined}>
              <span className="timeline__name">{t.statuses[step]}</span>
              {at !== undefined && (
                <span className="timeline__date">
                  <OfficeTime at={at} />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function QuoteFacts({ quote }: { quote: { amountMinor: number; currency: string; dueDate: string; validUntil: string } }) {
  const t = useMessages().orders.fields;
  const locale = useLocale();
  return (
    <dl className="facts">
      <dt>{t.price}</dt>
      <dd className="quote__price">
        <bdi dir="ltr">{formatAmount(quote.amountMinor, quote.currency, locale)}</bdi>
      </dd>
      <dt>{t.dueDate}</dt>
      <dd>
        <time dateTime={quote.dueDate}>{formatDate(locale, quote.dueDate)}</time>
      </dd>
      <dt>{t.validUntil}</dt>
      <dd>
        <time dateTime={quote.validUntil}>{formatDate(locale, quote.validUntil)}</time>
      </dd>
    </dl>
  );
}

/** Files with their download links (`hrefOf`), or a line saying there are none. */
export function FileList({ files, hrefOf, label }: { files: OrderFile[]; hrefOf: (file: OrderFile) => string; label: string }) {
  const t = useMessages().orders.files;
  const locale = useLocale();
  return (
    <div className="file-list">
      <h3>{label}</h3>
      {files.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul>
          {files.map((file) => (
            <li key={file.id}>
              <a href={hrefOf(file)} download aria-label={format(t.download, { name: file.fileName })}>
                <bdi>{file.fileName}</bdi>
              </a>{" "}
              <span className="file-list__size">({format(t.size, { size: formatNumber(locale, Math.max(1, Math.round(file.size / 1024))) })})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An order's files for staff and its interpreter: the documents sent with the request, and the delivery. */
export function OrderFiles({ orderId, files }: { orderId: number; files: OrderFile[] }) {
  const t = useMessages().orders.files;
  const hrefOf = (file: OrderFile) => `/Dashboard/Orders/${orderId}/files/${file.id}`;
  return (
    <section aria-labelledby="files-heading" className="panel">
      <h2 id="files-heading">{t.heading}</h2>
      <FileList files={files.filter((file) => file.kind === "source")} hrefOf={hrefOf} label={t.source} />
      <FileList files={files.filter((file) => file.kind === "delivery")} hrefOf={hrefOf} label={t.delivery} />
    </section>
  );
}

/** The message thread, oldest first, and the form to add one (`viewer`: who reads it). */
export function Thread({
  messages,
  customerName,
  viewer,
  failure,
}: {
  messages: OrderMessage[];
  customerName: string;
  viewer: "customer" | "staff";
  failure: { errors: Record<string, string | undefined>; values: Record<string, string> } | null;
}) {
  const t = useMessages().orders.thread;
  return (
    <Panel id="thread-heading" heading={t.heading} sectionId="thread">
      {messages.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ol className="thread">
          {messages.map((message) => (
            <li key={message.id} className={`thread__message thread__message--${message.author}`}>
              <p className="thread__meta">
                <bdi>
                  {message.author === "customer"
                    ? format(t.fromCustomer, { name: customerName })
                    : viewer === "staff" && message.authorName
                      ? format(t.fromStaffNamed, { name: message.authorName })
                      : t.fromStaff}
                </bdi>{" "}
                · <OfficeTime at={message.createdAt} />
              </p>
              <p className="thread__body" dir="auto">
                {message.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="form" preventScrollReset>
        <TextAreaField
          id="thread-body"
          label={t.label}
          name="body"
          rows={4}
          maxLength={5000}
          required
          defaultValue={failure?.values.body}
          error={failure?.errors.body}
        />
        <div>
          <SubmitButton intent="message" label={t.send} pendingLabel={t.sending} />
        </div>
      </Form>
    </Panel>
  );
}

/** The order's history, oldest first: what happened, who did it, when. */
export function History({ events }: { events: OrderEvent[] }) {
  const t = useMessages().orders;
  const locale = useLocale();
  const what = (event: OrderEvent) => {
    const detail = event.detail;
    switch (event.action) {
      case "quote":
        return detail.quote
          ? format(t.events.quote, {
              amount: formatAmount(detail.quote.amountMinor, detail.quote.currency, locale),
              dueDate: formatDate(locale, detail.quote.dueDate),
              validUntil: formatDate(locale, detail.quote.validUntil),
            })
          : t.statuses.quoted;
      case "assign":
        return format(t.events.assign, { name: detail.interpreter?.name ?? "" });
      case "deliver":
        return plural(locale, t.events.deliver, detail.files ?? 0);
      case "cancel":
        return format(t.events.cancel, { reason: detail.reason ?? "" });
      default:
        return t.events[event.action];
    }
  };
  const who = (event: OrderEvent) => (event.actor === "customer" ? t.history.customer : event.actorName ? format(t.history.by, { name: event.actorName }) : "");
  return (
    <section aria-labelledby="history-heading" className="panel">
      <h2 id="history-heading">{t.history.heading}</h2>
      <ol className="history">
        {events.map((event) => (
          <li key={event.id}>
            <OfficeTime at={event.at} /> — <bdi>{what(event)}</bdi> <span className="history__who">{who(event)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
