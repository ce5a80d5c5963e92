// One line of text (logical order) cut into runs of one direction and one font, in visual order, ready to be shaped
// and drawn left to right (docs/decisions/0036). bidi-js resolves the embedding levels (UAX #9) and the mirrored
// brackets; the runs are put in visual order by rule L2. Shaping is not done here: an Arabic run goes to fontkit in
// logical order, and fontkit, seeing an Arabic script, joins the letters and answers the glyphs already reversed.
import bidiFactory from "bidi-js";

const bidi = bidiFactory();

export type Direction = "ltr" | "rtl";

/** What the runs need to know of a font: whether it draws a character. */
export type GlyphSource = { has(codePoint: number): boolean };

export type VisualRun<F extends GlyphSource> = { text: string; font: F; rtl: boolean };

const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** Characters fontkit reads as right-to-left: a run holding none of them it lays out left to right. */
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Spaces and punctuation: they stay in the font of the character before them, so a run is not cut at every space. */
const NEUTRAL = /[\s.,:;!?()[\]/\-\u060c\u061b\u061f]/;

const LRI = "\u2066";
const PDI = "\u2069";
/**
 * A fragment written left to right: it starts and ends with a Latin letter, a digit or a currency sign (a closing
 * percent sign too), and holds within it only those, spaces and the punctuation of codes, amounts and e-mails. Brackets
 * stay outside, so the bidi algorithm pairs and mirrors them in the Arabic text around.
 */
const LTR_FRAGMENT = /[\p{Script=Latin}0-9\p{Sc}](?:[\p{Script=Latin}0-9\p{Sc} .,:/@+_#&'’×→=\-–—]*[\p{Script=Latin}0-9\p{Sc}%])?/gu;

/**
 * Wraps each Latin, numeric or code fragment of right-to-left text in LRI…PDI, so it reads left to right as a whole:
 * otherwise "PUSH-2026-0001" reads "2026-0001-PUSH" and "US$ 182.81" reads "$US 182.81" among Arabic words.
 * Text already in isolates keeps them (an isolate inside one is harmless).
 */
export function isolateLeftToRight(text: string): string {
  return text.replace(LTR_FRAGMENT, (fragment) => LRI + fragment + PDI);
}

type LevelRun<F> = { text: string; level: number; font: F };

/** A character's mirror ("(" for ")"), or the character when it has none. */
export function mirrorOf(codePoint: number): number {
  return bidi.getMirroredCharacter(String.fromCodePoint(codePoint))?.codePointAt(0) ?? codePoint;
}

/**
 * The fonts of a line: Arabic letters in the first, Latin letters and digits in the second, arrows in the third, and
 * the brackets drawn mirrored in the fourth (whose text is their mirror: glyph-text.ts).
 */
export type FontChoice<F> = { arabic: F; latin: F; symbols: F; mirrored: F };

/**
 * The font of each character: a mirrored bracket in the mirrored font, Arabic letters in the Arabic font, spaces and
 * punctuation in the font before them if it has them, the rest in the first font that has the glyph.
 */
function fontsOf<F extends GlyphSource>(characters: string[], mirrored: Map<number, string>, fonts: FontChoice<F>): F[] {
  const chosen: F[] = [];
  let previous: F | undefined;
  characters.forEach((character, index) => {
    const codePoint = character.codePointAt(0)!;
    const mirror = mirrored.get(index)?.codePointAt(0);
    let font: F;
    if (BIDI_CONTROL.test(character))
      font = previous ?? fonts.latin; // dropped before drawing
    else if (mirror !== undefined && fonts.mirrored.has(mirror)) font = fonts.mirrored;
    else if (ARABIC_LETTER.test(character)) font = fonts.arabic;
    else if (NEUTRAL.test(character) && previous && previous !== fonts.mirrored && previous.has(codePoint)) font = previous;
    else font = [fonts.latin, fonts.arabic, fonts.symbols].find((candidate) => candidate.has(codePoint)) ?? fonts.latin;
    chosen.push(font);
    previous = font;
  });
  return chosen;
}

/** UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or higher. */
function reorder<F>(runs: LevelRun<F>[]): LevelRun<F>[] {
  if (runs.length === 0) return runs;
  const ordered = [...runs];
  const highest = Math.max(...ordered.map((run) => run.level));
  const lowestOdd = Math.min(...ordered.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < ordered.length;) {
      if (ordered[start]!.level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < ordered.length && ordered[end]!.level >= level) end++;
      ordered.splice(start, end - start, ...ordered.slice(start, end).reverse());
      start = end;
    }
  }
  return ordered;
}

/** The runs of one line, left to right on the page. `direction` is the paragraph's (the document's) direction. */
export function visualRuns<F extends GlyphSource>(line: string, direction: Direction, fonts: FontChoice<F>): VisualRun<F>[] {
  const text = direction === "rtl" ? isolateLeftToRight(line) : line;
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  // The levels array, not the result object: given the object, bidi-js mirrors nothing and says nothing.
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  // Indices are UTF-16 code units, as bidi-js counts them; a surrogate pair keeps its two halves in one run.
  const units = text.split("");
  const fontOf = fontsOf(units, mirrored, fonts);

  const runs: LevelRun<F>[] = [];
  units.forEach((unit, index) => {
    const character = mirrored.get(index) ?? unit;
    const last = runs.at(-1);
    if (last && last.level === levels[index] && last.font === fontOf[index]) last.text += character;
    else runs.push({ text: character, level: levels[index]!, font: fontOf[index]! });
  });

  return reorder(runs)
    .map((run) => ({ ...run, text: run.text.replace(BIDI_CONTROLS, "") }))
    .filter((run) => run.text.length > 0)
    .map(({ text: runText, level, font }) => {
      const rtl = level % 2 === 1;
      // fontkit reverses only the runs it reads as right to left; a right-to-left run of spaces and punctuation alone
      // (": " between two Arabic words drawn in the Latin font) is put in visual order here.
      const shaped = rtl && !STRONG_RTL.test(runText) ? [...runText].reverse().join("") : runText;
      return { text: shaped, font, rtl };
    });
}
