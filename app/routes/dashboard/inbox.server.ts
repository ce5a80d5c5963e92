// Actions of /Dashboard/Inbox: mark read or unread, retry sending now, delete.
import { numericIdSchema } from "~/domain/people";
import { en, format } from "~/i18n";
import { listUrl } from "~/components/admin/url-state";
import { formFailure } from "~/lib/action-result.server";
import { relayMessage } from "~/lib/contact-relay.server";
import { parseFormData } from "~/lib/forms.server";
import type { IntentInput } from "~/lib/intents.server";
import { redirectWithToast } from "~/lib/toast.server";

const t = en.inbox;
const notFound = (intent: string) => formFailure({ formError: t.notFound, intent }, { status: 404 });

function setRead(read: boolean) {
  return async ({ request, url, context, formData }: IntentInput) => {
    const form = parseFormData(formData, numericIdSchema);
    const changed = form.ok && (await context.backend.outbox.setRead(form.data.id, read, Date.now()));
    if (!form.ok || !changed) return notFound(read ? "read" : "unread");
    return redirectWithToast(listUrl(url, `message-${form.data.id}`), { type: "success", message: read ? t.markedRead : t.markedUnread }, { request, config: context.config });
  };
}

export const markRead = setRead(true);
export const markUnread = setRead(false);

export async function retryMessage({ request, url, context, formData }: IntentInput) {
  const form = parseFormData(formData, numericIdSchema);
  const message = form.ok ? await context.backend.outbox.get(form.data.id) : null;
  if (!message) return notFound("retry");
  // A stale page may still offer Retry for a message that has gone out meanwhile.
  if (message.status === "sent") {
    return formFailure({ formError: format(t.alreadySent, { subject: message.subject }), intent: "retry", id: String(message.id) }, { status: 409 });
  }
  if (!(await context.backend.outbox.retryNow(message.id, Date.now()))) return notFound("retry");
  // Sent right after the answer; the page shows the outcome on its next load.
  context.cloudflare.ctx.waitUntil(
    relayMessage(context.backend.outbox, context.config, message.id).catch((error) => console.error(`[contact] Retry of message ${message.id} failed:`, error)),
  );
  const toast = context.config.emailjs
    ? { type: "success" as const, message: format(t.retried, { subject: message.subject }) }
    : { type: "blank" as const, message: t.notConfigured };
  return redirectWithToast(listUrl(url, `message-${message.id}`), toast, { request, config: context.config });
}

export async function deleteMessage({ request, url, context, formData }: IntentInput) {
  const form = parseFormData(formData, numericIdSchema);
  const message = form.ok ? await context.backend.outbox.get(form.data.id) : null;
  if (!message || !(await context.backend.outbox.remove(message.id))) return notFound("delete");
  return redirectWithToast(listUrl(url, "messages"), { type: "success", message: format(t.deleted, { subject: message.subject }) }, { request, config: context.config });
}
