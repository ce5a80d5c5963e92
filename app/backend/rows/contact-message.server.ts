// A contact_messages row (both databases keep the same columns), mapped to the app's ContactMessage once
// for both adapters. Postgres bigint columns may arrive as strings: every time is read as a number.
import type { ContactMessage } from "~/domain/contact";
import { isLocale } from "~/i18n";

export type MessageRow = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  received_at: number;
  status: ContactMessage["status"];
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  sent_at: number | null;
  read_at: number | null;
  locale: string;
};

export const MESSAGE_COLUMNS = "id, name, email, subject, message, received_at, status, attempts, last_error, next_attempt_at, sent_at, read_at, locale";

const time = (value: number | null) => (value === null ? null : Number(value));

export function toMessage(row: MessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    receivedAt: Number(row.received_at),
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: Number(row.next_attempt_at),
    sentAt: time(row.sent_at),
    readAt: time(row.read_at),
    locale: isLocale(row.locale) ? row.locale : "en",
  };
}
