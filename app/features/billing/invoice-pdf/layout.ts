// The invoice on A4 pages: the company, the title, the facts, the table of billed lines (each line's words wrapped in
// their column, a new page with the column headings again when the lines run past the bottom), the totals and the
// footer. Everything is placed from the reader's start side: the left in English, the right in Arabic, where the
// amounts then stand on the left. Distances are in points; a y is a text baseline measured from the top of the page.
import type { InvoiceDocument } from "~/domain/invoice-document";
import type { TextStyle, Typesetter } from "./typeset";

const MARGIN = 50;
const TOP = 56;
/** The lowest baseline for content; the page number sits below it. */
const BOTTOM_MARGIN = 64;
/** The amounts' column, and the totals' values under it. */
const AMOUNT_WIDTH = 110;
const GAP = 16;

const MUTED = "#5a5a5a";
const RULE = "#9a9a9a";
const FAINT_RULE = "#d6d6d6";

const COMPANY: TextStyle = { size: 16, bold: true };
const COMPANY_LINE: TextStyle = { size: 9, color: MUTED };
const TITLE: TextStyle = { size: 20, bold: true };
const LABEL: TextStyle = { size: 10, color: MUTED };
const BODY: TextStyle = { size: 10 };
const HEADING: TextStyle = { size: 10, bold: true };
const FOOTER: TextStyle = { size: 9, color: MUTED };
const PAGE_NUMBER: TextStyle = { size: 8, color: MUTED };

/** The leading (baseline to baseline) of a style's lines. */
const leading = (style: TextStyle) => Math.round(style.size * 1.4);

export function layOutInvoice(pdf: PDFKit.PDFDocument, text: Typesetter, invoice: InvoiceDocument): void {
  const width = pdf.page.width;
  const bottom = pdf.page.height - BOTTOM_MARGIN;
  const rtl = text.direction === "rtl";
  /** The x of the start side's margin and the matching alignment; then the same for the end side. */
  const start = rtl ? width - MARGIN : MARGIN;
  const startAlign = rtl ? "right" : "left";
  const end = rtl ? MARGIN : width - MARGIN;
  const endAlign = rtl ? "left" : "right";
  /** x moved by d points from the start side towards the end side. */
  const inward = (x: number, d: number) => (rtl ? x - d : x + d);
  const contentWidth = width - 2 * MARGIN;

  const rule = (y: number, color: string, from = MARGIN, to = width - MARGIN) => pdf.moveTo(from, y).lineTo(to, y).lineWidth(0.6).strokeColor(color).stroke();

  let y = TOP;
  /** Moves to a new page when `height` more points would pass the bottom; answers whether it did. */
  const room = (height: number): boolean => {
    if (y + height <= bottom) return false;
    pdf.addPage();
    y = TOP;
    return true;
  };

  // The company and the title.
  text.draw(invoice.company.name, start, y, startAlign, COMPANY);
  y += leading(COMPANY_LINE) + 4;
  for (const line of invoice.company.lines) {
    text.draw(line, start, y, startAlign, COMPANY_LINE);
    y += leading(COMPANY_LINE);
  }
  y += 22;
  text.draw(invoice.title, start, y, startAlign, TITLE);
  y += 26;

  // The facts: labels in a column of their own, each value beside its label, wrapped if it is long.
  const labelWidth = Math.min(170, Math.max(0, ...invoice.facts.map((fact) => text.width(fact.label, LABEL))) + 12);
  for (const fact of invoice.facts) {
    const values = text.wrap(fact.value, contentWidth - labelWidth, BODY);
    room(leading(BODY) * values.length);
    text.draw(fact.label, start, y, startAlign, LABEL);
    for (const value of values) {
      text.draw(value, inward(start, labelWidth), y, startAlign, BODY);
      y += leading(BODY);
    }
  }
  y += 18;

  // The billed lines.
  const wordsWidth = contentWidth - AMOUNT_WIDTH - GAP;
  const headings = () => {
    text.draw(invoice.columns.work, start, y, startAlign, HEADING);
    text.draw(invoice.columns.amount, end, y, endAlign, HEADING);
    rule(y + 7, RULE);
    y += leading(BODY) + 8;
  };
  headings();
  for (const line of invoice.lines) {
    const words = text.wrap(line.words, wordsWidth, BODY);
    if (room(leading(BODY) * words.length + 6)) headings();
    text.draw(line.amount, end, y, endAlign, BODY);
    for (const part of words) {
      text.draw(part, start, y, startAlign, BODY);
      y += leading(BODY);
    }
    rule(y - leading(BODY) + 6, FAINT_RULE);
    y += 6;
  }

  // The totals, under the amounts: the values in the amounts' column, their labels just before it; the last (the
  // total, or the balance still open) in bold.
  y += 8;
  room(leading(BODY) * invoice.totals.length + 4);
  const totalsFrom = rtl ? MARGIN : width - MARGIN - 2 * AMOUNT_WIDTH - GAP;
  rule(y - leading(BODY) + 4, RULE, totalsFrom, totalsFrom + 2 * AMOUNT_WIDTH + GAP);
  invoice.totals.forEach((total, index) => {
    const style = index === invoice.totals.length - 1 ? HEADING : BODY;
    text.draw(total.label, rtl ? end + AMOUNT_WIDTH + GAP : end - AMOUNT_WIDTH - GAP, y, endAlign, style);
    text.draw(total.value, end, y, endAlign, style);
    y += leading(BODY);
  });

  // The footer: how to pay, and the rest.
  y += 18;
  for (const paragraph of invoice.footer) {
    for (const line of text.wrap(paragraph, contentWidth, FOOTER)) {
      room(leading(FOOTER));
      text.draw(line, start, y, startAlign, FOOTER);
      y += leading(FOOTER);
    }
    y += 4;
  }
}

/** "1 / 2" centred under each page, once every page is laid out (the document buffers its pages). */
export function numberPages(pdf: PDFKit.PDFDocument, text: Typesetter): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    pdf.switchToPage(page);
    const label = `${page - start + 1} / ${count}`;
    const x = (pdf.page.width - text.width(label, PAGE_NUMBER)) / 2;
    text.draw(label, x, pdf.page.height - BOTTOM_MARGIN / 2, "left", PAGE_NUMBER);
  }
}
