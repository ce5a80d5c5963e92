// /Invoice/<token>/invoice.pdf — the PDF of a sent invoice, for whoever holds its private link, in the language of the
// path (the same words as its page: app/features/billing/invoice-document.ts); an unknown token is a plain 404. Never
// cached, never indexed (invoice-pdf-response.server.ts).
import { invoiceDocumentOfLink } from "~/features/billing/invoice-link.server";
import { invoicePdfResponse } from "~/features/billing/invoice-pdf-response.server";
import { localeOfPath } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { document, number } = await invoiceDocumentOfLink(appContext(context), params.token, localeOfPath(url.pathname));
  return invoicePdfResponse(document, number);
}
