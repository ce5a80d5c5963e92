// Orders and customers as the pages show them (issue 13): what the backend port answers, in the app's names.
// Pure types and the small rules that go with them (order numbers, list queries from the URL).
import type { Locale } from "~/i18n";
import type { OrderActor, OrderStatus, OrderTransition, Quote } from "./orders";
import { filterDay, ORDER_STATUSES } from "./orders";
import { pageParam, positiveInt, searchParam, type Paged } from "./paging";

export type OrderFileKind = "source" | "delivery";

export type OrderFile = {
  id: number;
  kind: OrderFileKind;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: number;
};

/** A file as stored: the private bucket's key is only ever read by the download routes. */
export type StoredOrderFile = OrderFile & { orderId: number; objectKey: string };

/** A file about to be recorded: its bytes are already in the private bucket under `objectKey`. */
export type NewOrderFile = { objectKey: string; fileName: string; contentType: string; size: number };

export type OrderMessage = { id: number; author: "customer" | "staff"; authorName: string | null; body: string; createdAt: number };

export type OrderEvent = {
  id: number;
  at: number;
  actor: OrderActor | "system";
  actorName: string | null;
  /** A transition's name, or "requested", "note", "link-revoked". */
  action: OrderTransition | "requested" | "note" | "link-revoked";
  from: OrderStatus | null;
  to: OrderStatus | null;
  detail: EventDetail;
};

/** What a history entry records beside who and when: data the page words in its own language. */
export type EventDetail = { quote?: Quote; interpreter?: { id: string; name: string }; reason?: string; files?: number };

export type CustomerRef = { id: number; name: string; email: string; company: string };

export type OrderSummary = {
  id: number;
  status: OrderStatus;
  version: number;
  customer: CustomerRef;
  serviceTitle: string;
  sourceLanguage: string;
  targetLanguages: string[];
  deadline: string;
  createdAt: number;
  updatedAt: number;
  quote: Pick<Quote, "amountMinor" | "currency"> | null;
  interpreter: { id: string; name: string } | null;
  /**
   * The requester proved the e-mail address (opened the e-mailed link) or staff confirmed it: only then is the order
   * its customer's. Until then `customer.name` (and company, phone) are only what the requester typed (issue 22).
   */
  identityVerified: boolean;
};

export type OrderDetail = Omit<OrderSummary, "quote" | "customer"> & {
  customer: CustomerRef & { phone: string };
  serviceId: number | null;
  sourceLanguageId: number | null;
  targets: { languageId: number | null; name: string }[];
  details: string;
  /** The language the customer wrote in: their e-mails and status page default to it. */
  locale: Locale;
  internalNote: string;
  cancelReason: string;
  quote: (Quote & { quotedAt: number }) | null;
  linkRevoked: boolean;
  /** The sealed copy of the status link's token (null for a link issued without one). */
  tokenSealed: string | null;
  files: OrderFile[];
  messages: OrderMessage[];
  events: OrderEvent[];
};

/**
 * What an interpreter sees of an order assigned to them: the work and its files, never the customer's contact
 * details or the price.
 */
export type JobSummary = Pick<OrderDetail, "id" | "status" | "version" | "serviceTitle" | "sourceLanguage" | "targetLanguages" | "deadline" | "createdAt">;
export type Job = JobSummary & { details: string; files: OrderFile[] };

export type CustomerSummary = CustomerRef & {
  phone: string;
  createdAt: number;
  orderCount: number;
  /** Accepted work (accepted, in progress, delivered or completed), summed per currency. */
  acceptedValue: { currency: string; amountMinor: number }[];
  lastOrderAt: number | null;
  /** What their appointments and calls are billed in, and their drafts drafted in (issue 26; USD unless set). */
  currency: string;
};

/** A visitor's quote request as the port stores it (the route has checked it with the form's schema). */
export type NewOrder = {
  customer: { name: string; email: string; phone: string; company: string };
  serviceId: number;
  sourceLanguageId: number;
  targetLanguageIds: number[];
  deadline: string;
  details: string;
  locale: Locale;
  tokenHash: string;
  /** The token sealed with the worker's secret, for the links in later e-mails (app/features/orders/status-token.server.ts). */
  tokenSealed: string;
  files: NewOrderFile[];
};

/** One transition as the route has checked it (checkTransition): the adapter stores it if the version still holds. */
export type OrderChange = {
  transition: OrderTransition;
  from: OrderStatus;
  to: OrderStatus;
  basedOn: number;
  actor: OrderActor;
  /** The signed-in person who acted; null for the customer. */
  actorId: string | null;
  quote?: Quote;
  interpreterId?: string;
  cancelReason?: string;
  deliveryFiles?: NewOrderFile[];
  /** Kept in the history entry. */
  detail: EventDetail;
};

// ---- order numbers ----

/** How an order is named to people: PUSH-0042. */
export function orderNumber(id: number): string {
  return `PUSH-${String(id).padStart(4, "0")}`;
}

/** "PUSH-0042", "push-42", "#42" or "42" → 42; anything else → null. */
export function orderIdOf(text: string): number | null {
  const match = /^(?:push-|#)?0*(\d{1,9})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : 0;
  return id > 0 ? id : null;
}

// ---- lists ----

export const ORDERS_PAGE_SIZE = 20;

export type OrderQuery = {
  search: string;
  status: OrderStatus | null;
  serviceId: number | null;
  languageId: number | null;
  /** Requested on or after / on or before (YYYY-MM-DD, the company's calendar). */
  from: string | null;
  to: string | null;
  page: number;
};
export type OrderPage = Paged<OrderSummary>;

export type CustomerQuery = { search: string; page: number };
export type CustomerPage = Paged<CustomerSummary>;
/** A customer's page: their details and one page of their orders. */
export type CustomerDetail = { customer: CustomerSummary; orders: OrderPage };
/** The signed-in interpreter's jobs, a page at a time. */
export type JobPage = Paged<JobSummary>;

/** ?q=&status=&service=&language=&from=&to=&page= → the list's query; anything unreadable is left out. */
export function orderQueryFrom(url: URL): OrderQuery {
  const params = url.searchParams;
  const status = params.get("status");
  return {
    search: searchParam(url),
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? "") ? (status as OrderStatus) : null,
    serviceId: positiveInt(params.get("service")),
    languageId: positiveInt(params.get("language")),
    from: filterDay(params.get("from")),
    to: filterDay(params.get("to")),
    page: pageParam(url),
  };
}

export function customerQueryFrom(url: URL): CustomerQuery {
  return { search: searchParam(url), page: pageParam(url) };
}

/** Statuses in which the customer has accepted the price: the value a customer has brought. */
export const ACCEPTED_STATUSES = ["accepted", "in_progress", "delivered", "completed"] as const satisfies readonly OrderStatus[];
