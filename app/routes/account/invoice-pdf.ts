// /Account/Invoices/<id>/invoice.pdf (issue 27): the PDF of one of the organisation's issued invoices, in the language
// of the path, read through the organisation (another organisation's, or a draft, is a plain 404). Never cached.
import { portalInvoiceOf } from "~/features/account/portal-records.server";
import { invoiceDocumentOf, withCustomer } from "~/features/billing/invoice-link.server";
import { invoicePdfResponse } from "~/features/billing/invoice-pdf-response.server";
import { localeOfPath } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import { requireCustomer } from "~/request/guards.server";
import type { Route } from "./+types/invoice-pdf";

export async function loader(args: Route.LoaderArgs) {
  const user = await requireCustomer(args);
  const app = appContext(args.context);
  const linked = await withCustomer(app, await portalInvoiceOf(app, user, args.params.invoiceId));
  const { document, number } = await invoiceDocumentOf(app, linked, localeOfPath(args.url.pathname));
  return invoicePdfResponse(document, number);
}
