// /Invoice/<token>/invoice.pdf — the PDF of a sent invoice, for whoever holds its private link, in the language of the
// path (the same words as its page: app/features/billing/invoice-document.ts); an unknown token is a plain 404. The
// PDF's libraries and fonts are loaded here only (a chunk of their own), so no other page pays for them. Never cached,
// never indexed.
import { invoiceDocumentOfLink } from "~/features/billing/invoice-link.server";
import { localeOfPath } from "~/platform/page/locale";
import { appContext } from "~/request/context.server";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { document, number } = await invoiceDocumentOfLink(appContext(context), params.token, localeOfPath(url.pathname));
  const { renderInvoicePdf } = await import("~/features/billing/invoice-pdf/invoice-pdf.server");
  return new Response(await renderInvoicePdf(document), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${number}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
