// Rows of what there is to bill and of the invoices list (issue 26; both databases answer the same columns: D1 its
// instants as epoch ms, Postgres as timestamptz text and bigints as strings), mapped once for both adapters.
import type {
  BillableItem,
  CreditNote,
  Invoice,
  InvoiceLink,
  InvoiceSummary,
  ListedPayment,
  Payment,
  PaymentMethod,
  UnbilledAppointment,
  UnbilledCall,
  UnbilledOrder,
} from "~/backend/port-invoices.server";
import type { AppointmentMode, AppointmentStatus } from "~/domain/appointments";
import type { Computation } from "~/domain/pricing";
import type { Locale } from "~/i18n";
import { toRecord, type RecordRow } from "./appointment-record.server";
import { instant, int, intOrNull } from "./order.server";

/** An appointment with something to bill or pay, its record's columns beside it (all null when it has none). */
export type AppointmentWorkRow = {
  id: number | string;
  customer_id: number | string;
  mode: AppointmentMode;
  language_id: number | string | null;
  starts_at: number | string;
  created_at: number | string;
  status: AppointmentStatus;
  cancelled_at: number | string | null;
  cancelled_by: "customer" | "staff" | null;
} & { [K in keyof RecordRow]: RecordRow[K] | null };
/** With its customer's billing currency (customers.currency): what billing reads. */
export type UnbilledAppointmentRow = AppointmentWorkRow & { currency: string };

/** The appointment as work, whoever it is billed to or paid for (pay reads the same columns). */
export const toAppointmentWork = (row: AppointmentWorkRow): Omit<UnbilledAppointment, "customerId" | "currency"> => ({
  id: int(row.id),
  mode: row.mode,
  languageId: intOrNull(row.language_id),
  startsAt: instant(row.starts_at),
  createdAt: instant(row.created_at),
  status: row.status,
  cancelledAt: row.cancelled_at === null ? null : instant(row.cancelled_at),
  cancelledBy: row.cancelled_by,
  record: row.recorded_at === null ? null : toRecord(row as RecordRow),
});

/** With its customer and their billing currency (customers.currency) beside it. */
export const toUnbilledAppointment = (row: UnbilledAppointmentRow): UnbilledAppointment => ({
  ...toAppointmentWork(row),
  customerId: int(row.customer_id),
  currency: row.currency,
});

export type UnbilledOrderRow = {
  id: number | string;
  customer_id: number | string;
  amount_minor: number | string;
  currency: string;
  completed_at: number | string;
};

export const toUnbilledOrder = (row: UnbilledOrderRow): UnbilledOrder => ({
  id: int(row.id),
  customerId: int(row.customer_id),
  quote: { amountMinor: int(row.amount_minor), currency: row.currency },
  completedAt: instant(row.completed_at),
});

/** An answered call with its customer (the columns billing reads of call_log) and their billing currency. */
export type UnbilledCallRow = {
  id: string;
  customer_id: number | string;
  currency: string;
  language_id: number | string | null;
  answered_at: number | string;
  ended_at: number | string;
};

export const toUnbilledCall = (row: UnbilledCallRow): UnbilledCall => ({
  id: row.id,
  customerId: int(row.customer_id),
  currency: row.currency,
  languageId: intOrNull(row.language_id),
  answeredAt: instant(row.answered_at),
  endedAt: instant(row.ended_at),
});

/** A billable_items row: D1 keeps the computation as JSON text, Postgres as jsonb (an object once read). */
export type BillableItemRow = {
  id: number | string;
  source: string;
  customer_id: number | string;
  work_day: string;
  currency: string;
  amount_minor: number | string;
  rate_line_id: number | string | null;
  language_id: number | string | null;
  computation: Computation | string;
  invoice_id: number | string | null;
  created_at: number | string;
};

export const toBillableItem = (row: BillableItemRow): BillableItem => ({
  id: int(row.id),
  source: row.source,
  customerId: int(row.customer_id),
  workDay: row.work_day,
  currency: row.currency,
  amountMinor: int(row.amount_minor),
  rateLineId: intOrNull(row.rate_line_id),
  languageId: intOrNull(row.language_id),
  computation: typeof row.computation === "string" ? (JSON.parse(row.computation) as Computation) : row.computation,
  invoiceId: intOrNull(row.invoice_id),
  createdAt: instant(row.created_at),
});

/** An invoices row. */
export type InvoiceRow = {
  id: number | string;
  customer_id: number | string;
  currency: string;
  period_from: string;
  period_to: string;
  status: "draft" | "issued";
  version: number | string;
  number: string | null;
  tax_bp: number | string | null;
  subtotal_minor: number | string | null;
  tax_minor: number | string | null;
  total_minor: number | string | null;
  issued_at: number | string | null;
  created_at: number | string;
};

const invoiceColumns = (row: InvoiceRow): Omit<Invoice, "items" | "link" | "payments" | "paidMinor" | "credits" | "creditedMinor"> => ({
  id: int(row.id),
  customerId: int(row.customer_id),
  currency: row.currency,
  periodFrom: row.period_from,
  periodTo: row.period_to,
  status: row.status,
  version: int(row.version),
  number: row.number,
  taxBasisPoints: intOrNull(row.tax_bp),
  subtotalMinor: intOrNull(row.subtotal_minor),
  taxMinor: intOrNull(row.tax_minor),
  totalMinor: intOrNull(row.total_minor),
  issuedAt: row.issued_at === null ? null : instant(row.issued_at),
  createdAt: instant(row.created_at),
});

/** An invoice_links row: the link of an invoice that was sent. */
export type InvoiceLinkRow = { token_sealed: string; locale: Locale; sent_at: number | string; sends: number | string };

const toInvoiceLink = (row: InvoiceLinkRow): InvoiceLink => ({
  sealed: row.token_sealed,
  locale: row.locale,
  sentAt: instant(row.sent_at),
  sends: int(row.sends),
});

/** An invoice_payments row. */
export type PaymentRow = {
  id: number | string;
  amount_minor: number | string;
  paid_on: string;
  method: PaymentMethod;
  reference: string;
  recorded_by: string;
  recorded_at: number | string;
};

const toPayment = (row: PaymentRow): Payment => ({
  id: int(row.id),
  amountMinor: int(row.amount_minor),
  paidOn: row.paid_on,
  method: row.method,
  reference: row.reference,
  recordedBy: row.recorded_by,
  recordedAt: instant(row.recorded_at),
});

/** An invoice_payments row with its invoice's number and currency and its customer. */
export type ListedPaymentRow = PaymentRow & {
  invoice_id: number | string;
  invoice_number: string;
  currency: string;
  customer_name: string;
  customer_email: string;
};

export const toListedPayment = (row: ListedPaymentRow): ListedPayment => ({
  ...toPayment(row),
  invoiceId: int(row.invoice_id),
  invoiceNumber: row.invoice_number,
  currency: row.currency,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
});

/** An invoice, its items (in their order: day, then id), its link once sent and its payments (in their order). */
/** A credit_notes row. */
export type CreditNoteRow = {
  id: number | string;
  number: string;
  amount_minor: number | string;
  reason: string;
  created_by: string;
  created_at: number | string;
};

const toCreditNote = (row: CreditNoteRow): CreditNote => ({
  id: int(row.id),
  number: row.number,
  amountMinor: int(row.amount_minor),
  reason: row.reason,
  createdBy: row.created_by,
  createdAt: instant(row.created_at),
});

const sumOf = (rows: readonly { amountMinor: number }[]) => rows.reduce((sum, row) => sum + row.amountMinor, 0);

/** An invoice with what belongs to it: its items, its link (null until sent), its payments and its credit notes. */
export function toInvoice(
  row: InvoiceRow,
  parts: { items: readonly BillableItemRow[]; link: InvoiceLinkRow | null; payments: readonly PaymentRow[]; credits: readonly CreditNoteRow[] },
): Invoice {
  const payments = parts.payments.map(toPayment);
  const credits = parts.credits.map(toCreditNote);
  return {
    ...invoiceColumns(row),
    items: parts.items.map(toBillableItem),
    link: parts.link === null ? null : toInvoiceLink(parts.link),
    payments,
    paidMinor: sumOf(payments),
    credits,
    creditedMinor: sumOf(credits),
  };
}

/** An invoices row with its customer and the count and sum of its items. */
export type InvoiceSummaryRow = InvoiceRow & {
  customer_name: string;
  customer_email: string;
  item_count: number | string;
  items_minor: number | string;
  sent_at: number | string | null;
  paid_minor: number | string;
  credited_minor: number | string;
};

export const toInvoiceSummary = (row: InvoiceSummaryRow): InvoiceSummary => ({
  ...invoiceColumns(row),
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  itemCount: int(row.item_count),
  itemsMinor: int(row.items_minor),
  sentAt: row.sent_at === null ? null : instant(row.sent_at),
  paidMinor: int(row.paid_minor),
  creditedMinor: int(row.credited_minor),
});
