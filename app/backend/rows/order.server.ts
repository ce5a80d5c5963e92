// Rows of the order tables (both databases keep the same columns), mapped to the app's types once for both adapters.
// D1 keeps instants as epoch ms; Postgres sends timestamptz as text and bigint as strings: `instant` and `int`
// read either.
import type { OutgoingMail } from "~/domain/mail";
import type {
  CustomerSummary,
  EventDetail,
  JobSummary,
  OrderDetail,
  OrderEvent,
  OrderFile,
  OrderMessage,
  OrderSummary,
  StoredOrderFile,
} from "~/domain/order-records";
import type { OrderStatus } from "~/domain/orders";
import type { PortalMessage } from "~/backend/port-portal.server";
import type { Locale } from "~/i18n";

export const instant = (value: unknown): number => (typeof value === "number" ? value : Date.parse(String(value)));
export const int = (value: unknown): number => Number(value);
/** A nullable column read as `int` reads it. */
export const intOrNull = (value: number | string | null): number | null => (value === null ? null : int(value));
const optionalInstant = (value: unknown) => (value === null || value === undefined ? null : instant(value));
/** Postgres `date` comes as YYYY-MM-DD already; D1 stores the same text. */
const dayOf = (value: unknown) => String(value).slice(0, 10);

/** An orders row joined with its customer, its quote's amount and its interpreter's name (see ORDER_SUMMARY_SQL). */
export type OrderSummaryRow = {
  id: number;
  status: OrderStatus;
  version: number;
  customer_id: number;
  customer_name: string;
  customer_email: string;
  customer_company: string;
  identity_verified_at: number | string | null;
  service_title: string;
  source_language: string;
  deadline: string;
  created_at: number | string;
  updated_at: number | string;
  amount_minor: number | string | null;
  currency: string | null;
  interpreter_id: string | null;
  interpreter_name: string | null;
};

export function toOrderSummary(row: OrderSummaryRow, targets: string[]): OrderSummary {
  return {
    id: int(row.id),
    status: row.status,
    version: int(row.version),
    customer: { id: int(row.customer_id), name: row.customer_name, email: row.customer_email, company: row.customer_company },
    serviceTitle: row.service_title,
    sourceLanguage: row.source_language,
    targetLanguages: targets,
    deadline: dayOf(row.deadline),
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    quote: row.amount_minor === null || row.currency === null ? null : { amountMinor: int(row.amount_minor), currency: row.currency },
    interpreter: row.interpreter_id ? { id: row.interpreter_id, name: row.interpreter_name ?? "" } : null,
    identityVerified: row.identity_verified_at !== null && row.identity_verified_at !== undefined,
  };
}

/** The columns a job needs: never the customer's or the price. */
export type JobRow = Pick<OrderSummaryRow, "id" | "status" | "version" | "service_title" | "source_language" | "deadline" | "created_at">;

export function toJobSummary(row: JobRow, targets: string[]): JobSummary {
  return {
    id: int(row.id),
    status: row.status,
    version: int(row.version),
    serviceTitle: row.service_title,
    sourceLanguage: row.source_language,
    targetLanguages: targets,
    deadline: dayOf(row.deadline),
    createdAt: instant(row.created_at),
  };
}

export type FileRow = {
  id: number;
  order_id: number;
  kind: "source" | "delivery";
  object_key: string;
  file_name: string;
  content_type: string;
  size: number | string;
  created_at: number | string;
};

export const toOrderFile = (row: FileRow): OrderFile => ({
  id: int(row.id),
  kind: row.kind,
  fileName: row.file_name,
  contentType: row.content_type,
  size: int(row.size),
  createdAt: instant(row.created_at),
});

export const toStoredFile = (row: FileRow): StoredOrderFile => ({ ...toOrderFile(row), orderId: int(row.order_id), objectKey: row.object_key });

export type MessageRow = { id: number; author: "customer" | "staff"; author_name: string | null; body: string; created_at: number | string };

/** A message as the portal's list reads it: the requester's name only on the customer's own messages. */
export type PortalMessageRow = {
  id: number | string;
  order_id: number | string;
  author: "customer" | "staff";
  customer_name: string | null;
  body: string;
  created_at: number | string;
};

export const toPortalMessage = (row: PortalMessageRow): PortalMessage => ({
  id: int(row.id),
  orderId: int(row.order_id),
  author: row.author,
  customerName: row.author === "customer" ? row.customer_name : null,
  body: row.body,
  createdAt: instant(row.created_at),
});

export const toOrderMessage = (row: MessageRow): OrderMessage => ({
  id: int(row.id),
  author: row.author,
  authorName: row.author_name,
  body: row.body,
  createdAt: instant(row.created_at),
});

export type EventRow = {
  id: number;
  at: number | string;
  actor: OrderEvent["actor"];
  actor_name: string | null;
  action: OrderEvent["action"];
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  /** JSON text on D1; Postgres's jsonb arrives already parsed. */
  detail: string | Record<string, unknown> | null;
};

/** The history entry's detail: one JSON object, as text or parsed; anything else is no detail. */
function eventDetail(detail: EventRow["detail"]): EventDetail {
  let value: unknown = detail;
  if (typeof detail === "string") {
    try {
      value = JSON.parse(detail || "{}");
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
}

export const toOrderEvent = (row: EventRow): OrderEvent => ({
  id: int(row.id),
  at: instant(row.at),
  actor: row.actor,
  actorName: row.actor_name,
  action: row.action,
  from: row.from_status,
  to: row.to_status,
  detail: eventDetail(row.detail),
});

/** An order's row with what its page shows beside the summary's columns. */
export type OrderDetailRow = OrderSummaryRow & {
  customer_phone: string;
  service_id: number | null;
  source_language_id: number | null;
  details: string;
  locale: Locale;
  internal_note: string;
  cancel_reason: string;
  token_revoked_at: number | string | null;
  token_sealed: string | null;
  due_date: string | null;
  valid_until: string | null;
  quoted_at: number | string | null;
};

export type OrderDetailParts = {
  /** In their order. */
  targets: { language_id: number | null; language: string }[];
  files: FileRow[];
  messages: MessageRow[];
  events: EventRow[];
};

export function toOrderDetail(row: OrderDetailRow, parts: OrderDetailParts): OrderDetail {
  const summary = toOrderSummary(
    row,
    parts.targets.map((target) => target.language),
  );
  return {
    ...summary,
    customer: { ...summary.customer, phone: row.customer_phone },
    serviceId: intOrNull(row.service_id),
    sourceLanguageId: intOrNull(row.source_language_id),
    targets: parts.targets.map((target) => ({ languageId: intOrNull(target.language_id), name: target.language })),
    details: row.details,
    locale: row.locale,
    internalNote: row.internal_note,
    cancelReason: row.cancel_reason,
    quote:
      summary.quote && row.due_date && row.valid_until && row.quoted_at !== null
        ? { ...summary.quote, dueDate: dayOf(row.due_date), validUntil: dayOf(row.valid_until), quotedAt: instant(row.quoted_at) }
        : null,
    linkRevoked: row.token_revoked_at !== null,
    tokenSealed: row.token_sealed,
    files: parts.files.map(toOrderFile),
    messages: parts.messages.map(toOrderMessage),
    events: parts.events.map(toOrderEvent),
  };
}

export type CustomerRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  created_at: number | string;
  order_count: number | string;
  last_order_at: number | string | null;
  currency: string;
};

export const toCustomerSummary = (row: CustomerRow, acceptedValue: CustomerSummary["acceptedValue"]): CustomerSummary => ({
  id: int(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  createdAt: instant(row.created_at),
  orderCount: int(row.order_count),
  acceptedValue,
  lastOrderAt: optionalInstant(row.last_order_at),
  currency: row.currency,
});

export type MailRow = {
  id: number;
  kind: OutgoingMail["kind"];
  to_email: string;
  subject: string;
  body: string;
  order_id: number | null;
  appointment_id?: number | string | null;
  invoice_id?: number | string | null;
  created_at: number | string;
  status: OutgoingMail["status"];
  attempts: number;
  last_error: string | null;
  next_attempt_at: number | string;
  sent_at: number | string | null;
};

export const MAIL_COLUMNS =
  "id, kind, to_email, subject, body, order_id, appointment_id, invoice_id, created_at, status, attempts, last_error, next_attempt_at, sent_at";

export const toOutgoingMail = (row: MailRow): OutgoingMail => ({
  id: int(row.id),
  kind: row.kind,
  to: row.to_email,
  subject: row.subject,
  body: row.body,
  orderId: row.order_id === null ? null : int(row.order_id),
  appointmentId: intOrNull(row.appointment_id ?? null),
  invoiceId: intOrNull(row.invoice_id ?? null),
  createdAt: instant(row.created_at),
  status: row.status,
  attempts: int(row.attempts),
  lastError: row.last_error,
  nextAttemptAt: instant(row.next_attempt_at),
  sentAt: optionalInstant(row.sent_at),
});

/** Group (order id, language) rows into each order's target names, in their position order. */
export function targetsByOrder(rows: { order_id: number | string; language: string }[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const id = int(row.order_id);
    map.set(id, [...(map.get(id) ?? []), row.language]);
  }
  return map;
}

/** Sum (customer, currency, amount) rows into each customer's accepted value per currency. */
export function valuesByCustomer(rows: { customer_id: number | string; currency: string; amount_minor: number | string }[]) {
  const map = new Map<number, CustomerSummary["acceptedValue"]>();
  for (const row of rows) {
    const id = int(row.customer_id);
    map.set(id, [...(map.get(id) ?? []), { currency: row.currency, amountMinor: int(row.amount_minor) }]);
  }
  return map;
}
