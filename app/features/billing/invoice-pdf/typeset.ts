// Measures, wraps and draws one line of text on a pdfkit page, in the document's direction: the line is cut into
// visually ordered runs (bidi-runs.ts) and each run drawn in its font, left to right.
import { type Direction, visualRuns } from "./bidi-runs";
import type { RegisteredFont, RegisteredFonts } from "./fonts";

export type TextStyle = { size: number; bold?: boolean; color?: string };

// features: [] makes pdfkit shape a run as a whole: without it pdfkit shapes word by word and puts the words in
// logical order, which reverses the words of Arabic. The y given is the baseline.
const RUN_OPTIONS: PDFKit.Mixins.TextOptions = { lineBreak: false, features: [], baseline: "alphabetic" };

const INK = "#1a1a1a";

/**
 * The width of each run drawn so far at a size of 1 pt, by font and text, kept across documents: shaping a run to
 * measure it was a third of a PDF's time, and invoices repeat their labels and most of their words. Emptied when full.
 */
const UNIT_WIDTHS = new Map<string, number>();
const UNIT_WIDTHS_KEPT = 20_000;

export class Typesetter {
  constructor(
    private readonly document: PDFKit.PDFDocument,
    private readonly fonts: RegisteredFonts,
    readonly direction: Direction,
  ) {}

  private runs(text: string, style: TextStyle) {
    return visualRuns(text, this.direction, style.bold ? this.fonts.bold : this.fonts.regular);
  }

  private runWidth(run: { text: string; font: RegisteredFont }, size: number): number {
    const key = `${run.font.name}|${run.text}`;
    let width = UNIT_WIDTHS.get(key);
    if (width === undefined) {
      width = this.document.font(run.font.name).fontSize(1).widthOfString(run.text, RUN_OPTIONS);
      if (UNIT_WIDTHS.size >= UNIT_WIDTHS_KEPT) UNIT_WIDTHS.clear();
      UNIT_WIDTHS.set(key, width);
    }
    return width * size;
  }

  /** The width of a line, in points. */
  width(text: string, style: TextStyle): number {
    return this.runs(text, style).reduce((total, run) => total + this.runWidth(run, style.size), 0);
  }

  /** Draws a line with its left edge (align "left") or its right edge (align "right") at x; answers its width. */
  draw(text: string, x: number, y: number, align: "left" | "right", style: TextStyle): number {
    const runs = this.runs(text, style);
    const widths = runs.map((run) => this.runWidth(run, style.size));
    const total = widths.reduce((sum, width) => sum + width, 0);
    let left = align === "right" ? x - total : x;
    this.document.fillColor(style.color ?? INK);
    runs.forEach((run, index) => {
      // pdfkit would shape the run once more to measure it (its textWidth option, which its types do not list).
      const options: PDFKit.Mixins.TextOptions & { textWidth: number } = { ...RUN_OPTIONS, textWidth: widths[index]! };
      this.document.font(run.font.name).fontSize(style.size).text(run.text, left, y, options);
      left += widths[index]!;
    });
    return total;
  }

  /**
   * Cuts text into lines no wider than maxWidth, at its spaces, in logical order (each line is then ordered for
   * display by itself). A word wider than a line by itself (a long e-mail address) is cut between its characters.
   */
  wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    const space = this.width(" ", style);
    const lines: string[] = [];
    let line = "";
    let lineWidth = 0;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const wordWidth = this.width(word, style);
      if (line && lineWidth + space + wordWidth <= maxWidth) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      if (wordWidth <= maxWidth) {
        [line, lineWidth] = [word, wordWidth];
        continue;
      }
      const pieces = this.cut(word, maxWidth, style);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1)!;
      lineWidth = this.width(line, style);
    }
    if (line) lines.push(line);
    return lines.length > 0 ? lines : [""];
  }

  private cut(word: string, maxWidth: number, style: TextStyle): string[] {
    const pieces: string[] = [];
    let piece = "";
    for (const character of word) {
      if (piece && this.width(piece + character, style) > maxWidth) {
        pieces.push(piece);
        piece = "";
      }
      piece += character;
    }
    pieces.push(piece);
    return pieces;
  }
}
