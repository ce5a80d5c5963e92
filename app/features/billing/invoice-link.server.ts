// An invoice as its customer reaches it (issue 26, build item 4): by the private link it was e-mailed with
// (/Invoice/<token>), in the language of the path, as the page and the PDF print it. Anything that is not a link of a
// sent invoice is a 404, the database unread for what cannot be a token.
import { data } from "react-router";
import { companyIn } from "~/domain/content";
import type { InvoiceDocument } from "~/domain/invoice-document";
import type { Locale } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import type { RequestContext } from "~/request/context.server";
import { statusTokenHash } from "~/features/orders/status-token.server";
import { invoiceDocument } from "./invoice-document";
import { invoiceCustomer } from "./invoice-sending.server";

/** The name printed at the top of every invoice. */
export const COMPANY_NAME = "PUSH";

/** The document of the invoice whose link this is, in `locale`, and its number; a 404 for anything else. */
export async function invoiceDocumentOfLink(
  app: RequestContext,
  token: string | undefined,
  locale: Locale,
): Promise<{ document: InvoiceDocument; number: string }> {
  const hash = await statusTokenHash(token ?? "");
  const invoice = hash ? await app.backend.invoices.byLink(hash) : null;
  if (!invoice || invoice.number === null || invoice.issuedAt === null) throw data(null, { status: 404 });
  const [customer, company] = await Promise.all([invoiceCustomer(app.backend, invoice), app.backend.content.company()]);
  if (!customer) throw data(null, { status: 404 });
  const shown = company && companyIn(locale, company);
  const document = invoiceDocument(
    {
      invoice: { ...invoice, number: invoice.number, issuedAt: invoice.issuedAt },
      customer,
      company: { name: COMPANY_NAME, address: shown?.address ?? "", email: shown?.email ?? "" },
    },
    locale,
    messagesFor(locale),
  );
  return { document, number: invoice.number };
}
