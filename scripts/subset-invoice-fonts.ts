// Makes the invoice PDF's fonts (docs/decisions/0036): Debian's Noto Sans Arabic 2.005 and Noto Sans TTFs (package
// fonts-noto-core), the arrows of its Noto Sans Math (neither of the others has →, which the lines' words use), and
// Noto Sans's brackets once more, cut down with HarfBuzz's subsetter and kept as TrueType, since fontkit (inside pdfkit)
// cannot read WOFF2. The layout tables (GSUB, GPOS) stay, and with them every glyph they reach: the joining forms and
// the lam-alef ligatures have no code point of their own, yet fontkit needs them to shape Arabic. Not the fontsource
// build the site serves (2.012): it draws dotted letters as a dotless base plus dots, and the PDF's text would then
// read رفم for رقم.
//
// The files are committed, because a CI machine may lack fonts-noto-core. Their extension is .bin so the Worker bundle
// imports them as Data modules (raw bytes, an ArrayBuffer) under the Vite Cloudflare plugin and the vitest pool alike.
//
//   npx tsx scripts/subset-invoice-fonts.ts     writes app/features/billing/invoice-pdf/fonts/*.ttf.bin
import { readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";

const SOURCE_FOLDER = "/usr/share/fonts/truetype/noto";
const TARGET_FOLDER = "app/features/billing/invoice-pdf/fonts";

/** Code points kept in the Arabic and Latin files (each keeps those it has a glyph for). */
const TEXT_RANGES: [number, number][] = [
  [0x0020, 0x007e], // ASCII
  [0x00a0, 0x00ff], // Latin-1 Supplement (× among them)
  [0x0100, 0x017f], // Latin Extended-A: customers' and interpreters' names
  [0x0600, 0x06ff], // Arabic: letters, marks, Arabic-Indic digits, ، ؛ ؟ ٫ ٬
  [0xfe70, 0xfefc], // Arabic Presentation Forms-B: letters pasted in their joined forms still draw (not Forms-A's
  //                   ligatures of whole words, ﷲ ﷺ ﷽: 14 KB a font for what no invoice says)
  [0x2000, 0x206f], // General Punctuation: – — ‘ ’ “ ” • … and the direction marks and isolates (U+200E/F, U+2066–2069)
  [0x20a0, 0x20bf], // Currency Symbols: € £ ₹ …
];

/** Code points kept from Noto Sans Math (its letters and digits would only weigh). */
const ARROW_RANGES: [number, number][] = [
  [0x2190, 0x2199], // arrows: → in the English lines' words, ← in the Arabic ones (the whole block: 15 KB more)
  [0x21d0, 0x21d5], // ⇐ ⇒ ⇔
  [0x2212, 0x2212], // minus sign
];

/**
 * The mirrored characters Noto Sans draws, in a file of their own: in right-to-left text a bracket is drawn as its
 * mirror, and this copy of its glyphs carries the unmirrored text (glyph-text.ts), so a reader copies "(…)" as written.
 */
const BRACKETS: [number, number][] = [..."()<>[]{}«»‹›"].map((bracket) => [bracket.codePointAt(0)!, bracket.codePointAt(0)!]);

/** Each committed font, by the name the PDF code imports it under: its source file and the code points it keeps. */
export const INVOICE_FONTS = {
  "noto-sans-arabic-regular": { source: "NotoSansArabic-Regular.ttf", ranges: TEXT_RANGES },
  "noto-sans-arabic-bold": { source: "NotoSansArabic-Bold.ttf", ranges: TEXT_RANGES },
  "noto-sans-regular": { source: "NotoSans-Regular.ttf", ranges: TEXT_RANGES },
  "noto-sans-bold": { source: "NotoSans-Bold.ttf", ranges: TEXT_RANGES },
  "noto-sans-math-arrows": { source: "NotoSansMath-Regular.ttf", ranges: ARROW_RANGES },
  "noto-sans-brackets-regular": { source: "NotoSans-Regular.ttf", ranges: BRACKETS },
  "noto-sans-brackets-bold": { source: "NotoSans-Bold.ttf", ranges: BRACKETS },
} as const;

const rangesText = (ranges: [number, number][]) =>
  ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index))).join("");

export const invoiceFontPath = (name: keyof typeof INVOICE_FONTS) => `${TARGET_FOLDER}/${name}.ttf.bin`;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, { source, ranges }] of Object.entries(INVOICE_FONTS) as [
    keyof typeof INVOICE_FONTS,
    (typeof INVOICE_FONTS)[keyof typeof INVOICE_FONTS],
  ][]) {
    const original = readFileSync(`${SOURCE_FOLDER}/${source}`);
    const subset = await subsetFont(original, rangesText(ranges), { targetFormat: "truetype" });
    writeFileSync(invoiceFontPath(name), subset);
    console.log(`${invoiceFontPath(name)}: ${subset.length} bytes (from ${original.length})`);
  }
}
