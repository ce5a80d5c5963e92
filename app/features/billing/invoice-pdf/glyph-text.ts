// What a PDF reader copies from the Arabic text depends on the text pdfkit writes for each glyph (its ToUnicode map),
// which it takes from the glyphs fontkit hands back. Three faults of that text, fixed on the parsed font itself.
import type { Font, Glyph } from "fontkit";
import { mirrorOf } from "./bidi-runs";

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

/**
 * A font that draws only mirrored characters: right to left, "(" is drawn as ")" (bidi-runs.ts), and a reader, which
 * does not mirror, copied ")…(" for "(…)". Each glyph of this copy of the font is written with the text of its mirror,
 * the character the text has; its own copy, since a glyph has one text in a font.
 */
function writeMirroredText(font: Font): void {
  const layout = font.layout.bind(font);
  const mirrored = new WeakSet<Glyph>();
  font.layout = (...args) => {
    const run = layout(...args);
    for (const glyph of run.glyphs) {
      if (mirrored.has(glyph) || glyph.codePoints.length === 0) continue; // a glyph without text yet gets it later
      glyph.codePoints = glyph.codePoints.map((codePoint) => mirrorOf(codePoint));
      mirrored.add(glyph);
    }
    return run;
  };
}

/** How a font's text is written: as it is, right to left (ligatures reversed), or mirrored (its own copy). */
export type TextOfGlyphs = "as-is" | "right-to-left" | "mirrored";

/** The font, its glyphs' text fixed for PDF readers. */
export function withReadableText(font: Font, text: TextOfGlyphs): Font {
  giveTextToBareGlyphs(font);
  if (text === "right-to-left") reverseLigatureTextInRightToLeft(font);
  if (text === "mirrored") writeMirroredText(font);
  return font;
}
