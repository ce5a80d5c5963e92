// What a PDF reader copies from the Arabic text depends on the text pdfkit writes for each glyph (its ToUnicode map),
// which it takes from the glyphs fontkit hands back. Two faults of that text, fixed on the parsed font itself.
import type { Font, Glyph } from "fontkit";

/**
 * fontkit keeps one Glyph object per glyph id, with the text of the first call that made it. Subsetting a font for a
 * PDF makes the parts of composite glyphs with no text at all, and our fonts outlive a document (fonts.ts): in the
 * next PDF, the initial ح and س, drawn from such parts, were written with no text and vanished from the copied words
 * (حضوريًا read ضوريًا). A glyph without text takes the text of the first layout that finds it.
 */
function giveTextToBareGlyphs(font: Font): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
}

/**
 * The text of a ligature in a right-to-left run is written reversed, so a reader copies it right. Readers (poppler and
 * pdf.js both) reverse right-to-left text character by character, the characters of one glyph included: lam-alef,
 * written "لإ", came out "إل", and الإجمالي was copied as اإلجمالي. Each ligature glyph is reversed once (one object per
 * glyph id), and only ever appears in right-to-left runs.
 */
function reverseLigatureTextInRightToLeft(font: Font): void {
  const layout = font.layout.bind(font);
  const reversed = new WeakSet<Glyph>();
  font.layout = (...args) => {
    const run = layout(...args);
    if (run.direction !== "rtl") return run;
    for (const glyph of run.glyphs) {
      if (glyph.codePoints.length < 2 || reversed.has(glyph)) continue;
      glyph.codePoints = [...glyph.codePoints].reverse();
      reversed.add(glyph);
    }
    return run;
  };
}

/** The font, its glyphs' text fixed for PDF readers. */
export function withReadableText(font: Font, { rightToLeft }: { rightToLeft: boolean }): Font {
  giveTextToBareGlyphs(font);
  if (rightToLeft) reverseLigatureTextInRightToLeft(font);
  return font;
}
