// The invoice PDF's fonts (docs/decisions/0036), made by scripts/subset-invoice-fonts.ts: Noto Sans Arabic for Arabic,
// Noto Sans for Latin letters and digits (the Arabic font has neither), Noto Sans Math's arrows (neither has →), and
// Noto Sans's brackets for those drawn mirrored in right-to-left text (glyph-text.ts).
// They are parsed once, when this module is first imported, and kept for every later PDF of the isolate: parsing them
// per request tripled a page's CPU time.
import { create, type Font } from "fontkit";
import type { FontChoice } from "./bidi-runs";
import arabicBoldBytes from "./fonts/noto-sans-arabic-bold.ttf.bin";
import arabicRegularBytes from "./fonts/noto-sans-arabic-regular.ttf.bin";
import latinBoldBytes from "./fonts/noto-sans-bold.ttf.bin";
import latinRegularBytes from "./fonts/noto-sans-regular.ttf.bin";
import bracketsBoldBytes from "./fonts/noto-sans-brackets-bold.ttf.bin";
import bracketsRegularBytes from "./fonts/noto-sans-brackets-regular.ttf.bin";
import arrowsBytes from "./fonts/noto-sans-math-arrows.ttf.bin";
import { type TextOfGlyphs, withReadableText } from "./glyph-text";

function parse(bytes: ArrayBuffer, text: TextOfGlyphs = "as-is"): Font {
  // fontkit reads any Uint8Array; its types ask for Node's Buffer, which the Worker has no need to build.
  const font = create(new Uint8Array(bytes) as Buffer);
  if (!("layout" in font)) throw new Error("An invoice font is a collection, not a single font");
  return withReadableText(font, text);
}

const arrows = parse(arrowsBytes); // one weight: an arrow in a bold line is drawn regular

export const INVOICE_FONTS: { regular: FontChoice<Font>; bold: FontChoice<Font> } = {
  regular: {
    arabic: parse(arabicRegularBytes, "right-to-left"),
    latin: parse(latinRegularBytes),
    symbols: arrows,
    mirrored: parse(bracketsRegularBytes, "mirrored"),
  },
  bold: { arabic: parse(arabicBoldBytes, "right-to-left"), latin: parse(latinBoldBytes), symbols: arrows, mirrored: parse(bracketsBoldBytes, "mirrored") },
};

/** A font registered with one document: its name there, and whether it draws a character. */
export type RegisteredFont = { name: string; has(codePoint: number): boolean };
export type RegisteredFonts = { regular: FontChoice<RegisteredFont>; bold: FontChoice<RegisteredFont> };

/** Registers the parsed fonts with a new document (pdfkit embeds only the glyphs the document draws). */
export function registerInvoiceFonts(document: PDFKit.PDFDocument): RegisteredFonts {
  const register = (name: string, font: Font): RegisteredFont => {
    // pdfkit takes an already parsed fontkit font (anything with a layout method); its types know only bytes and paths.
    document.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
    return { name, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  };
  const symbols = register("symbols", arrows);
  return {
    regular: {
      arabic: register("arabic", INVOICE_FONTS.regular.arabic),
      latin: register("latin", INVOICE_FONTS.regular.latin),
      symbols,
      mirrored: register("mirrored", INVOICE_FONTS.regular.mirrored),
    },
    bold: {
      arabic: register("arabic-bold", INVOICE_FONTS.bold.arabic),
      latin: register("latin-bold", INVOICE_FONTS.bold.latin),
      symbols,
      mirrored: register("mirrored-bold", INVOICE_FONTS.bold.mirrored),
    },
  };
}
