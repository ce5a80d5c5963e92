// The invoice as a PDF, made in the Worker (issue 26, build item 4; docs/decisions/0036): pdfkit's browser build draws
// it, its fontkit shapes the Arabic, bidi-js orders each line. Import this module with a dynamic import() from the
// route that serves the PDF, so no other request pays to load pdfkit, fontkit and the fonts.
import PDFDocument from "pdfkit";
import { toBytes } from "pdfkit/output";
import type { InvoiceDocument } from "~/domain/invoice-document";
import { registerInvoiceFonts } from "./fonts";
import { layOutInvoice, numberPages } from "./layout";
import { Typesetter } from "./typeset";

/** The PDF of an invoice document, every string of which is already in the reader's language. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: 0,
    // No default font: pdfkit's would be Helvetica, whose metrics the browser build does not carry.
    font: "",
    bufferPages: true,
    lang: invoice.locale,
    displayTitle: true,
    info: { Title: invoice.title, Author: invoice.company.name, Creator: "PUSH", Producer: "PUSH", CreationDate: new Date() },
  });
  const bytes = toBytes(pdf); // listens from the first byte
  const text = new Typesetter(pdf, registerInvoiceFonts(pdf), invoice.locale === "ar" ? "rtl" : "ltr");
  layOutInvoice(pdf, text, invoice);
  numberPages(pdf, text);
  pdf.end();
  return bytes;
}
