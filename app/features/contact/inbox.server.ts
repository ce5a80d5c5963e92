// Actions of /Dashboard/Inbox: mark read or unread, retry sending now, delete.
import { numericIdSchema } from "~/domain/people";
import { format } from "~/i18n";
import { listUrl } from "~/platform/page/url-state";
import { formFailure } from "~/request/action-result.server";
import { relayAfterResponse } from "./contact-relay.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";

const notFound = (t: IntentInput["messages"], intent: string) => formFailure({ formError: t.inbox.notFound, intent }, { status: 404 });

function setRead(read: boolean) {
  return async ({ request, url, app, formData, messages }: IntentInput) => {
    const t = messages.inbox;
    const form = parseFormData(formData, numericIdSchema);
    const changed = form.ok && (await app.backend.outbox.setRead(form.data.id, read, Date.now()));
    if (!form.ok || !changed) return notFound(messages, read ? "read" : "unread");
    return redirectWithToast(
      listUrl(url, `message-${form.data.id}`),
      { type: "success", message: read ? t.markedRead : t.markedUnread },
      { request, config: app.config },
    );
  };
}

export const markRead = setRead(true);
export const markUnread = setRead(false);

export async function retryMessage({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.inbox;
  const form = parseFormData(formData, numericIdSchema);
  const message = form.ok ? await app.backend.outbox.get(form.data.id) : null;
  if (!message) return notFound(messages, "retry");
  // A stale page may still offer Retry for a message that has gone out meanwhile.
  if (message.status === "sent") {
    return formFailure({ formError: format(t.alreadySent, { subject: message.subject }), intent: "retry", id: String(message.id) }, { status: 409 });
  }
  if (!(await app.backend.outbox.retryNow(message.id, Date.now()))) return notFound(messages, "retry");
  // Sent right after the answer; the page shows the outcome on its next load.
  relayAfterResponse(app.cloudflare.ctx, app.backend.outbox, app.config, message.id, `[contact] Retry of message ${message.id}`);
  const toast = app.config.emailjs
    ? { type: "success" as const, message: format(t.retried, { subject: message.subject }) }
    : { type: "blank" as const, message: t.notConfigured };
  return redirectWithToast(listUrl(url, `message-${message.id}`), toast, { request, config: app.config });
}

export async function deleteMessage({ request, url, app, formData, messages }: IntentInput) {
  const t = messages.inbox;
  const form = parseFormData(formData, numericIdSchema);
  const message = form.ok ? await app.backend.outbox.get(form.data.id) : null;
  if (!message || !(await app.backend.outbox.remove(message.id))) return notFound(messages, "delete");
  return redirectWithToast(
    listUrl(url, "messages"),
    { type: "success", message: format(t.deleted, { subject: message.subject }) },
    { request, config: app.config },
  );
}
