// Words about invoices shared by the staff's pages, the customer's page, the PDF and the e-mail.
import { format, formatDate, type Locale, type Messages } from "~/i18n";

/** "1 October 2026 to 31 October 2026", in the reader's language. */
export function periodWords(t: Messages, locale: Locale, invoice: { periodFrom: string; periodTo: string }): string {
  return format(t.billing.invoices.period, { from: formatDate(locale, invoice.periodFrom), to: formatDate(locale, invoice.periodTo) });
}
