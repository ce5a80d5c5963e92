// The contact form (SPEC §3, §5) and its outbox: what a visitor sends and what staff see of it.
import { z } from "zod";
import { format, localized, type Locale } from "~/i18n";
import { keysetFrom } from "./paging";
import { isSingleLine } from "./single-line";

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** SPEC §5: all four required; the email is text, an at-sign, then text, with no spaces. */
export const contactSchema = localized((t) => {
  const v = t.contact.validation;
  const required = (message: string, max: number) =>
    z
      .string({ error: message })
      .trim()
      .min(1, { error: message })
      .max(max, { error: format(t.validation.tooLong, { max }) });
  return z.object({
    name: required(v.nameRequired, CONTACT_LIMITS.name).refine(isSingleLine, { error: t.validation.oneLine }),
    email: required(v.emailRequired, CONTACT_LIMITS.email).regex(/^[^\s@]+@[^\s@]+$/, { error: v.emailInvalid }),
    subject: required(v.subjectRequired, CONTACT_LIMITS.subject).refine(isSingleLine, { error: t.validation.oneLine }),
    // Browsers submit a textarea's line breaks as CRLF but count each as one character against maxlength:
    // normalised to \n before the length check, so what the form accepts the server accepts too.
    message: z.preprocess((text) => (typeof text === "string" ? text.replace(/\r\n?/g, "\n") : text), required(v.messageRequired, CONTACT_LIMITS.message)),
  });
});

export type ContactInput = z.output<ReturnType<typeof contactSchema>>;

/** The last error of a message kept until EmailJS is set up: a reason, which the inbox words in its language. */
export const MAIL_PROVIDER_NOT_CONFIGURED = "mail-provider-not-configured";

export const MESSAGE_STATUSES = ["pending", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What is stored: the form's fields and the language of the page it was sent from. */
export type ContactSubmission = ContactInput & { locale: Locale };

export type ContactMessage = ContactSubmission & {
  id: number;
  receivedAt: number;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number;
  sentAt: number | null;
  readAt: number | null;
};

/** What the contact form shows again after a post without JavaScript that could not be accepted. */
export type ContactFormState = {
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
  formError: string | null;
};

/** The inbox's views (issue 23): every message, the unread ones, or those whose e-mail failed. */
export const INBOX_VIEWS = ["all", "unread", "failed"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];
export const INBOX_PAGE_SIZE = 50;

/** Where a page of the inbox starts: after this message (the last of the page before), newest first. */
export type InboxCursor = { receivedAt: number; id: number };

/** ?show=unread|failed and ?before=<ms>.<id> → the view and the cursor; anything else is all messages, first page. */
export function inboxQueryFrom(url: URL): { view: InboxView; before: InboxCursor | null } {
  const show = url.searchParams.get("show");
  const before = keysetFrom(url);
  return {
    view: (INBOX_VIEWS as readonly string[]).includes(show ?? "") ? (show as InboxView) : "all",
    before: before ? { receivedAt: before.at, id: before.id } : null,
  };
}
