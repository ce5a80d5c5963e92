// The invoice PDF (issue 26, build item 4; docs/decisions/0036), made inside workerd as the Worker makes it, then read
// by poppler (pdftotext, pdfinfo, pdftoppm: tests/support/poppler.ts), as a customer's PDF reader would: the invoice
// number, the customer's name and the total come out as text in both languages, Arabic words whole and in order (a
// lam-alef label too), the long invoice takes two pages, and an Arabic page is written from the right.
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "~/domain/invoice-document";
import { readerText } from "../support/pdf-text";

const CUSTOMER = "شركة النور للترجمة";
const NUMBER = "PUSH-2026-0001";
/** The one line long enough to wrap in its column (about 150 characters). */
const LONG_EN =
  "2 h 10 min on site → 2 h 15 min billed (minimum 1 h, in increments of 15 min) × $80.00/hour, evening +25%, for Zoë Łukasiewicz-Ångström = $8.81";
const LONG_AR = "2 س 10 د حضوريًا ← 2 س 15 د مفوترة (حدّ أدنى 1 س، بزيادات 15 د) × 80.00 US$/ساعة، مساءً +25%، للسيدة Zoë Łukasiewicz = 8.81 US$";

function english(): InvoiceDocument {
  return {
    locale: "en",
    title: `Invoice ${NUMBER}`,
    company: { name: "PUSH Translation & Interpreting", lines: ["1600 Broadway, Denver, CO 80202", "billing@push.example"] },
    facts: [
      { label: "Number", value: NUMBER },
      { label: "Issued", value: "2026-11-27" },
      { label: "Period", value: "2026-10-01 – 2026-10-31" },
      { label: "Customer", value: CUSTOMER },
      { label: "Status", value: "Issued" },
    ],
    columns: { work: "Work", amount: "Amount" },
    lines: [
      { words: LONG_EN, amount: "$8.81" },
      ...Array.from({ length: 29 }, (_, index) => ({ words: `Document translation, flat price (order ${1000 + index})`, amount: "$6.00" })),
    ],
    totals: [
      { label: "Subtotal", value: "$182.81" },
      { label: "Tax", value: "$0.00" },
      { label: "Total", value: "$182.81" },
    ],
    footer: ["Pay by bank transfer to PUSH, IBAN US00 0000 0000 0000, quoting the invoice number.", "Thank you."],
  };
}

function arabic(): InvoiceDocument {
  return {
    locale: "ar",
    title: `فاتورة ${NUMBER}`,
    company: { name: "PUSH للترجمة التحريرية والفورية", lines: ["1600 Broadway، دنفر، كولورادو 80202", "billing@push.example"] },
    facts: [
      { label: "الرقم", value: NUMBER },
      { label: "تاريخ الإصدار", value: "2026-11-27" },
      { label: "الفترة", value: "من 2026-10-01 إلى 2026-10-31" },
      { label: "العميل", value: CUSTOMER },
      { label: "الحالة", value: "صادرة" },
    ],
    columns: { work: "العمل", amount: "المبلغ" },
    lines: [
      { words: LONG_AR, amount: "8.81 US$" },
      ...Array.from({ length: 29 }, (_, index) => ({ words: `ترجمة مستند بسعر مقطوع (الطلب ${1000 + index})`, amount: "6.00 US$" })),
    ],
    totals: [
      { label: "المجموع الفرعي", value: "182.81 US$" },
      { label: "الضريبة", value: "0.00 US$" },
      { label: "الإجمالي", value: "182.81 US$" },
    ],
    footer: ["ادفع بتحويل مصرفي إلى PUSH، رقم الحساب US00 0000 0000 0000، مع ذكر رقم الفاتورة.", "شكرًا لكم."],
  };
}

async function render(invoice: InvoiceDocument): Promise<Uint8Array<ArrayBuffer>> {
  const { renderInvoicePdf } = await import("~/features/billing/invoice-pdf/invoice-pdf.server");
  return renderInvoicePdf(invoice);
}

async function poppler(tool: "pdftotext" | "pdfinfo" | "pdftoppm", pdf: Uint8Array<ArrayBuffer>, query = ""): Promise<Uint8Array> {
  const response = await fetch(`${inject("popplerUrl")}/${tool}?${query}`, { method: "POST", body: pdf });
  if (!response.ok) throw new Error(`${tool}: ${await response.text()}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** pdftotext's text as a reader compares it: NFKC, without the direction marks and embeddings it wraps Arabic in. */
async function textOf(pdf: Uint8Array<ArrayBuffer>, { layout = false } = {}): Promise<string> {
  return readerText(new TextDecoder().decode(await poppler("pdftotext", pdf, layout ? "layout" : "")));
}

/** A page's dark pixels (grey below 128) in its top quarter, left and right of the middle, and on the whole page. */
async function inkOf(pdf: Uint8Array<ArrayBuffer>, page: number) {
  const pgm = await poppler("pdftoppm", pdf, `page=${page}`);
  const header = new TextDecoder("latin1").decode(pgm.subarray(0, 40)).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error("pdftoppm did not answer a binary PGM");
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const ink = { left: 0, right: 0, total: 0 };
  for (let index = 0; index < width * height; index++) {
    if (pixels[index]! >= 128) continue;
    ink.total++;
    if (index / width >= height / 4) continue;
    if (index % width < width / 2) ink.left++;
    else ink.right++;
  }
  return ink;
}

describe("the invoice PDF's fonts", () => {
  it("keep their shaping tables once subset: Arabic letters join, lam-alef is one glyph, Latin kerns", async () => {
    const { INVOICE_FONTS } = await import("~/features/billing/invoice-pdf/fonts");
    for (const { arabic, latin } of [INVOICE_FONTS.regular, INVOICE_FONTS.bold]) {
      const word = "شركة";
      const shaped = arabic.layout(word, []).glyphs.map((glyph) => glyph.id);
      const isolated = [...word].map((letter) => arabic.glyphForCodePoint(letter.codePointAt(0)!).id).reverse();
      expect(shaped).toHaveLength(4);
      expect(shaped).not.toEqual(isolated); // the joining forms (init, medi, fina), not the isolated letters
      expect(arabic.layout("الإجمالي", []).glyphs).toHaveLength(7); // ل + إ drawn as one glyph
      expect(latin.layout("AV", []).advanceWidth).toBeLessThan(latin.layout("A", []).advanceWidth + latin.layout("V", []).advanceWidth);
    }
  });
});

describe("renderInvoicePdf", () => {
  it("writes an English invoice a PDF reader reads back: number, customer, total, wrapped words, two pages", async () => {
    const pdf = await render(english());
    const text = await textOf(pdf);
    expect(text).toContain(NUMBER);
    expect(text).toContain(CUSTOMER);
    expect(await textOf(pdf, { layout: true })).toMatch(/Total +\$182\.81\n/); // the total beside its label
    expect(text).toContain("Łukasiewicz-Ångström");
    expect(text).toContain("on site → 2 h 15 min"); // an arrow, which neither Noto Sans nor Noto Sans Arabic draws
    // The long words go on over several lines of their column, all of them there and in their order.
    const lineOfWord = (word: string) => text.split("\n").findIndex((line) => line.includes(word));
    expect(lineOfWord("evening")).toBeGreaterThan(lineOfWord("2 h 10 min"));
    expect(text.replace(/\s+/g, " ")).toContain("(minimum 1 h, in increments of 15 min)");

    const info = new TextDecoder().decode(await poppler("pdfinfo", pdf));
    expect(info).toMatch(/^Pages:\s+2$/m);
    expect(info).toMatch(/^Title:\s+Invoice PUSH-2026-0001$/m);
    expect(info).toMatch(/^Producer:\s+PUSH$/m);
    expect(new TextDecoder("latin1").decode(pdf)).toContain("/Lang (en)");

    const first = await inkOf(pdf, 1);
    expect(first.total).toBeGreaterThan(2000);
    expect(first.left).toBeGreaterThan(first.right * 2); // English starts on the left
    expect((await inkOf(pdf, 2)).total).toBeGreaterThan(500);
  });

  it("writes an Arabic invoice from the right, its Arabic words whole and in order, Latin codes and amounts left to right", async () => {
    // The second PDF of the isolate: the parsed fonts outlive a document, and once lost the text of some of their glyphs.
    await render(arabic());
    const pdf = await render(arabic());
    const text = await textOf(pdf);
    expect(text).toContain(NUMBER); // not 2026-0001-PUSH
    expect(text).toContain(CUSTOMER);
    expect(text).toContain("182.81 US$"); // not $US 182.81
    // A lam-alef ligature: its text used to come out reversed (اإلجمالي).
    expect(text).toContain("الإجمالي");
    expect(text).not.toContain("اإلجمالي");
    // A bracket is drawn mirrored and copied as written: "(الطلب", not ")الطلب". (Poppler puts the closing one, beside
    // the digits, in their left-to-right word: "(الطلب )1000".)
    expect(text).toContain("ترجمة مستند بسعر مقطوع (الطلب");
    expect(text).toContain("حضوريًا"); // not ضوريًا: an initial ح once came out without its text
    expect(text).toContain("ساعة");
    expect(text).toContain("Zoë Łukasiewicz");
    expect(text).toContain("←");

    const info = new TextDecoder().decode(await poppler("pdfinfo", pdf));
    expect(info).toMatch(/^Pages:\s+2$/m);
    expect(info).toContain(`فاتورة ${NUMBER}`);
    expect(new TextDecoder("latin1").decode(pdf)).toContain("/Lang (ar)");

    const first = await inkOf(pdf, 1);
    expect(first.total).toBeGreaterThan(2000);
    expect(first.right).toBeGreaterThan(first.left * 2); // the company, the title and the facts stand on the right
    expect((await inkOf(pdf, 2)).total).toBeGreaterThan(500);
  });
});
