// An invoice's PDF as a response, for the private link (/Invoice/<token>/invoice.pdf) and the portal
// (/Account/Invoices/<id>/invoice.pdf). The PDF's libraries and fonts are loaded here only (a chunk of their own), so no
// other page pays for them. Never cached, never indexed.
import type { InvoiceDocument } from "~/domain/invoice-document";

export async function invoicePdfResponse(document: InvoiceDocument, number: string): Promise<Response> {
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
